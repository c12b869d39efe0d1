import Foundation

extension Scene: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case schemaVersion, name, referenceBounds, items, groups, behaviors, events, timing, recording
    }

    /// Decodes a scene object. Prefer ``decode(from:)``, which reads the version first and turns
    /// every decoding failure into a ``SceneError``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        name = try container.decode(.name, default: "")
        referenceBounds = try container.decodeIfPresent(SceneRect.self, forKey: .referenceBounds)
        items = try container.decode(.items, default: [])
        groups = try container.decode(.groups, default: [])
        behaviors = try container.decode(.behaviors, default: [])
        events = try container.decode(.events, default: [])
        timing = try container.decode(.timing, default: SceneTiming())
        recording = try container.decode(.recording, default: SceneRecording())
    }

    /// Encodes the scene at ``currentSchemaVersion``, leaving out empty lists.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentSchemaVersion, forKey: .schemaVersion)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(referenceBounds, forKey: .referenceBounds)
        try container.encode(items, forKey: .items)
        try container.encode(groups, forKey: .groups, omittingDefault: [])
        try container.encode(behaviors, forKey: .behaviors)
        try container.encode(events, forKey: .events, omittingDefault: [])
        try container.encode(timing, forKey: .timing)
        try container.encode(recording, forKey: .recording, omittingDefault: SceneRecording())
    }
}

extension Scene {
    /// Reads a scene file: checks that it is well-formed JSON (strictly: no trailing commas, no
    /// NaN, every number within a `Double`, each key once), then `schemaVersion` (versions 1 and
    /// 2 are read), then decodes, refusing unknown keys and kinds. Range and consistency checks
    /// are ``problems()``'s.
    /// - Throws: a ``SceneError`` naming the JSON path and the reason (a syntax error also its
    ///   line and column); never traps.
    public static func decode(from data: Data) throws(SceneError) -> Scene {
        do {
            try JSONSourceMap.check(data)
        } catch {
            throw SceneError(path: error.path, problem: .malformedJSON(error))
        }
        let version: Int
        do {
            version = try JSONDecoder().decode(VersionProbe.self, from: data).schemaVersion
        } catch {
            throw SceneError(decoding: error)
        }
        guard readableSchemaVersions.contains(version) else {
            throw SceneError(path: "schemaVersion", problem: .unsupportedVersion(version, supported: readableSchemaVersions))
        }
        let decoder = JSONDecoder()
        decoder.userInfo[.sceneSchemaVersion] = version
        do {
            return try decoder.decode(Scene.self, from: data)
        } catch {
            throw SceneError(decoding: error)
        }
    }

    /// The scene as a JSON file: pretty-printed, keys sorted (so files diff cleanly).
    /// - Throws: a ``SceneError`` naming the first non-finite number, which JSON cannot hold.
    public func jsonData() throws(SceneError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self)
        } catch let EncodingError.invalidValue(value, context) {
            throw SceneError(path: JSONPath.render(context.codingPath),
                             problem: .nonFinite((value as? Double) ?? .nan))
        } catch {
            throw SceneError(path: "", problem: .invalid("cannot be encoded: \(error)"))
        }
    }

    private struct VersionProbe: Decodable {
        var schemaVersion: Int
    }
}

extension SceneError {
    /// Converts whatever a decoder threw into a ``SceneError`` with the JSON path.
    init(decoding error: any Error) {
        switch error {
        case let error as SceneError:
            self = error
        case DecodingError.keyNotFound(let key, let context):
            self.init(path: JSONPath.render(context.codingPath + [key]), problem: .missingKey)
        case DecodingError.typeMismatch(let type, let context):
            self.init(path: JSONPath.render(context.codingPath), problem: .wrongType(expected: Self.describe(type)))
        case DecodingError.valueNotFound(let type, let context):
            self.init(path: JSONPath.render(context.codingPath), problem: .wrongType(expected: Self.describe(type)))
        case DecodingError.dataCorrupted(let context):
            // The text passed ``JSONSourceMap/check(_:)`` first, so this is a value the decoder
            // could not take (an integer beyond Int, say), not a syntax error.
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            self.init(path: JSONPath.render(context.codingPath), problem: .invalid("cannot be read: \(context.debugDescription)\(underlying)"))
        default:
            self.init(path: "", problem: .invalid("cannot be read: \(error)"))
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type, is UInt64.Type: "a whole number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
