import Foundation

/// What kind of failure a violation is, so that failures are triaged by class rather than by
/// invariant alone: the invariant, what broke (``Violation/subject``), the kinds of shapes,
/// joints and fields involved, whether the scene was inside the engine's operating envelope
/// (``OperatingEnvelope``) and the decade of the mass ratio among the bodies involved.
///
/// Its ``slug`` names it in file names and in the known list: `embedded.item-wall.box.inside.m0`
/// is a rectangle embedded in the reference bounds, inside the envelope, masses within a factor
/// of 10.
public struct FailureSignature: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The invariant broken.
    public var invariant: Invariant
    /// What broke (`item-wall`, `rod`, `held`, …), or `scene` for a failure of the whole run.
    public var subject: String
    /// The shapes (`box`, `round`, `polygon`, `group`), joints (`rod`, `rope`, `spring`,
    /// `weld`, `pin`, `slider`, `snap`), fields (their kinds) and pushes involved, sorted.
    public var kinds: [String]
    /// Whether the run was inside the operating envelope before it failed.
    public var insideEnvelope: Bool
    /// ⌊log₁₀⌋ of the largest mass ratio among the bodies involved and those they touch or are
    /// joined to (0 for masses within a factor of 10), at most ``largestMassDecade``.
    public var massDecade: Int

    /// Mass ratios of 10⁵ and more are one class: far outside the envelope's 10⁴.
    public static let largestMassDecade = 5

    /// Creates a signature.
    public init(invariant: Invariant, subject: String, kinds: [String], insideEnvelope: Bool, massDecade: Int) {
        self.invariant = invariant
        self.subject = subject
        self.kinds = Array(Set(kinds)).sorted()
        self.insideEnvelope = insideEnvelope
        self.massDecade = massDecade
    }

    /// The signature's name: `invariant.subject.kinds.inside|outside.mN`, kinds joined by `+`
    /// (`plain` when none); only letters, digits, `-`, `+` and `.`.
    public var slug: String {
        [invariant.rawValue, subject, kinds.isEmpty ? "plain" : kinds.joined(separator: "+"),
         insideEnvelope ? "inside" : "outside", "m\(massDecade)"].joined(separator: ".")
    }

    /// Reads a slug back; `nil` if it is not one.
    public init?(slug: String) {
        let parts = slug.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, let invariant = Invariant(rawValue: parts[0]), parts[3] == "inside" || parts[3] == "outside",
              parts[4].hasPrefix("m"), let decade = Int(parts[4].dropFirst()) else { return nil }
        self.init(invariant: invariant, subject: parts[1], kinds: parts[2] == "plain" ? [] : parts[2].split(separator: "+").map(String.init),
                  insideEnvelope: parts[3] == "inside", massDecade: decade)
    }

    public var description: String { slug }

    /// Inside the envelope first, then by invariant, then by slug.
    public static func < (a: FailureSignature, b: FailureSignature) -> Bool {
        (a.insideEnvelope ? 0 : 1, a.invariant, a.slug) < (b.insideEnvelope ? 0 : 1, b.invariant, b.slug)
    }

    /// The signature of `violation` in a run of `scene` (with its trace, when there is one).
    public static func of(_ violation: Violation, in scene: Scene, trace: Trace?, envelope: OperatingEnvelope = .standard) -> FailureSignature {
        SignatureReading(scene, trace: trace, envelope: envelope).signature(of: violation)
    }
}

/// One run read once for the signatures of its failures (``FailureSignature``).
struct SignatureReading {
    private let scene: Scene
    private let mechanics: SceneMechanics
    private let envelope: EnvelopeReading
    /// The joints, fields, pushes and snaps naming each body, as signature kinds.
    private let kindsByBody: [String: Set<String>]
    /// Every such kind in the scene, for failures of the whole run.
    private let sceneKinds: Set<String>
    private let interactions: Interactions

    init(_ scene: Scene, trace: Trace?, envelope: OperatingEnvelope, shapes: SceneShapes? = nil, mechanics: SceneMechanics? = nil) {
        self.scene = scene
        let mechanics = mechanics ?? SceneMechanics(scene)
        self.mechanics = mechanics
        let interactions = Interactions(scene, mechanics: mechanics)
        self.interactions = interactions
        self.envelope = EnvelopeReading(scene, trace: trace, envelope: envelope, shapes: shapes, mechanics: mechanics, interactions: interactions)
        var kindsByBody: [String: Set<String>] = [:], sceneKinds: Set<String> = []
        for life in SceneHistory(scene).lives {
            let named: [String], kind: String
            switch life.behavior.kind {
            case .attachment(let spec):
                named = spec.itemIDs
                kind = spec.attachmentKind == .distance && spec.frequency > 0 ? "spring" : ConstraintCheck.jointName(spec)
            case .snap(let spec): (named, kind) = ([spec.item], "snap")
            case .field(let spec): (named, kind) = (spec.items, spec.fieldKind.rawValue)
            case .push(let spec): (named, kind) = (spec.items, "push")
            default: continue
            }
            sceneKinds.insert(kind)
            for body in named { kindsByBody[body, default: []].insert(kind) }
        }
        self.kindsByBody = kindsByBody
        self.sceneKinds = sceneKinds
    }

    /// Shapes as the signature names them: a rectangle is a box, an ellipse round, a path a polygon.
    static func shapeName(_ shape: SceneShape) -> String {
        switch shape {
        case .rectangle: "box"
        case .ellipse: "round"
        case .path: "polygon"
        }
    }

    func signature(of violation: Violation) -> FailureSignature {
        let involved = scene.items.indices.filter { index in
            violation.items.contains(scene.items[index].id) || violation.items.contains(mechanics.items[index].body)
        }
        let bodies = violation.items.isEmpty ? nil : Set(involved.map { mechanics.items[$0].body })
        let acting = bodies.map { $0.reduce(into: Set<String>()) { $0.formUnion(kindsByBody[$1] ?? []) } } ?? sceneKinds
        let ratio = interactions.largestMassRatio(among: bodies)
        return FailureSignature(
            invariant: violation.invariant, subject: violation.subject ?? "scene",
            kinds: Self.kinds(for: violation.invariant, acting: acting,
                              shapes: involved.map { mechanics.items[$0].body == scene.items[$0].id ? Self.shapeName(scene.items[$0].shape) : "group" }),
            insideEnvelope: envelope.excursions(before: violation.time).isEmpty,
            massDecade: Int(min(Double(FailureSignature.largestMassDecade), max(0, log10(max(ratio, 1)).rounded(.down)))))
    }

    /// The kinds that tell one class of `invariant`'s failures from another, of those `acting` on
    /// the bodies involved and their `shapes`: for failures of contact the shapes and whether a
    /// rigid joint holds them (`jointed`: a joint and a contact can demand opposite things); for
    /// speed and the rest whether a rigid joint, a spring or snap (`sprung`), a field or a push
    /// drives them; for energy the field kinds themselves (drag and magnetic add none, potentials
    /// do). The constraints' subject names the joint already. Coarse on purpose: one cause (a
    /// solver's handling of contacts) shows with any joint, field or spring nearby, and naming
    /// each would split it into as many signatures.
    static func kinds(for invariant: Invariant, acting: Set<String>, shapes: [String]) -> [String] {
        let rigid: Set<String> = ["rod", "rope", "weld", "pin", "slider"], sprung: Set<String> = ["spring", "snap"]
        let holds = (acting.isDisjoint(with: rigid) ? [] : ["jointed"]) + (acting.isDisjoint(with: sprung) ? [] : ["sprung"])
        let fields = acting.subtracting(rigid).subtracting(sprung).subtracting(["push"])
        let field = fields.isEmpty ? [] : ["field"], push = acting.contains("push") ? ["push"] : []
        switch invariant {
        case .constraints: return []
        case .embedded, .itemTunnelling, .tunnelling, .containment, .motion: return shapes + (acting.isDisjoint(with: rigid) ? [] : ["jointed"])
        case .energy: return holds + fields.sorted() + push
        case .speed, .finite, .runs, .crash, .hang: return holds + field + push
        default: return []
        }
    }
}
