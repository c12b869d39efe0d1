import Foundation
import Harness
import Testing

/// Outputs are checked before a command does its work: a missing folder, a file where a folder
/// should be, a directory where a file should be and a folder that takes no files are each named.
@Suite struct OutputLocationTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileInAWritableFolderPassesAndLeavesNothingBehind() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try OutputLocation.checkFile(folder.appendingPathComponent("a.svg").path, what: "the SVG")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A missing folder is an error, not created on a guess: a mistyped folder would otherwise
    /// appear silently.
    @Test func aFilesMissingFolderIsNamed() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("typo/a.svg").path
        #expect(throws: OutputError.missingFolder(file: file, folder: folder.appendingPathComponent("typo").path, what: "the SVG")) {
            try OutputLocation.checkFile(file, what: "the SVG")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("typo").path))
    }

    @Test func aDirectoryWhereTheFileGoesIsNamed() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: OutputError.directoryInTheWay(file: folder.path, what: "the SVG")) {
            try OutputLocation.checkFile(folder.path, what: "the SVG")
        }
    }

    /// /proc takes no new files, even for root, whose permission bits allow everything: the check
    /// tries to create a file rather than reading the bits.
    @Test func aFolderThatTakesNoFilesIsNamed() {
        #expect(throws: OutputError.notWritable(folder: "/proc", output: "/proc/a.svg", what: "the SVG")) {
            try OutputLocation.checkFile("/proc/a.svg", what: "the SVG")
        }
        #expect(throws: OutputError.notWritable(folder: "/proc", output: "/proc/reports/latest", what: "the reports")) {
            try OutputLocation.checkFolder("/proc/reports/latest", what: "the reports")
        }
    }

    @Test func aFolderOutputMayBeCreatedButNotUnderAFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try OutputLocation.checkFolder(folder.appendingPathComponent("new/deeper").path, what: "the reports"))
        #expect(try !OutputLocation.checkFolder(folder.path, what: "the reports"))
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        #expect(throws: OutputError.notAFolder(path: blocker.path, output: blocker.appendingPathComponent("reports").path, what: "the reports")) {
            try OutputLocation.checkFolder(blocker.appendingPathComponent("reports").path, what: "the reports")
        }
    }

    @Test func twoOutputsOnOneFileAreRefused() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out").path
        #expect(throws: OutputError.sameFile(file: folder.appendingPathComponent("./out").path, what: "the SVG", alsoWhat: "the JSON record")) {
            try OutputLocation.checkFiles([(file, "the SVG"), (folder.appendingPathComponent("./out").path, "the JSON record")])
        }
    }
}
