import DynamicsAdapter
import Foundation
@testable import Harness
import Testing

/// Rigid joints between very unequal masses (issue 43): chains of light links and one heavy
/// item, every joint kind, mass ratios from 1 to the envelope's 10⁴, judged by the
/// constraints invariant's tolerances (1 pt + 1 % of a length, 4°).
@Suite struct JointMassRatioTests {
    enum Arrangement: String, CaseIterable {
        /// The heavy item at the bottom of a chain of light links, swung at 300 pt/s.
        case heavyHangsFromLightLinks = "heavy end swung"
        /// The heavy item at the top, next to the anchor, thrown at 1000 pt/s: it whips the
        /// light links below it.
        case heavyWhipsLightLinks = "heavy top thrown"
    }

    /// A vertical chain from an anchor at (200, 50): `links` items 30 pt apart, joined by
    /// `kind`, the `heavy` one (by index) `ratio` times denser than the others, under gravity.
    static func chain(_ kind: AttachmentKind, ratio: Double, arrangement: Arrangement, links: Int = 5) -> Scene {
        let heavy = arrangement == .heavyHangsFromLightLinks ? links - 1 : 0
        var items: [SceneItem] = [], behaviors: [SceneBehavior] = []
        for index in 0..<links {
            let center = ScenePoint(x: 200, y: 50 + 30 * Double(index + 1))
            let speed = index == heavy ? (arrangement == .heavyHangsFromLightLinks ? 300.0 : 1000) : 0
            items.append(SceneItem(id: "l\(index)", center: center, size: SceneSize(width: 12, height: 12), velocity: SceneVector(dx: speed, dy: 0)))
            let other: String? = index == 0 ? nil : "l\(index - 1)"
            let joint = ScenePoint(x: 200, y: center.y - 15)
            let spec: AttachmentSpec = switch kind {
            case .distance, .limit: AttachmentSpec(item: "l\(index)", otherItem: other, anchor: other == nil ? ScenePoint(x: 200, y: 50) : nil, attachmentKind: kind)
            case .pin, .fixed: AttachmentSpec(item: "l\(index)", otherItem: other, anchor: joint, attachmentKind: kind)
            case .sliding: AttachmentSpec(item: "l\(index)", otherItem: other, anchor: joint, attachmentKind: kind,
                                          range: SceneRange(lower: -10, upper: 10), axis: SceneVector(dx: 0, dy: 1))
            }
            behaviors.append(.attachment(spec, id: "j\(index)"))
        }
        behaviors.append(.gravity(GravitySpec(items: items.map(\.id)), id: "g"))
        behaviors.append(.itemProperties(ItemPropertiesSpec(items: items.map(\.id).filter { $0 != "l\(heavy)" }, density: 1 / ratio.squareRoot()), id: "light"))
        behaviors.append(.itemProperties(ItemPropertiesSpec(items: ["l\(heavy)"], density: ratio.squareRoot()), id: "heavy"))
        return Scene(name: "\(kind.rawValue) chain, \(arrangement.rawValue), ratio \(ratio)", items: items, behaviors: behaviors,
                     timing: SceneTiming(duration: 2))
    }

    /// Every kind holds at every ratio (densities 1/√r and √r: r = 10⁴ is the envelope's
    /// densities 0.01 and 100), and the same run with the heavy item moved 3 pt away from its joint
    /// for the second second fails, so the check sees each chain.
    @Test(arguments: [AttachmentKind.distance, .limit, .pin, .fixed, .sliding])
    func jointsHoldUpToTheEnvelopesMassRatio(kind: AttachmentKind) throws {
        let checker = PropertyChecker(engine: DynamicsEngine())
        for arrangement in Arrangement.allCases {
            for ratio in [1.0, 10, 100, 1000, 10000] {
                let scene = Self.chain(kind, ratio: ratio, arrangement: arrangement)
                let report = checker.check(scene, only: [.constraints])
                #expect(report.checked == [.constraints] && report.violations.isEmpty, "\(scene.name): \(report.violations.map(\.detail))")
                let heavy = arrangement == .heavyHangsFromLightLinks ? scene.items.count - 1 : 0
                let moved = try InvariantTests.run(scene) { trace in
                    for index in trace.samples.indices where trace.samples[index].time >= 1 {
                        // Away from the link or anchor it hangs from, so that a rope stretches too.
                        let states = trace.samples[index].states
                        let from = heavy == 0 ? ScenePoint(x: 200, y: 50) : states[heavy - 1].center
                        let away = states[heavy].center - from
                        trace.samples[index].states[heavy].center = states[heavy].center + away * (3 / away.length)
                    }
                }
                #expect(PropertyChecker(engine: InvariantTests.Replaying(trace: moved)).check(scene, only: [.constraints]).fails(.constraints), "\(scene.name)")
            }
        }
    }
}
