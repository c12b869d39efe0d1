import Foundation
import Testing
import Reference

@Suite("ElasticPendulum: a mass on a spring swinging under gravity")
struct ElasticPendulumTests {
    static let restLength = 100.0, stiffness = 400.0, gravity = 1000.0  // ω = 20 rad/s; sag g/k = 2.5 pt
    static let equilibriumLength = restLength + gravity / stiffness

    @Test("energy is conserved along the ODE solution")
    func energyConservation() throws {
        let pendulum = try ElasticPendulum(
            restLength: Self.restLength, stiffness: Self.stiffness, gravity: Self.gravity,
            initialPosition: [60, 90], initialVelocity: [-40, 25])
        let states = try pendulum.states(at: TestSupport.sampleTimes(upTo: 10, count: 200), using: TestSupport.tightIntegrator())
        let initial = try pendulum.energy(of: pendulum.initialState)
        // Relative to the sum of the energy terms' magnitudes, because the total (with −g·y)
        // can be near zero. rk8pd at 1e-13 per step drifts ~3e-14 of it over 10 s; 1e-9 is the
        // harness's reference accuracy.
        let s = pendulum.initialState
        let r = (s[0] * s[0] + s[1] * s[1]).squareRoot()
        let scale = 0.5 * (s[2] * s[2] + s[3] * s[3]) + 0.5 * Self.stiffness * pow(r - Self.restLength, 2) + abs(Self.gravity * s[1])
        for state in states {
            #expect(abs(try pendulum.energy(of: state) - initial) <= 1e-9 * scale)
        }
    }

    @Test("a pure vertical bounce is the undamped oscillator about the stretched equilibrium")
    func verticalBounce() throws {
        let amplitude = 7.0, velocity = -30.0
        let pendulum = try ElasticPendulum(
            restLength: Self.restLength, stiffness: Self.stiffness, gravity: Self.gravity,
            initialPosition: [0, Self.equilibriumLength + amplitude], initialVelocity: [0, velocity])
        let oscillator = try DampedOscillator(
            naturalFrequency: Self.stiffness.squareRoot() / (2 * .pi), dampingRatio: 0,
            initialDisplacement: amplitude, initialVelocity: velocity)
        let times = TestSupport.sampleTimes(upTo: 5, count: 100)
        let states = try pendulum.states(at: times, using: TestSupport.tightIntegrator())
        // On the vertical axis the spring force is exactly linear, so the match is exact up to
        // integration error (~1e-12); 1e-9 of the amplitude is the reference accuracy.
        let scale = (amplitude * amplitude + velocity * velocity / Self.stiffness).squareRoot()
        #expect(TestSupport.maximumRelativeDeviation(states.map { $0[1] - pendulum.equilibriumLength },
                                                     times.map(oscillator.displacement), scale: scale) <= 1e-9)
        #expect(states.allSatisfy { $0[0] == 0 && $0[2] == 0 })
    }

    @Test("a small sideways swing has the simple-pendulum period 2π√(ℓ/g), ℓ = L + g/k")
    func smallSwing() throws {
        let length = Self.equilibriumLength, offset = 1e-3 * length
        let pendulum = try ElasticPendulum(
            restLength: Self.restLength, stiffness: Self.stiffness, gravity: Self.gravity,
            initialPosition: [offset, (length * length - offset * offset).squareRoot()])
        let expected = 2 * Double.pi * (length / Self.gravity).squareRoot()
        let grid = TestSupport.sampleTimes(upTo: 2.2 * expected, count: 440)
        let xs = try pendulum.states(at: grid).map { $0[0] }
        var crossings: [Double] = []
        for index in 1..<grid.count where (xs[index - 1] > 0) != (xs[index] > 0) {
            // Linear interpolation: the swing is smooth on this grid (T/200), error ≪ 1e-6 T.
            let fraction = xs[index - 1] / (xs[index - 1] - xs[index])
            crossings.append(grid[index - 1] + fraction * (grid[index] - grid[index - 1]))
        }
        try #require(crossings.count >= 4)
        let measured = crossings[3] - crossings[1]  // two half-swings: one full period
        // Amplitude 1e-3 rad shifts the period by ~θ0²/16 ≈ 6e-8 and the grid interpolation
        // adds ≲ 1e-6; a wrong length or gravity sign would be off by ≥ 1e-2. Tolerance 1e-5.
        #expect(abs(measured - expected) <= 1e-5 * expected)
    }

    @Test("invalid inputs are rejected")
    func invalidInputs() throws {
        #expect(throws: ReferenceError.self) {
            try ElasticPendulum(restLength: 100, stiffness: 400, gravity: 1000, initialPosition: .zero)
        }
        #expect(throws: ReferenceError.self) {
            try ElasticPendulum(restLength: 100, stiffness: 0, gravity: 1000, initialPosition: [0, 1])
        }
        #expect(throws: ReferenceError.nonFiniteInput(name: "initialVelocity.y")) {
            try ElasticPendulum(restLength: 100, stiffness: 1, gravity: 1000, initialPosition: [0, 1], initialVelocity: [0, .nan])
        }
        let pendulum = try ElasticPendulum(restLength: 100, stiffness: 400, gravity: 1000, initialPosition: [0, 110])
        #expect(throws: ReferenceError.dimensionMismatch(expected: 4, actual: 2)) { try pendulum.energy(of: [0, 1]) }
    }
}
