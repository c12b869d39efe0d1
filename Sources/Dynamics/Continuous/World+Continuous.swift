import Foundation

/// Continuous collision against the boundaries: a fast body's move over the sub-step stops at
/// its time of impact with a boundary, its shape touching it, not embedded.
///
/// Contacts are found before forces are integrated, and a manifold holds at most two points, so
/// a body that a field, a spring or a joint speeds up within the sub-step, or whose far end
/// swings round, can travel past its speculative contacts into or through a boundary. Box2D v3
/// answers this with a continuous step against static geometry for fast bodies: the shape's
/// time of impact over the sub-step's motion, the body placed there, its velocity kept for the
/// next sub-step's contacts to resolve (Catto, "Continuous Collision", GDC 2013; Box2D v3's
/// `solver.c`). A body is fast, as there, when a point of it can move more than half its
/// smallest extent in the sub-step: `|Δx| + |Δθ|·maxExtent > ½·minExtent` (``Body/halfThinness``). Slower bodies cannot
/// pass a boundary in one sub-step without their contacts seeing it.
///
/// The time of impact is found by conservative advancement (Mirtich 1996): the distance `d`
/// between the shape and the boundary shrinks at most at `|Δx| + |Δθ|·maxExtent` per unit of
/// the sub-step's fraction, so advancing by `d` over that bound never passes the first touch;
/// it stops within the linear slop of touching. A body that starts the sub-step touching or
/// overlapping a boundary is left to its contacts, which push it out; only a move that would take
/// it deeper into a half-plane is refused where it starts to (see ``fractionBeforeGoingDeeper``),
/// and the body slides on along the half-plane from there, its joint partners moving with it.
extension World {
    /// Stops each fast body's move at its first time of impact with a boundary it collides with
    /// (within ``SolverSettings/linearSlop`` of touching), keeping its velocity; stops a body
    /// touching a half-plane from going deeper than it may (see ``timeOfImpact``), and any body's
    /// center from crossing a boundary, each without its velocity across. Then the bodies fast
    /// against an item they collide with stop at their time of impact with it
    /// (`World+ContinuousItems.swift`).
    mutating func stepContinuously() {
        let slop = settings.linearSlop, thinnestItem = thinnestItem
        if !joints.isEmpty { recordJointEndGaps() }
        // Unsafe buffers: the loop runs for every body each sub-step, and array accesses to the
        // boundaries' and poses' structs would retain and release their references each time.
        let boundaries = self.boundaries, memberPoses = self.memberPoses, joints = self.joints
        // The bodies stopped so far this sub-step, in a buffer the world keeps (no allocation).
        var stopped = continuous.stops, stoppedAt = continuous.stopFractions
        continuous.stops = []
        continuous.stopFractions = []
        stopped.removeAll(keepingCapacity: true)
        stoppedAt.removeAll(keepingCapacity: true)
        defer {
            continuous.stops = stopped
            continuous.stopFractions = stoppedAt
        }
        var fastOnes = continuous.candidates
        continuous.candidates = []
        fastOnes.removeAll(keepingCapacity: true)
        defer { continuous.candidates = fastOnes }
        var slid = continuous.slides
        continuous.slides = []
        slid.removeAll(keepingCapacity: true)
        defer { continuous.slides = slid }
        boundaries.withUnsafeBufferPointer { boundaries in memberPoses.withUnsafeBufferPointer { poses in
            Self.withGeometry(&bodies, &geometry) { bodies, geometry in
                for index in bodies.indices where (bodies[index].boundaryMask | bodies[index].itemMask) != 0 && !bodies[index].isStatic {
                    let body = bodies[index]
                    let move = body.position - body.startPosition, turn = body.angle - body.startAngle
                    let reach = Self.reach(of: body)
                    guard reach > 0 else { continue }
                    let isFast = reach > body.halfThinness
                    // Made on the first boundary the body can reach: most bodies reach none.
                    var motion: BodyMotion?
                    var fraction = 1.0
                    var across: Vector?
                    // Whether the stop that stands is a center's crossing or a move deeper into a
                    // half-plane: the body slides on along the boundary, its part across removed.
                    var slides = false
                    for boundaryIndex in boundaries.indices where body.boundaryMask & boundaries[boundaryIndex].groupMask != 0 {
                        let segment = geometry.segment(boundaryIndex)
                        let wall = Wall(start: segment.vertices[0], end: segment.vertices[1], inward: segment.normals[1],
                                        isOneSided: boundaries[boundaryIndex].isOneSided)
                        // Neither the shapes nor a member's center can reach a boundary farther from the
                        // body's box at the sub-step's start than the reach (and the slop).
                        if wall.isOneSided {
                            // The box's corner deepest along the inward normal.
                            let inward = wall.inward
                            let corner = Vector(dx: inward.dx > 0 ? body.boxMin.dx : body.boxMax.dx, dy: inward.dy > 0 ? body.boxMin.dy : body.boxMax.dy)
                            if inward.dot(corner - wall.start) > reach + slop { continue }
                        } else {
                            let margin = reach + slop
                            if min(wall.start.dx, wall.end.dx) > body.boxMax.dx + margin || max(wall.start.dx, wall.end.dx) < body.boxMin.dx - margin
                                || min(wall.start.dy, wall.end.dy) > body.boxMax.dy + margin || max(wall.start.dy, wall.end.dy) < body.boxMin.dy - margin {
                                continue
                            }
                        }
                        if motion == nil {
                            motion = BodyMotion(start: body.startPosition.vectorFromOrigin, startAngle: body.startAngle,
                                                move: move, turn: turn, reach: reach)
                        }
                        guard let motion else { continue }
                        // A slow body is left to its contacts (see ``timeOfImpact``).
                        if isFast, let impact = Self.timeOfImpact(of: body, geometry, moving: motion, against: wall,
                                                                  before: fraction, slop: slop) {
                            fraction = impact.fraction
                            across = impact.holdsAgainst
                            slides = impact.holdsAgainst != nil
                        }
                        // However slowly, a center does not cross a boundary: a body pressed through a
                        // segment by the overlap it started with (the rigid solver corrects positions
                        // directly), or a thin one created deep in a wall turning its center out,
                        // stops with its center on its side and no longer moves across (its velocity
                        // loses that component, as a body held from going deeper into a half-plane
                        // does, so that neither is held while reporting a move into the wall;
                        // contacts push it back from there).
                        let members = poses[Int(body.firstMember)..<Int(body.firstMember + body.memberCount)]
                        if let crossing = Self.fractionBeforeCrossing(motion, wall, members: members, before: fraction) {
                            fraction = crossing.fraction
                            across = crossing.normal
                            slides = true
                        }
                    }
                    // Against the other items, for each pair whose two moves together exceed the
                    // thinner one's half thinness; of a pair, the body moving more than half of
                    // that looks, once every body has moved (see `World+ContinuousItems.swift`).
                    if body.itemMask != 0 && reach > 0.5 * min(body.halfThinness, thinnestItem) { fastOnes.append(Int32(index)) }
                    guard let motion, fraction < 1 else { continue }
                    var (position, angle) = motion.pose(at: fraction)
                    stopped.append(Int32(index))
                    var refused: (Vector?, Vector?) = (across, nil)
                    if slides, let across {
                        // A body stopped where its center would cross a boundary's line, or where
                        // it would go deeper into a half-plane, goes on along the boundary: the
                        // rest of the move without its part across, and the rest of the turn, up
                        // to any center's crossing or deeper move on that path. Stopping the
                        // whole move held a thin stick pressed into a wall by a field, its center
                        // on the line, still while it reported 90 pt/s along the wall and 7 rad/s;
                        // and a rope created stretched, whose projection pulled its item deeper
                        // into a corner every sub-step, held both its items for the whole run.
                        // The slide is the body's whole sub-step, so its joint partners do not
                        // stop with it: they move with it (``shiftJointPartners(of:)``).
                        let members = poses[Int(body.firstMember)..<Int(body.firstMember + body.memberCount)]
                        (position, angle, refused) = Self.slide(body, geometry, boundaries, members: members, from: (position, angle),
                                                                rest: (move * (1 - fraction), turn * (1 - fraction)), across: across, slop: slop)
                        (position, angle) = Self.alongTheChord(of: body, to: (position, angle), geometry, boundaries, members: members)
                        stoppedAt.append(1)
                        slid.append(ContinuousSlide(body: Int32(index), from: body.position.vectorFromOrigin, fromAngle: body.angle,
                                                    to: position, toAngle: angle, refused: refused.0 ?? .zero, alsoRefused: refused.1 ?? .zero))
                    } else {
                        stoppedAt.append(fraction)
                    }
                    bodies[index].place(at: Point(x: position.dx, y: position.dy), angle: angle)
                    bodies[index].velocity = Self.withoutPart(across: refused.0, of: Self.withoutPart(across: refused.1, of: bodies[index].velocity))
                }
            }
        } }
        if !slid.isEmpty && !joints.isEmpty { shiftJointPartners(of: slid) }
        if !fastOnes.isEmpty { stepContinuouslyAgainstItems(fastOnes, stopped: &stopped, at: &stoppedAt) }
        if !stopped.isEmpty && !joints.isEmpty { stopJointPartners(of: stopped, at: stoppedAt) }
    }

    /// `pose`, the end of a body's bent path over the sub-step (a slide), or the farthest pose
    /// short of it on the chord from the body's start that puts no center across a boundary.
    /// The next steps (the continuous step against items, and the sub-step after) take a body's
    /// move as that chord, so a slide along one segment and then down another must not end where
    /// the chord cuts a third: an item thrown at 10⁵ pt/s slid along the top of the bounds and
    /// down a segment, and its chord went through the segment between.
    private static func alongTheChord(of body: Body, to pose: (position: Vector, angle: Double), _ geometry: GeometryBuffers,
                                      _ boundaries: UnsafeBufferPointer<BoundarySegment>,
                                      members: Slice<UnsafeBufferPointer<BodyLayout.MemberPose>>) -> (position: Vector, angle: Double) {
        let move = pose.position - body.startPosition.vectorFromOrigin, turn = pose.angle - body.startAngle
        let chord = BodyMotion(start: body.startPosition.vectorFromOrigin, startAngle: body.startAngle, move: move, turn: turn,
                               reach: move.length + abs(turn) * body.extent)
        guard let crossing = firstCrossing(of: body, moving: chord, geometry, boundaries, members: members, before: 1, segmentsOnly: true)
        else { return pose }
        return chord.pose(at: crossing)
    }

    /// The fraction of `motion`, below `limit`, just before the center of one of `body`'s items
    /// would cross a boundary it collides with (only a named segment with `segmentsOnly`: between
    /// two points inside a half-plane, a chord stays inside it); nil if none would.
    private static func firstCrossing(of body: Body, moving motion: BodyMotion, _ geometry: GeometryBuffers,
                                      _ boundaries: UnsafeBufferPointer<BoundarySegment>,
                                      members: Slice<UnsafeBufferPointer<BodyLayout.MemberPose>>, before limit: Double,
                                      segmentsOnly: Bool = false) -> Double? {
        var reached: Double?
        for boundaryIndex in boundaries.indices where body.boundaryMask & boundaries[boundaryIndex].groupMask != 0 {
            guard !(segmentsOnly && boundaries[boundaryIndex].isOneSided) else { continue }
            let segment = geometry.segment(boundaryIndex)
            let wall = Wall(start: segment.vertices[0], end: segment.vertices[1], inward: segment.normals[1],
                            isOneSided: boundaries[boundaryIndex].isOneSided)
            if let crossing = fractionBeforeCrossing(motion, wall, members: members, before: reached ?? limit) { reached = crossing.fraction }
        }
        return reached
    }

    /// `vector` without its part along `normal` (a unit vector, or nil or zero for none) where
    /// that part points across (is positive).
    @inline(__always)
    static func withoutPart(across normal: Vector?, of vector: Vector) -> Vector {
        guard let normal else { return vector }
        let part = vector.dot(normal)
        return part > 0 ? vector - normal * part : vector
    }

    /// Where a body stopped at `pose` ends when it goes on by the `rest` of its move and turn
    /// along the boundaries that refuse it: the move without its part along `across` (the first
    /// refusing boundary's normal, pointing across it), up to the next center's crossing or move
    /// deeper into a half-plane, whose normal then refuses the rest too. In a corner the two
    /// normals leave the move only what points away from both; a third refusal, or a second at
    /// the slide's start, ends it there, and a turn that alone goes deeper is given up. Returns
    /// the pose and the (up to two) normals along which the body may no longer move.
    private static func slide(_ body: Body, _ geometry: GeometryBuffers, _ boundaries: UnsafeBufferPointer<BoundarySegment>,
                              members: Slice<UnsafeBufferPointer<BodyLayout.MemberPose>>, from pose: (Vector, Double),
                              rest: (move: Vector, turn: Double), across: Vector, slop: Double)
        -> (position: Vector, angle: Double, refused: (Vector?, Vector?)) {
        var (position, angle) = pose
        var (move, turn) = rest
        var refused: (Vector?, Vector?) = (across, nil)
        for round in 0..<3 {
            // The move within the cone the refusing normals leave: each part across removed, twice
            // so that removing one cannot put back a part across the other.
            for _ in 0..<2 { move = withoutPart(across: refused.1, of: withoutPart(across: refused.0, of: move)) }
            if let first = refused.0, let second = refused.1, move.dot(first) > 1e-12 || move.dot(second) > 1e-12 { move = .zero }
            let onward = BodyMotion(start: position, startAngle: angle, move: move, turn: turn, reach: move.length + abs(turn) * body.extent)
            guard onward.reach > 0 else { break }
            var reached = 1.0, cut: Vector?
            for boundaryIndex in boundaries.indices where body.boundaryMask & boundaries[boundaryIndex].groupMask != 0 {
                let segment = geometry.segment(boundaryIndex)
                let wall = Wall(start: segment.vertices[0], end: segment.vertices[1], inward: segment.normals[1],
                                isOneSided: boundaries[boundaryIndex].isOneSided)
                if let crossing = Self.fractionBeforeCrossing(onward, wall, members: members, before: reached) {
                    (reached, cut) = (crossing.fraction, crossing.normal)
                }
                if wall.isOneSided {
                    let depth = Self.distance(of: body, geometry, moving: onward, at: 0, from: wall)
                    if depth <= slop, let held = Self.fractionBeforeGoingDeeper(
                        body, geometry, onward, wall, than: min(depth, -(slop + ContactSoftness.largestLoadedOverlap)), before: reached) {
                        (reached, cut) = (held, -wall.inward)
                    }
                }
            }
            (position, angle) = onward.pose(at: reached)
            guard let cut, round < 2 else { break }
            (move, turn) = (move * (1 - reached), turn * (1 - reached))
            if reached == 0 && refused.1 != nil { break }
            if reached == 0 && move.dot(cut) <= 0 { turn = 0 }
            if let first = refused.0, abs(first.cross(cut)) < 1e-9 {
                continue
            } else if refused.1 == nil {
                refused.1 = cut
            } else {
                break
            }
        }
        return (position, angle, refused)
    }

    /// Moves the joint partners of each body that slid along a boundary by the same rigid motion
    /// the slide gave it (its change of pose: a turn about its center and a shift), and takes from their velocities what it took from its own: the bodies a
    /// joint holds together move as one assembly, so what the boundary refuses one of them it
    /// refuses the assembly. Left alone, a weld between a small item and a heavy group broke
    /// by 32 pt when the group drove the item along a wall. An assembly held by the world (a
    /// joint to an anchor, or an anchored item) cannot move as one, and is left to the joints'
    /// projection; a shift that would take a partner's center across a boundary stops short.
    private mutating func shiftJointPartners(of slides: [ContinuousSlide]) {
        var (assembly, marks) = continuous.takeAssemblyBuffers(bodyCount: bodies.count)
        defer { continuous.putBack(assembly: assembly, marks: marks) }
        for slide in slides { marks[Int(slide.body)] = true }
        let joints = self.joints, boundaries = self.boundaries, memberPoses = self.memberPoses
        for slide in slides {
            // The assembly: the bodies joints reach from the slid one, none of them slid before.
            assembly.removeAll(keepingCapacity: true)
            assembly.append(slide.body)
            var heldByTheWorld = false, next = 0, turnsAsOne = true
            while next < assembly.count && !heldByTheWorld {
                let body = assembly[next]
                next += 1
                for joint in joints where joint.bodyA == body || joint.bodyB == body {
                    let other = joint.bodyA == body ? joint.bodyB : joint.bodyA
                    if joint.kind == .distance || joint.kind == .rope { turnsAsOne = false }
                    if other < 0 || bodies[Int(other)].isStatic { heldByTheWorld = true; break }
                    if !marks[Int(other)] {
                        marks[Int(other)] = true
                        assembly.append(other)
                    }
                }
            }
            guard !heldByTheWorld, assembly.count > 1 else { continue }
            boundaries.withUnsafeBufferPointer { boundaries in memberPoses.withUnsafeBufferPointer { poses in
                Self.withGeometry(&bodies, &geometry) { bodies, geometry in
                    for partner in assembly.dropFirst() {
                        let index = Int(partner), body = bodies[index]
                        // The slid body's change of pose, applied to the partner as a rigid motion;
                        // its shift alone where a rod or rope joins the assembly, whose bodies
                        // turn apart: turned with the slid one about its center, a partner at the
                        // far end of a 400 pt rod swept an arc its stop for a boundary cut short,
                        // and the rods came 10 pt short.
                        let turn = turnsAsOne ? slide.toAngle - slide.fromAngle : 0
                        let target = slide.to + (body.position.vectorFromOrigin - slide.from).rotated(by: turn)
                        let move = target - body.position.vectorFromOrigin
                        let shift = BodyMotion(start: body.position.vectorFromOrigin, startAngle: body.angle, move: move, turn: turn,
                                               reach: move.length + abs(turn) * body.extent)
                        let members = poses[Int(body.firstMember)..<Int(body.firstMember + body.memberCount)]
                        let reached = Self.firstCrossing(of: body, moving: shift, geometry, boundaries, members: members, before: 1) ?? 1
                        // Its chord from its own start, too, must cross no segment: the shift bends
                        // its path as a slide bends the slid body's (a pin chain's link, moved with
                        // a slid link, cut a segment's corner between its two legs).
                        let (position, angle) = Self.alongTheChord(of: body, to: shift.pose(at: reached), geometry, boundaries, members: members)
                        bodies[index].place(at: Point(x: position.dx, y: position.dy), angle: angle)
                        bodies[index].velocity = Self.withoutPart(across: slide.refused, of: Self.withoutPart(across: slide.alsoRefused, of: bodies[index].velocity))
                    }
                }
            } }
        }
    }

    /// Records ``ContinuousScratch/jointEndGaps`` for ``stopJointPartners(of:at:)``, before any
    /// body is stopped.
    private mutating func recordJointEndGaps() {
        var gaps = continuous.jointEndGaps
        continuous.jointEndGaps = []
        gaps.removeAll(keepingCapacity: true)
        bodies.withUnsafeBufferPointer { bodies in
            for joint in joints {
                guard joint.bodyA >= 0, joint.bodyB >= 0, Pivot(of: joint) != nil else {
                    gaps.append(.zero)
                    continue
                }
                let a = bodies[Int(joint.bodyA)], b = bodies[Int(joint.bodyB)]
                gaps.append(Placement(position: b.position.vectorFromOrigin, angle: b.angle).place(joint.localB)
                            - Placement(position: a.position.vectorFromOrigin, angle: a.angle).place(joint.localA))
            }
        }
        continuous.jointEndGaps = gaps
    }

    /// Sets `turnsFreely[i]` for every body `i` of an assembly (the bodies joints join) of a
    /// body in `members` that is a tree of joints held by nothing but them: no joint to the world
    /// or a static body, and one joint fewer than bodies. Only there does the continuous step take
    /// partners about their point joints (``PivotedMotion``), in the time of impact and in a stop.
    /// Stopped about its joints from the stopped body outward, such an assembly keeps every point
    /// joint; in one held by the world
    /// or closed in a loop, the stops spreading from both ends meet, and the whole of their
    /// disagreement lands on the joint where they meet (in the whole of fuzz 20261127/1117 a pin
    /// chain hanging from the world came 6.1 pt off its world pin in the first frame), where
    /// stops along the chords spread it over every joint (1.3–1.8 pt at each of its pins). Its
    /// time of impact taken about the joints alone, a pin chain hanging from the world gained
    /// 450 % of its energy scale (fuzz 7/913), so there the step keeps the chords throughout.
    private mutating func markFreeAssemblies(of members: [Int32], into turnsFreely: inout [Bool]) {
        var (assembly, marks) = continuous.takeAssemblyBuffers(bodyCount: bodies.count)
        defer { continuous.putBack(assembly: assembly, marks: marks) }
        turnsFreely.removeAll(keepingCapacity: true)
        turnsFreely.append(contentsOf: repeatElement(false, count: bodies.count))
        for start in members where !marks[Int(start)] {
            assembly.removeAll(keepingCapacity: true)
            assembly.append(start)
            marks[Int(start)] = true
            var next = 0, jointEnds = 0, isHeld = false
            while next < assembly.count {
                let body = assembly[next]
                next += 1
                if bodies[Int(body)].isStatic { isHeld = true }
                for joint in joints where joint.bodyA == body || joint.bodyB == body {
                    let other = joint.bodyA == body ? joint.bodyB : joint.bodyA
                    guard other >= 0 else { isHeld = true; continue }
                    jointEnds += 1
                    if !marks[Int(other)] {
                        marks[Int(other)] = true
                        assembly.append(other)
                    }
                }
            }
            // Each joint between two bodies is counted from both ends.
            guard !isHeld, jointEnds == 2 * (assembly.count - 1) else { continue }
            for body in assembly { turnsFreely[Int(body)] = true }
        }
    }

    /// Stops the joint partners of the bodies in `stopped` at the same fraction of their own
    /// moves (`fractions`, of each body's move before the continuous step), and their partners in
    /// turn: a joint's bodies move as one assembly in the continuous step. A stop that halted
    /// one end of a rod, pin or weld while the other moved on broke the joint by up to the
    /// other's whole move (the fuzzer's pins ended 4–8 pt apart); projected before this step,
    /// the joint holds only if its bodies stop together.
    ///
    /// In an assembly that is a free tree of joints (``markFreeAssemblies(of:into:)``), a partner
    /// on a rigid point joint stops on its path about the joint (``PivotedMotion``):
    /// its angle at the fraction, its joint point on the stopped body's, off it by the joint's
    /// error interpolated between the sub-step's start and end. At the same fraction of its own
    /// chord, a pin's two points part by about `r·θ²/8` for arm `r` and turn `θ`
    /// (``PivotedMotion``): with the pair's time of impact found about the pin but the partner
    /// stopped on its chord, fuzz 20261127/1117's pin was 2.9 pt apart after the first sub-step.
    private mutating func stopJointPartners(of stopped: [Int32], at fractions: [Double]) {
        var fraction = continuous.fractionByBody
        continuous.fractionByBody = []
        fraction.removeAll(keepingCapacity: true)
        fraction.append(contentsOf: repeatElement(1.0, count: bodies.count))
        for (body, stop) in zip(stopped, fractions) { fraction[Int(body)] = stop }
        let endGaps = continuous.jointEndGaps, boundaries = self.boundaries, memberPoses = self.memberPoses
        var turnsFreely = continuous.turnsFreely
        continuous.turnsFreely = []
        markFreeAssemblies(of: stopped, into: &turnsFreely)
        defer { continuous.turnsFreely = turnsFreely }
        joints.withUnsafeBufferPointer { joints in boundaries.withUnsafeBufferPointer { boundaries in
        memberPoses.withUnsafeBufferPointer { poses in
            Self.withGeometry(&bodies, &geometry) { bodies, geometry in
                // Moves body `index`, stopped so far at `fraction[index]` of its move, back to
                // `stop` of it.
                func stopOnChord(_ index: Int, at stop: Double) {
                    guard fraction[index] > stop, !bodies[index].isStatic else { return }
                    let scale = stop / fraction[index], start = bodies[index].startPosition, startAngle = bodies[index].startAngle
                    bodies[index].place(at: start + (bodies[index].position - start) * scale,
                                        angle: startAngle + (bodies[index].angle - startAngle) * scale)
                    fraction[index] = stop
                }
                // Moves body `index` back to `stop` of its move about the joint point `onIndex`
                // of it, `onHeld` of `held` (stopped at `stop`), whose point ends the sub-step
                // `endGap` from its own (points). Unlike a part of its chord, which the boundary
                // pass found clear, that pose is off the chord: where the chord to it from the
                // body's start puts a center across a boundary, the body stops on its chord.
                func stopAboutJoint(_ index: Int, at stop: Double, on onIndex: Vector, of held: Int, _ onHeld: Vector, endGap: Vector) {
                    guard fraction[index] > stop, !bodies[index].isStatic else { return }
                    let body = bodies[index], other = bodies[held], start = body.startPosition.vectorFromOrigin
                    let startGap = Placement(position: start, angle: body.startAngle).place(onIndex)
                        - Placement(position: other.startPosition.vectorFromOrigin, angle: other.startAngle).place(onHeld)
                    let angle = body.startAngle + (body.angle - body.startAngle) * (stop / fraction[index])
                    let heldPoint = Placement(position: other.position.vectorFromOrigin, angle: other.angle).place(onHeld)
                    let position = heldPoint + startGap + (endGap - startGap) * stop
                        - Placement(position: .zero, angle: angle).turn(onIndex)
                    if body.boundaryMask != 0 && !boundaries.isEmpty {
                        let move = position - start, turn = angle - body.startAngle
                        let chord = BodyMotion(start: start, startAngle: body.startAngle, move: move, turn: turn,
                                               reach: move.length + abs(turn) * body.extent)
                        let members = poses[Int(body.firstMember)..<Int(body.firstMember + body.memberCount)]
                        if Self.firstCrossing(of: body, moving: chord, geometry, boundaries, members: members, before: 1) != nil {
                            return stopOnChord(index, at: stop)
                        }
                    }
                    bodies[index].place(at: Point(x: position.dx, y: position.dy), angle: angle)
                    fraction[index] = stop
                }
                // Until no fraction falls: each pass carries a stop at least one joint further.
                var changed = true
                while changed {
                    changed = false
                    for (jointIndex, joint) in joints.enumerated() where joint.bodyA >= 0 && joint.bodyB >= 0 {
                        let a = Int(joint.bodyA), b = Int(joint.bodyB), both = min(fraction[a], fraction[b])
                        let isPivot = Pivot(of: joint) != nil, gap = endGaps[jointIndex]
                        if fraction[a] > both && !bodies[a].isStatic {
                            if isPivot && turnsFreely[a] { stopAboutJoint(a, at: both, on: joint.localA, of: b, joint.localB, endGap: -gap) } else { stopOnChord(a, at: both) }
                            changed = true
                        }
                        if fraction[b] > both && !bodies[b].isStatic {
                            if isPivot && turnsFreely[b] { stopAboutJoint(b, at: both, on: joint.localB, of: a, joint.localA, endGap: gap) } else { stopOnChord(b, at: both) }
                            changed = true
                        }
                    }
                }
            }
        } } }
        continuous.fractionByBody = fraction
    }

    /// The continuous step between items for the bodies in `fastOnes` (see
    /// `World+ContinuousItems.swift`), each taken from its start to where it is now (a boundary
    /// may have stopped it), against the bodies the broad phase finds within reach. `stopped`
    /// holds the bodies stopped so far this sub-step and gets those this stops; `fractions`,
    /// beside it, how much of its move each kept.
    private mutating func stepContinuouslyAgainstItems(_ fastOnes: [Int32], stopped: inout [Int32], at fractions: inout [Double]) {
        let slop = settings.linearSlop, broadPhase = self.broadPhase
        let boundaries = self.boundaries, memberPoses = self.memberPoses, joints = self.joints
        var turnsFreely = continuous.turnsFreely
        continuous.turnsFreely = []
        if !joints.isEmpty { markFreeAssemblies(of: fastOnes, into: &turnsFreely) }
        defer { continuous.turnsFreely = turnsFreely }
        boundaries.withUnsafeBufferPointer { boundaries in memberPoses.withUnsafeBufferPointer { poses in
        Self.withGeometry(&bodies, &geometry) { bodies, geometry in
            // Every body ends the sub-step within its start box (inside its fat box) grown by its
            // own reach, so the broad phase finds every body one could meet within the largest.
            var largestReach = 0.0
            for index in bodies.indices where !bodies[index].isStatic { largestReach = max(largestReach, Self.reach(of: bodies[index])) }
            // The first impact of body `index` moving by `motion` from fraction `from` of the
            // sub-step to its end, against the bodies moving over the same part of theirs.
            func firstImpact(of index: Int, moving motion: BodyMotion, from: Double, isJointed: Bool) -> (fraction: Double, away: Vector?) {
                let body = bodies[index], reach = motion.reach
                let box = (min: motion.start - body.position.vectorFromOrigin + body.boxMin, max: motion.start - body.position.vectorFromOrigin + body.boxMax)
                let swept = BroadPhase.Box(minX: min(box.min.dx, body.boxMin.dx) - reach, maxX: max(box.max.dx, body.boxMax.dx) + reach,
                                           minY: min(box.min.dy, body.boxMin.dy) - reach, maxY: max(box.max.dy, body.boxMax.dy) + reach)
                var fraction = 1.0, away: Vector?
                broadPhase.forEachBody(near: swept, within: largestReach + slop) { otherIndex in
                    guard otherIndex != index, bodies[otherIndex].itemMask & body.itemMask != 0 else { return }
                    let other = bodies[otherIndex], otherReach = Self.reach(of: other) * (1 - from)
                    if other.boxMin.dx - otherReach > swept.maxX + slop || other.boxMax.dx + otherReach < swept.minX - slop
                        || other.boxMin.dy - otherReach > swept.maxY + slop || other.boxMax.dy + otherReach < swept.minY - slop {
                        return
                    }
                    // A body this step already stopped stays where it stopped for the rest of the
                    // sub-step: taken along its shortened move instead, it would reach its stop
                    // only at the sub-step's end, and a body stopped against it then could end
                    // inside it.
                    let otherMove = other.position - other.startPosition, otherTurn = other.angle - other.startAngle
                    let otherIsStopped = stopped.contains(Int32(otherIndex))
                    let otherRestMove = otherIsStopped ? .zero : otherMove * (1 - from)
                    let otherRestTurn = otherIsStopped ? 0 : otherTurn * (1 - from)
                    // Relative to each other, a point of one body passes a point of the other by at
                    // most the difference of their moves plus each one's turn times its extent.
                    // Within the thinner one's half thinness neither can pass into the other, and
                    // their contacts hold them, however fast the two travel together. Judged by
                    // the sum of their own reaches instead, a 100 pt box pushing a bar ahead of it
                    // at 480 pt/s was stopped where it came within the slop of the bar, and the
                    // rest of its move across the bar was removed while the bar moved on: a shift
                    // of position alone, a third of a point per sub-step, that changed the scene's
                    // angular momentum by m·δ×v, 2.3 % of its scale in 0.33 s (fuzz 7/216).
                    let relativeReach = (motion.move - otherRestMove).length + abs(motion.turn) * body.extent
                        + abs(otherRestTurn) * other.extent
                    if relativeReach <= min(body.halfThinness, other.halfThinness) { return }
                    let otherMotion = otherIsStopped
                        ? BodyMotion(start: other.position.vectorFromOrigin, startAngle: other.angle, move: .zero, turn: 0, reach: 0)
                        : BodyMotion(start: other.startPosition.vectorFromOrigin + otherMove * from, startAngle: other.startAngle + otherTurn * from,
                                     move: otherRestMove, turn: otherRestTurn, reach: otherReach)
                    // In a free tree of joints, a partner on a rigid point joint moves about it,
                    // unless it has stopped (``markFreeAssemblies(of:into:)``).
                    let pivot = isJointed && turnsFreely[index] && !otherIsStopped ? joints.withUnsafeBufferPointer {
                        Pivot.between(Int32(index), and: Int32(otherIndex), in: $0)
                    } : nil
                    if let impact = Self.timeOfImpact(of: body, geometry, moving: motion, against: other, moving: otherMotion,
                                                      pivot: pivot, before: fraction, slop: slop) {
                        (fraction, away) = (impact.fraction, impact.away)
                    }
                }
                return (fraction, away)
            }
            for candidate in fastOnes {
                let index = Int(candidate)
                let body = bodies[index]
                let motion = BodyMotion(start: body.startPosition.vectorFromOrigin, startAngle: body.startAngle,
                                        move: body.position - body.startPosition, turn: body.angle - body.startAngle, reach: Self.reach(of: body))
                // A body a boundary slid is taken along the chord from its start, which the
                // slide's end left clear of every segment (``alongTheChord(of:to:_:_:members:)``),
                // so a stop on it is too.
                let isJointed = joints.contains { $0.bodyA == candidate || $0.bodyB == candidate }
                let (fraction, away) = firstImpact(of: index, moving: motion, from: 0, isJointed: isJointed)
                guard fraction < 1 else { continue }
                // Of the move before the continuous step: a boundary may have shortened it.
                if let earlier = stopped.firstIndex(of: candidate) {
                    fractions[earlier] *= fraction
                } else {
                    stopped.append(candidate)
                    fractions.append(fraction)
                }
                var (position, angle) = motion.pose(at: fraction)
                if let away, away != .zero, !isJointed {
                    // The rest of the move goes on without its part toward the item met, up to
                    // the next impact or center's crossing of a boundary: stopped whole, a thin
                    // item in a pile, its center within the slop of a neighbour's shapes, stood
                    // still sub-step after sub-step while it reported its speed. A jointed body
                    // stops whole, its partners with it (``stopJointPartners(of:at:)``): sliding
                    // on while they stopped broke its joints.
                    let rest = Self.withoutPart(across: -away, of: motion.move * (1 - fraction)), turn = motion.turn * (1 - fraction)
                    let slide = BodyMotion(start: position, startAngle: angle, move: rest, turn: turn, reach: rest.length + abs(turn) * body.extent)
                    if slide.reach > 0 {
                        let members = poses[Int(body.firstMember)..<Int(body.firstMember + body.memberCount)]
                        let impact = firstImpact(of: index, moving: slide, from: fraction, isJointed: false).fraction
                        let reached = Self.firstCrossing(of: body, moving: slide, geometry, boundaries, members: members, before: impact) ?? impact
                        (position, angle) = Self.alongTheChord(of: body, to: slide.pose(at: reached), geometry, boundaries, members: members)
                    }
                }
                bodies[index].place(at: Point(x: position.dx, y: position.dy), angle: angle)
            }
        }
        } }
    }

    /// The farthest any point of `body` moved this sub-step (points): `|Δx| + |Δθ|·extent`.
    @inline(__always)
    static func reach(of body: Body) -> Double {
        (body.position - body.startPosition).length + abs(body.angle - body.startAngle) * body.extent
    }

    /// A boundary as the continuous step sees it.
    private struct Wall {
        var start: Vector, end: Vector
        /// A half-plane's inward normal.
        var inward: Vector
        var isOneSided: Bool
    }

    /// A body's motion over the sub-step, position and angle interpolated together.
    struct BodyMotion {
        var start: Vector, startAngle: Double
        var move: Vector, turn: Double
        /// The farthest any point of the body moves over the whole sub-step (points).
        var reach: Double

        /// The rotation at the start and at the end of the whole move, worked out once: most
        /// bodies are checked at those two poses only.
        let startRotation: (cos: Double, sin: Double), endRotation: (cos: Double, sin: Double)

        init(start: Vector, startAngle: Double, move: Vector, turn: Double, reach: Double) {
            self.start = start
            self.startAngle = startAngle
            self.move = move
            self.turn = turn
            self.reach = reach
            startRotation = (cos(startAngle), sin(startAngle))
            endRotation = (cos(startAngle + turn), sin(startAngle + turn))
        }

        func pose(at t: Double) -> (position: Vector, angle: Double) {
            (start + move * t, startAngle + turn * t)
        }

        /// The rotation at fraction `t` of the move.
        func rotation(at t: Double) -> (cos: Double, sin: Double) {
            t == 0 ? startRotation : t == 1 ? endRotation : (cos(startAngle + turn * t), sin(startAngle + turn * t))
        }

        /// Where the point at `offset` in the body's frame is at fraction `t` of the move.
        func place(_ offset: Vector, at t: Double) -> Vector {
            let (c, s) = rotation(at: t)
            return start + move * t + Vector(dx: c * offset.dx - s * offset.dy, dy: s * offset.dx + c * offset.dy)
        }
    }

    /// The most advancement steps per body and boundary; each at least halves the distance
    /// left to the slop or moves the fraction past 1, so a few dozen suffice.
    static let largestAdvancementCount = 64

    /// The fraction of the sub-step's motion, below `limit`, at which a fast body's shapes come
    /// within `slop` of `wall` (its velocity kept for the contacts), or at which a fast body that
    /// started touching a half-plane would go deeper than a loaded contact lets it (with the
    /// direction its velocity may no longer take); `nil` if neither happens. A slow body is left
    /// to its contacts: holding it, even only past half its smallest extent, held the bottom row
    /// of the 100-row pyramid (20 pt boxes sunk past 5 pt under the load) and kept its top moving.
    private static func timeOfImpact(of body: Body, _ geometry: GeometryBuffers, moving motion: BodyMotion, against wall: Wall,
                                     before limit: Double, slop: Double) -> (fraction: Double, holdsAgainst: Vector?)? {
        var t = 0.0
        var distance = Self.distance(of: body, geometry, moving: motion, at: 0, from: wall)
        if distance <= slop {
            // A fast body may settle within a loaded contact's overlap; past it, no deeper than
            // it started.
            let allowed = ContactSoftness.largestLoadedOverlap
            guard wall.isOneSided,
                  let held = Self.fractionBeforeGoingDeeper(body, geometry, motion, wall, than: min(distance, -(slop + allowed)), before: limit)
            else { return nil }
            return (held, -wall.inward)
        }
        // Where the sub-step ends shows whether its contacts already caught the body: within a
        // loaded contact's overlap of a half-plane, or clear of a segment it did not cross, they
        // did, and the move stands (an impact the solver met keeps its exact timing).
        let end = Self.distance(of: body, geometry, moving: motion, at: limit, from: wall)
        if wall.isOneSided {
            if end >= -(slop + ContactSoftness.largestLoadedOverlap) { return nil }
        } else if end > 0 && !Self.segmentsCross(motion.start, motion.pose(at: limit).position, wall.start, wall.end) {
            return nil
        }
        for _ in 0..<largestAdvancementCount {
            // Advancing to half the slop short of touching converges onto the slop from above.
            t += (distance - 0.5 * slop) / motion.reach
            if t >= limit { return nil }
            distance = Self.distance(of: body, geometry, moving: motion, at: t, from: wall)
            if distance <= slop { return (t, nil) }
        }
        return (t, nil)
    }

    /// For a body that starts the sub-step touching or inside a half-plane: the fraction of its
    /// motion, below `limit`, after which it would reach deeper than `floor` (its starting
    /// distance, or the slop's depth if it started shallower); `nil` if it does not. The contact solver never moves a contact
    /// point deeper, but a joint's position correction, run after it, can drag a body through a
    /// wall (a rod longer than the container pulled its item out); this stops that move where it
    /// starts to go deeper, and nothing else: the body keeps every move that brings it out.
    private static func fractionBeforeGoingDeeper(_ body: Body, _ geometry: GeometryBuffers, _ motion: BodyMotion, _ wall: Wall,
                                                  than floor: Double, before limit: Double) -> Double? {
        guard Self.distance(of: body, geometry, moving: motion, at: limit, from: wall) < floor else { return nil }
        // Bisection between a pose at or above the floor and one below it.
        var low = 0.0, high = limit
        for _ in 0..<largestBisectionCount {
            let middle = 0.5 * (low + high)
            if Self.distance(of: body, geometry, moving: motion, at: middle, from: wall) >= floor { low = middle } else { high = middle }
        }
        return low
    }

    /// Bisections for ``fractionBeforeGoingDeeper``: 2⁻³⁰ of a sub-step's move.
    static let largestBisectionCount = 30

    /// The distance between the body's shapes at fraction `t` of `motion` and `wall` (points):
    /// for a half-plane the signed distance of the shapes' deepest point from its line (negative
    /// inside it), for a segment the shortest distance (0 where they overlap).
    private static func distance(of body: Body, _ geometry: GeometryBuffers, moving motion: BodyMotion, at t: Double,
                                 from wall: Wall) -> Double {
        let (c, s) = motion.rotation(at: t), position = motion.start + motion.move * t
        func place(_ local: Vector) -> Vector { position + Vector(dx: c * local.dx - s * local.dy, dy: s * local.dx + c * local.dy) }
        var least = Double.infinity
        for shapeIndex in Int(body.firstShape)..<Int(body.firstShape + body.shapeCount) {
            let shape = geometry.shapes[shapeIndex]
            if shape.isCircle {
                let center = place(shape.localCenter)
                let gap = wall.isOneSided ? wall.inward.dot(center - wall.start) : Self.distance(from: center, toSegment: wall.start, wall.end)
                least = min(least, gap - shape.radius)
                continue
            }
            let count = Int(shape.vertexCount)
            if wall.isOneSided {
                for v in 0..<count { least = min(least, wall.inward.dot(place(geometry.localVertex(v, of: shape).vertex) - wall.start)) }
                continue
            }
            // A convex polygon and a segment apart are nearest at a vertex of one of them; they
            // overlap where the segment crosses an edge or lies inside.
            var left = true, right = true
            for v in 0..<count {
                let a = place(geometry.localVertex(v, of: shape).vertex), b = place(geometry.localVertex((v + 1) % count, of: shape).vertex)
                if Self.segmentsCross(a, b, wall.start, wall.end) { return 0 }
                let side = (b - a).cross(wall.start - a)
                if side < 0 { left = false }
                if side > 0 { right = false }
                least = min(least, Self.distance(from: a, toSegment: wall.start, wall.end),
                            Self.distance(from: wall.start, toSegment: a, b), Self.distance(from: wall.end, toSegment: a, b))
            }
            // The segment's start on the inner side of every edge, whichever the winding.
            if left || right { return 0 }
        }
        return least
    }

    /// The fraction of the motion, below `limit`, just before the center of one of the body's
    /// items (`members`, at their offsets from its center of mass) would cross `wall` (a half-plane's line from
    /// inside, a segment between its ends), with the wall's unit normal pointing across; `nil`
    /// if none crosses (or starts on a segment's line). Position and angle move together, so a
    /// center off the center of mass moves on an arc: its side of the line is bisected along it.
    private static func fractionBeforeCrossing(_ motion: BodyMotion, _ wall: Wall, members: Slice<UnsafeBufferPointer<BodyLayout.MemberPose>>,
                                               before limit: Double) -> (fraction: Double, normal: Vector)? {
        var result: (fraction: Double, normal: Vector)?
        for member in members {
            let offset = member.offset
            func center(at t: Double) -> Vector { motion.place(offset, at: t) }
            let first = center(at: 0), last = center(at: result?.fraction ?? limit)
            let startSide = wall.inward.dot(first - wall.start)
            if wall.isOneSided {
                // The whole line, a center on it counting as inside; a center already outside is
                // left to the contacts.
                guard startSide >= 0, wall.inward.dot(last - wall.start) < 0 else { continue }
            } else {
                guard Self.segmentsCross(first, last, wall.start, wall.end), startSide != 0 else { continue }
            }
            // Inside is the side the center starts on; stopped a little short of the line (a
            // thousandth of a point, or half the way there if it starts closer), so that rounding
            // never puts it on the line, where the next sub-step could not tell its side.
            let inside = wall.isOneSided || startSide > 0 ? wall.inward : -wall.inward
            let short = min(Self.centerClearance, 0.5 * inside.dot(first - wall.start))
            var low = 0.0, high = result?.fraction ?? limit
            for _ in 0..<largestBisectionCount {
                let middle = 0.5 * (low + high)
                if inside.dot(center(at: middle) - wall.start) >= short { low = middle } else { high = middle }
            }
            result = (low, -inside)
        }
        return result
    }

    /// How far short of a boundary's line a crossing center is stopped (points).
    static let centerClearance = 1e-3

    /// The distance from `p` to the segment from `a` to `b` (points).
    static func distance(from p: Vector, toSegment a: Vector, _ b: Vector) -> Double {
        let edge = b - a, lengthSquared = edge.lengthSquared
        let t = lengthSquared > 0 ? min(1, max(0, (p - a).dot(edge) / lengthSquared)) : 0
        return (p - (a + edge * t)).length
    }

    /// Whether the segments `a`–`b` and `c`–`d` cross or touch.
    private static func segmentsCross(_ a: Vector, _ b: Vector, _ c: Vector, _ d: Vector) -> Bool {
        let d1 = (b - a).cross(c - a), d2 = (b - a).cross(d - a), d3 = (d - c).cross(a - c), d4 = (d - c).cross(b - c)
        return ((d1 <= 0 && d2 >= 0) || (d1 >= 0 && d2 <= 0)) && ((d3 <= 0 && d4 >= 0) || (d3 >= 0 && d4 <= 0))
    }
}
