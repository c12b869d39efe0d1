@testable import Dynamics
import Foundation
import PropertyBased
import Testing

/// ``DragStep``: drag fields over one sub-step.
@Suite struct DragStepTests {
    /// The drag fields' terms for ``DragStep`` as the animator reads them.
    static func terms(_ set: CompiledFieldSet, at position: Point = .zero) -> ((DragTerm) -> Void) -> Void {
        { body in set.forEachDragTerm(in: set.allFields, at: position, body) }
    }

    /// `G(v₁)` of the step's equation, written out here apart from the engine's code:
    /// `v₁ − v* + Σ βᵢ·max(|v₀ − Dᵢ|, |v₁ − Dᵢ|)·(v₁ − Dᵢ)`, `βᵢ = h·cᵢ/(100·m)`.
    static func residual(_ v1: Vector, kicked: Vector, start: Vector, winds: [Vector], coefficients: [Double],
                         mass: Double, h: Double) -> (residual: Vector, scale: Double) {
        // `scale` bounds what rounding leaves in G: the sizes of its terms, plus |J|·|v₁|, since
        // the nearest double to the solution is off by up to an ulp of |v₁| and G's Jacobian J
        // (norm at most 1 + Σ 2·βᵢ·max(…)) magnifies that.
        var g = v1 - kicked, scale = v1.length + kicked.length, jacobian = 1.0
        for (wind, c) in zip(winds, coefficients) {
            let fluid = wind * 100, w = v1 - fluid, beta = h * c / (100 * mass)
            let speed = max(w.length, (start - fluid).length)
            let term = w * (beta * speed)
            g += term
            scale += term.length + fluid.length
            jacobian += 2 * beta * speed
        }
        return (g, scale + jacobian * v1.length)
    }

    /// Over any sub-step, from any velocity, with or without another force's kick, one to four
    /// drag fields in one wind or in several, from weak to stiff past 1e6 per sub-step: the
    /// result solves the step's equation, and ends between the kicked velocity and the fluids
    /// (inside their bounding box), never past them.
    @Test func theStepSolvesItsEquationAndNeverPassesTheFluids() async throws {
        let speed = Gen.double(in: -20_000...20_000)
        await propertyCheck(input: speed, speed, speed, speed, Gen.double(in: -4...1), Gen.double(in: -2...8),
                            Gen.int(in: 1...8), Gen.int(in: 1...4), Gen.bool) {
            vx, vy, kx, ky, logMass, logStrength, substepsPerFrame, fieldCount, oneWind in
            var set = CompiledFieldSet()
            let allWinds = [Vector(dx: 0.5, dy: -1), Vector(dx: -2, dy: 0), Vector(dx: 0, dy: 3), Vector(dx: 1, dy: 1)]
            let winds = oneWind ? Array(repeating: allWinds[0], count: fieldCount) : Array(allWinds.prefix(fieldCount))
            let coefficients = (0..<fieldCount).map { pow(10, logStrength) * Double($0 + 1) }
            for (wind, c) in zip(winds, coefficients) {
                let field = try FieldBehavior(kind: .drag(direction: wind))
                field.strength = c
                try set.append(field)
            }
            let mass = pow(10, logMass), h = 1 / (60 * Double(substepsPerFrame))
            let start = Vector(dx: vx, dy: vy), kicked = start + Vector(dx: kx, dy: ky) * 0.01
            let v1 = DragStep.velocity(kicked, startVelocity: start, inverseMass: 1 / mass, over: h, terms: Self.terms(set))
            let (g, scale) = Self.residual(v1, kicked: kicked, start: start, winds: winds, coefficients: coefficients,
                                           mass: mass, h: h)
            // Newton stops within a few roundings (~1e-16 relative each) of that scale; the
            // closed form is a few operations.
            #expect(g.length <= 1e-11 * scale, "G(v₁) = \(g) at \(v1)")
            let corners = [kicked] + winds.map { $0 * 100 }
            let slack = 1e-12 * scale
            #expect(v1.dx >= corners.map(\.dx).min()! - slack && v1.dx <= corners.map(\.dx).max()! + slack)
            #expect(v1.dy >= corners.map(\.dy).min()! - slack && v1.dy <= corners.map(\.dy).max()! + slack)
            if oneWind {
                // Along the kicked relative velocity, shorter, never reversed.
                let fluid = winds[0] * 100, before = kicked - fluid, after = v1 - fluid
                #expect(after.dot(before) >= -slack * before.length && after.length <= before.length + slack)
                #expect(abs(after.cross(before)) <= slack * before.length)
            }
        }
    }

    /// Drag alone (no kick) slows the item exactly as quadratic drag does over `h`,
    /// `w₀/(1 + κ·|w₀|·h)`, `κ = c/(100·m)`.
    @Test func dragAloneIsTheExactDecay() async throws {
        let speed = Gen.double(in: -100_000...100_000)
        await propertyCheck(input: speed, speed, Gen.double(in: -4...1), Gen.double(in: -2...6), Gen.int(in: 1...8),
                            Gen.int(in: 1...3)) { vx, vy, logMass, logStrength, substepsPerFrame, fieldCount in
            var set = CompiledFieldSet()
            let wind = Vector(dx: 1, dy: -0.5)
            for _ in 0..<fieldCount {
                let field = try FieldBehavior(kind: .drag(direction: wind))
                field.strength = pow(10, logStrength)
                try set.append(field)
            }
            let mass = pow(10, logMass), h = 1 / (60 * Double(substepsPerFrame)), v0 = Vector(dx: vx, dy: vy)
            let v1 = DragStep.velocity(v0, startVelocity: v0, inverseMass: 1 / mass, over: h, terms: Self.terms(set))
            let w0 = v0 - wind * 100
            let exact = wind * 100 + w0 / (1 + Double(fieldCount) * pow(10, logStrength) / (100 * mass) * w0.length * h)
            // A few roundings on values up to |v₀| + |D| (~1e-16 relative each).
            #expect((v1 - exact).length <= 1e-12 * (v0.length + 200), "\(v1) against \(exact)")
        }
    }

    /// Under a constant force `a`, sub-step after sub-step, the velocity settles at the true
    /// terminal velocity `κ·|w|·w = a` without overshooting or alternating, from rest and from
    /// faster than terminal, for drag from weak (κ·h·|a·h| ≪ 1) to stiff (≫ 1).
    @Test func aConstantForceSettlesAtTheTrueTerminalVelocity() async throws {
        await propertyCheck(input: Gen.double(in: -2...7), Gen.double(in: 0...3), Gen.bool) { logStrength, logThrow, fromRest in
            var set = CompiledFieldSet()
            let field = try FieldBehavior(kind: .drag(direction: .zero))
            field.strength = pow(10, logStrength)
            try set.append(field)
            let mass = 0.01, h = 1.0 / 120, a = Vector(dx: 300, dy: 1000)
            let kappa = field.strength / (100 * mass)
            let terminal = a / (a.length / kappa).squareRoot() / kappa
            var v = fromRest ? Vector.zero : terminal * (1 + pow(10, logThrow))
            var previousGap = (v - terminal).length
            for _ in 0..<5_000 {
                let next = DragStep.velocity(v + a * h, startVelocity: v, inverseMass: 1 / mass, over: h, terms: Self.terms(set))
                let gap = (next - terminal).length
                // The gap to the terminal velocity never grows (beyond rounding of |v|).
                #expect(gap <= previousGap + 1e-12 * terminal.length, "\(next) after \(v), terminal \(terminal)")
                previousGap = gap
                v = next
            }
            // A fixed point of the step is the terminal velocity: 1e-9 of it covers the rounding
            // of 5,000 sub-steps and what is left of the slowest approach (weak drag, κ = 0.01,
            // relaxing at the rate 2·κ·|w_T| = 2·√(κ·|a|) ≈ 6.5 /s: e^(−6.5·41 s) is nothing;
            // a throw 1000 times too fast is down to twice the terminal speed within 1/(κ·|w_T|)
            // ≈ 0.3 s).
            #expect((v - terminal).length <= 1e-9 * terminal.length, "\(v) against \(terminal)")
        }
    }

    /// An item moving exactly with its fluid still feels the drag over the next sub-step. With
    /// the coefficient taken at the sub-step's start, it was zero there, the kick went
    /// unopposed, and a stiff drag then pulled the item back exactly: the velocity alternated
    /// (fuzz 20261127/3987).
    @Test func anItemMovingWithItsFluidStillFeelsTheDrag() throws {
        var set = CompiledFieldSet()
        let field = try FieldBehavior(kind: .drag(direction: Vector(dx: 1, dy: 0)))
        field.strength = 1e6
        try set.append(field)
        let fluid = Vector(dx: 100, dy: 0), kick = Vector(dx: 0, dy: 8)
        let v1 = DragStep.velocity(fluid + kick, startVelocity: fluid, inverseMass: 100, over: 1.0 / 120, terms: Self.terms(set))
        // Backward Euler: |w|·(1 + β·|w|) = 8 with β = h·c/(100·m) = 1e6/120.
        let beta = 1e6 / 120, speed = 2 * 8 / (1 + (1 + 4 * beta * 8).squareRoot())
        #expect((v1 - (fluid + Vector(dx: 0, dy: speed))).length <= 1e-15 * 100)
        #expect((v1 - fluid).length < 0.04)
    }
}
