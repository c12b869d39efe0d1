/// Why a scene file cannot be used: it cannot be read, or what it holds is not a valid scene
/// (the JSON path, and the line and column where the file holds it, when known).
public enum SceneFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(InputFileError)
    /// The file's text is not a valid scene: malformed JSON, a decoding refusal or a validation
    /// problem, at `location` in the file when known.
    case invalid(file: String, location: JSONLocation?, SceneError)

    /// The file as given.
    public var file: String {
        switch self {
        case .unreadable(let error): error.file
        case .invalid(let file, _, _): file
        }
    }

    /// The scene's refusal, `nil` when the file could not be read.
    public var sceneError: SceneError? {
        if case .invalid(_, _, let error) = self { return error }
        return nil
    }

    /// `FILE:LINE:COLUMN: PATH: reason`, the form compilers use (`FILE: PATH: reason` when the
    /// location is unknown), or the read failure.
    public var description: String {
        switch self {
        case .unreadable(let error):
            error.description
        case .invalid(let file, let location, let error):
            JSONLocation.place(file: file, location) + ": " + (error.path.isEmpty ? "" : "\(error.path): ") + error.problem.description
        }
    }
}
