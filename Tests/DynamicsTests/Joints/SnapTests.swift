import Dynamics
import Foundation
import Testing

@Suite struct SnapTests {
    /// Snaps a 100×50 item turned by 1 rad from (0, 0) to (300, 400), one frame at a time,
    /// returning its centers.
    func snap(damping: Double, seconds: Double = 5) throws -> (HeadlessItem, [Point]) {
        let item = HeadlessItem(center: .zero, size: Size(width: 100, height: 50), angle: 1)
        let snap = try SnapBehavior(item: item, snapTo: Point(x: 300, y: 400))
        snap.damping = damping
        let animator = try DynamicAnimator(configuration: neverResting)
        try animator.addBehavior(snap)
        var path: [Point] = []
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            path.append(item.center)
        }
        return (item, path)
    }

    @Test(arguments: [0.1, 0.5, 1])
    func settlesAtThePointWithRotationZeroWithoutOrbiting(damping: Double) throws {
        let (item, path) = try snap(damping: damping)
        // Slowest decay: ζ = 0.325 at 2 Hz, e^(−ζω·5 s) ≈ 1e-9 of 500 pt (plus default resistance).
        #expect(item.center.distance(to: Point(x: 300, y: 400)) < 1e-3)
        #expect(abs(item.transform.rotationAngle) < 1e-3)
        // Straight at the point: never further than rounding from the line through start and point.
        let direction = Vector(dx: 0.6, dy: 0.8)
        let offLine = path.map { abs($0.vectorFromOrigin.cross(direction)) }.max()!
        #expect(offLine < 1e-9, "largest distance from the line \(offLine) pt")
    }

    @Test func moreDampingOvershootsLess() throws {
        let overshoots = try [0.0, 0.1, 0.5, 0.9, 1].map { damping in
            let (_, path) = try snap(damping: damping)
            return path.map { $0.vectorFromOrigin.dot(Vector(dx: 0.6, dy: 0.8)) - 500 }.max()!
        }
        for (less, more) in zip(overshoots, overshoots.dropFirst()) { #expect(more < less) }
        // From rest, ζ = 0.25 overshoots e^(−πζ/√(1−ζ²)) ≈ 44 % of 500 pt (less the default
        // resistance); critical damping does not overshoot at all.
        #expect(overshoots[0] > 150)
        #expect(overshoots[4] <= 1e-9)
    }

    @Test func movingTheSnapPointResumesAPausedAnimatorAndTheItemFollows() throws {
        let item = smallItem()
        let snap = try SnapBehavior(item: item, snapTo: .zero)
        let animator = try DynamicAnimator()
        let recorder = DelegateRecorder()
        animator.delegate = recorder
        try animator.addBehavior(snap)
        try animator.run(frames: 60)
        #expect(!animator.isRunning)
        snap.snapPoint = Point(x: 100, y: 0)
        #expect(animator.isRunning)
        #expect(recorder.events.suffix(2) == ["pause", "resume"])
        try animator.run(frames: 300)
        #expect(item.center.distance(to: Point(x: 100, y: 0)) < 0.1)
    }
}
