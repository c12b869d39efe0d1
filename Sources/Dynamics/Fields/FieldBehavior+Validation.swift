extension FieldBehavior {
    /// Throws unless every parameter is usable: finite ``position``, ``strength``, ``falloff`` and
    /// ``direction``; ``minimumRadius`` finite and ≥ 0; ``smoothness`` in [0, 1];
    /// ``animationSpeed`` finite and ≥ 0; a valid ``region`` (``FieldRegion/validate()``).
    /// Parameters a kind does not use are checked too, since they may be read later.
    ///
    /// - Throws: ``DynamicsError/invalidParameter(behavior:parameter:value:)`` with `behavior`
    ///   "FieldBehavior", the parameter's name ("position.x", "strength", "smoothness",
    ///   "region.radius", ...) and the offending value.
    public func validate() throws(DynamicsError) {
        try Self.require(position.x.isFinite, "position.x", position.x)
        try Self.require(position.y.isFinite, "position.y", position.y)
        try Self.require(strength.isFinite, "strength", strength)
        try Self.require(falloff.isFinite, "falloff", falloff)
        try Self.require(minimumRadius.isFinite && minimumRadius >= 0, "minimumRadius", minimumRadius)
        try Self.require(direction.dx.isFinite, "direction.dx", direction.dx)
        try Self.require(direction.dy.isFinite, "direction.dy", direction.dy)
        try Self.require(smoothness >= 0 && smoothness <= 1, "smoothness", smoothness)
        try Self.require(animationSpeed.isFinite && animationSpeed >= 0, "animationSpeed", animationSpeed)
        try region.validate()
    }

    /// Throws the animator's field-count error when `count` exceeds
    /// ``maximumFieldsPerAnimator``.
    static func checkFieldCount(_ count: Int) throws(DynamicsError) {
        guard count <= maximumFieldsPerAnimator else { throw fieldCountError(count) }
    }

    /// The error for an animator that would hold `count` (> 32) fields.
    static func fieldCountError(_ count: Int) -> DynamicsError {
        .tooManyFields(count: count)
    }

    /// This field alone, compiled and validated (index 0 of the returned set); for tests and
    /// one-off evaluation.
    func compiled() throws(DynamicsError) -> CompiledFieldSet {
        var set = CompiledFieldSet()
        try set.append(self)
        return set
    }

    private static func require(_ condition: Bool, _ parameter: String, _ value: Double) throws(DynamicsError) {
        guard condition else { throw .invalidParameter(behavior: "FieldBehavior", parameter: parameter, value: value) }
    }
}
