internal import CBox2D
import Harness

/// SPEC's collision rules on Box2D: which pairs collide, as collision filter bits; the pair
/// material, through the world's friction and restitution mixing callbacks; and the contacts
/// reported to the trace, from Box2D's contact begin/end events.
///
/// Filtering: Box2D lets two shapes collide when each one's category bits meet the other's mask
/// bits. Each collision behavior k takes up to three of the 64 bits: `I_k` if its mode includes
/// items, `M_k` ("collides with k's boundaries") and `B_k` (k's boundary shapes) if its mode includes
/// boundaries. An item has category ∪I_k ∪ M_k and mask ∪I_k ∪ B_k over its behaviors; a boundary
/// of k has category B_k and mask M_k. Two items then collide exactly when they share an I_k (the
/// M and B bits of one never meet the I bits of the other), and an item meets k's boundaries
/// exactly when it is in k with a mode that includes boundaries: SPEC's collision groups.
final class Box2DCollisionRules {
    /// A world mixing callback: two shapes' values and their user material ids to the pair's.
    typealias MixingRule = @convention(c) (Float, Int32, Float, Int32) -> Float

    /// The filter bits Box2D has.
    static let availableBits = 64
    /// The user material id of boundary shapes (items have 0): the mixing callbacks give an item's
    /// own values against a boundary.
    static let boundaryMaterial: Int32 = 1

    /// Friction between two items √(a·b) (Box2D's default rule too), the item's own against a boundary.
    static let friction: MixingRule = { a, materialA, b, materialB in
        if materialA == boundaryMaterial { return b }
        if materialB == boundaryMaterial { return a }
        return Float((Double(a) * Double(b)).squareRoot())
    }

    /// Elasticity between two items max(a, b) (Box2D's default rule too), the item's own against a boundary.
    static let restitution: MixingRule = { a, materialA, b, materialB in
        if materialA == boundaryMaterial { return b }
        if materialB == boundaryMaterial { return a }
        return max(a, b)
    }

    /// The filter bits a collision behavior of mode `mode` takes.
    static func bitsNeeded(for mode: CollisionMode) -> Int {
        switch mode {
        case .items: 1
        case .boundaries: 2
        case .everything: 3
        }
    }

    /// Per item: its filter's category and mask bits.
    private(set) var itemCategories: [UInt64]
    private(set) var itemMasks: [UInt64]
    private var nextBit = 0
    private let itemIDs: [String]
    /// Boundary identifiers by tag (`""` for the reference bounds).
    private var boundaryIDs: [String] = []
    private(set) var events: [ContactEvent] = []

    init(itemIDs: [String]) {
        self.itemIDs = itemIDs
        itemCategories = Array(repeating: 0, count: itemIDs.count)
        itemMasks = Array(repeating: 0, count: itemIDs.count)
    }

    /// Registers a collision behavior over the items at `members` and returns the filter of its
    /// boundary shapes. The caller has checked that the scene's behaviors fit in ``availableBits``.
    func addBehavior(mode: CollisionMode, members: [Int]) -> b2Filter {
        func take() -> UInt64 {
            defer { nextBit += 1 }
            return UInt64(1) << UInt64(nextBit)
        }
        var boundary = b2Filter(categoryBits: 0, maskBits: 0, groupIndex: 0)
        if mode != .boundaries {
            let bit = take()
            for member in members { itemCategories[member] |= bit; itemMasks[member] |= bit }
        }
        if mode != .items {
            let member = take(), wall = take()
            for index in members { itemCategories[index] |= member; itemMasks[index] |= wall }
            boundary = b2Filter(categoryBits: wall, maskBits: member, groupIndex: 0)
        }
        return boundary
    }

    /// The filter of the item at `index`.
    func filter(ofItem index: Int) -> b2Filter {
        b2Filter(categoryBits: itemCategories[index], maskBits: itemMasks[index], groupIndex: 0)
    }

    /// The tag stored in an item shape's user data.
    static func tag(ofItem index: Int) -> Int { index + 1 }

    /// Registers a boundary shape and returns the tag for its user data.
    func addBoundary(identifier: String) -> Int {
        boundaryIDs.append(identifier)
        return -boundaryIDs.count
    }

    /// Records the contacts that began and ended in the step just taken, stamped `time` (seconds):
    /// the began ones first, as SPEC's delegate order. Box2D begins a contact when its manifold
    /// gets a point, which speculative contacts give up to ``Box2DUnits/speculativeDistance``
    /// before the shapes touch.
    func recordEvents(of world: b2WorldId, at time: Double) {
        let contacts = b2World_GetContactEvents(world)
        for index in 0..<Int(contacts.beginCount) {
            let event = contacts.beginEvents[index]
            let manifold = event.manifold
            let point: ScenePoint? = manifold.pointCount > 0
                ? ScenePoint(x: Double(manifold.points.0.point.x), y: Double(manifold.points.0.point.y)) : nil
            record(.began, Self.tag(event.shapeIdA), Self.tag(event.shapeIdB), time: time, point: point)
        }
        for index in 0..<Int(contacts.endCount) {
            let event = contacts.endEvents[index]
            record(.ended, Self.tag(event.shapeIdA), Self.tag(event.shapeIdB), time: time, point: nil)
        }
    }

    private static func tag(_ shape: b2ShapeId) -> Int { Int(bitPattern: b2Shape_GetUserData(shape)) }

    private func record(_ phase: ContactEvent.Phase, _ a: Int, _ b: Int, time: Double, point: ScenePoint?) {
        let (item, other) = a > 0 ? (a, b) : (b, a)
        guard item > 0 else { return }
        if other > 0 {
            events.append(ContactEvent(time: time, phase: phase, item: itemIDs[item - 1], otherItem: itemIDs[other - 1], point: point))
        } else {
            events.append(ContactEvent(time: time, phase: phase, item: itemIDs[item - 1], boundary: boundaryIDs[-other - 1],
                                       point: point))
        }
    }
}
