/// The islands of one sub-step: a union–find over the bodies, joined through contacts and joints
/// between two movable bodies (anchored and sleeping bodies link nothing: they are ground), with
/// the shortest resting time of each island kept at its root. Owns its arrays, sized once, so
/// that building the islands allocates nothing in steady state.
struct Islands {
    /// Each body's parent; a root is its own parent.
    private var parent: [Int32] = []
    /// At each root, the shortest resting time of its island's movable bodies (seconds).
    private var shortestRestingTime: [Double] = []

    /// Makes room for `bodyCount` bodies.
    mutating func reserve(bodyCount: Int) {
        parent.reserveCapacity(bodyCount)
        shortestRestingTime.reserveCapacity(bodyCount)
    }

    /// Joins `bodies` into islands through `contacts` and `joints`, and records each island's
    /// shortest resting time.
    mutating func build(_ bodies: [Body], contacts: [Contact], joints: [Joint]) {
        parent.removeAll(keepingCapacity: true)
        parent.append(contentsOf: 0..<Int32(bodies.count))
        for contact in contacts where contact.bodyB >= 0 { link(Int(contact.bodyA), Int(contact.bodyB), bodies) }
        for joint in joints where joint.bodyB >= 0 { link(Int(joint.bodyA), Int(joint.bodyB), bodies) }
        shortestRestingTime.removeAll(keepingCapacity: true)
        shortestRestingTime.append(contentsOf: repeatElement(Double.infinity, count: bodies.count))
        for index in bodies.indices where !bodies[index].isStatic {
            let root = self.root(of: index)
            shortestRestingTime[root] = min(shortestRestingTime[root], bodies[index].restingTime)
        }
    }

    /// The shortest resting time in the island of `index` (seconds), as last built.
    mutating func shortestRestingTime(inIslandOf index: Int) -> Double { shortestRestingTime[root(of: index)] }

    /// Joins the islands of two bodies, if both move.
    private mutating func link(_ a: Int, _ b: Int, _ bodies: [Body]) {
        guard !bodies[a].isStatic, !bodies[b].isStatic else { return }
        let rootA = root(of: a), rootB = root(of: b)
        // The lower index becomes the root, so that islands do not depend on the visiting order.
        if rootA < rootB { parent[rootB] = Int32(rootA) } else if rootB < rootA { parent[rootA] = Int32(rootB) }
    }

    /// The root of `index`'s island, halving the path on the way.
    private mutating func root(of index: Int) -> Int {
        var node = index
        while Int(parent[node]) != node {
            let next = Int(parent[node])
            parent[node] = parent[next]
            node = next
        }
        return node
    }
}
