import Foundation
import Synchronization

/// The output folder of a fuzz run; every file is written atomically.
struct FuzzFiles {
    let root: URL

    init(root: URL) throws {
        self.root = root
        for folder in ["scenes", "minimal", "svg", "workers"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
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
    private static let appendLock = Mutex(())

    /// Appends one line to the log of failures as they are found; safe to call from several
    /// threads at once.
    func appendLine(_ line: String, to relative: String) {
        Self.appendLock.withLock { _ in appendLineAlone(line, to: relative) }
    }

    private func appendLineAlone(_ line: String, to relative: String) {
        let target = url(relative)
        if !FileManager.default.fileExists(atPath: target.path) {
            _ = FileManager.default.createFile(atPath: target.path, contents: nil)
        }
        guard let handle = try? FileHandle(forWritingTo: target) else { return }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((line + "\n").utf8))
        try? handle.close()
    }
}
