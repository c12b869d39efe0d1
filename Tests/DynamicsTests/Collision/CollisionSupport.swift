import Dynamics

/// Records collision callbacks as readable strings, in order.
final class CollisionRecorder: CollisionBehaviorDelegate {
    var events: [String] = []
    let names: [ObjectIdentifier: String]

    init(_ named: [(String, any DynamicItem)]) {
        names = Dictionary(uniqueKeysWithValues: named.map { (ObjectIdentifier($1), $0) })
    }

    private func name(_ item: any DynamicItem) -> String { names[ObjectIdentifier(item)] ?? "?" }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at point: Point) {
        events.append("began \([name(item1), name(item2)].sorted().joined(separator: "-"))")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {
        events.append("ended \([name(item1), name(item2)].sorted().joined(separator: "-"))")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?, at point: Point) {
        events.append("began \(name(item))|\(identifier ?? "bounds")")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?) {
        events.append("ended \(name(item))|\(identifier ?? "bounds")")
    }
}

/// An animator with 1000×1000 reference bounds as a boundary, gravity and collisions for `items`,
/// and item properties set by `configure`.
func droppingScene(_ items: [any DynamicItem], configure: (DynamicItemBehavior) -> Void = { _ in },
                   configuration: AnimatorConfiguration = .init()) throws -> (DynamicAnimator, CollisionBehavior) {
    let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000), configuration: configuration)
    let collision = try CollisionBehavior(items: items)
    collision.translatesReferenceBoundsIntoBoundary = true
    let properties = try DynamicItemBehavior(items: items)
    configure(properties)
    try animator.addBehavior(try GravityBehavior(items: items))
    try animator.addBehavior(collision)
    try animator.addBehavior(properties)
    return (animator, collision)
}
