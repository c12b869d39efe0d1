/// Why an output cannot be written, naming what it is (`the SVG`), where it was to go and what a
/// person can do about it. Checked before a command does its work (``OutputLocation``) and
/// met again if writing fails after all (``OutputBatch``).
public enum OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folder a file would go in does not exist: it is not created on a guess, since a
    /// mistyped folder would otherwise appear silently.
    case missingFolder(file: String, folder: String, what: String)
    /// A directory stands where the file is to be written.
    case directoryInTheWay(file: String, what: String)
    /// A file (not a folder) stands where a folder is needed.
    case notAFolder(path: String, output: String, what: String)
    /// The folder exists but nothing can be created in it (permissions, a read-only or virtual
    /// file system).
    case notWritable(folder: String, output: String, what: String)
    /// Two outputs of one command name the same file.
    case sameFile(file: String, what: String, alsoWhat: String)
    /// Writing or moving a file into place failed, in the system's words.
    case writeFailed(file: String, what: String, reason: String)

    /// "cannot write the SVG to out/a.svg: the folder out does not exist (create it first)".
    public var description: String {
        switch self {
        case .missingFolder(let file, let folder, let what):
            "cannot write \(what) to \(file): the folder \(folder) does not exist (create it first)"
        case .directoryInTheWay(let file, let what):
            "cannot write \(what) to \(file): it is a directory"
        case .notAFolder(let path, let output, let what):
            "cannot write \(what) to \(output): \(path) is a file, not a folder"
        case .notWritable(let folder, let output, let what):
            "cannot write \(what) to \(output): the folder \(folder) is not writable"
        case .sameFile(let file, let what, let alsoWhat):
            "cannot write both \(what) and \(alsoWhat) to \(file): give them different files"
        case .writeFailed(let file, let what, let reason):
            "cannot write \(what) to \(file): \(reason)"
        }
    }
}
