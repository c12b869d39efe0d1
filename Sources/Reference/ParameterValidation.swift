/// Argument checks shared by the closed forms and the integrator; each throws a `ReferenceError`.
enum ParameterValidation {
    /// Throws `.nonFiniteInput` unless `value` is finite.
    static func finite(_ value: Double, _ name: String) throws(ReferenceError) {
        guard value.isFinite else { throw .nonFiniteInput(name: name) }
    }

    /// Throws `.nonFiniteInput` unless every component of `values` is finite.
    static func finite(_ values: [Double], _ name: String) throws(ReferenceError) {
        if let index = values.firstIndex(where: { !$0.isFinite }) {
            throw .nonFiniteInput(name: "\(name)[\(index)]")
        }
    }

    /// Throws `.nonFiniteInput` if `value` is not finite, else `.invalidParameter` unless `condition` holds.
    static func require(
        _ value: Double, _ name: String, _ requirement: String, _ condition: (Double) -> Bool
    ) throws(ReferenceError) {
        try finite(value, name)
        guard condition(value) else {
            throw .invalidParameter(name: name, value: value, requirement: requirement)
        }
    }
}
