/// The properties one ``DynamicItemBehavior`` sets explicitly; `nil` means "not set here", so an
/// earlier behavior's value (or the default) stands.
struct ItemPropertyOverrides: Equatable {
    var elasticity: Double?
    var friction: Double?
    var density: Double?
    var resistance: Double?
    var angularResistance: Double?
    var allowsRotation: Bool?
    var isAnchored: Bool?
    var charge: Double?

    /// Writes every explicitly set property into `properties` (the override rule: last write wins,
    /// property by property).
    func apply(to properties: inout ItemProperties) {
        if let elasticity { properties.elasticity = elasticity }
        if let friction { properties.friction = friction }
        if let density { properties.density = density }
        if let resistance { properties.resistance = resistance }
        if let angularResistance { properties.angularResistance = angularResistance }
        if let allowsRotation { properties.allowsRotation = allowsRotation }
        if let isAnchored { properties.isAnchored = isAnchored }
        if let charge { properties.charge = charge }
    }

    /// Throws if a set value is outside its allowed range.
    func validate() throws(DynamicsError) {
        func check(_ value: Double?, _ name: String, _ isValid: (Double) -> Bool) throws(DynamicsError) {
            if let value, !(value.isFinite && isValid(value)) {
                throw .invalidParameter(behavior: "DynamicItemBehavior", parameter: name, value: value)
            }
        }
        try check(elasticity, "elasticity") { (0...1).contains($0) }
        try check(friction, "friction") { $0 >= 0 }
        try check(density, "density") { $0 > 0 }
        try check(resistance, "resistance") { $0 >= 0 }
        try check(angularResistance, "angularResistance") { $0 >= 0 }
        try check(charge, "charge") { _ in true }
    }
}
