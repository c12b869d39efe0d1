import Dynamics
import Foundation
import Testing

@Suite struct RestingContactTests {
    @Test func aStackOfTenBoxesStaysPutAndThePausesAnimator() throws {
        let boxes = (0..<10).map { index in
            HeadlessItem(center: Point(x: 500, y: 1000 - 25 - 50 * Double(index)), size: Size(width: 50, height: 50))
        }
        let (animator, _) = try droppingScene(boxes) { $0.elasticity = 0 }
        let start = boxes.map(\.center)
        let recorder = DelegateRecorder()
        animator.delegate = recorder
        var maxDrift = 0.0, maxSpeed = 0.0
        for frame in 0..<600 {
            try animator.step(by: 1.0 / 60)
            for (box, origin) in zip(boxes, start) {
                maxDrift = max(maxDrift, box.center.distance(to: origin))
                if frame > 30, let velocity = animator.linearVelocity(for: box) { maxSpeed = max(maxSpeed, velocity.length) }
            }
        }
        #expect(maxDrift < 0.5, "drift \(maxDrift) pt")
        #expect(maxSpeed < 1, "speed \(maxSpeed) pt/s")
        #expect(!animator.isRunning)
        #expect(recorder.events.contains("pause"))
    }

    @Test func aBoxLandingOnItsCornerStartsToRotate() throws {
        let box = HeadlessItem(center: Point(x: 500, y: 500), size: Size(width: 60, height: 60), angle: 0.4)
        let (animator, _) = try droppingScene([box])
        var largestSpin = 0.0
        for _ in 0..<120 {
            try animator.step(by: 1.0 / 60)
            largestSpin = max(largestSpin, abs(animator.angularVelocity(for: box) ?? 0))
        }
        #expect(largestSpin > 1)
        // It ends flat on a face: the angle is a multiple of 90°.
        let angle = box.transform.rotationAngle
        let offFlat = abs(angle - (angle / (Double.pi / 2)).rounded() * Double.pi / 2)
        #expect(offFlat < 0.01)
    }

    /// A box on a ramp (a boundary segment at angle θ) slides if and only if tan θ > μ.
    @Test(arguments: [(0.3, 0.5, false), (0.3, 0.2, true), (0.6, 0.6, true), (0.5, 0.6, false)])
    func boxOnARampSlidesIfAndOnlyIfSteeperThanFriction(angle: Double, friction: Double, slides: Bool) throws {
        let animator = try DynamicAnimator()
        let start = Point(x: 0, y: 0), end = Point(x: 1000 * cos(angle), y: 1000 * sin(angle))
        let normal = Vector(dx: sin(angle), dy: -cos(angle))
        let center = Point(x: 500 * cos(angle), y: 500 * sin(angle)) + normal * 10
        let box = HeadlessItem(center: center, size: Size(width: 20, height: 20), angle: angle)
        let collision = try CollisionBehavior(items: [box])
        try collision.addBoundary(withIdentifier: "ramp", from: start, to: end)
        let properties = try DynamicItemBehavior(items: [box])
        properties.friction = friction
        properties.elasticity = 0
        try animator.addBehavior(try GravityBehavior(items: [box]))
        try animator.addBehavior(collision)
        try animator.addBehavior(properties)
        try animator.run(frames: 120)
        let travelled = box.center.distance(to: center)
        if slides {
            #expect(travelled > 50, "travelled \(travelled)")
        } else {
            #expect(travelled < 0.5, "travelled \(travelled)")
        }
    }
}
