import Foundation

/// Several items that move as one rigid body, each keeping its own collision bounds.
///
/// Add the group (not its members) to behaviors. The animator writes each member's center and
/// transform, and the group's own: its center is the members' common center of mass, its
/// transform the body's rotation. Groups do not nest, and a member may not also be added to a
/// behavior on its own (the animator's step throws ``DynamicsError/itemBelongsToGroup``).
public final class DynamicItemGroup: DynamicItem {
    /// The members, in the order given.
    public let items: [any DynamicItem]
    /// The common center of mass (points); written by the animator.
    public var center: Point
    /// The size of the box around the members at creation; used for validation only.
    public let bounds: Rect
    /// The body's rotation relative to the members' arrangement at creation.
    public var transform: AffineTransform = .identity

    /// The members' shapes and poses relative to the center of mass, in the group's frame.
    let layout: BodyLayout

    /// Creates a group of `items`, in their current positions.
    /// - Throws: ``DynamicsError/invalidGroup(reason:)`` if empty, with a repeated member or a
    ///   member that is a group; a member's own validation error.
    public init(items: [any DynamicItem]) throws(DynamicsError) {
        guard !items.isEmpty else { throw .invalidGroup(reason: "a group needs at least one item") }
        for (index, item) in items.enumerated() {
            if item is DynamicItemGroup { throw .invalidGroup(reason: "groups do not nest (member \(index))") }
            if items[..<index].contains(where: { $0 === item }) {
                throw .invalidGroup(reason: "member \(index) appears twice")
            }
            try item.validateForDynamics()
        }
        self.items = items
        let layout = try BodyLayout(members: items)
        self.layout = layout
        self.center = layout.referenceCenter
        var low = Vector(dx: Double.infinity, dy: Double.infinity), high = -low
        for item in items {
            let box = Rect(center: item.center, size: item.bounds.size)
            low = Vector(dx: min(low.dx, box.minX), dy: min(low.dy, box.minY))
            high = Vector(dx: max(high.dx, box.maxX), dy: max(high.dy, box.maxY))
        }
        self.bounds = Rect(x: 0, y: 0, width: high.dx - low.dx, height: high.dy - low.dy)
    }
}
