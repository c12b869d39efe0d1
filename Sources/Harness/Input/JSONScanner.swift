import Foundation

/// A strict RFC 8259 reader of a JSON text that builds nothing: it checks the syntax, finds the
/// first error with its line, column and JSON path, and can record where each value starts.
///
/// Foundation's `JSONDecoder` says only "The given data was not valid JSON." for any syntax
/// error, accepts trailing commas and reads a key given twice silently; this reader is the one
/// that speaks to a person, and decoding proper is left to `JSONDecoder` once it has passed.
struct JSONScanner {
    /// The deepest nesting of arrays and objects read; deeper texts are refused rather than
    /// risking the stack (`JSONDecoder`'s own limit is the same).
    static let depthLimit = 512

    private enum Component {
        case key(String), index(Int)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var path: [Component] = []
    private let recordsLocations: Bool
    /// Where each value starts, by JSON path (when recording).
    private(set) var locations: [String: JSONLocation] = [:]

    init(_ data: Data, recordsLocations: Bool) {
        bytes = [UInt8](data)
        self.recordsLocations = recordsLocations
    }

    /// Reads the whole text.
    /// - Throws: the first ``JSONSyntaxError``.
    mutating func scan() throws(JSONSyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw error(.empty) }
        try value(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw error(.trailingText(found: found())) }
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error(.unexpectedEnd(expected: "a value")) }
        if recordsLocations { locations[Self.render(path)] = location() }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(depth: depth + 1)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try string(keeping: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: try word()
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) {
        guard depth <= Self.depthLimit else { throw error(.tooDeep(limit: Self.depthLimit)) }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        var keys = Set<String>()
        var comma: JSONLocation?
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "a key in double quotes")) }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}"), let comma { throw error(.trailingComma(before: "}"), at: comma) }
                throw error(.unexpected(found: found(), expected: "a key in double quotes"))
            }
            let keyStart = (index, location())
            let key = try string(keeping: true)
            guard keys.insert(key).inserted else {
                index = keyStart.0
                throw error(.duplicateKey(key), at: keyStart.1)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "':' after the key \"\(key)\"")) }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw error(.unexpected(found: found(), expected: "':' after the key \"\(key)\""))
            }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            try value(depth: depth)
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "',' or '}'")) }
            switch bytes[index] {
            case UInt8(ascii: ","):
                comma = location()
                index += 1
            case UInt8(ascii: "}"): index += 1; return
            default: throw error(.unexpected(found: found(), expected: "',' or '}' after the value of \"\(key)\""))
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) {
        guard depth <= Self.depthLimit else { throw error(.tooDeep(limit: Self.depthLimit)) }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        var count = 0
        var comma: JSONLocation?
        while true {
            skipWhitespace()
            if let comma, index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw error(.trailingComma(before: "]"), at: comma) }
            path.append(.index(count))
            try value(depth: depth)
            path.removeLast()
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "',' or ']'")) }
            switch bytes[index] {
            case UInt8(ascii: ","):
                comma = location()
                index += 1
            case UInt8(ascii: "]"): index += 1; return
            default: throw error(.unexpected(found: found(), expected: "',' or ']' after an element"))
            }
        }
    }

    /// Reads a string from its opening quote; returns its text when `keeping` (keys).
    private mutating func string(keeping: Bool) throws(JSONSyntaxError) -> String {
        index += 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "the closing '\"' of a string")) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return keeping ? String(decoding: text, as: UTF8.self) : ""
            case UInt8(ascii: "\\"):
                let scalar = try escape()
                if keeping { text.append(contentsOf: Array(String(Character(scalar)).utf8)) }
            case ..<0x20:
                throw error(.controlCharacter(byte))
            case ..<0x80:
                if keeping { text.append(byte) }
                index += 1
            default:
                let length = try multibyteLength()
                if keeping { text.append(contentsOf: bytes[index..<index + length]) }
                index += length
            }
        }
    }

    /// Reads one backslash escape, returning the character it stands for.
    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        guard index + 1 < bytes.count else { throw error(.unexpectedEnd(expected: "an escaped character after '\\'")) }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hexQuad(escapeStart: start)
            if (0xDC00...0xDFFF).contains(high) { throw escapeError(from: start) }
            guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
            // A high surrogate must be followed by an escaped low one.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw escapeError(from: start)
            }
            index += 2
            let low = try hexQuad(escapeStart: start)
            guard (0xDC00...0xDFFF).contains(low) else { throw escapeError(from: start) }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        default:
            throw escapeError(from: start)
        }
    }

    private mutating func hexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else { throw escapeError(from: escapeStart) }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func escapeError(from start: Int) -> JSONSyntaxError {
        let end = min(bytes.count, max(index, start + 2))
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        index = start
        return error(.invalidEscape(text))
    }

    /// The length of the well-formed UTF-8 sequence at `index` (its first byte ≥ 0x80).
    private mutating func multibyteLength() throws(JSONSyntaxError) -> Int {
        let lead = bytes[index]
        let length: Int, second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: throw error(.invalidUTF8)
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]),
              bytes[index + 2 ..< index + length].allSatisfy({ (0x80...0xBF).contains($0) }) else {
            throw error(.invalidUTF8)
        }
        return length
    }

    private mutating func number() throws(JSONSyntaxError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count, Self.isLetter(bytes[index]) {
                index = start
                return try word()
            }
        }
        func digits() -> Int {
            let first = index
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            return index - first
        }
        var wellFormed: Bool
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
            wellFormed = !(index < bytes.count && Self.isDigit(bytes[index]))
        } else {
            wellFormed = digits() > 0
        }
        if wellFormed, index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            wellFormed = digits() > 0
        }
        if wellFormed, index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            wellFormed = digits() > 0
        }
        guard wellFormed else {
            // Name the whole malformed token, as written.
            while index < bytes.count, Self.isNumberCharacter(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            index = start
            throw error(.invalidNumber(text))
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let value = Double(text), value.isFinite { return }
        index = start
        throw error(.numberOutOfRange(text))
    }

    /// `true`, `false` or `null`; anything else where a value belongs is named.
    private mutating func word() throws(JSONSyntaxError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if ["true", "false", "null"].contains(text) { return }
        index = start
        if ["nan", "infinity", "-infinity", "inf", "-inf"].contains(text.lowercased()) { throw error(.notANumber(text)) }
        throw error(.unexpected(found: found(), expected: "a value"))
    }

    // MARK: Position

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                startLine()
            case UInt8(ascii: "\r"):
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                startLine()
            default:
                return
            }
        }
    }

    private mutating func startLine() {
        line += 1
        lineStart = index
    }

    /// The location of `index`: columns count the bytes that start a UTF-8 character.
    private func location() -> JSONLocation {
        let end = min(index, bytes.count)
        let column = bytes[lineStart..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return JSONLocation(line: line, column: column)
    }

    private func error(_ problem: JSONSyntaxError.Problem, at place: JSONLocation? = nil) -> JSONSyntaxError {
        JSONSyntaxError(location: place ?? location(), path: Self.render(path), problem: problem)
    }

    /// The text at `index` as an error names it: `','`, `'NaN'`, or "the end of the text".
    private func found() -> String {
        guard index < bytes.count else { return "the end of the text" }
        var end = index + 1
        if Self.isLetter(bytes[index]) {
            while end < bytes.count, Self.isLetter(bytes[end]) || Self.isDigit(bytes[end]) { end += 1 }
        } else if bytes[index] >= 0x80 {
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        if let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1,
           scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FFFD}" {
            return "U+\(Self.hex(scalar.value))"
        }
        return "'\(text)'"
    }

    // MARK: Helpers

    /// The JSON path of `components`, as ``JSONPath`` renders a coding path.
    private static func render(_ components: [Component]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            }
        }
        return text
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isNumberCharacter(_ byte: UInt8) -> Bool {
        isDigit(byte) || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Four upper-case hexadecimal digits at least: `001F`.
    static func hex<Value: BinaryInteger>(_ value: Value) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
