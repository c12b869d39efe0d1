import Foundation
import Harness
import Testing

/// A command's outputs are written all or none: when one fails, the others are not left behind,
/// the files they would have replaced keep their contents, and no temporary file remains.
@Suite struct OutputBatchTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func everyFileIsWrittenAndReplacesTheOldOne() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("old".utf8).write(to: folder.appendingPathComponent("a.md"))
        var batch = OutputBatch()
        batch.add(Data("new a".utf8), to: folder.appendingPathComponent("a.md"), what: "a")
        batch.add(Data("new b".utf8), to: folder.appendingPathComponent("b.md"), what: "b")
        try batch.write()
        #expect(try Self.contents(folder) == ["a.md", "b.md"])
        #expect(try String(contentsOf: folder.appendingPathComponent("a.md"), encoding: .utf8) == "new a")
    }

    /// The last target cannot be replaced (a directory stands there) after the others were put
    /// in place: they are taken back, and the file the first replaced is put back as it was.
    @Test func aFailedRenameUndoesTheFilesAlreadyReplaced() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("old a".utf8).write(to: folder.appendingPathComponent("a.md"))
        let blocked = folder.appendingPathComponent("b.md")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        var batch = OutputBatch()
        batch.add(Data("new a".utf8), to: folder.appendingPathComponent("a.md"), what: "a")
        batch.add(Data("new c".utf8), to: folder.appendingPathComponent("c.md"), what: "c")
        batch.add(Data("new b".utf8), to: blocked, what: "the report")
        #expect(throws: OutputError.directoryInTheWay(file: blocked.path, what: "the report")) { try batch.write() }
        #expect(try Self.contents(folder) == ["a.md", "b.md"])
        #expect(try String(contentsOf: folder.appendingPathComponent("a.md"), encoding: .utf8) == "old a")
    }

    /// A file that cannot be written at all (its folder takes none) stops the batch before any
    /// target is touched, and removes the folders the batch created.
    @Test func aFailedWriteLeavesNothingAndRemovesTheFoldersItCreated() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = folder.appendingPathComponent("reports/dynamics")
        var batch = OutputBatch()
        batch.createFolder(reports)
        batch.add(Data("a".utf8), to: reports.appendingPathComponent("results.json"), what: "the results")
        batch.add(Data("b".utf8), to: URL(fileURLWithPath: "/proc/report.md"), what: "the report")
        #expect(throws: OutputError.self) { try batch.write() }
        #expect(try Self.contents(folder).isEmpty)
    }

    @Test func theFoldersCreatedAreReturned() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var batch = OutputBatch()
        batch.createFolder(folder.appendingPathComponent("a/b"))
        batch.createFolder(folder.appendingPathComponent("a"))
        batch.add(Data("x".utf8), to: folder.appendingPathComponent("a/b/x"), what: "x")
        #expect(try batch.write().map(\.lastPathComponent) == ["a", "b"])
    }
}
