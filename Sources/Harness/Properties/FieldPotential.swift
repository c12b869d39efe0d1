import Foundation

/// The energy of the fields the energy invariant can judge, from SPEC's force laws as the harness
/// writes them (never read from an engine): a field either has a potential, or does no work, or
/// only takes energy away. A scene with any other field is not judged.
///
/// - Linear gravity without falloff, everywhere: the uniform acceleration `100·S·d` pt/s², whose
///   potential is `−m·a·x`.
/// - Radial gravity, spring and electric fields, everywhere: central forces `F_r = c·g(r)` with
///   `g(r) = max(r, minimumRadius)^(−falloff)` (r in metres; `c = −S·m`, `−S` and `q·S`), whose
///   potential is `−10⁴·c·∫g` (a force in newtons over a metre is 10⁴ mass·pt²/s²).
/// - The magnetic force turns the velocity and does no work; drag with no wind and `S ≥ 0` only
///   slows. Either may have any region or falloff.
///
/// A field on a group, or on a grouped item or a path item, is not judged: the field is sampled at
/// the body's center of mass, which the trace does not report.
///
/// A central force changes with position, and an engine moves an item in it by semi-implicit
/// (symplectic) Euler, `v₁ = v₀ + h·a(x₀)`, `x₁ = x₀ + h·v₁`, at sub-step `h`. That map keeps
/// `E + (h/2)·v·F` constant to first order in `h` (for a unit-mass spring, `F = −ω²·x`, it keeps
/// `½v² + ½ω²x² − ½h·ω²·x·v` exactly), not `E`: the energy swings by up to `(h/2)·|v·F|` about its start even in a correct
/// engine. ``integrationAllowance(_:_:_:substep:)`` is that swing, now and at the start. The
/// statement holds to first order in `h·ω`, `ω² = |∂a/∂x|` the field's stiffness where the item
/// is: the next terms are of order `(h·ω)²·E`, 1 % at ``largestStepAngle`` = 0.1, within the
/// invariant's 2 %. Near the singular center of a law with a positive falloff (or of any law
/// whose force turns round there) ω is unbounded: an item passing through it within one
/// sub-step is pulled on by a force held at its start's value for the whole sub-step, and gains
/// energy however correct the engine (fuzz: a spring of falloff 0.365 passed through at
/// 90 pt per sub-step gained 41 % of its scene's energy scale). The check therefore judges a run
/// only until an item reaches a place where `h·ω` exceeds the bound
/// (``isSmooth(_:from:to:substep:negligibleEnergy:)``).
struct FieldPotential {
    /// A central force about `center` (points) on item `item`: `F_r = coefficient·g(r)`.
    struct Central {
        var item: Int
        var center: ScenePoint
        var coefficient: Double
        var falloff: Double
        var minimumRadius: Double
        /// No force closer than this (metres): radial gravity's dead zone, 0 for the others.
        var deadZone: Double
    }

    /// Per item, the uniform acceleration the linear gravity fields add (pt/s²).
    private(set) var uniform: [SceneVector]
    private(set) var central: [Central] = []

    /// SPEC's minimum radius when a field gives none (metres), and radial gravity's dead zone.
    static let defaultMinimumRadius = 1e-5
    static let radialGravityDeadZone = 1e-5

    /// The fields of `scene`'s initial tree, or `nil` if any of them cannot be judged.
    init?(_ scene: Scene, _ mechanics: SceneMechanics) {
        uniform = Array(repeating: .zero, count: scene.items.count)
        let grouped = Set(scene.groups.flatMap(\.members) + scene.groups.map(\.id))
        var indexOf: [String: Int] = [:]
        for (index, item) in scene.items.enumerated() { indexOf[item.id] = index }
        for behavior in scene.behaviors.flatMap(\.preOrder) {
            guard case .field(let field) = behavior.kind else { continue }
            var targets: [Int] = []
            for id in field.items {
                guard !grouped.contains(id), let index = indexOf[id], scene.items[index].shape != .path else { return nil }
                targets.append(index)
            }
            let everywhere = field.region == .infinite
            let minimumRadius = field.minimumRadius ?? Self.defaultMinimumRadius
            switch field.fieldKind {
            case .magnetic:
                continue
            case .drag:
                guard field.direction == .zero, field.strength >= 0 else { return nil }
            case .linearGravity:
                guard everywhere, (field.falloff ?? 0) == 0 else { return nil }
                let acceleration = field.direction * (field.strength * SceneUnits.pointsPerForceUnit)
                for index in targets { uniform[index] = uniform[index] + acceleration }
            case .radialGravity, .spring, .electric:
                guard everywhere else { return nil }
                let (falloff, deadZone): (Double, Double) = switch field.fieldKind {
                case .radialGravity: (field.falloff ?? 2, Self.radialGravityDeadZone)
                case .spring: (field.falloff ?? -1, 0)
                default: (field.falloff ?? 1, 0)
                }
                // Unbounded potential at the center: g(r) = r^(−falloff) all the way to r = 0.
                if deadZone == 0 && minimumRadius == 0 && falloff >= 1 { return nil }
                for index in targets {
                    let item = mechanics.items[index]
                    let coefficient = switch field.fieldKind {
                    case .radialGravity: -field.strength * item.mass
                    case .spring: -field.strength
                    default: item.properties.charge * field.strength
                    }
                    central.append(Central(item: index, center: field.position, coefficient: coefficient, falloff: falloff,
                                           minimumRadius: minimumRadius, deadZone: deadZone))
                }
            case .velocity, .vortex, .noise, .turbulence:
                return nil
            }
        }
    }

    /// `∫ₐʳ max(s, minimumRadius)^(−falloff) ds` for `r ≥ a ≥ 0` (metres; 0 for `r ≤ a`).
    static func radialIntegral(from a: Double, to r: Double, falloff: Double, minimumRadius: Double) -> Double {
        guard r > a else { return 0 }
        if falloff == 0 { return r - a }
        var total = 0.0
        let flatEnd = min(r, minimumRadius)
        if flatEnd > a { total += pow(minimumRadius, -falloff) * (flatEnd - a) }
        let b = max(a, minimumRadius)
        guard r > b else { return total }
        if b == 0 { return total + pow(r, 1 - falloff) / (1 - falloff) }
        if falloff == 1 { return total + log(r / b) }
        // b^(1−f)·((r/b)^(1−f) − 1)/(1 − f), written with expm1 so that f near 1 keeps its digits.
        return total + pow(b, 1 - falloff) * expm1((1 - falloff) * log(r / b)) / (1 - falloff)
    }

    /// The fields' potential energy of the items in `states` (mass·pt²/s², up to a constant).
    func energy(_ states: [ItemState], _ mechanics: SceneMechanics) -> Double {
        var total = 0.0
        for (index, state) in states.enumerated() where uniform[index] != .zero && !mechanics.items[index].properties.anchored {
            total -= mechanics.items[index].mass * uniform[index].dot(state.center - .zero)
        }
        for field in central where !mechanics.items[field.item].properties.anchored {
            total -= Self.newtonMetre * field.coefficient * integral(field, to: states[field.item].center)
        }
        return total
    }

    /// Energy units (mass·pt²/s²) in one newton-metre of the field model: 100 pt/m, and a newton
    /// accelerates a unit mass by 100 pt/s².
    static let newtonMetre = SceneUnits.pointsPerMetre * SceneUnits.pointsPerForceUnit

    private func integral(_ field: Central, to point: ScenePoint) -> Double {
        let r = (point - field.center).length / SceneUnits.pointsPerMetre
        return Self.radialIntegral(from: field.deadZone, to: r, falloff: field.falloff, minimumRadius: field.minimumRadius)
    }

    /// Beyond this `h·ω` the energy check stops judging a run (see the type's documentation).
    static let largestStepAngle = 0.1

    /// The stiffness `ω² = |∂a/∂x|` (1/s²) of the central fields on `item` at `point`: the larger of
    /// the radial and tangential derivatives of the acceleration, `|c|·max(|g′(r)|, g(r)/r)/m`
    /// (a force of `c·g(r)` newtons is `100·c·g(r)` mass·pt/s², over `100·r` points). Inside a
    /// field's minimum radius its force keeps one size and only turns round: there it counts
    /// only if crossing that core could change the energy by more than `negligibleEnergy`
    /// (twice the force over the core's diameter), and then as infinitely stiff.
    func stiffness(of item: Int, at point: ScenePoint, mass: Double, negligibleEnergy: Double) -> Double {
        var total = 0.0
        for field in central where field.item == item {
            let r = (point - field.center).length / SceneUnits.pointsPerMetre
            guard r >= field.deadZone else { continue }
            if field.falloff != 0 && r < field.minimumRadius {
                let crossing = 4 * Self.newtonMetre * abs(field.coefficient) * pow(field.minimumRadius, 1 - field.falloff)
                if crossing > negligibleEnergy { return .infinity }
                continue
            }
            guard r > 0 else { return .infinity }
            let g = field.falloff == 0 ? 1 : pow(r, -field.falloff)
            total += abs(field.coefficient) * max(abs(field.falloff), 1) * g / r / mass
        }
        return total
    }

    /// Whether every item a central field acts on stays where `h·ω ≤` ``largestStepAngle`` on its
    /// way from `previous` to `states`: at the ends and at the point of the straight path nearest
    /// to each field's center (the stiffness of SPEC's laws, with a falloff of −1 or more, is
    /// largest nearest the center; with less, at the farther end). `negligibleEnergy`: see
    /// ``stiffness(of:at:mass:negligibleEnergy:)``.
    func isSmooth(_ mechanics: SceneMechanics, from previous: [ItemState], to states: [ItemState], substep: Double,
                  negligibleEnergy: Double) -> Bool {
        let limit = (Self.largestStepAngle / substep) * (Self.largestStepAngle / substep)
        for field in central where !mechanics.items[field.item].properties.anchored {
            let a = previous[field.item].center, b = states[field.item].center
            let edge = b - a, length2 = edge.dot(edge)
            let t = length2 > 0 ? max(0, min(1, (field.center - a).dot(edge) / length2)) : 0
            for point in [a, b, a + edge * t] {
                let stiffness = stiffness(of: field.item, at: point, mass: mechanics.items[field.item].mass, negligibleEnergy: negligibleEnergy)
                if stiffness > limit { return false }
            }
        }
        return true
    }

    /// The central forces on an item at `point` (mass·pt/s²), as SPEC's laws give them.
    func centralForce(on item: Int, at point: ScenePoint) -> SceneVector {
        var force = SceneVector.zero
        for field in central where field.item == item {
            let offset = (point - field.center) / SceneUnits.pointsPerMetre
            let r = offset.length
            guard r > 0, r >= field.deadZone else { continue }
            let g = field.falloff == 0 ? 1 : pow(max(r, field.minimumRadius), -field.falloff)
            force = force + offset * (field.coefficient * g / r * SceneUnits.pointsPerForceUnit)
        }
        return force
    }

    /// What the potential can turn into motion within the scene (mass·pt²/s²), per field and
    /// item: a uniform field's difference over `extent` points, as for gravity; an attraction's
    /// difference between the start and the center, the deepest the item can fall (climbing
    /// further out takes the kinetic energy the scale holds already); a repulsion's difference
    /// between the start and `extent` points farther out.
    func scale(_ scene: Scene, _ mechanics: SceneMechanics, extent: Double) -> Double {
        var total = 0.0
        for (index, acceleration) in uniform.enumerated() where !mechanics.items[index].properties.anchored {
            total += mechanics.items[index].mass * acceleration.length * extent
        }
        for field in central where !mechanics.items[field.item].properties.anchored {
            let start = (scene.items[field.item].center - field.center).length / SceneUnits.pointsPerMetre
            let (near, far) = field.coefficient < 0 ? (field.deadZone, start) : (start, start + extent / SceneUnits.pointsPerMetre)
            let inner = Self.radialIntegral(from: field.deadZone, to: near, falloff: field.falloff, minimumRadius: field.minimumRadius)
            let outer = Self.radialIntegral(from: field.deadZone, to: far, falloff: field.falloff, minimumRadius: field.minimumRadius)
            total += Self.newtonMetre * abs(field.coefficient) * (outer - inner)
        }
        return total
    }

    /// The swing semi-implicit Euler allows in the energy at `states` (see the type's
    /// documentation): `(h/2)·Σ(|v·F| now + |v·F| at the start)` over the items a central field
    /// acts on, with `F` every force on them (a body in such a field moves by semi-implicit Euler
    /// under all of its forces, and under a constant force too that map keeps `E + (h/2)·v·F`, not
    /// `E`).
    func integrationAllowance(_ start: [ItemState], _ states: [ItemState], _ mechanics: SceneMechanics,
                              substep: Double) -> Double {
        guard !central.isEmpty else { return 0 }
        var total = 0.0
        for item in Set(central.map(\.item)) where !mechanics.items[item].properties.anchored {
            let constant = (mechanics.items[item].gravity + uniform[item]) * mechanics.items[item].mass
            for state in [start[item], states[item]] {
                total += abs(state.velocity.dot(centralForce(on: item, at: state.center) + constant))
            }
        }
        return substep / 2 * total
    }
}
