/// SPEC's unit conventions, as the harness's references use them (written from SPEC, not taken
/// from an engine).
public enum SceneUnits {
    /// Gravity magnitude 1.0 is this acceleration (pt/s²).
    public static let pointsPerSecondSquaredPerGravity = 1000.0
    /// A force F accelerates an item of mass m by this·F/m pt/s²; an impulse J changes its
    /// velocity by this·J/m pt/s.
    public static let pointsPerForceUnit = 100.0
    /// Inside a field, lengths are metres of this many points and velocities m/s of this many pt/s.
    public static let pointsPerMetre = 100.0
}
