import Foundation
import Harness
import Testing

/// The strict JSON reader: every syntax error a person makes is named with its line, its
/// column and the JSON path of what was being read, where `JSONDecoder` says only "The given
/// data was not valid JSON." (or reads a trailing comma, a repeated key or 1e999 without a word).
@Suite struct JSONSyntaxTests {
    /// The error `JSONSourceMap.check` throws for `text`, or `nil` if it accepts it.
    static func error(_ text: String) -> JSONSyntaxError? {
        do {
            try JSONSourceMap.check(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    /// The 1-based line and column of the first `marker` in `text`, counted in characters.
    static func place(of marker: String, in text: String) throws -> JSONLocation {
        let range = try #require(text.range(of: marker))
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.unicodeScalars.count } ?? 0
        return JSONLocation(line: line, column: column + 1)
    }

    /// The location just past the last character of `text`.
    static func end(of text: String) -> JSONLocation {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return JSONLocation(line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
    }

    /// (text, the marker the error must point at, the path, the problem).
    static let cases: [(String, String, String, JSONSyntaxError.Problem)] = [
        ("{\"items\": [1, 2,],\n \"x\": 1}", ",]", "items", .trailingComma(before: "]")),
        ("{\"a\": {\"b\": 1,\n  }}", ",\n", "a", .trailingComma(before: "}")),
        ("{\"a\": 1,, \"b\": 2}", ", \"b\"", "", .unexpected(found: "','", expected: "a key in double quotes")),
        ("{\"a\": [1 2]}", "2]", "a", .unexpected(found: "'2'", expected: "',' or ']' after an element")),
        ("{\"center\": {\"x\": NaN, \"y\": 0}}", "NaN", "center.x", .notANumber("NaN")),
        ("{\"v\": -Infinity}", "-Infinity", "v", .notANumber("-Infinity")),
        ("{\"items\": [{\"x\":\n   1e999}]}", "1e999", "items[0].x", .numberOutOfRange("1e999")),
        ("{\"x\": -1e400}", "-1e400", "x", .numberOutOfRange("-1e400")),
        ("{\"x\": 01}", "01", "x", .invalidNumber("01")),
        ("{\"x\": 1.}", "1.", "x", .invalidNumber("1.")),
        ("{\"x\": 1, \"x\": 2}", "\"x\": 2", "", .duplicateKey("x")),
        ("{\"s\": \"a\\qb\"}", "\\q", "s", .invalidEscape("\\q")),
        ("{\"s\": \"\\ud800\"}", "\\ud800", "s", .invalidEscape("\\ud800")),
        ("{\"s\": \"a\tb\"}", "\t", "s", .controlCharacter(9)),
        ("{\"a\": tru}", "tru", "a", .unexpected(found: "'tru'", expected: "a value")),
        ("{\"a\": 1} x", "x", "", .trailingText(found: "'x'")),
        ("{\"a\": ", "", "a", .unexpectedEnd(expected: "a value")),
        ("{\"a\" 1}", "1}", "", .unexpected(found: "'1'", expected: "':' after the key \"a\"")),
        ("{\"é\": [1,\n  ] }", ",", "é", .trailingComma(before: "]")),
        ("   \n ", "", "", .empty),
    ]

    @Test(arguments: cases.indices)
    func eachErrorNamesItsPlaceAndPath(_ index: Int) throws {
        let (text, marker, path, problem) = Self.cases[index]
        let error = try #require(Self.error(text), "accepted: \(text)")
        #expect(error.problem == problem)
        #expect(error.path == path)
        // An empty marker means the end of the text.
        let place = marker.isEmpty ? Self.end(of: text) : try Self.place(of: marker, in: text)
        #expect(error.location == place, "\(error)")
    }

    @Test func wellFormedTextsPass() {
        for text in ["{}", "[]", "0", "-0.5e-3", "\"\\u00e9\\ud83d\\ude00\"", "{\"a\": [true, false, null, {\"b\": \"c\"}]}",
                     "\u{FEFF}{\"bom\": 1}", "{\"x\": 1e308, \"tiny\": 1e-400}"] {
            #expect(Self.error(text) == nil, "\(text): \(Self.error(text).map { "\($0)" } ?? "")")
        }
    }

    @Test func invalidUTF8IsNamed() {
        var data = Data("{\"s\": \"".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Data("\"}".utf8))
        #expect(throws: JSONSyntaxError(location: JSONLocation(line: 1, column: 8), path: "s", problem: .invalidUTF8)) {
            try JSONSourceMap.check(data)
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefusedWithoutTrapping() {
        let text = String(repeating: "[", count: 100_000)
        #expect(Self.error(text)?.problem == .tooDeep(limit: 512))
    }

    @Test func theMessageReadsAsThePlaceThePathAndTheReason() throws {
        let error = try #require(Self.error("{\"items\": [1,\n 2,]}"))
        #expect(error.description == "line 2, column 3: items: a comma before ']': JSON allows none after the last element")
    }

    @Test func theSourceMapLocatesEveryValueAndTheNearestEnclosingOne() throws {
        let text = "{\n  \"items\": [\n    {\"id\": \"a\", \"center\": {\"x\": 1, \"y\": 2}}\n  ]\n}"
        let map = try JSONSourceMap(Data(text.utf8))
        #expect(map.location(of: "items[0].center.y") == (try Self.place(of: "2}", in: text)))
        #expect(map.location(of: "items") == (try Self.place(of: "[", in: text)))
        // A key the text leaves out is placed at the object that lacks it; the root says nothing.
        #expect(map.nearestLocation(of: "items[0].size.width") == (try Self.place(of: "{\"id\"", in: text)))
        #expect(map.nearestLocation(of: "timing") == nil)
    }
}
