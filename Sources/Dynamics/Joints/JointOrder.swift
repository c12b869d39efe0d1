/// The active joints in breadth-first order through the movable bodies they share (Cuthill–McKee,
/// without the degree sort), so that the rows of a chain or a tree, taken in this order, make a
/// narrow envelope for ``EnvelopeCholesky``. Buffers keep their capacity between sub-steps.
struct JointOrder {
    /// Joint indices, each active joint once.
    private(set) var order: [Int32] = []
    private var jointsOfBody: [Int32] = []
    private var jointsOfBodyStart: [Int32] = []
    private var filled: [Int32] = []
    private var isQueued: [Bool] = []
    private var isBodyVisited: [Bool] = []

    /// Orders the active joints breadth first through the movable bodies they share.
    mutating func update(_ joints: UnsafeBufferPointer<Joint>, _ bodies: UnsafeMutableBufferPointer<Body>) {
        let bodyCount = bodies.count
        func movableIndex(_ index: Int32) -> Int? {
            index >= 0 && !bodies[Int(index)].isStatic ? Int(index) : nil
        }
        jointsOfBodyStart.removeAll(keepingCapacity: true)
        jointsOfBodyStart.append(contentsOf: repeatElement(0, count: bodyCount + 1))
        for joint in joints where joint.isActive {
            if let body = movableIndex(joint.bodyA) { jointsOfBodyStart[body + 1] += 1 }
            if let body = movableIndex(joint.bodyB) { jointsOfBodyStart[body + 1] += 1 }
        }
        for body in 0..<bodyCount { jointsOfBodyStart[body + 1] += jointsOfBodyStart[body] }
        jointsOfBody.removeAll(keepingCapacity: true)
        jointsOfBody.append(contentsOf: repeatElement(0, count: Int(jointsOfBodyStart[bodyCount])))
        filled.removeAll(keepingCapacity: true)
        filled.append(contentsOf: jointsOfBodyStart.dropLast())
        func file(_ joint: Int, under end: Int32) {
            guard let body = movableIndex(end) else { return }
            jointsOfBody[Int(filled[body])] = Int32(joint)
            filled[body] += 1
        }
        for (index, joint) in joints.enumerated() where joint.isActive {
            file(index, under: joint.bodyA)
            file(index, under: joint.bodyB)
        }
        isQueued.removeAll(keepingCapacity: true)
        isQueued.append(contentsOf: repeatElement(false, count: joints.count))
        isBodyVisited.removeAll(keepingCapacity: true)
        isBodyVisited.append(contentsOf: repeatElement(false, count: bodyCount))
        order.removeAll(keepingCapacity: true)
        // Each body's joints are queued once: a hub of m joints costs m, not m².
        func queueNeighbours(through body: Int?) {
            guard let body, !isBodyVisited[body] else { return }
            isBodyVisited[body] = true
            for slot in Int(jointsOfBodyStart[body])..<Int(jointsOfBodyStart[body + 1]) {
                let neighbour = Int(jointsOfBody[slot])
                if !isQueued[neighbour] {
                    isQueued[neighbour] = true
                    order.append(Int32(neighbour))
                }
            }
        }
        for root in joints.indices where joints[root].isActive && !isQueued[root] {
            isQueued[root] = true
            var next = order.count
            order.append(Int32(root))
            while next < order.count {
                let joint = joints[Int(order[next])]
                next += 1
                queueNeighbours(through: movableIndex(joint.bodyA))
                queueNeighbours(through: movableIndex(joint.bodyB))
            }
        }
    }
}
