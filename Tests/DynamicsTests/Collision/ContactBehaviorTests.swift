import Foundation
import Dynamics
import Testing

@Suite struct ContactBehaviorTests {
    /// Two items 30 pt deep in each other are pushed apart without gaining velocity: the rigid
    /// solver moves positions only, and the soft step's relax takes back the velocity its spring
    /// gave. The rigid solver separates them to the slop within a frame; the soft step's spring
    /// (30 Hz, damping ratio 10) closes the overlap beyond the slop by a factor e^(−8.7/s·t) (its
    /// bias rate ω/(2ζ + ω·h) at 120 Hz) until the pair moves slower than the rest speed (1 pt/s,
    /// at 0.12 pt beyond the slop) for the island sleep's 0.5 s: 0.12·e^(−4.35) ≈ 0.002 pt is
    /// left (measured 0.0025 pt).
    @Test(arguments: ContactSolver.allCases)
    func overlappingItemsArePushedApartWithoutAnExplosion(_ solver: ContactSolver) throws {
        let a = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 50, height: 50))
        let b = HeadlessItem(center: Point(x: 120, y: 110), size: Size(width: 50, height: 50))
        var configuration = AnimatorConfiguration()
        configuration.contactSolver = solver
        let animator = try DynamicAnimator(configuration: configuration)
        try animator.addBehavior(try CollisionBehavior(items: [a, b]))
        let upright = try DynamicItemBehavior(items: [a, b])
        upright.allowsRotation = false
        try animator.addBehavior(upright)
        var fastest = 0.0
        for _ in 0..<120 {
            try animator.step(by: 1.0 / 60)
            fastest = max(fastest, animator.linearVelocity(for: a)!.length, animator.linearVelocity(for: b)!.length)
        }
        // No velocity is left after a sub-step (rounding only).
        #expect(fastest < 1e-9)
        let gap = max(abs(a.center.x - b.center.x), abs(a.center.y - b.center.y))
        // Separated to within the slop (0.1 pt) plus rounding, or plus what the spring leaves
        // when the pair falls asleep (0.002 pt, with a margin for the sleep's timing).
        #expect(gap >= 50 - 0.1 - (solver == .rigid ? 1e-9 : 0.01), "\(gap)")
    }

    @Test func removingASupportLetsItemsFallAndResumes() throws {
        let support = HeadlessItem(center: Point(x: 100, y: 390), size: Size(width: 20, height: 20))
        let top = HeadlessItem(center: Point(x: 100, y: 370), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 400))
        let collision = try CollisionBehavior(items: [support, top])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(try GravityBehavior(items: [support, top]))
        try animator.run(frames: 60)
        #expect(!animator.isRunning)
        collision.removeItem(support)
        #expect(animator.isRunning)
        try animator.run(frames: 60)
        #expect(abs(top.center.y - 390) < 0.5)
    }

    @Test func elasticityCombinesByMaximumAgainstItems() throws {
        // A bouncy ball (0.8) on an anchored dead block (0): the max rule gives 0.8.
        let ball = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
        let block = HeadlessItem(center: Point(x: 100, y: 400), size: Size(width: 200, height: 20))
        let animator = try DynamicAnimator()
        try animator.addBehavior(try CollisionBehavior(items: [ball, block]))
        try animator.addBehavior(try GravityBehavior(items: [ball]))
        let bouncy = try DynamicItemBehavior(items: [ball])
        bouncy.elasticity = 0.8
        bouncy.resistance = 0
        bouncy.allowsRotation = false
        let dead = try DynamicItemBehavior(items: [block])
        dead.elasticity = 0
        dead.isAnchored = true
        try animator.addBehavior(bouncy)
        try animator.addBehavior(dead)
        var apex = Double.infinity, rising = false
        // Impact after ~0.75 s, apex ~0.6 s later.
        for _ in 0..<200 {
            try animator.step(by: 1.0 / 120)
            let vy = animator.linearVelocity(for: ball)!.dy
            if vy < 0 { rising = true }
            if rising { apex = min(apex, ball.center.y) }
        }
        // Drop height 280 pt; rebound apex e²·h = 179.2 pt above the block's top (y = 380).
        // Resting center height is 380 (block top 390). Restitution acts on the exact impact speed,
        // so the apex misses e²·h only by sub-step sampling and the few sub-steps integrated
        // semi-implicitly while the contact is still within reach (≤ ½·g·h² ≈ 0.035 pt each).
        let reboundHeight = 380 - apex
        #expect(abs(reboundHeight - 0.64 * 280) < 0.5)
        #expect(block.center == Point(x: 100, y: 400))
    }

    @Test func allowsRotationFalseBlocksRotation() throws {
        let box = HeadlessItem(center: Point(x: 500, y: 500), size: Size(width: 60, height: 60), angle: 0.4)
        let (animator, _) = try droppingScene([box]) { $0.allowsRotation = false }
        try animator.run(frames: 120)
        #expect(abs(box.transform.rotationAngle - 0.4) < 1e-12)
        #expect(animator.angularVelocity(for: box) == 0)
    }

    @Test func twoRunsOfTheSameSceneAreBitIdentical() throws {
        func run() throws -> [UInt64] {
            var boxes: [HeadlessItem] = []
            for index in 0..<12 {
                let center = Point(x: 100 + Double(index % 4) * 23, y: 100 + Double(index / 4) * 31)
                let shape: CollisionBoundsType = index % 3 == 0 ? .ellipse : .rectangle
                boxes.append(HeadlessItem(center: center, size: Size(width: 20, height: 20), angle: Double(index) * 0.1,
                                          collisionBoundsType: shape))
            }
            let (animator, _) = try droppingScene(boxes) { $0.elasticity = 0.4 }
            try animator.run(frames: 180)
            return boxes.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.transform.rotationAngle.bitPattern] }
        }
        #expect(try run() == run())
    }

    @Test func itemsInRectUsesTheBroadPhase() throws {
        let boxes = (0..<20).map { HeadlessItem(center: Point(x: Double($0) * 50, y: 0), size: Size(width: 10, height: 10)) }
        let animator = try DynamicAnimator()
        try animator.addBehavior(try CollisionBehavior(items: boxes))
        let found = animator.items(in: Rect(x: 96, y: -1, width: 60, height: 2))
        #expect(found.count == 2)
        #expect(found[0] === boxes[2] && found[1] === boxes[3])
    }
}

@Suite struct MaterialAndBoundaryShapeTests {
    /// A box on an anchored ramp item: the pair's friction is √(μ_box·μ_ramp), so with
    /// tan θ = 0.4 the box holds when √(0.8·0.5) ≈ 0.63 and slides when √(0.8·0.1) ≈ 0.28.
    @Test(arguments: [(0.5, false), (0.1, true)])
    func pairFrictionIsTheGeometricMean(rampFriction: Double, slides: Bool) throws {
        let angle = atan(0.4)
        let ramp = HeadlessItem(center: Point(x: 500, y: 500), size: Size(width: 800, height: 20), angle: angle)
        let normal = Vector(dx: sin(angle), dy: -cos(angle))
        let start = Point(x: 500, y: 500) + normal * 20
        let box = HeadlessItem(center: start, size: Size(width: 20, height: 20), angle: angle)
        let animator = try DynamicAnimator()
        try animator.addBehavior(try CollisionBehavior(items: [ramp, box]))
        try animator.addBehavior(try GravityBehavior(items: [box]))
        let rampProperties = try DynamicItemBehavior(items: [ramp])
        rampProperties.isAnchored = true
        rampProperties.friction = rampFriction
        rampProperties.elasticity = 0
        let boxProperties = try DynamicItemBehavior(items: [box])
        boxProperties.friction = 0.8
        boxProperties.elasticity = 0
        try animator.addBehavior(rampProperties)
        try animator.addBehavior(boxProperties)
        try animator.run(frames: 90)
        let travelled = box.center.distance(to: start)
        if slides {
            #expect(travelled > 50, "travelled \(travelled)")
        } else {
            #expect(travelled < 0.5, "travelled \(travelled)")
        }
    }

    @Test func polylineAndClosedPathBoundariesStopItems() throws {
        // A V-shaped polyline catches a falling item at its bottom; a closed square path holds
        // another item inside it.
        let caught = HeadlessItem(center: Point(x: 100, y: 50), size: Size(width: 10, height: 10), collisionBoundsType: .ellipse)
        let boxed = HeadlessItem(center: Point(x: 400, y: 100), size: Size(width: 10, height: 10))
        let animator = try DynamicAnimator()
        let collision = try CollisionBehavior(items: [caught, boxed])
        try collision.addBoundary(withIdentifier: "vee", points: [Point(x: 0, y: 100), Point(x: 100, y: 200), Point(x: 200, y: 100)],
                                  isClosed: false)
        try collision.addBoundary(withIdentifier: "box", points: [Point(x: 350, y: 50), Point(x: 450, y: 50),
                                                                   Point(x: 450, y: 150), Point(x: 350, y: 150)], isClosed: true)
        let dead = try DynamicItemBehavior(items: [caught, boxed])
        dead.elasticity = 0
        try animator.addBehavior(dead)
        try animator.addBehavior(collision)
        try animator.addBehavior(try GravityBehavior(items: [caught, boxed]))
        try animator.run(frames: 180)
        #expect(abs(caught.center.x - 100) < 1 && caught.center.y < 200 && caught.center.y > 185)
        #expect(abs(boxed.center.y - 145) < 0.5)
        #expect(collision.boundaryIdentifiers == ["vee", "box"])
    }
}
