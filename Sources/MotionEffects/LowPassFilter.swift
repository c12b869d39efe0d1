import Foundation

/// A first-order low-pass filter `τ·dy/dt = u − y`, advanced exactly for a held (constant) input.
///
/// Advancing by `Δt` seconds with input `u` held constant sets `y += (u − y) × (1 − e^(−Δt/τ))`,
/// which is the exact solution of the continuous filter over that interval; hence for
/// piecewise-constant input the output equals the continuous filter's at every step, and splitting
/// an interval into sub-steps gives the same result (up to rounding). `τ = 0` passes the input through.
public struct LowPassFilter: Hashable, Sendable {
    /// Time constant τ, in seconds (≥ 0).
    public let timeConstant: Double
    /// Current output y, in the units of the input.
    public private(set) var output: Double

    /// Creates a filter with time constant `timeConstant` seconds, at rest at `initialOutput`.
    /// - Throws: ``TiltSensorError/invalidParameter(name:reason:)`` if τ is negative or not finite,
    ///   or the initial output is not finite.
    public init(timeConstant: Double, initialOutput: Double = 0) throws(TiltSensorError) {
        guard timeConstant.isFinite, timeConstant >= 0 else {
            throw .invalidParameter(name: "timeConstant", reason: "must be finite and ≥ 0")
        }
        guard initialOutput.isFinite else { throw .invalidParameter(name: "initialOutput", reason: "must be finite") }
        self.timeConstant = timeConstant
        output = initialOutput
    }

    /// Advances the filter by `dt` seconds (≥ 0) with `input` held constant; returns the new output.
    /// With `τ = 0` the output becomes `input` immediately.
    /// - Throws: ``TiltSensorError/invalidParameter(name:reason:)`` for a non-finite input or a
    ///   negative or non-finite `dt`; the filter is then unchanged.
    @discardableResult
    public mutating func advance(heldInput input: Double, by dt: Double) throws(TiltSensorError) -> Double {
        guard input.isFinite else { throw .invalidParameter(name: "heldInput", reason: "must be finite") }
        guard dt.isFinite, dt >= 0 else { throw .invalidParameter(name: "dt", reason: "must be finite and ≥ 0") }
        return advance(validatedInput: input, by: dt)
    }

    /// ``advance(heldInput:by:)`` for inputs the caller has already validated.
    @discardableResult
    mutating func advance(validatedInput input: Double, by dt: Double) -> Double {
        if timeConstant == 0 {
            output = input
        } else if dt > 0 {
            output += (input - output) * -expm1(-dt / timeConstant)
        }
        return output
    }

    /// Internal initialiser for parameters already validated.
    init(validatedTimeConstant: Double, initialOutput: Double) {
        timeConstant = validatedTimeConstant
        output = initialOutput
    }
}
