/// What a rigid joint row's velocity passes drive to zero (see
/// ``Joint/appendVelocityConditions(to:_:_:hasB:substep:)``).
struct VelocityCondition {
    /// The rate (pt/s; an angle row's rad/s).
    var rate: Double
    /// What puts `rate` in points per second: 1, or an angle row's extent (points).
    var weight: Double

    /// The rate in points per second.
    var weightedRate: Double { rate * weight }
}
