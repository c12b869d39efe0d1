@testable import Dynamics
import PropertyBased
import Testing

/// The broad phase against the brute-force answer: every pair of bodies whose margin-enlarged
/// boxes overlap, that share an item collision group and are not both static, exactly once,
/// sorted; also after the bodies moved (a sweep, or the queries of the few that left their fat
/// boxes), fell asleep, woke or changed groups.
@Suite struct BroadPhaseTests {
    /// A body with the given box, margin, item groups and mobility; everything else is inert.
    func body(x: Double, y: Double, width: Double, height: Double, margin: Double, mask: UInt64, isStatic: Bool) -> Body {
        var body = Body(position: Point(x: x, y: y), angle: 0, velocity: .zero, angularVelocity: 0, mass: 1, inertia: 1,
                        inverseMass: isStatic ? 0 : 1, inverseInertia: isStatic ? 0 : 1, acceleration: .zero,
                        angularAcceleration: 0, linearStep: ExponentialStep(rate: 0, step: 1.0 / 120),
                        angularStep: ExponentialStep(rate: 0, step: 1.0 / 120), elasticity: 0, friction: 0, charge: 0,
                        fieldMask: FieldMask(), itemMask: mask, boundaryMask: 0, firstShape: 0, shapeCount: 0,
                        firstMember: 0, memberCount: 0, extent: (width * width + height * height).squareRoot() / 2)
        body.margin = margin
        body.boxMin = Vector(dx: x - width / 2, dy: y - height / 2)
        body.boxMax = Vector(dx: x + width / 2, dy: y + height / 2)
        return body
    }

    /// 40 bodies from the first 200 of `numbers`, in a 200 pt square so that many boxes overlap;
    /// small integers make exact touching (the inclusive boundary case) frequent.
    func forty(from numbers: [Int]) -> [Body] {
        func value(_ index: Int, _ range: Int) -> Double { Double(numbers[index] % range) }
        return (0..<40).map { k in
            body(x: value(5 * k, 200), y: value(5 * k + 1, 200), width: 2 + value(5 * k + 2, 30),
                 height: 2 + value(5 * k + 3, 30), margin: value(5 * k + 4, 3),
                 mask: UInt64(1 + numbers[5 * k + 4] % 3), isStatic: numbers[5 * k + 2] % 7 == 0)
        }
    }

    func bruteForcePairs(_ bodies: [Body]) -> [UInt64] {
        var pairs: [UInt64] = []
        for i in bodies.indices {
            for j in bodies.indices where j > i {
                let a = bodies[i], b = bodies[j]
                guard a.itemMask & b.itemMask != 0, !(a.isStatic && b.isStatic) else { continue }
                let overlaps = a.boxMin.dx - a.margin <= b.boxMax.dx + b.margin && b.boxMin.dx - b.margin <= a.boxMax.dx + a.margin
                    && a.boxMin.dy - a.margin <= b.boxMax.dy + b.margin && b.boxMin.dy - b.margin <= a.boxMax.dy + a.margin
                if overlaps { pairs.append(UInt64(i) << 32 | UInt64(j)) }
            }
        }
        return pairs
    }

    @Test func findsExactlyTheOverlappingPairsBeforeAndAfterTheBodiesMove() async {
        let generator = Gen.int(in: 0...Int(Int32.max)).array(of: 5 * 40)
        await propertyCheck(input: generator) { numbers in
            func value(_ index: Int, _ range: Int) -> Double { Double(numbers[index] % range) }
            var bodies = forty(from: numbers)
            var broadPhase = BroadPhase()
            broadPhase.reset(bodyCount: bodies.count)
            bodies.withUnsafeBufferPointer { broadPhase.findPairs($0) }
            #expect(broadPhase.pairs == bruteForcePairs(bodies))
            // Move every body; the sort then starts from the previous order.
            for k in bodies.indices {
                let shift = Vector(dx: value(5 * k + 3, 41) - 20, dy: value(5 * k, 41) - 20)
                bodies[k].boxMin += shift
                bodies[k].boxMax += shift
            }
            bodies.withUnsafeBufferPointer { broadPhase.findPairs($0) }
            #expect(broadPhase.pairs == bruteForcePairs(bodies))
            #expect(broadPhase.order.map(\.minX) == broadPhase.order.map(\.minX).sorted())
        }
    }

    /// Many sub-steps of small moves, so that most bodies stay in their fat boxes and the pairs
    /// come from the kept candidates and the queries of the few that left, with bodies falling
    /// asleep (static), waking and changing groups between sub-steps.
    @Test func keepsFindingExactlyTheOverlappingPairsAsBodiesDriftSleepWakeAndChangeGroups() async {
        let generator = Gen.int(in: 0...Int(Int32.max)).array(of: 6 * 40)
        await propertyCheck(input: generator) { numbers in
            var bodies = forty(from: numbers)
            var broadPhase = BroadPhase()
            broadPhase.reset(bodyCount: bodies.count)
            for step in 0..<30 {
                bodies.withUnsafeBufferPointer { broadPhase.findPairs($0) }
                #expect(broadPhase.pairs == bruteForcePairs(bodies), "sub-step \(step)")
                #expect(zip(bodies.indices, broadPhase.bounds).allSatisfy { $1.fat.contains($1.box) })
                for k in bodies.indices {
                    let draw = numbers[(6 * k + 5 + 7 * step) % numbers.count] &+ step &* 2_654_435_761
                    // Mostly drifts of up to 1.5 pt (within the fat margin), sometimes a jump.
                    let reach = draw % 11 == 0 ? 40 : 4
                    let shift = Vector(dx: (Double(draw % (reach + 1)) - Double(reach) / 2) * 0.75,
                                       dy: (Double((draw / 7) % (reach + 1)) - Double(reach) / 2) * 0.75)
                    if !bodies[k].isStatic {
                        bodies[k].boxMin += shift
                        bodies[k].boxMax += shift
                    }
                    switch draw % 23 {
                    case 0: (bodies[k].inverseMass, bodies[k].inverseInertia) = (0, 0)
                    case 1: (bodies[k].inverseMass, bodies[k].inverseInertia) = (1, 1)
                    case 2: bodies[k].itemMask = UInt64(1 + (draw / 23) % 3)
                    case 3: bodies[k].margin = Double((draw / 23) % 4)
                    default: break
                    }
                }
            }
        }
    }
}
