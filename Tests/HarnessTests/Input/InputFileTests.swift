import Foundation
@testable import Harness
import Testing

/// Reading input files: a failure names the file and says what a person can do, never an
/// error domain and code.
@Suite struct InputFileTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileReadsWhole() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.json")
        let data = Data((0..<200_000).map { UInt8($0 % 251) })
        try data.write(to: file)
        #expect(try InputFile.read(file.path, expected: "a scene file") == data)
    }

    @Test func aDirectoryIsNamedAsOne() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: InputFileError.directory(file: folder.path, expected: "a scene file")) {
            try InputFile.read(folder.path, expected: "a scene file")
        }
        #expect(InputFileError.directory(file: "scenes", expected: "a scene file").description == "scenes is a directory, not a scene file")
    }

    @Test func aMissingFileIsNamedAsOne() {
        #expect(throws: InputFileError.missing(file: "/no/such/scene.json")) {
            try InputFile.read("/no/such/scene.json", expected: "a scene file")
        }
    }

    /// Permission denied, from the system's error: tests may run as root, which reads anything,
    /// so the mapping is checked directly as well as on a file when it can be.
    @Test func aFileThisUserMayNotReadSaysSo() throws {
        #expect(InputFile.error(errno: EACCES, file: "a.json", expected: "a scene file") == .permissionDenied(file: "a.json"))
        #expect(InputFileError.permissionDenied(file: "a.json").description == "a.json: permission denied (this user may not read it)")
        guard geteuid() != 0 else { return }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("secret.json")
        try Data("{}".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        #expect(throws: InputFileError.permissionDenied(file: file.path)) { try InputFile.read(file.path, expected: "a scene file") }
    }
}
