/// A coding key for any name or index: used to see every key an object holds.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Renders a coding path as a JSON path: `behaviors[2].children[0].frequency`.
enum JSONPath {
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    static func render(_ path: [any CodingKey], appending key: String) -> String {
        render(path + [AnyCodingKey(key)])
    }
}

extension Decoder {
    /// A keyed container that first refuses any key outside `Key`'s cases, so a misspelt key is
    /// an error naming it rather than a value silently left at its default.
    func strictContainer<Key: CodingKey & CaseIterable>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try rejectUnknownKeys(allowed: Key.allCases.map(\.stringValue))
        return try container(keyedBy: type)
    }

    /// Throws ``SceneError/Problem/unknownKey(allowed:)`` for the first key (in sorted order) that
    /// is not in `allowed`.
    func rejectUnknownKeys(allowed: [String]) throws {
        let all = try container(keyedBy: AnyCodingKey.self)
        let known = Set(allowed)
        if let unknown = all.allKeys.map(\.stringValue).filter({ !known.contains($0) }).sorted().first {
            throw SceneError(path: JSONPath.render(codingPath, appending: unknown),
                             problem: .unknownKey(allowed: allowed.sorted()))
        }
    }
}

/// A string-valued enumeration of the scene format. Decoding an unknown value names it and the
/// values allowed.
public protocol SceneKeyword: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == String {}

extension SceneKeyword {
    /// Decodes the keyword, refusing unknown values with ``SceneError/Problem/unknownValue(_:allowed:)``.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: text) else {
            throw SceneError(path: JSONPath.render(decoder.codingPath),
                             problem: .unknownValue(text, allowed: Self.allCases.map(\.rawValue)))
        }
        self = value
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`, or `defaultValue` when the key is absent.
    func decode<T: Decodable>(_ key: Key, default defaultValue: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? defaultValue
    }

    /// The value at `key` (required).
    func decode<T: Decodable>(_ key: Key) throws -> T {
        try decode(T.self, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Encodes `value` unless it equals `defaultValue`, keeping written files short.
    mutating func encode<T: Encodable & Equatable>(_ value: T, forKey key: Key, omittingDefault defaultValue: T) throws {
        if value != defaultValue { try encode(value, forKey: key) }
    }
}
