/// A place in a JSON text: 1-based line and column. Columns count Unicode scalars, so a
/// character outside ASCII is one column, as editors show it; a tab is one column.
public struct JSONLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// "line 3, column 7".
    public var description: String { "line \(line), column \(column)" }

    /// Earlier in the text first.
    public static func < (a: JSONLocation, b: JSONLocation) -> Bool { (a.line, a.column) < (b.line, b.column) }
}
