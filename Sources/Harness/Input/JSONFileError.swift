/// Why a JSON input file (a results.json, a baseline, a fuzz summary) could not be used, naming
/// the file and, where known, the line, the column and the JSON path of what is wrong.
public enum JSONFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(InputFileError)
    /// The file is not well-formed JSON.
    case malformed(file: String, JSONSyntaxError)
    /// Well-formed JSON that does not hold what was expected: the JSON path, where the file holds
    /// that value (or its nearest enclosing one), and why.
    case content(file: String, path: String, location: JSONLocation?, reason: String)

    /// The file as given.
    public var file: String {
        switch self {
        case .unreadable(let error): error.file
        case .malformed(let file, _), .content(let file, _, _, _): file
        }
    }

    /// `FILE:LINE:COLUMN: PATH: reason`, the form compilers use, so that editors can jump there.
    public var description: String {
        switch self {
        case .unreadable(let error):
            error.description
        case .malformed(let file, let error):
            JSONLocation.place(file: file, error.location) + ": " + (error.path.isEmpty ? "" : "\(error.path): ")
                + "is not valid JSON: \(error.problem)"
        case .content(let file, let path, let location, let reason):
            JSONLocation.place(file: file, location) + ": " + (path.isEmpty ? "" : "\(path): ") + reason
        }
    }
}

extension JSONLocation {
    /// `file:3:7`, or `file` alone when the location is unknown.
    public static func place(file: String, _ location: JSONLocation?) -> String {
        location.map { "\(file):\($0.line):\($0.column)" } ?? file
    }
}
