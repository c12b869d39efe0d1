import Foundation

/// The output folder of a fuzz run; every file is written atomically.
struct FuzzFiles {
    let root: URL

    /// The folders a run fills.
    static let folders = ["scenes", "minimal", "svg", "workers"]

    /// Opens `root`, creating its folders. For a new run (`startingFresh`), the files and folders
    /// an earlier run left there (its failure log, scenes, minimal scenes, animations and worker
    /// logs) are removed first, so that the folder holds this run's findings only: the default
    /// folder, `Reports/fuzz/latest`, is reused by every run, and its failure log grew by every
    /// run's lines. Other files are left alone; the reports are rewritten at the end of the run.
    /// A merge does not start fresh: it may write into one of the folders it merges.
    init(root: URL, startingFresh: Bool = false) throws {
        self.root = root
        let manager = FileManager.default
        if startingFresh {
            for stale in Self.folders + ["failures.jsonl"] where manager.fileExists(atPath: root.appendingPathComponent(stale).path) {
                try manager.removeItem(at: root.appendingPathComponent(stale))
            }
        }
        for folder in Self.folders {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    func write(_ data: Data, to relative: String) throws {
        try data.write(to: url(relative), options: .atomic)
    }

    func write(_ text: String, to relative: String) throws { try write(Data(text.utf8), to: relative) }

    func write(_ scene: Scene, to relative: String) throws { try write(try scene.jsonData(), to: relative) }

    /// Serializes ``appendLine(_:to:)`` across the run's worker slots: two slots that seek to the
    /// same end and write there overwrote the start of one failure's line (seen in a 1000-scene run).
    private static let appendLock = Locked(())

    /// Appends one line to the log of failures as they are found; safe to call from several
    /// threads at once.
    /// - Throws: if the file cannot be opened or written.
    func appendLine(_ line: String, to relative: String) throws {
        try Self.appendLock.withLock { _ in try appendLineAlone(line, to: relative) }
    }

    private func appendLineAlone(_ line: String, to relative: String) throws {
        let target = url(relative)
        if !FileManager.default.fileExists(atPath: target.path) {
            try Data().write(to: target)
        }
        let handle = try FileHandle(forWritingTo: target)
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            // The write's error is the one to report; closing is only tidying up after it.
            try? handle.close()
            throw error
        }
        try handle.close()
    }
}
