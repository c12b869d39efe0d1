/// An engine the harness can judge: it turns a scene into a recorded trace. This is the only way
/// the harness reaches an engine, so another engine can be put behind the same experiments.
public protocol SimulationEngine: Sendable {
    /// A short name for reports (e.g. "Dynamics"); a configuration of an engine adds it in
    /// parentheses ("Dynamics (rigid)"), so comparisons treat the two as versions of one engine
    /// (``EngineFamily``).
    var name: String { get }
    /// Settings that matter for judging results (e.g. the default sub-step), for run metadata.
    var settings: [String: String] { get }
    /// How the engine integrates, which decides the accuracy the experiments expect of it.
    var integrator: IntegrationScheme { get }
    /// Runs `scene` and records what it asks for.
    /// - Throws: ``SceneError`` for an invalid scene, or ``SimulationError`` if the engine
    ///   refused it at run time; ``UnsupportedFeatureError`` if it cannot express the scene.
    func run(_ scene: Scene) throws -> Trace
    /// What `scene` asks for that the engine cannot express, without running it (the engine's
    /// ``run(_:)`` throws ``UnsupportedFeatureError`` for it); `nil` when it can, and by default.
    /// The fuzzer uses it to check two engines on the same scenes.
    func unsupportedFeature(in scene: Scene) -> String?
    /// The bounds the engine promises to keep while it runs `scene`, which the speed-cap and
    /// motion invariants hold it to (none by default).
    func limits(for scene: Scene) -> EngineLimits
    /// The same engine recording only what a trace's samples need (no sub-step states), for
    /// checks that compare whole runs; itself by default.
    var recordingSamplesOnly: any SimulationEngine { get }
    /// Whether the engine pauses a run once everything rests, as UIKit Dynamics' animator does
    /// (``Trace`` samples then show it not running); true by default. An engine without an
    /// animator (Chipmunk, Box2D) never pauses, so the rest invariant, which asks when the run
    /// paused, does not apply to it.
    var pausesAtRest: Bool { get }
    /// Whether the engine can take a snapshot of its state and restore it
    /// (``run(_:restoringAfterFrame:)``); false by default.
    var restoresSnapshots: Bool { get }
    /// Runs `scene` interrupted after frame `frame`: its first `frame` frames as ``run(_:)``
    /// does (without sub-step states), then a snapshot of the engine's whole state, restored
    /// into a second instance built from the scene with the scene's operations before that frame
    /// applied, which runs the rest. The samples, contacts and properties join into one trace;
    /// an engine whose restore is exact gives ``run(_:)``'s samples bit for bit.
    /// - Throws: as ``run(_:)``; ``UnsupportedFeatureError`` if the engine cannot restore (the
    ///   default).
    func run(_ scene: Scene, restoringAfterFrame frame: Int) throws -> Trace
}

extension SimulationEngine {
    /// Nothing unsupported.
    public func unsupportedFeature(in scene: Scene) -> String? { nil }
    /// No promised bounds.
    public func limits(for scene: Scene) -> EngineLimits { EngineLimits() }
    /// Itself.
    public var recordingSamplesOnly: any SimulationEngine { self }
    /// No snapshots.
    public var restoresSnapshots: Bool { false }
    /// Pauses at rest.
    public var pausesAtRest: Bool { true }
    /// Throws ``UnsupportedFeatureError``.
    public func run(_ scene: Scene, restoringAfterFrame frame: Int) throws -> Trace {
        throw UnsupportedFeatureError("snapshot and restore")
    }
}

/// Bounds an engine documents and promises to keep, in the harness's units. `nil` where the
/// engine promises none.
public struct EngineLimits: Codable, Equatable, Sendable {
    /// No body is reported faster than this (pt/s).
    public var maximumLinearSpeed: Double?
    /// No body is reported turning faster than this (rad/s).
    public var maximumAngularSpeed: Double?
    /// The fastest the engine moves overlapping shapes apart without giving them that velocity
    /// (pt/s): Box2D v3's soft contacts push at most 3 m/s and its relax pass takes that velocity
    /// back. Motion beyond what the reported velocities explain is allowed up to this speed.
    public var maximumPushOutSpeed: Double?
    /// The relative rounding of one operation on the engine's state: 2⁻⁵³ for double precision
    /// (the default: this project's engine, Chipmunk), 2⁻²⁴ for single (Box2D). The invariants
    /// whose bound is a rounding floor (momentum, convergence) scale it with this.
    public var roundingUnit: Double

    /// Creates limits (pt/s, rad/s).
    public init(maximumLinearSpeed: Double? = nil, maximumAngularSpeed: Double? = nil, maximumPushOutSpeed: Double? = nil,
                roundingUnit: Double = 0x1p-53) {
        self.maximumLinearSpeed = maximumLinearSpeed
        self.maximumAngularSpeed = maximumAngularSpeed
        self.maximumPushOutSpeed = maximumPushOutSpeed
        self.roundingUnit = roundingUnit
    }
}

/// An engine refused a scene that passed validation, or produced a non-finite state.
public struct SimulationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What happened, naming the engine's own error.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// The engine cannot express something a scene asks for without approximating it (e.g. a field
/// behavior on an engine that has none). Experiments report the case as "not supported by this
/// engine" instead of failing it.
public struct UnsupportedFeatureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the scene asked for, e.g. "snap behaviors (at behaviors[2])".
    public var feature: String

    /// Creates an error naming `feature`.
    public init(_ feature: String) { self.feature = feature }

    /// "not supported by this engine: FEATURE".
    public var description: String { "not supported by this engine: \(feature)" }
}

/// How an engine integrates free motion. Tolerances belong to the engine under test: each
/// experiment states its expectations for each scheme, and reports which applied.
public enum IntegrationScheme: String, Codable, Sendable, CaseIterable {
    /// Constant forces, linear damping and isolated springs integrated exactly per sub-step (this
    /// project's engine): free motion is at the rounding floor.
    case exact = "exact for constant forces and linear damping"
    /// First-order semi-implicit (symplectic) Euler, `v ← v·d + a·h; x ← x + v·h` (Chipmunk, Box2D):
    /// free fall drifts by ½·a·h·t, springs keep energy bounded but shift their period by O((ωh)²).
    case semiImplicitEuler = "semi-implicit Euler (first order)"
    /// The same scheme as Box2D v3 runs it: `v ← v/(1 + h·c) + a·h; x ← x + v·h`, in 32-bit
    /// floats. The damping factor is the Padé (implicit Euler) approximation of `e^(−ch)`, which
    /// overshoots a forced terminal speed by `a·h` (not `½·a·h`), and every state number is rounded
    /// to 24 bits each sub-step (≈ 6e-8 relative), far above a double's rounding.
    case semiImplicitEulerFloat32 = "semi-implicit Euler (first order), 32-bit floats, damping 1/(1 + h·c)"

    /// Whether the scheme is first order (free motion drifts by O(h)): every scheme but ``exact``.
    public var isFirstOrder: Bool { self != .exact }
}
