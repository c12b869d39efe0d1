/// A gravity or push direction in either of SPEC's two forms, kept as given so that an engine
/// receives exactly what the file says.
///
/// JSON: `"direction": {"dx": 0, "dy": 1}`, or `"angle"` (radians, clockwise on screen from +x)
/// with `"magnitude"` (negative reverses it); never both forms.
public enum SceneDirection: Equatable, Sendable {
    /// A vector (its length is the magnitude).
    case vector(SceneVector)
    /// An angle (radians) and a magnitude.
    case polar(angle: Double, magnitude: Double)

    /// The direction as a vector: `magnitude·(cos angle, sin angle)` for the polar form.
    public var vector: SceneVector {
        switch self {
        case .vector(let vector): vector
        case .polar(let angle, let magnitude): SceneVector(angle: angle, length: magnitude)
        }
    }

    /// The numbers with their JSON keys, for validation.
    var components: [(key: String, value: Double)] {
        switch self {
        case .vector(let vector): [("direction.dx", vector.dx), ("direction.dy", vector.dy)]
        case .polar(let angle, let magnitude): [("angle", angle), ("magnitude", magnitude)]
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case direction, angle, magnitude }
}

extension KeyedDecodingContainer where Key == SceneDirection.CodingKeys {
    /// Decodes a ``SceneDirection`` from `direction`, or from `angle` and `magnitude`.
    func decodeDirection(default defaultValue: SceneDirection) throws -> SceneDirection {
        let vector = try decodeIfPresent(SceneVector.self, forKey: .direction)
        let angle = try decodeIfPresent(Double.self, forKey: .angle)
        let magnitude = try decodeIfPresent(Double.self, forKey: .magnitude)
        if vector != nil && (angle != nil || magnitude != nil) {
            throw SceneError(path: JSONPath.render(codingPath, appending: "direction"),
                             problem: .notApplicable("give either direction or angle and magnitude, not both"))
        }
        if let vector { return .vector(vector) }
        switch (angle, magnitude) {
        case (let angle?, let magnitude?): return .polar(angle: angle, magnitude: magnitude)
        case (nil, nil): return defaultValue
        case (nil, _): throw SceneError(path: JSONPath.render(codingPath, appending: "angle"), problem: .missingKey)
        case (_, nil): throw SceneError(path: JSONPath.render(codingPath, appending: "magnitude"), problem: .missingKey)
        }
    }
}

extension KeyedEncodingContainer where Key == SceneDirection.CodingKeys {
    /// Encodes `direction` in its own form.
    mutating func encodeDirection(_ direction: SceneDirection) throws {
        switch direction {
        case .vector(let vector): try encode(vector, forKey: .direction)
        case .polar(let angle, let magnitude):
            try encode(angle, forKey: .angle)
            try encode(magnitude, forKey: .magnitude)
        }
    }
}
