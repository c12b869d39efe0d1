/// A parameter value set by a ``SceneEvent``: a number, a flag, a word, a vector or a point.
///
/// JSON: a number, `true`/`false`, a string, `{"dx", "dy"}` or `{"x", "y"}`.
public enum SceneValue: Equatable, Sendable {
    /// A number (unit as the parameter's).
    case number(Double)
    /// A flag.
    case flag(Bool)
    /// A keyword (for example a collision mode).
    case word(String)
    /// A vector.
    case vector(SceneVector)
    /// A point.
    case point(ScenePoint)
}

extension SceneValue: Codable {
    private enum ObjectKeys: String, CodingKey { case dx, dy, x, y }

    /// Decodes by the JSON value's shape.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: ObjectKeys.self) {
            if container.contains(.dx) || container.contains(.dy) {
                self = .vector(try SceneVector(from: decoder))
            } else {
                self = .point(try ScenePoint(from: decoder))
            }
            return
        }
        let single = try decoder.singleValueContainer()
        if let flag = try? single.decode(Bool.self) {
            self = .flag(flag)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else if let word = try? single.decode(String.self) {
            self = .word(word)
        } else {
            throw SceneError(path: JSONPath.render(decoder.codingPath),
                             problem: .wrongType(expected: "a number, true or false, a string, a vector or a point"))
        }
    }

    /// Encodes the value in its JSON shape.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .number(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .flag(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .word(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .vector(let value): try value.encode(to: encoder)
        case .point(let value): try value.encode(to: encoder)
        }
    }
}
