import Dynamics
import Foundation
import Testing

/// A body the continuous step refuses a move into a boundary slides on along it, and the bodies
/// joined to it move with it.
@Suite struct BoundarySlideTests {
    /// Whether `item` stood exactly still over a frame while reporting more than Box2D v3's sleep
    /// speed (5 pt/s at 100 pt/m), its spin counted at `radius`.
    static func heldStill(_ item: HeadlessItem, from before: (Point, Double), reporting properties: DynamicItemBehavior, radius: Double) -> Bool {
        let speed = properties.linearVelocity(for: item).length + abs(properties.angularVelocity(for: item)) * radius
        return item.center == before.0 && item.transform.rotationAngle == before.1 && speed > 5
    }

    /// Fuzz scene 743 of seed 20261127, as a property: a large light ellipse created across the
    /// top-right corner of the bounds, roped by a rope a few points long to a small heavy item
    /// 300 pt below it by the right wall, thrown into that wall. The rope's projection pulled the
    /// large item deeper into the corner every sub-step; the continuous step stopped that move at
    /// its start, and the small item with it, so both stood still for the whole run while they
    /// reported up to 2600 pt/s. Neither may stand still for a frame while it reports more than
    /// the sleep speed.
    @Test(arguments: 0..<30)
    func aRopeCreatedStretchedIntoACornerHoldsNeitherItem(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let (width, height) = (Double.random(in: 120...150, using: &random), Double.random(in: 110...140, using: &random))
        let large = HeadlessItem(center: Point(x: 400 - width / 2 + Double.random(in: 5...15, using: &random),
                                               y: height / 2 - Double.random(in: 30...45, using: &random)),
                                 size: Size(width: width, height: height), angle: Double.random(in: -0.3...0.3, using: &random),
                                 collisionBoundsType: .ellipse)
        let small = HeadlessItem(center: Point(x: Double.random(in: 390...396, using: &random), y: Double.random(in: 300...370, using: &random)),
                                 size: Size(width: 2.85, height: 2), collisionBoundsType: .ellipse)
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let collision = try CollisionBehavior(items: [large, small])
        collision.translatesReferenceBoundsIntoBoundary = true
        let rope = try AttachmentBehavior.limit(item: small, attachedTo: large)
        rope.length = Double.random(in: 5...20, using: &random)
        let heavy = try DynamicItemBehavior(items: [small])
        heavy.density = Double.random(in: 50...100, using: &random)
        let light = try DynamicItemBehavior(items: [large])
        light.density = Double.random(in: 0.05...0.2, using: &random)
        try heavy.addLinearVelocity(Vector(dx: Double.random(in: 2000...3500, using: &random), dy: Double.random(in: -1500...0, using: &random)), for: small)
        try light.addLinearVelocity(Vector(dx: Double.random(in: -500...0, using: &random), dy: Double.random(in: 1500...2500, using: &random)), for: large)
        for behavior in [collision, rope, heavy, light] as [DynamicBehavior] { try animator.addBehavior(behavior) }
        for frame in 0..<60 {
            let before = [(large.center, large.transform.rotationAngle), (small.center, small.transform.rotationAngle)]
            try animator.step(by: 1.0 / 60)
            #expect(!Self.heldStill(large, from: before[0], reporting: light, radius: max(width, height) / 2), "the large item, frame \(frame)")
            #expect(!Self.heldStill(small, from: before[1], reporting: heavy, radius: 1.5), "the small item, frame \(frame)")
        }
    }

    /// Fuzz scene 3 of seed 20261127, as a property: a small item welded to the front of a heavy
    /// one, the pair thrown at 1500–3000 pt/s at a wall the small one meets first. Its contact
    /// cannot stop the heavy item within a sub-step, so the continuous step refuses the small
    /// one's move into the wall: it slid along the wall while the heavy one went on, and the weld
    /// came 32 pt apart (before the slide, both stood still, reporting their speed). The weld's
    /// two points must stay within 1 pt (the constraints invariant's bound, twice Box2D v3's
    /// 0.5 pt slop) and neither item may stand still while reporting motion.
    @Test(arguments: 0..<30)
    func aWeldedPairDrivenAlongAWallKeepsItsWeld(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let size = Double.random(in: 50...80, using: &random), front = Double.random(in: 4...8, using: &random)
        let heavy = HeadlessItem(center: Point(x: 200, y: Double.random(in: 120...280, using: &random)), size: Size(width: size, height: size))
        let small = HeadlessItem(center: Point(x: heavy.center.x + size / 2 + front / 2, y: heavy.center.y + Double.random(in: -size / 3...size / 3, using: &random)),
                                 size: Size(width: front, height: front))
        let anchor = Point(x: heavy.center.x + size / 2, y: small.center.y)
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let collision = try CollisionBehavior(items: [heavy, small])
        collision.translatesReferenceBoundsIntoBoundary = true
        let weld = try AttachmentBehavior.fixed(item: small, attachedTo: heavy, attachmentAnchor: anchor)
        let dense = try DynamicItemBehavior(items: [heavy])
        dense.density = Double.random(in: 20...100, using: &random)
        let light = try DynamicItemBehavior(items: [small])
        light.density = Double.random(in: 0.01...0.1, using: &random)
        let speed = Double.random(in: 1500...3000, using: &random), heading = Double.random(in: -1.2...1.2, using: &random)
        try dense.addLinearVelocity(Vector(dx: speed * cos(heading), dy: speed * sin(heading)), for: heavy)
        try light.addLinearVelocity(Vector(dx: speed * cos(heading), dy: speed * sin(heading)), for: small)
        for behavior in [collision, weld, dense, light] as [DynamicBehavior] { try animator.addBehavior(behavior) }
        // The weld's point in each item's frame.
        let onSmall = anchor - small.center, onHeavy = anchor - heavy.center
        for frame in 0..<30 {
            let before = [(heavy.center, heavy.transform.rotationAngle), (small.center, small.transform.rotationAngle)]
            try animator.step(by: 1.0 / 60)
            let apart = ((small.center + onSmall.rotated(by: small.transform.rotationAngle))
                - (heavy.center + onHeavy.rotated(by: heavy.transform.rotationAngle))).length
            #expect(apart <= 1, "the weld is \(apart) pt apart at frame \(frame)")
            #expect(!Self.heldStill(heavy, from: before[0], reporting: dense, radius: size / 2), "the heavy item, frame \(frame)")
            #expect(!Self.heldStill(small, from: before[1], reporting: light, radius: front / 2), "the small item, frame \(frame)")
        }
    }
}
