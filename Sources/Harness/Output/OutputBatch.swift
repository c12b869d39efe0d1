import Foundation

/// The files one command writes, written all or none: each to a temporary file beside its
/// target, then every target replaced by a rename. If anything fails, what was written is
/// removed, the files replaced are put back and the folders created are removed, so a reader
/// sees either the whole new set or the old one, never a mix of runs.
public struct OutputBatch {
    private struct Entry {
        var target: URL
        var data: Data
        var what: String
    }

    private var entries: [Entry] = []
    private var folders: [URL] = []

    /// An empty batch.
    public init() {}

    /// The files staged, in the order added.
    public var targets: [URL] { entries.map(\.target) }

    /// Stages `data` for `target`; `what` names it in errors (`"the SVG"`).
    public mutating func add(_ data: Data, to target: URL, what: String) {
        entries.append(Entry(target: target, data: data, what: what))
    }

    /// Asks for `folder` (and its missing parents) to be created when the batch is written.
    public mutating func createFolder(_ folder: URL) {
        folders.append(folder)
    }

    /// Writes every staged file, or none.
    /// - Returns: the folders that had to be created (outermost first), for the command to say so.
    /// - Throws: an ``OutputError`` for the first failure, after undoing everything.
    @discardableResult
    public func write() throws(OutputError) -> [URL] {
        var undo = Undo()
        do {
            for folder in folders { try undo.createFolder(folder) }
            var temporaries: [URL] = []
            for entry in entries {
                let temporary = Self.sibling(of: entry.target, tag: "tmp")
                undo.temporaries.append(temporary)
                do {
                    try entry.data.write(to: temporary)
                } catch {
                    throw OutputError.writeFailed(file: entry.target.path, what: entry.what, reason: Self.reason(error))
                }
                temporaries.append(temporary)
            }
            for (entry, temporary) in zip(entries, temporaries) {
                try undo.replace(entry.target, with: temporary, what: entry.what)
            }
        } catch {
            undo.rollBack()
            throw error as! OutputError
        }
        undo.commit()
        return undo.createdFolders
    }

    /// A hidden name beside `target` in its folder, so that the rename stays on one file system.
    static func sibling(of target: URL, tag: String) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(tag)-\(UUID().uuidString)")
    }

    static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }
}

/// What a batch has done so far, to be undone on failure or tidied on success.
private struct Undo {
    /// Folders created, outermost first.
    var createdFolders: [URL] = []
    /// Temporary files that may exist.
    var temporaries: [URL] = []
    /// Targets put in place, with where the file they replaced was moved (if there was one).
    var placed: [(target: URL, backup: URL?)] = []

    mutating func createFolder(_ folder: URL) throws(OutputError) {
        var missing: [URL] = []
        var ancestor = folder.standardizedFileURL
        while !FileManager.default.fileExists(atPath: ancestor.path), ancestor.path != "/" {
            missing.insert(ancestor, at: 0)
            ancestor = ancestor.deletingLastPathComponent()
        }
        for folder in missing {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            } catch {
                throw .writeFailed(file: folder.path, what: "the folder", reason: OutputBatch.reason(error))
            }
            createdFolders.append(folder)
        }
    }

    mutating func replace(_ target: URL, with temporary: URL, what: String) throws(OutputError) {
        var backup: URL?
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) {
            // Renaming a directory aside would succeed and replace it with the file.
            if isDirectory.boolValue { throw .directoryInTheWay(file: target.path, what: what) }
            let aside = OutputBatch.sibling(of: target, tag: "old")
            guard rename(target.path, aside.path) == 0 else {
                throw .writeFailed(file: target.path, what: what, reason: String(cString: strerror(errno)))
            }
            backup = aside
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if let backup { rename(backup.path, target.path) }
            throw .writeFailed(file: target.path, what: what, reason: reason)
        }
        placed.append((target, backup))
    }

    /// Puts every replaced file back, removes the new ones, the temporaries and the folders
    /// created; best effort, since it runs after a failure.
    func rollBack() {
        for (target, backup) in placed.reversed() {
            unlink(target.path)
            if let backup { rename(backup.path, target.path) }
        }
        for temporary in temporaries { unlink(temporary.path) }
        for folder in createdFolders.reversed() { rmdir(folder.path) }
    }

    /// Removes the replaced files, now that every new one is in place.
    func commit() {
        for case let (_, backup?) in placed { unlink(backup.path) }
    }
}
