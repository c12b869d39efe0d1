/// A physical law or semantic rule every run must obey. Each states its tolerance and the
/// reason for it (``reason``), which reports print next to every failure.
public enum Invariant: String, CaseIterable, Codable, Comparable, Sendable {
    /// The engine accepts every valid scene (a refusal of a valid scene is a failure).
    case runs
    /// Every recorded state is finite.
    case finite
    /// The process running the scene did not die (a trap or a crash).
    case crash
    /// The scene finished within the worker's time limit.
    case hang
    /// No item's center leaves the reference bounds while they are its boundary.
    case containment
    /// No item's center passes through a segment boundary between two frames.
    case tunnelling
    /// No item passes through another item it collides with between two steps.
    case itemTunnelling
    /// No item stays embedded in a wall or another item for longer than a short, stated time.
    case embedded
    /// No body is reported faster than the engine's linear and angular caps.
    case speed
    /// Each item's displacement and rotation over a step agree with the velocities it reports.
    case motion
    /// No energy growth in passive scenes.
    case energy
    /// Linear and angular momentum are conserved in free scenes.
    case momentum
    /// Ropes, rods, welds, pins and sliding joints hold within their bounds.
    case constraints
    /// Two runs of one scene are bit-identical.
    case determinism
    /// A flattened tree and a nested tree run the same as the scene's own tree.
    case treeShape
    /// Removing a behavior and adding it back before the first frame changes nothing.
    case removeAndReadd
    /// A run interrupted at a frame, its engine's state snapshotted and restored into a second
    /// instance, continues exactly as the uninterrupted run.
    case restore
    /// A dissipative scene with gravity and collisions comes to rest within a stated time.
    case rest
    /// Resolved item properties equal an independent walk of the tree (SPEC's override order).
    case overrideOrder
    /// Translating, mirroring or rotating the scene by 90° transforms its trajectories alike.
    case metamorphic
    /// Halving the sub-step moves the result toward the reference, not away from it.
    case convergence

    /// Ordered as declared.
    public static func < (a: Invariant, b: Invariant) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The tolerance and why.
    public var reason: String {
        switch self {
        case .runs: "Exact: the scene passed validation, so the engine must run it."
        case .finite: "Exact: a non-finite number is never a valid state."
        case .crash: "Exact: a trap ends the process; the worker records it."
        case .hang: "The worker's time limit (default 20 s) is far above the cost of any generated scene (milliseconds)."
        case .containment:
            "A center may be at most \(ContainmentCheck.slop) pt outside: the contact slop engines allow (Box2D's 0.005 m linear slop is 0.5 pt at 100 pt/m), doubled."
        case .tunnelling:
            "A center's path (its sub-step centers joined, or the frames' chord when the engine reports no sub-steps) may cross a segment only within the item's bounding radius of an end, where it can legitimately pass round the end; on a chord, also where the way round an end is no longer than the item travels between the frames at the larger of its two sampled speeds."
        case .itemTunnelling:
            "Judged on the engine's sub-steps only (not made without them), within which bodies move and turn linearly: one item's center coming inside another, deeper than the lesser of the embedded bound and a quarter of the containing item's thickness (a center is at most half of it deep), in a sub-step that moved them past each other by more than that and more than half the thinner item, when at its start neither center was inside the other, is an item through (or half through) another: a touch never brings a center inside. Poses are sampled every quarter of the thinner item's thickness, up to \(Int(ItemTunnellingCheck.largestSampleCount)) per sub-step."
        case .embedded:
            "Overlap (the shortest separating translation of the shapes) beyond a quarter of the thinner item's thickness, at least \(ContainmentCheck.format(EmbeddedCheck.smallestBound)) pt (twice Box2D v3's 0.5 pt slop) and at most \(ContainmentCheck.format(EmbeddedCheck.largestBound)) pt (30 Hz soft contacts sag 0.028 pt per item weight carried), for longer than \(ContainmentCheck.format(EmbeddedCheck.graceTime)) s plus the time to push the deepest overlap out at \(ContainmentCheck.format(EmbeddedCheck.recoverySpeed)) pt/s (a third of Box2D v3's 3 m/s push-out)."
        case .speed:
            "The engine's own caps (its maximum linear speed; its rotation per sub-step as an angular speed), within 1e-9 for rounding; an item's center off its body's center of mass may add |ω|·arm."
        case .motion:
            "Over a step of length h, a body moves by h times a velocity between the step's first and last, so |d − h·v₁| ≤ h·|v₁ − v₀| (points) and |Δθ − h·ω₁| ≤ h·|ω₁ − ω₀| (radians); an item off its body's center of mass by an arm a adds a·(Δθ² + |Δθ − h·ω₁|) for the chord of its turn. Beyond that, a body touching others (within \(ContainmentCheck.format(MotionCheck.touching)) pt, twice Box2D v3's speculative distance) may be moved p·h·n·(1 + a/k) and turned p·h·n/k, p the engine's push-out speed, n the items and walls in its chain of touching shapes, k its radius of gyration (Box2D v3 pushes overlap apart at up to 3 m/s without leaving that velocity); any body may also be stopped from \(ContainmentCheck.format(MotionCheck.sleepSpeed)) pt/s and 2°/s (Box2D v3's sleep tolerances). Only motion beyond all that on every step for \(ContainmentCheck.format(MotionCheck.persistence)) s fails: a collision's step moves a body with a velocity restitution then changes. Bodies held by attachments or snaps are left to the constraints invariant, except that none may stand exactly still while reporting more than the sleep speeds, and steps where the scene sets velocities are skipped."
        case .energy:
            "Growth at most \(EnergyCheck.relativeBound * 100) % of the scene's energy scale (kinetic energy plus the work gravity can do across the arena, plus what the fields' potentials can release): restitution ≤ 1, rigid joints and contacts do no work, so only the solver's position correction and round-off may add energy. Plus, where an attachment starts broken, the work gravity does over the farthest mending it may move each item linked to it: the start is not a consistent state. Plus, for an item in a radial-gravity, spring or electric field, semi-implicit Euler's swing (h/2)·|v·F| now and at the start: that map keeps E + (h/2)·v·F, not E. Scenes with fields are judged only when every field has a potential (linear gravity without falloff; radial gravity, spring and electric everywhere), does no work (magnetic) or only slows (drag without wind)."
        case .momentum:
            "Linear: relative change at most \(MomentumCheck.relativeBound) (in single precision, such as Box2D's, ten roundings per velocity and sub-step over the run where more): contact impulses are equal and opposite, so only round-off changes the total. Angular: at most \(MomentumCheck.angularBound): position correction shifts bodies without changing velocities, and a limit on rotation per sub-step (Box2D's 0.25π) caps the spin a collision gives a small item (1.5 % at most over 414 scenes). Scenes start without overlap."
        case .constraints:
            "Rods, welds and pins within \(ContainmentCheck.format(ConstraintCheck.absoluteSlop)) pt + \(ContainmentCheck.format(ConstraintCheck.relativeSlop * 100)) % of their length, ropes no longer than that, angles within \(ContainmentCheck.format(ConstraintCheck.angleSlop)) rad: twice Box2D v3's linear and angular slop (0.5 pt at 100 pt/m, 2°), within which its solver leaves joints, plus 1 % for a loaded joint's stretch; a rod 5 % too long fails."
        case .determinism, .treeShape, .removeAndReadd: "Exact: bit-identical traces (SPEC: same inputs, bit-identical states)."
        case .restore: "Exact: a restored run is bit-identical to the uninterrupted one (the snapshot holds the engine's whole state)."
        case .rest:
            "The scene must pause before the time a bouncing, sliding and damped item needs at the weakest material in the scene, plus 2 s for the rest detector and stacking."
        case .overrideOrder: "Exact: the rule is discrete."
        case .metamorphic:
            "Positions within \(MetamorphicCheck.relativeBound) of the scene's extent over \(MetamorphicCheck.horizon) s: a transformed scene differs only by round-off, which a stable, non-chaotic scene does not amplify that far."
        case .convergence:
            "The error at h/2 at most \(ConvergenceCheck.growthBound)× the error at h against a run at h/16: a convergent method halves it or better, and the reference's own error is at most a sixteenth of the error at h."
        }
    }
}

/// One broken invariant in one run.
public struct Violation: Codable, Equatable, Sendable {
    /// The invariant.
    public var invariant: Invariant
    /// What was seen, with numbers (time in seconds, lengths in points).
    public var detail: String
    /// The identifiers of the items (or groups) it is about, for its signature; empty when it is
    /// about the scene as a whole.
    public var items: [String]
    /// What broke, in a word or two (`rod`, `item-wall`, `item-item`, `held`), for its signature.
    public var subject: String?
    /// When it was first seen (seconds), when the check knows: what happened before it tells
    /// whether the scene was inside the engine's operating envelope.
    public var time: Double?
    /// Its signature, set by the checker that found it (see ``FailureSignature``).
    public var signature: FailureSignature?

    /// Creates a violation.
    public init(_ invariant: Invariant, _ detail: String, items: [String] = [], subject: String? = nil, time: Double? = nil) {
        self.invariant = invariant
        self.detail = detail
        self.items = items
        self.subject = subject
        self.time = time
    }

    private enum CodingKeys: String, CodingKey { case invariant, detail, items, subject, time, signature }

    /// Decodes a violation; records written before items and subjects were kept have none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        invariant = try container.decode(Invariant.self, forKey: .invariant)
        detail = try container.decode(String.self, forKey: .detail)
        items = try container.decodeIfPresent([String].self, forKey: .items) ?? []
        subject = try container.decodeIfPresent(String.self, forKey: .subject)
        time = try container.decodeIfPresent(Double.self, forKey: .time)
        signature = try container.decodeIfPresent(FailureSignature.self, forKey: .signature)
    }

    /// Encodes the violation, leaving out an empty item list and a missing subject.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(invariant, forKey: .invariant)
        try container.encode(detail, forKey: .detail)
        if !items.isEmpty { try container.encode(items, forKey: .items) }
        try container.encodeIfPresent(subject, forKey: .subject)
        try container.encodeIfPresent(time, forKey: .time)
        try container.encodeIfPresent(signature, forKey: .signature)
    }
}
