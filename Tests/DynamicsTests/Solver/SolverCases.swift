import Dynamics
import Foundation

/// The solver issue's robustness cases, built through the public API and measured: each returns
/// the one number its test judges, so that a note can quote it before and after a solver change.
enum SolverCases {
    /// Mass of an item of `density` and `size` (UIKit units: density × area / 10 000, SPEC).
    static func mass(density: Double, size: Size) -> Double { density * size.width * size.height / 10_000 }

    /// A chain of `links` 10×10 pt items, 12 pt apart, hanging from an anchor by rigid distance
    /// attachments center to center, released horizontally under gravity with collisions off.
    /// Returns the largest |length − 12 pt| over every link and frame of `seconds` (∞ once a
    /// center is not finite).
    /// With `shuffleSeed`, the attachments are added in an order shuffled by that seed.
    static func chainLinkError(links: Int, seconds: Double, shuffleSeed: UInt64? = nil) throws -> Double {
        let animator = try DynamicAnimator()
        let anchor = Point(x: 0, y: 0)
        let items = (1...links).map { HeadlessItem(center: Point(x: 12 * Double($0), y: 0), size: Size(width: 10, height: 10)) }
        try animator.addBehavior(try GravityBehavior(items: items))
        var attachments = [try AttachmentBehavior(item: items[0], attachedToAnchor: anchor)]
        for (a, b) in zip(items, items.dropFirst()) {
            attachments.append(try AttachmentBehavior(item: a, attachedTo: b))
        }
        if let shuffleSeed {
            var generator = SeededGenerator(seed: shuffleSeed)
            attachments.shuffle(using: &generator)
        }
        for attachment in attachments { try animator.addBehavior(attachment) }
        return try largestLinkError(of: items, hangingFrom: anchor, in: animator, seconds: seconds)
    }

    /// A chain of `links` 4×4 pt items 12 pt apart, hanging from an anchor by rigid distance
    /// attachments (or ropes, `isRope`) center to center, with a 20×20 pt item `ratio` times
    /// heavier than one link on its end; released horizontally under gravity with collisions
    /// off. Returns the largest |length − 12 pt| (ropes: length − 12 pt, a slack rope being no
    /// error) over every link and frame of `seconds` (∞ once a center is not finite).
    static func heavyEndChainLinkError(links: Int, ratio: Double, seconds: Double, isRope: Bool = false) throws -> Double {
        let animator = try DynamicAnimator()
        let anchor = Point(x: 0, y: 0)
        let items = (1...links).map { HeadlessItem(center: Point(x: 12 * Double($0), y: 0), size: Size(width: 4, height: 4)) }
        let heavy = HeadlessItem(center: Point(x: 12 * Double(links + 1), y: 0), size: Size(width: 20, height: 20))
        let chain = items + [heavy]
        try animator.addBehavior(try GravityBehavior(items: chain))
        let properties = try DynamicItemBehavior(items: [heavy])
        // Equal mass at density 16/400 of a link's; `ratio` times that.
        properties.density = ratio * 16 / 400
        try animator.addBehavior(properties)
        try animator.addBehavior(isRope ? try .limit(item: chain[0], attachedToAnchor: anchor)
            : try AttachmentBehavior(item: chain[0], attachedToAnchor: anchor))
        for (a, b) in zip(chain, chain.dropFirst()) {
            try animator.addBehavior(isRope ? try .limit(item: a, attachedTo: b) : try AttachmentBehavior(item: a, attachedTo: b))
        }
        return try largestLinkError(of: chain, hangingFrom: anchor, in: animator, seconds: seconds, countsShortLinks: !isRope)
    }

    /// An item of `size` (points) on a rope (`isRope`) or rod of 22 pt to an anchor, attached at
    /// `offset` from its center, thrown across it at `speed` (pt/s) with no gravity. Returns the
    /// largest amount (points) by which its attachment point is farther from the anchor than
    /// 22 pt (a rod: or nearer) over `seconds` at 60 frames per second (∞ once its center is not
    /// finite).
    static func thrownItemLengthError(isRope: Bool, speed: Double, seconds: Double, size: Double = 4,
                                      offset: Vector = .zero) throws -> Double {
        let animator = try DynamicAnimator()
        let anchor = Point(x: 500, y: 500)
        let item = HeadlessItem(center: Point(x: 522, y: 500) - offset, size: Size(width: size, height: size))
        let attachment = isRope ? try AttachmentBehavior.limit(item: item, offsetFromCenter: offset, attachedToAnchor: anchor)
            : try AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: anchor)
        try animator.addBehavior(attachment)
        let properties = try DynamicItemBehavior(items: [item])
        try animator.addBehavior(properties)
        try properties.addLinearVelocity(Vector(dx: 0, dy: speed), for: item)
        var worst = 0.0
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            guard item.center.isFinite else { return .infinity }
            let error = (point(on: item, at: offset) - anchor).length - 22
            worst = max(worst, isRope ? error : abs(error))
        }
        return worst
    }

    /// The point at `arm` (points, the item's own axes) from `item`'s center, where it is now.
    private static func point(on item: HeadlessItem, at arm: Vector) -> Point {
        item.center + arm.rotated(by: item.transform.rotationAngle)
    }

    /// Runs `animator` for `seconds` at 60 frames per second and returns the largest
    /// |distance − 12 pt| between neighbours of `chain` (the first to `anchor`) over every frame
    /// (∞ once a center is not finite); distance − 12 pt unless `countsShortLinks`.
    private static func largestLinkError(of chain: [HeadlessItem], hangingFrom anchor: Point, in animator: DynamicAnimator,
                                         seconds: Double, countsShortLinks: Bool = true) throws -> Double {
        var worst = 0.0
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            var previous = anchor
            for item in chain {
                guard item.center.isFinite else { return .infinity }
                let error = (item.center - previous).length - 12
                worst = max(worst, countsShortLinks ? abs(error) : error)
                previous = item.center
            }
        }
        return worst
    }

    /// Six items of different sizes joined in a loop-free tree by a rod, two pins and a weld,
    /// thrown spinning with no gravity, no anchor and collisions off, so that only the joints act.
    /// Returns the largest distance (points) over `seconds` between the center of mass and where
    /// uniform motion from its start puts it.
    static func freeTreeCenterOfMassDrift(seconds: Double) throws -> Double {
        let animator = try DynamicAnimator()
        let sizes = [Size(width: 30, height: 10), Size(width: 6, height: 6), Size(width: 40, height: 40),
                     Size(width: 4, height: 12), Size(width: 16, height: 8), Size(width: 2, height: 2)]
        let items = sizes.enumerated().map { HeadlessItem(center: Point(x: 300 + 25 * Double($0.offset), y: 300), size: $0.element) }
        try animator.addBehavior(try AttachmentBehavior(item: items[0], attachedTo: items[1]))
        try animator.addBehavior(try AttachmentBehavior.pin(item: items[1], attachedTo: items[2], attachmentAnchor: Point(x: 335, y: 300)))
        try animator.addBehavior(try AttachmentBehavior.fixed(item: items[2], attachedTo: items[3], attachmentAnchor: Point(x: 362, y: 300)))
        try animator.addBehavior(try AttachmentBehavior.pin(item: items[3], attachedTo: items[4], attachmentAnchor: Point(x: 387, y: 300)))
        try animator.addBehavior(try AttachmentBehavior(item: items[4], attachedTo: items[5]))
        let throwing = try DynamicItemBehavior(items: items)
        throwing.resistance = 0
        throwing.angularResistance = 0
        try animator.addBehavior(throwing)
        let spins = [40.0, -25, 3, 60, -80, 70]
        for (index, item) in items.enumerated() {
            try throwing.addLinearVelocity(Vector(dx: 200 * sin(Double(index)), dy: 150 * cos(Double(3 * index))), for: item)
            try throwing.addAngularVelocity(spins[index], for: item)
        }
        let masses = sizes.map { mass(density: 1, size: $0) }, total = masses.reduce(0, +)
        func centerOfMass() -> Vector {
            zip(items, masses).map { $0.center.vectorFromOrigin * $1 }.reduce(Vector.zero, +) / total
        }
        // The velocities apply from the first frame; the joints' impulses are internal, so the
        // momentum then stays.
        try animator.step(by: 1.0 / 60)
        let start = centerOfMass()
        let velocity = zip(items, masses).map { (animator.linearVelocity(for: $0) ?? .zero) * $1 }.reduce(Vector.zero, +) / total
        var worst = 0.0
        for frame in 1..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            guard items.allSatisfy({ $0.center.isFinite }) else { return .infinity }
            worst = max(worst, (centerOfMass() - (start + velocity * (Double(frame) / 60))).length)
        }
        return worst
    }

    /// `spokes` 4×4 pt items pinned around the rim of a 100×100 pt item, which hangs by a rod from
    /// an anchor; released under gravity with collisions off. Returns the largest distance between
    /// a spoke's pinned point and the hub's over every frame of `seconds` (∞ once not finite).
    static func hubPinSeparation(spokes: Int, seconds: Double) throws -> Double {
        let animator = try DynamicAnimator()
        let hub = HeadlessItem(center: Point(x: 300, y: 300), size: Size(width: 100, height: 100))
        var items: [HeadlessItem] = [hub]
        var pins: [(item: HeadlessItem, onItem: Vector, onHub: Vector)] = []
        for index in 0..<spokes {
            let angle = 2 * Double.pi * Double(index) / Double(spokes)
            let rim = Vector(dx: 48 * cos(angle), dy: 48 * sin(angle))
            let item = HeadlessItem(center: hub.center + rim * (54.0 / 48), size: Size(width: 4, height: 4))
            try animator.addBehavior(try AttachmentBehavior.pin(item: item, attachedTo: hub, attachmentAnchor: hub.center + rim))
            items.append(item)
            pins.append((item, rim * (-6.0 / 48), rim))
        }
        try animator.addBehavior(try GravityBehavior(items: items))
        try animator.addBehavior(try AttachmentBehavior(item: hub, attachedToAnchor: Point(x: 200, y: 300)))
        var worst = 0.0
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            for pin in pins {
                let onItem = point(on: pin.item, at: pin.onItem)
                let onHub = point(on: hub, at: pin.onHub)
                guard onItem.isFinite, onHub.isFinite else { return .infinity }
                worst = max(worst, (onItem - onHub).length)
            }
        }
        return worst
    }

    /// A 20×20 pt item held at its center by an anchor that moves 5 pt right every frame (300 pt/s),
    /// a chain of twelve 4×4 pt rods hanging 12 pt apart below it under gravity, let go (the
    /// attachment removed) after `frames` frames. Returns the item's horizontal speed one frame
    /// after the release (pt/s), from its displacement.
    static func speedAfterDragRelease(frames: Int) throws -> Double {
        let step = 5.0, links = 12
        let animator = try DynamicAnimator()
        let item = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
        let chain = (1...links).map { HeadlessItem(center: Point(x: 100, y: 100 + 12 * Double($0)), size: Size(width: 4, height: 4)) }
        try animator.addBehavior(try GravityBehavior(items: [item] + chain))
        for (a, b) in zip([item] + chain, chain) { try animator.addBehavior(try AttachmentBehavior(item: a, attachedTo: b)) }
        let drag = try AttachmentBehavior(item: item, attachedToAnchor: item.center)
        try animator.addBehavior(drag)
        for frame in 1...frames {
            drag.anchorPoint = Point(x: 100 + step * Double(frame), y: 100)
            try animator.step(by: 1.0 / 60)
        }
        animator.removeBehavior(drag)
        let before = item.center.x
        try animator.step(by: 1.0 / 60)
        return (item.center.x - before) * 60
    }

    /// A chain of `links` 12×4 pt items pinned end to end, the first pinned to a fixed point,
    /// released horizontally under gravity; with `endRatio`, a 20×20 pt item that many times
    /// heavier than one link hangs pinned by its left edge's midpoint to the last link's free end.
    /// Returns the largest distance between two pinned points over every joint and frame of
    /// `seconds` (∞ once a center is not finite).
    static func pinChainSeparation(links: Int, seconds: Double, endRatio: Double? = nil) throws -> Double {
        let animator = try DynamicAnimator()
        let items = (0..<links).map { HeadlessItem(center: Point(x: 12 * Double($0) + 6, y: 0), size: Size(width: 12, height: 4)) }
        // Each item with the half-length from its center to its pinned points along its x axis.
        var chain = items.map { ($0, 6.0) }
        if let endRatio {
            let heavy = HeadlessItem(center: Point(x: 12 * Double(links) + 10, y: 0), size: Size(width: 20, height: 20))
            let properties = try DynamicItemBehavior(items: [heavy])
            // A link's mass at density 48/400 of the item's area; `endRatio` times that.
            properties.density = endRatio * 48 / 400
            try animator.addBehavior(properties)
            chain.append((heavy, 10))
        }
        try animator.addBehavior(try GravityBehavior(items: chain.map(\.0)))
        try animator.addBehavior(try AttachmentBehavior.pin(item: items[0], attachmentAnchor: Point(x: 0, y: 0)))
        for (a, b) in zip(chain, chain.dropFirst()) {
            try animator.addBehavior(try AttachmentBehavior.pin(item: a.0, attachedTo: b.0,
                                                                attachmentAnchor: a.0.center + Vector(dx: a.1, dy: 0)))
        }
        var worst = 0.0
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            guard chain.allSatisfy({ $0.0.center.isFinite }) else { return .infinity }
            for (a, b) in zip(chain, chain.dropFirst()) {
                worst = max(worst, (point(on: a.0, at: Vector(dx: a.1, dy: 0)) - point(on: b.0, at: Vector(dx: -b.1, dy: 0))).length)
            }
        }
        return worst
    }

    /// Two tiny links pinned from an anchor at the origin, straight down, each by a point 10 pt
    /// above its center (a 2×2 pt link below the anchor, then a 3×3 pt link pinned at the first's
    /// center), and a 2×2 pt item `ratio` times heavier than the first link pinned at its center to
    /// the second's, thrown with velocity (−0.95, −0.32)·`speed` (pt/s), up and to the left, with
    /// no gravity (fuzz seed 5, scene 856, shrunk). Returns the largest distance between a pin's
    /// two points over every frame of `seconds` (∞ once a center is not finite).
    static func whippedTinyPinChainSeparation(ratio: Double, speed: Double, seconds: Double) throws -> Double {
        let animator = try DynamicAnimator()
        let first = HeadlessItem(center: Point(x: 0, y: 10), size: Size(width: 2, height: 2))
        let second = HeadlessItem(center: Point(x: 0, y: 20), size: Size(width: 3, height: 3))
        let heavy = HeadlessItem(center: Point(x: 0, y: 20), size: Size(width: 2, height: 2))
        let properties = try DynamicItemBehavior(items: [heavy])
        properties.density = ratio
        try animator.addBehavior(properties)
        try animator.addBehavior(try AttachmentBehavior.pin(item: first, attachmentAnchor: Point(x: 0, y: 0)))
        try animator.addBehavior(try AttachmentBehavior.pin(item: second, attachedTo: first, attachmentAnchor: first.center))
        try animator.addBehavior(try AttachmentBehavior.pin(item: heavy, attachedTo: second, attachmentAnchor: second.center))
        try properties.addLinearVelocity(Vector(dx: -0.95, dy: -0.32) * speed, for: heavy)
        var worst = 0.0
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            guard [first, second, heavy].allSatisfy({ $0.center.isFinite }) else { return .infinity }
            worst = max(worst, point(on: first, at: Vector(dx: 0, dy: -10)).distance(to: Point(x: 0, y: 0)),
                        point(on: second, at: Vector(dx: 0, dy: -10)).distance(to: first.center),
                        heavy.center.distance(to: second.center))
        }
        return worst
    }

    /// A chain of `links` 12×4 pt items pinned end to end from an anchor at the origin, level, and
    /// a 40×40 pt item `ratio` times heavier than a link centered on the last link's end (not yet
    /// attached), all under gravity.
    private static func heavyItemBesideAPinChain(links: Int, ratio: Double) throws
        -> (animator: DynamicAnimator, links: [HeadlessItem], heavy: HeadlessItem) {
        let animator = try DynamicAnimator()
        let items = (0..<links).map { HeadlessItem(center: Point(x: 12 * Double($0) + 6, y: 0), size: Size(width: 12, height: 4)) }
        let end = Point(x: 12 * Double(links), y: 0)
        let heavy = HeadlessItem(center: end, size: Size(width: 40, height: 40))
        let properties = try DynamicItemBehavior(items: [heavy])
        // A link's mass at density 48/1600 of the item's area; `ratio` times that.
        properties.density = ratio * 48 / 1600
        try animator.addBehavior(properties)
        try animator.addBehavior(try GravityBehavior(items: items + [heavy]))
        try animator.addBehavior(try AttachmentBehavior.pin(item: items[0], attachmentAnchor: Point(x: 0, y: 0)))
        for (a, b) in zip(items, items.dropFirst()) {
            try animator.addBehavior(try AttachmentBehavior.pin(item: a, attachedTo: b, attachmentAnchor: a.center + Vector(dx: 6, dy: 0)))
        }
        return (animator, items, heavy)
    }

    /// A chain of `links` 12×4 pt items pinned end to end from an anchor, released level under
    /// gravity, carrying on a rigid slider a 40×40 pt item `ratio` times heavier than a link: its
    /// center slides on the last link's end along the axis across the link, within ±30 pt.
    /// Returns the slider's largest error over every frame of `seconds`: its point's distance from
    /// the axis or beyond the range (points), or its relative turn at the item's half-diagonal
    /// (∞ once a center is not finite).
    static func sliderOnPinChainError(links: Int, ratio: Double, seconds: Double) throws -> Double {
        let (animator, items, heavy) = try heavyItemBesideAPinChain(links: links, ratio: ratio)
        let last = items[links - 1], end = heavy.center
        let slider = try AttachmentBehavior.sliding(item: heavy, attachedTo: last, attachmentAnchor: end, axis: Vector(dx: 0, dy: 1))
        slider.attachmentRange = -30...30
        try animator.addBehavior(slider)
        var worst = 0.0
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            guard heavy.center.isFinite, last.center.isFinite else { return .infinity }
            let turn = last.transform.rotationAngle
            let separation = heavy.center - point(on: last, at: Vector(dx: 6, dy: 0))
            let axis = Vector(dx: 0, dy: 1).rotated(by: turn)
            let along = axis.dot(separation), across = abs(separation.dot(Vector(dx: -axis.dy, dy: axis.dx)))
            var relativeTurn = heavy.transform.rotationAngle - turn
            relativeTurn = atan2(sin(relativeTurn), cos(relativeTurn))
            worst = max(worst, across, along - 30, -30 - along, abs(relativeTurn) * 20 * 2.squareRoot())
        }
        return worst
    }

    /// A chain of `links` 12×4 pt items pinned end to end from an anchor, released level under
    /// gravity, carrying a 40×40 pt item `ratio` times heavier than a link, pinned at its center
    /// to the last link's end with its relative turn limited to ±0.3 rad. Returns the largest
    /// error over every frame of `seconds`: a pin's points apart (points), or the heavy item's
    /// relative turn beyond its limits at its half-diagonal (∞ once a center is not finite).
    static func limitedPinOnPinChainError(links: Int, ratio: Double, seconds: Double) throws -> Double {
        let (animator, items, heavy) = try heavyItemBesideAPinChain(links: links, ratio: ratio)
        let last = items[links - 1], end = heavy.center
        let limited = try AttachmentBehavior.pin(item: heavy, attachedTo: last, attachmentAnchor: end)
        limited.attachmentRange = -0.3...0.3
        try animator.addBehavior(limited)
        var worst = 0.0
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            guard heavy.center.isFinite, items.allSatisfy({ $0.center.isFinite }) else { return .infinity }
            for (a, b) in zip(items, items.dropFirst()) { worst = max(worst, (point(on: a, at: Vector(dx: 6, dy: 0)) - point(on: b, at: Vector(dx: -6, dy: 0))).length) }
            worst = max(worst, (point(on: last, at: Vector(dx: 6, dy: 0)) - heavy.center).length)
            var turn = heavy.transform.rotationAngle - last.transform.rotationAngle
            turn = atan2(sin(turn), cos(turn))
            worst = max(worst, (abs(turn) - 0.3) * 20 * 2.squareRoot())
        }
        return worst
    }

    /// A 20×20 pt item of density 1 under a 20×20 pt item `ratio` times denser, resting on the
    /// floor of 400×400 pt reference bounds (or, `inCorner`, pressed into the bottom-right corner
    /// by diagonal gravity). Returns the light item's largest overlap with the bounds or the
    /// heavy item over `seconds`, in points (the heavy item crushing it through shows as ≥ 20);
    /// rest detection is off, so a slowly sinking stack keeps being simulated. Contacts are solved
    /// by `solver`.
    static func crushDepth(ratio: Double, inCorner: Bool, solver: ContactSolver = .rigid, seconds: Double = 5) throws -> Double {
        // Rest detection and island sleep off: a stack that sinks slowly would otherwise count as
        // resting, pause or fall asleep, and hide the solver's crush.
        var configuration = AnimatorConfiguration()
        configuration.contactSolver = solver
        configuration.restDuration = 1e9
        configuration.islandSleepDuration = .infinity
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400), configuration: configuration)
        let size = Size(width: 20, height: 20)
        let light = HeadlessItem(center: Point(x: inCorner ? 390 : 200, y: 390), size: size)
        let heavy = HeadlessItem(center: inCorner ? Point(x: 370, y: 370) : Point(x: 200, y: 370), size: size)
        let gravity = try GravityBehavior(items: [light, heavy])
        if inCorner { gravity.gravityDirection = Vector(dx: 0.7071067811865476, dy: 0.7071067811865476) }
        let collision = try CollisionBehavior(items: [light, heavy])
        collision.translatesReferenceBoundsIntoBoundary = true
        let heavyProperties = try DynamicItemBehavior(items: [heavy])
        heavyProperties.density = ratio
        heavyProperties.elasticity = 0
        let lightProperties = try DynamicItemBehavior(items: [light])
        lightProperties.elasticity = 0
        for behavior in [gravity, collision, heavyProperties, lightProperties] as [DynamicBehavior] {
            try animator.addBehavior(behavior)
        }
        var deepest = 0.0
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            guard light.center.isFinite, heavy.center.isFinite else { return .infinity }
            let intoBounds = max(light.center.y + 10 - 400, inCorner ? light.center.x + 10 - 400 : 0, 0)
            let gap = inCorner
                ? max(abs(light.center.x - heavy.center.x), abs(light.center.y - heavy.center.y))
                : light.center.y - heavy.center.y
            deepest = max(deepest, intoBounds, 20 - gap)
        }
        return deepest
    }

    /// A 10×10 pt box of elasticity 1 bouncing in 400×400 pt reference bounds under gravity,
    /// thrown at `velocity` (pt/s) spinning at `spin` rad/s, with `friction`. Returns the largest
    /// rise of its mechanical energy (kinetic, rotational and potential) over `seconds`, relative
    /// to the starting energy above the floor.
    static func spinningBoxEnergyRise(spin: Double, friction: Double, velocity: Vector = Vector(dx: 300, dy: -200),
                                      seconds: Double = 20) throws -> Double {
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let size = Size(width: 10, height: 10)
        let box = HeadlessItem(center: Point(x: 200, y: 200), size: size)
        let collision = try CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = try DynamicItemBehavior(items: [box])
        properties.elasticity = 1
        properties.friction = friction
        properties.resistance = 0
        properties.angularResistance = 0
        for behavior in [try GravityBehavior(items: [box]), collision, properties] as [DynamicBehavior] {
            try animator.addBehavior(behavior)
        }
        try properties.addLinearVelocity(velocity, for: box)
        try properties.addAngularVelocity(spin, for: box)
        let m = mass(density: 1, size: size), inertia = m * (10 * 10 + 10 * 10) / 12, g = 1000.0
        func energy() -> Double {
            let v = animator.linearVelocity(for: box) ?? .zero, w = animator.angularVelocity(for: box) ?? 0
            return 0.5 * m * v.lengthSquared + 0.5 * inertia * w * w + m * g * (395 - box.center.y)
        }
        try animator.step(by: 1.0 / 60)
        let start = energy()
        var highest = start
        for _ in 0..<Int(seconds * 60) {
            try animator.step(by: 1.0 / 60)
            guard box.center.isFinite else { return .infinity }
            highest = max(highest, energy())
        }
        return (highest - start) / start
    }

    /// The first rebound of an item of `size` and `shape` dropped flat from rest `height` pt above
    /// the floor of 1000×1000 pt reference bounds, with elasticity `elasticity`, friction 0.2, under
    /// `configuration` (its sub-step among others):
    /// the rebound speed over e·√(2gh) (1 for an ideal bounce) and the angular speed right after
    /// it (rad/s; 0 for a flat landing).
    static func flatLanding(size: Size, shape: CollisionBoundsType = .rectangle, height: Double, elasticity: Double,
                            configuration: AnimatorConfiguration = .init()) throws -> (speedRatio: Double, spin: Double) {
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000),
                                           configuration: configuration)
        let item = HeadlessItem(center: Point(x: 500, y: 1000 - size.height / 2 - height), size: size,
                                collisionBoundsType: shape)
        let collision = try CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = try DynamicItemBehavior(items: [item])
        properties.elasticity = elasticity
        properties.resistance = 0
        for behavior in [try GravityBehavior(items: [item]), collision, properties] as [DynamicBehavior] {
            try animator.addBehavior(behavior)
        }
        let impact = (2 * 1000 * height).squareRoot()
        for _ in 0..<600 {
            try animator.step(by: 1.0 / 240)
            let v = animator.linearVelocity(for: item) ?? .zero
            if v.dy < 0 {
                return (-v.dy / (elasticity * impact), abs(animator.angularVelocity(for: item) ?? 0))
            }
        }
        return (0, .nan)
    }
}
