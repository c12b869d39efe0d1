/// What one field does to one item at one instant.
///
/// Every kind but `velocity` produces a force; the velocity field instead *sets* the item's
/// velocity, which no force can express, so it has its own case. Outside the field's region, on
/// the field's singular point, or where the law overflows to a non-finite value, the effect is
/// ``none`` (so no NaN or infinity ever reaches the world).
enum FieldEffect: Equatable {
    /// No influence.
    case none
    /// A force in UIKit newtons (acceleration `100·F/m` pt/s²).
    case force(Vector)
    /// Replace the item's velocity by this one (pt/s).
    case setVelocity(Vector)
    /// A drag force in UIKit newtons, `−k·u`, with its coefficient `k = S·fall·|u|` (newtons per
    /// m/s, > 0) at the instant: the step integrates drag implicitly (``DragStep``), not as a
    /// force held over the sub-step.
    case drag(force: Vector, coefficient: Double)

    /// The force (a drag's at the instant), or zero for the other cases.
    var force: Vector {
        switch self {
        case .force(let value), .drag(let value, _): value
        case .none, .setVelocity: .zero
        }
    }
}

/// The combined effect of several fields on one item: the summed force and, if any velocity
/// field contains the item, the velocity it sets (the last such field in pre-order wins, as for
/// every other override in the engine).
struct FieldResponse: Equatable {
    /// Sum of the fields' forces but drag's (UIKit newtons).
    var force: Vector = .zero
    /// The velocity to impose (pt/s), if a velocity field contains the item.
    var velocityOverride: Vector?
    /// Whether a force in the sum changes with the item's position (``CompiledField/dependsOnPosition``).
    var dependsOnPosition = false
    /// The drag fields that contain the item: ``DragStep`` integrates them, not the sum.
    var dragFields: FieldMask = 0
}
