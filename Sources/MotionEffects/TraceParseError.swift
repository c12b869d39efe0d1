/// Errors from parsing a recorded attitude trace (CSV). `row` is the 1-based line number in the text
/// (the header is row 1).
public enum TraceParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text has no non-blank lines at all.
    case empty
    /// The first non-blank line is not the header `time,roll,pitch`.
    case badHeader(row: Int, found: String)
    /// A data row does not have exactly `expected` comma-separated fields.
    case wrongFieldCount(row: Int, expected: Int, found: Int)
    /// The field `column` does not parse as a number.
    case notANumber(row: Int, column: String, text: String)
    /// The field `column` parses as NaN or infinity.
    case nonFinite(row: Int, column: String)
    /// The row's time is not strictly greater than the previous row's (both in seconds).
    case timeNotIncreasing(row: Int, time: Double, previous: Double)
    /// The header is present but no data rows follow.
    case noSamples

    /// The 1-based row the error is on, if it concerns one row.
    public var row: Int? {
        switch self {
        case .empty, .noSamples: nil
        case .badHeader(let row, _), .wrongFieldCount(let row, _, _), .notANumber(let row, _, _),
            .nonFinite(let row, _), .timeNotIncreasing(let row, _, _):
            row
        }
    }

    /// A readable message starting with the row number and stating the reason.
    public var description: String {
        switch self {
        case .empty: "trace is empty"
        case .noSamples: "trace has a header but no data rows"
        case .badHeader(let row, let found): "row \(row): expected header 'time,roll,pitch', found '\(found)'"
        case .wrongFieldCount(let row, let expected, let found): "row \(row): expected \(expected) fields, found \(found)"
        case .notANumber(let row, let column, let text): "row \(row): \(column) '\(text)' is not a number"
        case .nonFinite(let row, let column): "row \(row): \(column) is not finite"
        case .timeNotIncreasing(let row, let time, let previous):
            "row \(row): time \(time) s is not after the previous row's \(previous) s"
        }
    }
}
