import Foundation

/// Where each value of a well-formed JSON text starts, by JSON path (`items[0].center.x`), so
/// that an error found after decoding (a wrong type, a value out of range) can name its line and
/// column as well as its path.
public struct JSONSourceMap: Sendable {
    private let locations: [String: JSONLocation]

    /// Reads `data` strictly (RFC 8259) and records where each value starts.
    /// - Throws: the first ``JSONSyntaxError``.
    public init(_ data: Data) throws(JSONSyntaxError) {
        var scanner = JSONScanner(data, recordsLocations: true)
        try scanner.scan()
        locations = scanner.locations
    }

    /// Checks that `data` is well-formed JSON (RFC 8259: no trailing commas, no NaN or infinity,
    /// every number within a `Double`, each key once per object), recording nothing.
    /// - Throws: the first ``JSONSyntaxError``.
    public static func check(_ data: Data) throws(JSONSyntaxError) {
        var scanner = JSONScanner(data, recordsLocations: false)
        try scanner.scan()
    }

    /// Where the value at `path` starts, if the text holds it.
    public func location(of path: String) -> JSONLocation? { locations[path] }

    /// Where the value at `path` starts or, when the text does not hold it (a key left out, a
    /// value a decoder derived), where its nearest enclosing value does; `nil` when only the
    /// whole text encloses it, which says nothing a person can use.
    public func nearestLocation(of path: String) -> JSONLocation? {
        var path = Substring(path)
        while !path.isEmpty {
            if let location = locations[String(path)] { return location }
            path = Self.parent(of: path)
        }
        return nil
    }

    /// `a.b[2]` → `a.b` → `a` → empty.
    private static func parent(of path: Substring) -> Substring {
        if path.last == "]", let open = path.lastIndex(of: "[") { return path[..<open] }
        if let dot = path.lastIndex(of: ".") { return path[..<dot] }
        return ""
    }
}
