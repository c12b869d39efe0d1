/// Why a text is not well-formed JSON (RFC 8259), where: the line and column of the offending
/// character, and the JSON path of the object or array being read there.
///
/// JSON has no NaN or infinity, and a number must fit a `Double`: `1e999` is refused here rather
/// than read as infinity.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem starts.
    public var location: JSONLocation
    /// The JSON path of the value being read (`items[0].center`; empty at the top level).
    public var path: String
    /// What is wrong.
    public var problem: Problem

    /// Creates an error.
    public init(location: JSONLocation, path: String, problem: Problem) {
        self.location = location
        self.path = path
        self.problem = problem
    }

    /// "line 3, column 7: items[0]: a comma before ']' …".
    public var description: String { "\(location): " + (path.isEmpty ? "" : "\(path): ") + problem.description }

    /// The kinds of syntax error.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// The text is empty or only white space.
        case empty
        /// A character where something else was expected (`found` is the character as written).
        case unexpected(found: String, expected: String)
        /// The text ends where something was expected.
        case unexpectedEnd(expected: String)
        /// A comma right before the closing `]` or `}`.
        case trailingComma(before: Character)
        /// `NaN`, `Infinity` or `-Infinity`, which JSON cannot hold.
        case notANumber(String)
        /// A number beyond the range of a `Double` (about ±1.8e308).
        case numberOutOfRange(String)
        /// A malformed number such as `01`, `1.` or `-`.
        case invalidNumber(String)
        /// A backslash escape JSON does not define, or a `\u` escape that is not a valid character.
        case invalidEscape(String)
        /// A control character (below U+0020) inside a string; it must be escaped.
        case controlCharacter(UInt8)
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// The same key twice in one object (only one of them would be read).
        case duplicateKey(String)
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// Something after the top-level value.
        case trailingText(found: String)

        /// The reason in words.
        public var description: String {
            switch self {
            case .empty: "the text is empty; expected a JSON value"
            case .unexpected(let found, let expected): "expected \(expected), found \(found)"
            case .unexpectedEnd(let expected): "the text ends where \(expected) was expected"
            case .trailingComma(let bracket): "a comma before '\(bracket)': JSON allows none after the last element"
            case .notANumber(let word): "\(word) is not JSON: JSON numbers are finite"
            case .numberOutOfRange(let text): "the number \(text) is beyond the largest a Double holds (about 1.8e308)"
            case .invalidNumber(let text): "\(text) is not a JSON number"
            case .invalidEscape(let text): "\(text) is not a JSON escape"
            case .controlCharacter(let byte): "a control character (U+\(JSONScanner.hex(byte))) inside a string; write it escaped"
            case .invalidUTF8: "the bytes here are not UTF-8"
            case .duplicateKey(let key): "the key \"\(key)\" appears twice in this object"
            case .tooDeep(let limit): "arrays and objects nested deeper than \(limit) levels"
            case .trailingText(let found): "expected the end of the text after the top-level value, found \(found)"
            }
        }
    }
}
