@testable import Dynamics
import Testing

/// What `field` alone does to an item at `position` (points) with the given velocity (pt/s),
/// mass, charge and time (s), through the compiled evaluator the step loop uses.
func fieldEffect(_ field: FieldBehavior, at position: Point, velocity: Vector = .zero, mass: Double = 1,
                 charge: Double = 0, time: Double = 0) throws -> FieldEffect {
    try field.compiled().effect(ofField: 0, on: FieldSample(position: position, velocity: velocity, mass: mass,
                                                           charge: charge, time: time))
}

/// Expects `effect` to be a force (a drag's at the instant counts) within `relative` of `expected` (relative to max(|expected|, 1)).
///
/// The default 1e-12 is far above the few roundings by which the engine's arithmetic (division by
/// 100, a square root, `pow`) can differ from the hand computation (~1e-16 each), and far below
/// any error in a force law, which would be of order 1.
func expectForce(_ effect: FieldEffect, _ expected: Vector, relative: Double = 1e-12,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let force: Vector
    switch effect {
    case .force(let value), .drag(let value, _): force = value
    case .none, .setVelocity:
        Issue.record("expected a force \(expected), got \(effect)", sourceLocation: sourceLocation)
        return
    }
    let tolerance = relative * max(expected.length, 1)
    #expect((force - expected).length <= tolerance, "force \(force) differs from \(expected)",
            sourceLocation: sourceLocation)
}

