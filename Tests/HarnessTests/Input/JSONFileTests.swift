import Foundation
import Harness
import Testing

/// JSON input files other than scenes (results.json, baselines, fuzz summaries): a malformed
/// file or one holding the wrong thing names the file, the line, the column and the JSON path.
@Suite struct JSONFileTests {
    struct Sample: Codable, Equatable {
        var name: String
        var values: [Double]
    }

    static func write(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("json-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test func aWellFormedFileDecodes() throws {
        let file = try Self.write(#"{"name": "a", "values": [1, 2]}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try JSONFile.decode(Sample.self, from: file.path, expected: "a sample") == Sample(name: "a", values: [1, 2]))
    }

    @Test func aSyntaxErrorNamesTheFileLineColumnAndPath() throws {
        let file = try Self.write("{\"name\": \"a\",\n \"values\": [1, NaN]}")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            try JSONFile.decode(Sample.self, from: file.path, expected: "a sample")
        } throws: { error in
            guard case .malformed(let name, let syntax) = error as? JSONFileError else { return false }
            return name == file.path && syntax.location == JSONLocation(line: 2, column: 16) && syntax.path == "values[1]"
        }
        let error = JSONFileError.malformed(file: "r.json", JSONSyntaxError(location: JSONLocation(line: 2, column: 16), path: "values[1]",
                                                                           problem: .notANumber("NaN")))
        #expect(error.description == "r.json:2:16: values[1]: is not valid JSON: NaN is not JSON: JSON numbers are finite")
    }

    @Test func aWrongValueNamesItsPathAndWhereTheFileHoldsIt() throws {
        let file = try Self.write("{\"name\": \"a\",\n \"values\": [1, \"two\"]}")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: JSONFileError.content(file: file.path, path: "values[1]", location: JSONLocation(line: 2, column: 16),
                                              reason: "must be a number")) {
            try JSONFile.decode(Sample.self, from: file.path, expected: "a sample")
        }
        // A key left out is placed at the object that lacks it.
        let missing = try Self.write("[\n  {\"name\": \"a\"}\n]")
        defer { try? FileManager.default.removeItem(at: missing) }
        #expect(throws: JSONFileError.content(file: missing.path, path: "[0].values", location: JSONLocation(line: 2, column: 3),
                                              reason: "is required")) {
            try JSONFile.decode([Sample].self, from: missing.path, expected: "samples")
        }
    }

    @Test func anUnreadableFileIsTheReadError() {
        #expect(throws: JSONFileError.unreadable(.missing(file: "/no/such/results.json"))) {
            try JSONFile.decode(Sample.self, from: "/no/such/results.json", expected: "a harness results.json")
        }
    }
}
