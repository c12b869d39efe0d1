import Foundation

/// Checks, before a command does any work, that its outputs can be written: a long run must not
/// end in "cannot write". A file's folder must already exist; a folder output (a report folder)
/// is created when missing, with any missing parents, and the command says so.
public enum OutputLocation {
    /// Checks that a file can be written at `path`: its folder exists and accepts new files (a
    /// probe file is created and removed), and no directory stands at `path`. `what` names the
    /// output in messages (`"the SVG"`).
    /// - Throws: an ``OutputError``.
    public static func checkFile(_ path: String, what: String) throws(OutputError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        switch kind(of: path) {
        case .folder: throw .directoryInTheWay(file: path, what: what)
        case .file, .nothing: break
        }
        switch kind(of: folder) {
        case .nothing: throw .missingFolder(file: path, folder: folder, what: what)
        case .file: throw .notAFolder(path: folder, output: path, what: what)
        case .folder: try probe(folder, output: path, what: what)
        }
    }

    /// Checks that a folder can be written at `path`: it is a folder that accepts new files, or it
    /// does not exist and its nearest existing ancestor is such a folder (it will be created).
    /// - Returns: whether the folder must be created.
    /// - Throws: an ``OutputError``.
    @discardableResult
    public static func checkFolder(_ path: String, what: String) throws(OutputError) -> Bool {
        var ancestor = URL(fileURLWithPath: path).standardizedFileURL
        var missing = false
        while true {
            switch kind(of: ancestor.path) {
            case .folder:
                try probe(ancestor.path, output: path, what: what)
                return missing
            case .file:
                throw .notAFolder(path: ancestor.path, output: path, what: what)
            case .nothing:
                missing = true
                let parent = ancestor.deletingLastPathComponent()
                // The root always exists; reaching it again would loop.
                guard parent.path != ancestor.path else { throw .missingFolder(file: path, folder: parent.path, what: what) }
                ancestor = parent
            }
        }
    }

    /// Checks several files at once, as ``checkFile(_:what:)`` does, and that no two name the
    /// same file. `files` pairs each path with what it holds.
    /// - Throws: the first ``OutputError``.
    public static func checkFiles(_ files: [(path: String, what: String)]) throws(OutputError) {
        var seen: [String: String] = [:]
        for (path, what) in files {
            let key = URL(fileURLWithPath: path).standardizedFileURL.path
            if let first = seen[key] { throw .sameFile(file: path, what: first, alsoWhat: what) }
            seen[key] = what
            try checkFile(path, what: what)
        }
    }

    private enum Kind {
        case nothing, file, folder
    }

    private static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .nothing }
        return isDirectory.boolValue ? .folder : .file
    }

    /// Creates and removes a file in `folder`: permission bits do not tell (root may write
    /// anywhere they allow, yet not in /proc or on a read-only mount); trying does.
    private static func probe(_ folder: String, output: String, what: String) throws(OutputError) {
        let probe = URL(fileURLWithPath: folder).appendingPathComponent(".harness-probe-\(UUID().uuidString)").path
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .notWritable(folder: folder, output: output, what: what) }
        close(descriptor)
        unlink(probe)
    }
}
