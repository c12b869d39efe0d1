import DynamicsAdapter
import Harness

/// Deliberately faulty engines, put behind the harness's seam in tests only: each wraps the real
/// engine and corrupts what it reports in one physically meaningful way.
enum FaultyEngines {
    /// Adds energy at contacts: after each item's first contact, its recorded speed is 30 % higher.
    struct EnergyAtContacts: SimulationEngine {
        var name: String { "energy-at-contacts" }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }

        func run(_ scene: Scene) throws -> Trace {
            var trace = try DynamicsEngine().run(scene)
            for contact in trace.contacts where contact.phase == .began {
                guard let index = trace.index(of: contact.item) else { continue }
                for sample in trace.samples.indices where trace.samples[sample].time > contact.time {
                    trace.samples[sample].states[index].velocity = trace.samples[sample].states[index].velocity * 1.3
                }
                break
            }
            return trace
        }
    }

    /// Lets an item through a wall once: at its first contact with the reference bounds it is
    /// reported 30 pt beyond the wall it touched, for the rest of the run.
    struct LeakyWall: SimulationEngine {
        var name: String { "leaky-wall" }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }

        func run(_ scene: Scene) throws -> Trace {
            var trace = try DynamicsEngine().run(scene)
            guard let bounds = scene.referenceBounds,
                  let contact = trace.contacts.first(where: { $0.phase == .began && $0.boundary == "" }),
                  let index = trace.index(of: contact.item) else { return trace }
            for sample in trace.samples.indices where trace.samples[sample].time >= contact.time {
                var center = trace.samples[sample].states[index].center
                let distances = [center.x - bounds.minX, bounds.maxX - center.x, center.y - bounds.minY, bounds.maxY - center.y]
                switch distances.firstIndex(of: distances.min()!)! {
                case 0: center.x = bounds.minX - 30
                case 1: center.x = bounds.maxX + 30
                case 2: center.y = bounds.minY - 30
                default: center.y = bounds.maxY + 30
                }
                trace.samples[sample].states[index].center = center
            }
            return trace
        }
    }

    /// Resolves the override order backwards: reports the first write instead of the last.
    struct FirstWriteWins: SimulationEngine {
        var name: String { "first-write-wins" }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }

        func run(_ scene: Scene) throws -> Trace {
            var reversed = scene
            reversed.behaviors = scene.behaviors.reversed()
            var trace = try DynamicsEngine().run(scene)
            trace.properties = try DynamicsEngine().run(reversed).properties
            return trace
        }
    }

    /// Energy from nowhere in a field: every field's strength doubles at 1 s, unknown to the
    /// checker, which judges the scene as written.
    struct FieldsStrengthenLater: SimulationEngine {
        var name: String { "fields-strengthen-later" }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }

        func run(_ scene: Scene) throws -> Trace {
            var stronger = scene
            for behavior in scene.behaviors.flatMap(\.preOrder) {
                guard case .field(let field) = behavior.kind, let id = behavior.id else { continue }
                stronger.events.append(SceneEvent(time: 1, .setParameter(id, parameter: "strength", value: .number(2 * field.strength))))
            }
            return try DynamicsEngine().run(stronger)
        }
    }
}
