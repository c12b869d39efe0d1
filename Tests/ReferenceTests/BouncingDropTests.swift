import Foundation
import Testing
import Reference

@Suite("BouncingDrop: geometric bounce series with a restitution threshold")
struct BouncingDropTests {
    static let height = 500.0, gravity = 1000.0, threshold = 100.0

    /// Free flight above the floor: [height (pt), upward velocity (pt/s)].
    static func flight(gravity: Double) -> ODEProblem {
        ODEProblem(dimension: 2) { _, y, dydt in
            dydt[0] = y[1]
            dydt[1] = -gravity
        }
    }

    /// Event-driven reference: integrate each flight with GSL, locate the impact by Newton on the
    /// integrated height, reflect the velocity with restitution, stop at the first impact slower
    /// than the threshold. Uses no formula of `BouncingDrop`.
    static func simulatedImpacts(restitution e: Double) throws -> (times: [Double], speeds: [Double], apexes: [Double]) {
        let problem = flight(gravity: gravity), integrator = TestSupport.tightIntegrator()
        var (start, state) = (0.0, [height, 0.0])
        var times: [Double] = [], speeds: [Double] = [], apexes = [height]
        while times.count < 100 {
            // Bracket the impact from the right by marching until the height is negative; Newton
            // on the concave parabola then converges monotonically from that side.
            var guess = start
            repeat { guess += 0.01 } while try integrator.solve(problem, initialState: state, from: start, sampleTimes: [guess]).states[0][0] >= 0
            let impact = try TestSupport.zeroCrossing(of: problem, initialState: state, from: start, near: guess)
            let speed = -(try integrator.solve(problem, initialState: state, from: start, sampleTimes: [impact]).states[0][1])
            times.append(impact)
            speeds.append(speed)
            guard speed >= threshold, e > 0 else { break }
            (start, state) = (impact, [0, e * speed])
            let apexTime = impact + e * speed / gravity  // where the integrated velocity is zero
            apexes.append(try integrator.solve(problem, initialState: state, from: start, sampleTimes: [apexTime]).states[0][0])
        }
        return (times, speeds, apexes)
    }

    @Test("impact times, speeds and apexes match an event-driven GSL integration", arguments: [0, 0.2, 0.5, 0.8])
    func matchesEventDrivenIntegration(restitution e: Double) throws {
        let drop = try BouncingDrop(height: Self.height, gravity: Self.gravity, restitution: e, restitutionThreshold: Self.threshold)
        let reference = try Self.simulatedImpacts(restitution: e)
        try #require(drop.impactTimes.count == reference.times.count)
        #expect(drop.restingImpact == reference.times.count)
        // Newton converges to rounding and rk8pd is exact for a parabola up to rounding, so the
        // reference is good to ~1e-14; 1e-9 is the harness's reference accuracy.
        #expect(TestSupport.maximumRelativeDeviation(drop.impactTimes, reference.times, scale: reference.times.last!) <= 1e-9)
        #expect(TestSupport.maximumRelativeDeviation(drop.impactSpeeds, reference.speeds, scale: reference.speeds[0]) <= 1e-9)
        #expect(TestSupport.maximumRelativeDeviation(drop.apexHeights, reference.apexes, scale: Self.height) <= 1e-9)
        #expect(drop.restTime == drop.impactTimes.last)
    }

    @Test("apex heights are h·e^(2n) and impact speeds e^(n−1)·√(2gh)")
    func geometricSeries() throws {
        let drop = try BouncingDrop(height: 300, gravity: 1000, restitution: 0.7, restitutionThreshold: 50)
        let v1 = (2 * 1000 * 300.0).squareRoot()
        for (n, apex) in drop.apexHeights.enumerated() {
            // Identical formulas evaluated differently (pow vs repeated product): rounding, 1e-14.
            #expect(abs(apex - 300 * pow(0.49, Double(n))) <= 1e-14 * 300)
        }
        for (index, speed) in drop.impactSpeeds.enumerated() {
            #expect(abs(speed - v1 * pow(0.7, Double(index))) <= 1e-14 * v1)
        }
        #expect(drop.impactSpeeds.last! < 50 && drop.impactSpeeds.dropLast().allSatisfy { $0 >= 50 })
        #expect(drop.apexHeights.count == drop.impactTimes.count)
    }

    @Test("height(at:) follows the integrated trajectory, then rests at 0", arguments: [0.2, 0.5, 0.8])
    func heightProfile(restitution e: Double) throws {
        let drop = try BouncingDrop(height: Self.height, gravity: Self.gravity, restitution: e, restitutionThreshold: Self.threshold)
        let problem = Self.flight(gravity: Self.gravity), integrator = TestSupport.tightIntegrator()
        let impacts = [0] + drop.impactTimes
        for n in 0..<(impacts.count - 1) {
            let start = impacts[n]
            let state = n == 0 ? [Self.height, 0] : [0, drop.reboundSpeed(n)]
            let times = (1...9).map { start + (impacts[n + 1] - start) * Double($0) / 10 }
            let heights = try integrator.solve(problem, initialState: state, from: start, sampleTimes: times).states.map { $0[0] }
            // Same trajectory two ways; rounding only (1e-11 of h allows for times near 1 s).
            #expect(TestSupport.maximumRelativeDeviation(times.map(drop.height), heights, scale: Self.height) <= 1e-11)
        }
        let rest = try #require(drop.restTime)
        #expect(drop.height(at: rest) == 0 && drop.height(at: rest + 1) == 0)
        #expect(drop.height(at: -1) == Self.height && drop.height(at: 0) == Self.height)
    }

    @Test("zero threshold bounces forever yet rests at the geometric limit; e = 1 never rests; e = 0 stops")
    func limitingCases() throws {
        let zeno = try BouncingDrop(height: 500, gravity: 1000, restitution: 0.5, restitutionThreshold: 0, maximumListedImpacts: 200)
        #expect(zeno.restingImpact == nil && zeno.impactTimes.count == 200)
        let limit = zeno.firstImpactTime * (1 + 2 * 0.5 / 0.5)
        // Closed geometric sum vs the same sum written differently: rounding only.
        #expect(abs(try #require(zeno.restTime) - limit) <= 1e-14 * limit)
        #expect(zeno.height(at: limit * (1 - 1e-9)) >= 0 && zeno.height(at: limit) == 0)

        let elastic = try BouncingDrop(height: 500, gravity: 1000, restitution: 1, restitutionThreshold: 100, maximumListedImpacts: 10)
        #expect(elastic.restTime == nil && elastic.impactTimes.count == 10)
        // Perfectly elastic: back to the drop height after every full bounce (rounding only).
        let bounce = 2 * elastic.firstImpactTime
        #expect(abs(elastic.height(at: elastic.firstImpactTime + 7 * bounce + 0.5 * bounce) - 500) <= 1e-9 * 500)

        let dead = try BouncingDrop(height: 500, gravity: 1000, restitution: 0, restitutionThreshold: 100)
        #expect(dead.impactTimes == [dead.firstImpactTime] && dead.restTime == dead.firstImpactTime)
        #expect(dead.apexHeights == [500])

        let slow = try BouncingDrop(height: 1, gravity: 1000, restitution: 0.9, restitutionThreshold: 100)
        #expect(slow.restingImpact == 1)  // √(2·1000·1) ≈ 45 pt/s < 100 pt/s: no bounce at all
    }

    @Test("invalid parameters are rejected")
    func invalidParameters() {
        #expect(throws: ReferenceError.self) { try BouncingDrop(height: 0, gravity: 1000, restitution: 0.5, restitutionThreshold: 1) }
        #expect(throws: ReferenceError.self) { try BouncingDrop(height: 1, gravity: -1, restitution: 0.5, restitutionThreshold: 1) }
        #expect(throws: ReferenceError.self) { try BouncingDrop(height: 1, gravity: 1000, restitution: 1.5, restitutionThreshold: 1) }
        #expect(throws: ReferenceError.self) { try BouncingDrop(height: 1, gravity: 1000, restitution: 0.5, restitutionThreshold: -1) }
        #expect(throws: ReferenceError.nonFiniteInput(name: "height")) {
            try BouncingDrop(height: .nan, gravity: 1000, restitution: 0.5, restitutionThreshold: 1)
        }
    }
}
