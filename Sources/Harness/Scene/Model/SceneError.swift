/// Why a scene was refused: where (the JSON path of the offending value, such as
/// `behaviors[2].children[0].frequency`) and what is wrong with it, as a value a test can match.
///
/// Decoding and validation never trap: every refusal is one of these.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value (`items[1].size.width`; empty for the whole file).
    public var path: String
    /// What is wrong.
    public var problem: Problem

    /// Creates an error at `path`.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// Where the text holds the problem, when the error itself knows it: the line and column of
    /// a syntax error. A file's reader locates the others (``SceneFileError``).
    public var location: JSONLocation? {
        if case .malformedJSON(let syntax) = problem { return syntax.location }
        return nil
    }

    /// `path: reason`, e.g. `behaviors[2].children[0].frequency: must be ≥ 0, got -1`; a syntax
    /// error starts with its line and column.
    public var description: String {
        (location.map { "\($0): " } ?? "") + (path.isEmpty ? problem.description : "\(path): \(problem)")
    }

    /// The kinds of refusal. Numbers carried are the offending values.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// The text is not well-formed JSON: where, and why.
        case malformedJSON(JSONSyntaxError)
        /// The file's `schemaVersion` is not one this build reads.
        case unsupportedVersion(Int, supported: ClosedRange<Int>)
        /// A required key is absent.
        case missingKey
        /// A key the format does not define (the path ends with it).
        case unknownKey(allowed: [String])
        /// A `kind` (or other enumerated value) the format does not define.
        case unknownValue(String, allowed: [String])
        /// A value of the wrong JSON type.
        case wrongType(expected: String)
        /// NaN or an infinity.
        case nonFinite(Double)
        /// Must be > 0.
        case notPositive(Double)
        /// Must be ≥ 0.
        case negative(Double)
        /// Must lie in `lower...upper`.
        case outOfRange(Double, lower: Double, upper: Double)
        /// Must be at most `limit`.
        case tooLarge(Double, limit: Double)
        /// Beyond a limit of the engine or of the format, which would otherwise clamp it or run
        /// nothing: the value, the limit, their unit (`" pt/s"`, or empty) and what the limit is
        /// (`"the engine's speed cap"`).
        case beyondLimit(Double, limit: Double, unit: String, what: String)
        /// An identifier is empty.
        case emptyIdentifier
        /// An identifier used twice.
        case duplicateIdentifier(String)
        /// Names an item or group that does not exist.
        case unknownItem(String)
        /// Names a behavior that does not exist at that point of the run.
        case unknownBehavior(String)
        /// Names a group's member on its own (behaviors must name the group).
        case memberOfGroup(item: String, group: String)
        /// An item listed in a second group.
        case itemInTwoGroups(item: String, firstGroup: String)
        /// A polygon that turns the wrong way at `vertex`.
        case concavePath(vertex: Int)
        /// A polygon whose edges cross.
        case selfIntersectingPath
        /// A polygon that encloses (almost) no area.
        case degeneratePath
        /// Too few entries (points, members, regions).
        case tooFew(minimum: Int, got: Int)
        /// Too many entries.
        case tooMany(maximum: Int, got: Int)
        /// An event later than the end of the run (seconds).
        case eventAfterEnd(time: Double, end: Double)
        /// A value that does not apply here; the text says why.
        case notApplicable(String)
        /// Something else, said in words.
        case invalid(String)

        /// The reason in words.
        public var description: String {
            switch self {
            case .malformedJSON(let syntax): "is not valid JSON: \(syntax.problem)"
            case .unsupportedVersion(let version, let supported):
                "is \(version); this build reads versions \(supported.lowerBound) to \(supported.upperBound)"
            case .missingKey: "is required"
            case .unknownKey(let allowed): "is not a key of this object (allowed: \(allowed.joined(separator: ", ")))"
            case .unknownValue(let value, let allowed):
                "\"\(value)\" is not one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
            case .wrongType(let expected): "must be \(expected)"
            case .nonFinite(let value): "must be finite, got \(Self.format(value))"
            case .notPositive(let value): "must be > 0, got \(Self.format(value))"
            case .negative(let value): "must be ≥ 0, got \(Self.format(value))"
            case .outOfRange(let value, let lower, let upper):
                "must be in [\(Self.format(lower)), \(Self.format(upper))], got \(Self.format(value))"
            case .tooLarge(let value, let limit): "must be at most \(Self.format(limit)), got \(Self.format(value))"
            case .beyondLimit(let value, let limit, let unit, let what):
                "is \(Self.format(value))\(unit), beyond \(what) (\(Self.format(limit))\(unit))"
            case .emptyIdentifier: "must not be empty"
            case .duplicateIdentifier(let id): "duplicates the identifier \"\(id)\""
            case .unknownItem(let id): "names no item or group: \"\(id)\""
            case .unknownBehavior(let id): "names no behavior present at that time: \"\(id)\""
            case .memberOfGroup(let item, let group):
                "names \"\(item)\", a member of group \"\(group)\"; name the group instead"
            case .itemInTwoGroups(let item, let group): "puts \"\(item)\" in a second group (it is in \"\(group)\")"
            case .concavePath(let vertex): "is not convex (it turns the other way at vertex \(vertex))"
            case .selfIntersectingPath: "crosses itself"
            case .degeneratePath: "encloses no area"
            case .tooFew(let minimum, let got): "needs at least \(minimum) entries, got \(got)"
            case .tooMany(let maximum, let got): "allows at most \(maximum) entries, got \(got)"
            case .eventAfterEnd(let time, let end):
                "is \(Self.format(time)) s, after the end of the run at \(Self.format(end)) s"
            case .notApplicable(let reason): reason
            case .invalid(let reason): reason
            }
        }

        /// Integers without a fraction (`-1`, not `-1.0`); other values in full.
        static func format(_ value: Double) -> String {
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return "\(value)"
        }
    }
}
