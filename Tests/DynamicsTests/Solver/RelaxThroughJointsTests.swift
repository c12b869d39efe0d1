@testable import Dynamics
import Foundation
import Testing

/// The soft step's relax takes back the push-out velocity that reaches an item through a joint:
/// a small item created inside a heavy one is pushed out of it while pinned, on a long arm, to a
/// body that the top wall pushes out at the same time. The push-out speed is bounded per contact
/// (``AnimatorConfiguration/maximumPushOutSpeed``); through the pin the heavy item was pushed by
/// both pushes, and the relax, solving contacts alone, left it the sum.
@Suite struct RelaxThroughJointsTests {
    /// After the first frame the kinetic energy is at most what the items had plus what leaving
    /// their overlaps at the push-out speed gives the items created overlapping (the harness's
    /// energy allowance for overlapping starts, `EnergyCheck`): ½·m·v² for each.
    @Test(arguments: 0..<40)
    func pushingOutThroughAPinAddsNoMoreThanThePushOutSpeedAllows(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 4110)
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let x = Double.random(in: 120...280, using: &random)
        let small = Double.random(in: 8...14, using: &random)
        let heavy = HeadlessItem(center: Point(x: x, y: 180), size: Size(width: .random(in: 44...60, using: &random), height: .random(in: 30...40, using: &random)),
                                 collisionBoundsType: seed.isMultiple(of: 2) ? .rectangle : .ellipse)
        // Inside the heavy item, nearer its top face than any other.
        let inside = HeadlessItem(center: Point(x: x + .random(in: -4...4, using: &random), y: 180 - .random(in: 6...9, using: &random)),
                                  size: Size(width: small, height: small))
        // Half in the top wall, above the small item: the pin's arm is 160 pt or more.
        let inWall = HeadlessItem(center: Point(x: x + .random(in: -10...10, using: &random), y: 0), size: Size(width: small, height: small))
        try animator.addBehavior(try AttachmentBehavior.pin(item: inside, attachedTo: inWall, attachmentAnchor: inWall.center))
        let collision = try CollisionBehavior(items: [heavy, inside, inWall])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        let properties = try DynamicItemBehavior(items: [heavy])
        try properties.addLinearVelocity(Vector(dx: .random(in: -150...150, using: &random), dy: .random(in: -150...0, using: &random)), for: heavy)
        try animator.addBehavior(properties)
        func energy() -> Double { animator.world.bodies.reduce(0) { $0 + $1.kineticEnergy } }
        func mass(_ item: HeadlessItem) -> Double {
            let area = item.collisionBoundsType == .ellipse ? Double.pi / 4 * item.bounds.size.width * item.bounds.size.height
                : item.bounds.size.width * item.bounds.size.height
            return area / 1e4
        }
        try animator.step(by: 0)
        let before = energy()
        let speed = AnimatorConfiguration().maximumPushOutSpeed
        let allowance = [heavy, inside, inWall].reduce(0) { $0 + 0.5 * mass($1) * speed * speed }
        try animator.run(frames: 1)
        // Rounding: relative to the energies compared.
        #expect(energy() <= (before + allowance) * (1 + 1e-9), "energy \(energy()) from \(before), allowance \(allowance)")
    }
}
