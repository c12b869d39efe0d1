import Foundation

/// How far a magnetic field turns an item's velocity in one sub-step (radians), by SPEC's law:
/// the force `q·S·fall·(v.y, −v.x)` turns the velocity at `q·S·fall/m` rad/s, `fall =
/// max(r, minimumRadius)^(−falloff)` with `r` in metres (falloff 1 by default), so by that
/// times the sub-step `h`. The operating envelope bounds it (``OperatingEnvelope/largestMagneticTurn``).
enum MagneticTurn {
    /// A magnetic field and, for each item it acts on, the item's index and charge over mass.
    struct Field {
        var position: ScenePoint
        var region: SceneRegion
        var strength: Double, falloff: Double, minimumRadius: Double
        var items: [(index: Int, chargePerMass: Double)]
    }

    /// The magnetic fields of `scene`, at any time of the run, on the charged items they name
    /// (an item, or a group's members).
    static func fields(_ scene: Scene, mechanics: SceneMechanics) -> [Field] {
        var fields: [Field] = []
        for life in SceneHistory(scene).lives {
            guard case .field(let spec) = life.behavior.kind, spec.fieldKind == .magnetic else { continue }
            var items: [(index: Int, chargePerMass: Double)] = []
            for index in scene.items.indices where spec.items.contains(scene.items[index].id) || spec.items.contains(mechanics.items[index].body) {
                let item = mechanics.items[index]
                guard item.properties.charge != 0, item.mass > 0 else { continue }
                items.append((index, item.properties.charge / item.mass))
            }
            guard !items.isEmpty else { continue }
            fields.append(Field(position: spec.position, region: spec.region, strength: spec.strength, falloff: spec.falloff ?? 1,
                                minimumRadius: spec.minimumRadius ?? 0, items: items))
        }
        return fields
    }

    /// The largest turn per sub-step of length `h` (seconds) any field gives an item at `centers`
    /// inside its region (0 for none).
    static func largest(_ fields: [Field], at centers: [ScenePoint], substep h: Double) -> Double {
        var largest = 0.0
        for field in fields {
            for (index, chargePerMass) in field.items where index < centers.count {
                let offset = centers[index] - field.position
                guard field.region.contains(offset) else { continue }
                let r = max(offset.length / SceneUnits.pointsPerMetre, field.minimumRadius)
                let fall = pow(r, -field.falloff)
                let turn = abs(chargePerMass * field.strength * fall) * h
                largest = max(largest, turn.isNaN ? .infinity : turn)
            }
        }
        return largest
    }
}
