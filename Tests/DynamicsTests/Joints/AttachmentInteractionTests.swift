import Dynamics
import Foundation
import Testing

/// Attachments together with the rest of the engine: collisions, groups, determinism.
@Suite struct AttachmentInteractionTests {
    @Test func attachedItemsStillCollideWithEachOther() throws {
        // A length-0 spring pulls two 100×100 items together; a shared collision behavior keeps
        // them apart (they end touching, not overlapping).
        let a = largeItem(at: Point(x: 0, y: 0)), b = largeItem(at: Point(x: 300, y: 0))
        let spring = try AttachmentBehavior(item: a, attachedTo: b)
        spring.length = 0
        spring.frequency = 2
        spring.damping = 1
        let animator = try DynamicAnimator()
        try animator.addBehavior(spring)
        try animator.addBehavior(try CollisionBehavior(items: [a, b]))
        var closest = 1000.0
        for _ in 0..<180 {
            try animator.step(by: 1.0 / 60)
            closest = min(closest, a.center.distance(to: b.center))
        }
        // Overlap is bounded by the contact solver (slop 0.1 pt plus a sub-step of approach).
        #expect(closest > 99, "closest center distance \(closest) pt")
        #expect(a.center.distance(to: b.center) < 101)
    }

    @Test func aGroupCanBeAttachedAtItsCenter() throws {
        let group = try DynamicItemGroup(items: [largeItem(at: Point(x: -50, y: 0)), largeItem(at: Point(x: 50, y: 0))])
        let rod = try AttachmentBehavior(item: group, offsetFromCenter: Vector(dx: 100, dy: 0), attachedToAnchor: Point(x: 100, y: -100))
        let animator = try DynamicAnimator(configuration: neverResting)
        try animator.addBehavior(rod)
        try animator.addBehavior(try GravityBehavior(items: [group]))
        var worst = 0.0
        for _ in 0..<120 {
            try animator.step(by: 1.0 / 60)
            let end = group.center + group.transform.apply(to: Vector(dx: 100, dy: 0))
            worst = max(worst, abs(end.distance(to: Point(x: 100, y: -100)) - 100))
        }
        #expect(worst < 1e-6)
        #expect(group.transform.rotationAngle != 0)
    }

    @Test func offsetsTurnWithTheItem() throws {
        // An item turned by π/2 at creation: the offset (0, 50) given in reference axes is the
        // point below its center now, and stays on the item as it turns.
        let item = HeadlessItem(center: .zero, size: Size(width: 100, height: 20), angle: Double.pi / 2)
        let pin = try AttachmentBehavior.pin(item: item, attachmentAnchor: Point(x: 0, y: 50))
        let animator = try DynamicAnimator(configuration: neverResting)
        try animator.addBehavior(pin)
        let push = try PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = Vector(dx: 0.2, dy: 0)
        try animator.addBehavior(push)
        try animator.run(frames: 60)
        let pinned = item.center + item.transform.apply(to: Vector(dx: 50, dy: 0))   // item frame
        #expect(pinned.distance(to: Point(x: 0, y: 50)) < 1e-9)
        #expect(abs(item.transform.rotationAngle - Double.pi / 2) > 0.1)
    }

    @Test func aChainIsDeterministic() throws {
        func run() throws -> [Double] {
            let items = (0..<5).map { smallItem(at: Point(x: Double($0) * 60, y: 0)) }
            let animator = try DynamicAnimator()
            try animator.addBehavior(try GravityBehavior(items: items))
            try animator.addBehavior(try AttachmentBehavior.pin(item: items[0], attachmentAnchor: Point(x: -30, y: 0)))
            for (a, b) in zip(items, items.dropFirst()) {
                try animator.addBehavior(try AttachmentBehavior.pin(item: a, attachedTo: b, attachmentAnchor: Point(x: (a.center.x + b.center.x) / 2, y: 0)))
            }
            let spring = try AttachmentBehavior(item: items[4], attachedToAnchor: Point(x: 400, y: 0))
            spring.frequency = 3
            spring.damping = 0.2
            try animator.addBehavior(spring)
            try animator.run(frames: 240)
            return items.flatMap { [$0.center.x, $0.center.y, $0.transform.rotationAngle] }
        }
        let first = try run(), second = try run()
        #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
        #expect(first.allSatisfy { $0.isFinite })
    }

    @Test(arguments: AttachmentBehavior.Kind.allCases, [0.0, 3.0])
    func everyKindItemToItemStaysFiniteAndHoldsTogether(kind: AttachmentBehavior.Kind, frequency: Double) throws {
        // Smoke test: a heavy item hanging from a pinned light one by each kind, rigid and soft,
        // for 5 s under gravity: finite, and the items stay within a few lengths of each other.
        let top = smallItem(at: Point(x: 0, y: 0)), bottom = largeItem(at: Point(x: 30, y: 80))
        let anchor = Point(x: 15, y: 40)
        let joint: AttachmentBehavior = switch kind {
        case .distance: try AttachmentBehavior(item: top, attachedTo: bottom)
        case .limit: try AttachmentBehavior.limit(item: top, attachedTo: bottom)
        case .fixed: try AttachmentBehavior.fixed(item: top, attachedTo: bottom, attachmentAnchor: anchor)
        case .pin: try AttachmentBehavior.pin(item: top, attachedTo: bottom, attachmentAnchor: anchor)
        case .sliding: try AttachmentBehavior.sliding(item: bottom, attachedTo: top, attachmentAnchor: anchor,
                                                      axis: Vector(dx: 0.6, dy: 0.8))
        }
        joint.frequency = frequency
        joint.damping = 0.3
        if kind == .sliding { joint.attachmentRange = -30...30 }
        let animator = try DynamicAnimator(configuration: neverResting)
        try animator.addBehavior(joint)
        try animator.addBehavior(try AttachmentBehavior.pin(item: top, attachmentAnchor: Point(x: -20, y: 0)))
        try animator.addBehavior(try GravityBehavior(items: [top, bottom]))
        try animator.run(frames: 300)
        for value in [top.center.x, top.center.y, bottom.center.x, bottom.center.y, bottom.transform.rotationAngle] {
            #expect(value.isFinite)
        }
        #expect(top.center.distance(to: Point(x: -20, y: 0)) < 20 + 1e-6)
        // Rigid: the centers are at most arm + range + arm ≈ 116 pt apart. Soft: the spring's
        // stiffness is (effective mass of the row) × ω², and the row's effective mass is small
        // here (the light top item turns easily about the long lever), so the 3 Hz soft slider
        // sags by up to ~140 pt across its axis under the swinging load: bounded, not rigid.
        #expect(top.center.distance(to: bottom.center) < (frequency == 0 ? 120 : 300))
    }
}
