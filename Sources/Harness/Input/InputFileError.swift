/// Why an input file could not be read, naming the file: what a person can act on, rather than
/// the error domain and code the system gives.
public enum InputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing at the path.
    case missing(file: String)
    /// A directory where a file was expected; `expected` says what kind (`a scene file`).
    case directory(file: String, expected: String)
    /// The file exists but this user may not read it.
    case permissionDenied(file: String)
    /// Another failure, in the system's words.
    case unreadable(file: String, reason: String)

    /// The file as given.
    public var file: String {
        switch self {
        case .missing(let file), .directory(let file, _), .permissionDenied(let file), .unreadable(let file, _): file
        }
    }

    /// "scenes/a.json is a directory, not a scene file".
    public var description: String {
        switch self {
        case .missing(let file): "\(file): no such file"
        case .directory(let file, let expected): "\(file) is a directory, not \(expected)"
        case .permissionDenied(let file): "\(file): permission denied (this user may not read it)"
        case .unreadable(let file, let reason): "\(file): cannot be read: \(reason)"
        }
    }
}
