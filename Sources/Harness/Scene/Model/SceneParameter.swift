import Foundation

/// The parameters a `setParameter` event may set, per behavior kind, with the values each takes.
///
/// The names are the kind's own JSON keys:
/// - gravity: `direction` (vector), `angle` (radians), `magnitude`;
/// - push: `direction`, `angle`, `magnitude`, `active`;
/// - itemProperties: `elasticity` ([0, 1]), `friction`, `resistance`, `angularResistance` (≥ 0), `density`
///   (> 0), `charge`, `allowsRotation`, `anchored`;
/// - collision: `mode` ("items", "boundaries", "everything"), `referenceBoundsAreBoundary`;
/// - attachment: `length` (≥ 0, at most ``Scene/largestCoordinate``), `frequency`, `damping`, `frictionTorque` (≥ 0);
/// - snap: `damping` ([0, 1]); its point moves with `moveAnchor`;
/// - field: `strength`, `falloff` (finite), `minimumRadius`, `animationSpeed` (≥ 0), `smoothness`
///   ([0, 1]), `position` (point, each axis within ±``Scene/largestCoordinate``), `direction` (vector).
public enum SceneParameter {
    /// What values a parameter takes.
    public enum Rule: Equatable, Sendable {
        /// Any finite number.
        case finite
        /// A finite number ≥ 0.
        case nonNegative
        /// A finite number > 0.
        case positive
        /// A number in [0, 1].
        case unitInterval
        /// true or false.
        case flag
        /// One of these words.
        case word([String])
        /// A finite vector.
        case vector
        /// A point within ±``Scene/largestCoordinate`` on each axis.
        case point
        /// A length: ≥ 0 and at most ``Scene/largestCoordinate``.
        case length
    }

    /// Every settable parameter of `kind`, with its rule.
    public static func rules(for kind: SceneBehavior.Kind) -> [String: Rule] {
        switch kind {
        case .gravity: ["direction": .vector, "angle": .finite, "magnitude": .finite]
        case .push: ["direction": .vector, "angle": .finite, "magnitude": .finite, "active": .flag]
        case .itemProperties:
            ["elasticity": .unitInterval, "friction": .nonNegative, "density": .positive, "resistance": .nonNegative,
             "angularResistance": .nonNegative, "charge": .finite, "allowsRotation": .flag, "anchored": .flag]
        case .collision:
            ["mode": .word(CollisionMode.allCases.map(\.rawValue)), "referenceBoundsAreBoundary": .flag]
        case .attachment: ["length": .length, "frequency": .nonNegative, "damping": .nonNegative, "frictionTorque": .nonNegative]
        case .snap: ["damping": .unitInterval]
        case .field:
            ["strength": .finite, "falloff": .finite, "minimumRadius": .nonNegative, "animationSpeed": .nonNegative,
             "smoothness": .unitInterval, "position": .point, "direction": .vector]
        case .composite: [:]
        }
    }

    /// The problem with `value` under `rule`, or `nil` if it is acceptable.
    static func problem(with value: SceneValue, under rule: Rule) -> SceneError.Problem? {
        switch (rule, value) {
        case (.finite, .number(let x)): x.isFinite ? nil : .nonFinite(x)
        case (.nonNegative, .number(let x)): !x.isFinite ? .nonFinite(x) : x < 0 ? .negative(x) : nil
        case (.positive, .number(let x)): !x.isFinite ? .nonFinite(x) : x <= 0 ? .notPositive(x) : nil
        case (.unitInterval, .number(let x)): x.isFinite && (0...1).contains(x) ? nil : .outOfRange(x, lower: 0, upper: 1)
        case (.flag, .flag): nil
        case (.word(let allowed), .word(let word)): allowed.contains(word) ? nil : .unknownValue(word, allowed: allowed)
        case (.vector, .vector(let v)): v.isFinite ? nil : .nonFinite(v.dx.isFinite ? v.dy : v.dx)
        case (.point, .point(let p)):
            !p.isFinite ? .nonFinite(p.x.isFinite ? p.y : p.x)
                : max(abs(p.x), abs(p.y)) > Scene.largestCoordinate
                ? .outOfRange(abs(p.x) > abs(p.y) ? p.x : p.y, lower: -Scene.largestCoordinate, upper: Scene.largestCoordinate) : nil
        case (.length, .number(let x)):
            !x.isFinite ? .nonFinite(x) : x < 0 ? .negative(x) : x > Scene.largestCoordinate ? .tooLarge(x, limit: Scene.largestCoordinate) : nil
        case (.finite, _), (.nonNegative, _), (.positive, _), (.unitInterval, _), (.length, _): .wrongType(expected: "a number")
        case (.flag, _): .wrongType(expected: "true or false")
        case (.word, _): .wrongType(expected: "a string")
        case (.vector, _): .wrongType(expected: "a vector {\"dx\", \"dy\"}")
        case (.point, _): .wrongType(expected: "a point {\"x\", \"y\"}")
        }
    }
}

extension SceneBehavior {
    /// The behavior with parameter `name` set to `value` (the engine-independent meaning of a
    /// `setParameter` event). Unknown names and mismatched values leave it unchanged; validation
    /// refuses them first.
    public func setting(_ name: String, to value: SceneValue) -> SceneBehavior {
        var copy = self
        switch (kind, value) {
        case (.gravity(var spec), _):
            spec.direction = Self.direction(spec.direction, setting: name, to: value)
            copy.kind = .gravity(spec)
        case (.push(var spec), .flag(let active)) where name == "active":
            spec.active = active
            copy.kind = .push(spec)
        case (.push(var spec), _):
            spec.direction = Self.direction(spec.direction, setting: name, to: value)
            copy.kind = .push(spec)
        case (.itemProperties(var spec), .number(let x)):
            switch name {
            case "elasticity": spec.elasticity = x
            case "friction": spec.friction = x
            case "density": spec.density = x
            case "resistance": spec.resistance = x
            case "angularResistance": spec.angularResistance = x
            case "charge": spec.charge = x
            default: break
            }
            copy.kind = .itemProperties(spec)
        case (.itemProperties(var spec), .flag(let flag)):
            if name == "allowsRotation" { spec.allowsRotation = flag }
            if name == "anchored" { spec.anchored = flag }
            copy.kind = .itemProperties(spec)
        case (.collision(var spec), .word(let word)) where name == "mode":
            spec.mode = CollisionMode(rawValue: word) ?? spec.mode
            copy.kind = .collision(spec)
        case (.collision(var spec), .flag(let flag)) where name == "referenceBoundsAreBoundary":
            spec.referenceBoundsAreBoundary = flag
            copy.kind = .collision(spec)
        case (.attachment(var spec), .number(let x)):
            switch name {
            case "length": spec.length = x
            case "frequency": spec.frequency = x
            case "damping": spec.damping = x
            case "frictionTorque": spec.frictionTorque = x
            default: break
            }
            copy.kind = .attachment(spec)
        case (.snap(var spec), .number(let x)) where name == "damping":
            spec.damping = x
            copy.kind = .snap(spec)
        case (.field(var spec), .number(let x)):
            switch name {
            case "strength": spec.strength = x
            case "falloff": spec.falloff = x
            case "minimumRadius": spec.minimumRadius = x
            case "animationSpeed": spec.animationSpeed = x
            case "smoothness": spec.smoothness = x
            default: break
            }
            copy.kind = .field(spec)
        case (.field(var spec), .point(let point)) where name == "position":
            spec.position = point
            copy.kind = .field(spec)
        case (.field(var spec), .vector(let vector)) where name == "direction":
            spec.direction = vector
            copy.kind = .field(spec)
        default:
            break
        }
        return copy
    }

    /// SPEC's synced direction forms: setting the vector keeps it exactly; setting the angle or
    /// the magnitude keeps the other polar component.
    private static func direction(_ direction: SceneDirection, setting name: String, to value: SceneValue) -> SceneDirection {
        let (angle, magnitude): (Double, Double) = switch direction {
        case .polar(let angle, let magnitude): (angle, magnitude)
        case .vector(let v): (v.length > 0 ? Foundation.atan2(v.dy, v.dx) : 0, v.length)
        }
        switch (name, value) {
        case ("direction", .vector(let v)): return .vector(v)
        case ("angle", .number(let x)): return .polar(angle: x, magnitude: magnitude)
        case ("magnitude", .number(let x)): return .polar(angle: angle, magnitude: x)
        default: return direction
        }
    }
}
