/// The physical properties of one item, as resolved from the item behaviors that name it.
///
/// The defaults are the values of an item that no ``DynamicItemBehavior`` names (SPEC.md).
public struct ItemProperties: Equatable, Sendable, Codable {
    /// Restitution of collisions in [0, 1] (0 = no bounce, 1 = elastic).
    public var elasticity: Double = 0.2
    /// Coulomb friction coefficient, ≥ 0.
    public var friction: Double = 0.2
    /// Mass per area, > 0: mass = density × area / 10 000 (a 100×100 item of density 1 has mass 1).
    public var density: Double = 1
    /// Linear damping rate c in 1/s, ≥ 0: `dv/dt = −c·v`.
    public var resistance: Double = 0.1
    /// Angular damping rate in 1/s, ≥ 0: `dω/dt = −c·ω`.
    public var angularResistance: Double = 0.1
    /// Whether the item may rotate.
    public var allowsRotation: Bool = true
    /// Whether the item is fixed in place (it still collides).
    public var isAnchored: Bool = false
    /// Electric charge, used by electric and magnetic fields.
    public var charge: Double = 0

    /// The defaults of SPEC.md.
    public init() {}

    /// The properties of an item no item behavior names.
    public static let defaults = ItemProperties()
}
