import Foundation

/// A smooth, seeded, deterministic 2-D vector noise `n(p, t)`, written for the noise and
/// turbulence fields.
///
/// Construction: value noise on the integer lattice of (x, y, t). Each lattice point gets two
/// pseudo-random values in [−1, 1), one per component, from a SplitMix64-style hash of
/// (ix, iy, it, seed); between lattice points the values are blended with the quintic fade
/// `6u⁵ − 15u⁴ + 10u³` along each axis (trilinear in the faded coordinates). Hence:
/// - each component lies in [−1, 1] (a convex combination of lattice values);
/// - the noise is C² in space and time;
/// - it is Lipschitz: the fade's slope is at most 15/8 and neighbouring lattice values differ by
///   at most 2, so each component changes by at most `15/4` per lattice cell along each axis, i.e.
///   `|Δn_i| ≤ 3.75·cellsPerMetre·(|Δx| + |Δy|)` in space (metres) and
///   `|Δn_i| ≤ 3.75·cellsPerSecond·|Δt|` in time;
/// - the same seed gives bit-identical values (no global state, no system randomness).
///
/// Spatial frequency: `cellsPerMetre = 2·16^(−smoothness)`: a lattice cell of 50 pt at smoothness
/// 0, 800 pt (about a screen) at smoothness 1. Time frequency: `animationSpeed` cells per second,
/// so the pattern is frozen at 0 and renews itself about `animationSpeed` times a second.
struct FieldNoise: Equatable {
    /// Lattice cells per metre at smoothness 0 (a cell of 50 pt).
    static let highestCellsPerMetre = 2.0
    /// Ratio of the highest to the lowest spatial frequency (smoothness 0 vs 1).
    static let frequencyRange = 16.0
    /// Coordinates are clamped to ±2⁶² lattice cells before conversion to integers, so huge
    /// (but finite) inputs never trap; beyond 2⁵² cells the noise is constant per cell anyway.
    private static let coordinateLimit = 0x1p62

    /// The seed that selects the pattern.
    var seed: UInt64
    /// Spatial lattice frequency (cells per metre).
    var cellsPerMetre: Double
    /// Temporal lattice frequency (cells per second, = animationSpeed in Hz).
    var cellsPerSecond: Double

    /// Creates the noise for `smoothness` in [0, 1] and `animationSpeed` ≥ 0 (Hz).
    init(seed: UInt64, smoothness: Double, animationSpeed: Double) {
        self.seed = seed
        self.cellsPerMetre = Self.highestCellsPerMetre * pow(Self.frequencyRange, -smoothness)
        self.cellsPerSecond = animationSpeed
    }

    /// The noise vector at `offset` (metres) and `time` (seconds); each component in [−1, 1].
    func value(at offset: Vector, time: Double) -> Vector {
        Self.lattice(x: offset.dx * cellsPerMetre, y: offset.dy * cellsPerMetre,
                     t: time * cellsPerSecond, seed: seed)
    }

    /// Value noise at lattice coordinates (x, y, t).
    static func lattice(x: Double, y: Double, t: Double, seed: UInt64) -> Vector {
        let (ix, fx) = split(x), (iy, fy) = split(y), (it, ft) = split(t)
        let ux = fade(fx), uy = fade(fy), ut = fade(ft)
        let early = layer(ix, iy, it, ux, uy, seed)
        // A frozen pattern (t on a lattice plane, e.g. animationSpeed 0) needs one layer only.
        guard ut != 0 else { return early }
        let late = layer(ix, iy, it &+ 1, ux, uy, seed)
        return early + (late - early) * ut
    }

    /// Bilinear blend, in faded coordinates, of the four lattice values of time layer `it`.
    @inline(__always)
    private static func layer(_ ix: Int64, _ iy: Int64, _ it: Int64, _ ux: Double, _ uy: Double,
                              _ seed: UInt64) -> Vector {
        let v00 = corner(ix, iy, it, seed), v10 = corner(ix &+ 1, iy, it, seed)
        let v01 = corner(ix, iy &+ 1, it, seed), v11 = corner(ix &+ 1, iy &+ 1, it, seed)
        let top = v00 + (v10 - v00) * ux
        let bottom = v01 + (v11 - v01) * ux
        return top + (bottom - top) * uy
    }

    /// The two pseudo-random components in [−1, 1) of lattice point (ix, iy, it).
    @inline(__always)
    static func corner(_ ix: Int64, _ iy: Int64, _ it: Int64, _ seed: UInt64) -> Vector {
        let h = hash(ix, iy, it, seed)
        let scale = 0x1p-31
        return Vector(dx: Double(UInt32(truncatingIfNeeded: h >> 32)) * scale - 1,
                      dy: Double(UInt32(truncatingIfNeeded: h)) * scale - 1)
    }

    /// A 64-bit hash of a lattice point and seed: SplitMix64's finaliser applied after folding in
    /// each coordinate.
    @inline(__always)
    static func hash(_ ix: Int64, _ iy: Int64, _ it: Int64, _ seed: UInt64) -> UInt64 {
        var h = mix(seed &+ golden)
        h = mix((h ^ UInt64(bitPattern: ix)) &+ golden)
        h = mix((h ^ UInt64(bitPattern: iy)) &+ golden)
        h = mix((h ^ UInt64(bitPattern: it)) &+ golden)
        return h
    }

    private static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The quintic fade `6u⁵ − 15u⁴ + 10u³` (0 at 0, 1 at 1, first and second derivatives 0 at
    /// both ends; slope at most 15/8).
    @inline(__always)
    static func fade(_ u: Double) -> Double {
        u * u * u * (u * (u * 6 - 15) + 10)
    }

    /// The lattice cell and the fraction within it; a non-finite coordinate counts as 0.
    @inline(__always)
    private static func split(_ value: Double) -> (Int64, Double) {
        guard value.isFinite else { return (0, 0) }
        let cell = value.rounded(.down)
        let fraction = value - cell
        let clamped = Swift.min(Swift.max(cell, -coordinateLimit), coordinateLimit)
        return (Int64(clamped), fraction)
    }
}
