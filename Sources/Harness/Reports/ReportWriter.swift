import Foundation

/// Writes `results.json`, `report.md` and `report.html` into a folder, all or none
/// (``OutputBatch``), so a reader never sees a half-written report or reports of two runs.
public enum ReportWriter {
    /// The file names written.
    public static let fileNames = ["results.json", "report.md", "report.html"]

    /// The three files: each name with its contents, in ``fileNames``' order.
    public static func files(_ results: RunResults) throws -> [(name: String, data: Data)] {
        [("results.json", try ResultsCoding.encode(results)), ("report.md", Data(MarkdownReport.render(results).utf8)),
         ("report.html", Data(HTMLReport.render(results).utf8))]
    }

    /// Writes the three files into `directory`, creating it if needed.
    /// - Throws: an encoding error, or an ``OutputError`` with nothing written.
    public static func write(_ results: RunResults, to directory: URL) throws {
        var batch = OutputBatch()
        batch.createFolder(directory)
        for (name, data) in try files(results) { batch.add(data, to: directory.appendingPathComponent(name), what: name) }
        try batch.write()
    }
}

/// JSON encoding of results and scenes shared by writers and readers: sorted keys, so that
/// files diff cleanly, and non-finite numbers written as the strings "inf", "-inf" and "nan"
/// (a failed measurement must still reach the report, not abort the write).
public enum ResultsCoding {
    /// Encodes any value as pretty, key-sorted JSON.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(value)
    }

    /// Decodes a value from JSON.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder().decode(type, from: data)
    }

    /// Decodes a value from the JSON file at `path`, which should be `expected` (`"a harness
    /// results.json"`).
    /// - Throws: a ``JSONFileError`` naming the file, and the line, column and JSON path of
    ///   what is wrong.
    public static func decode<T: Decodable>(_ type: T.Type, fromFile path: String, expected: String) throws(JSONFileError) -> T {
        try JSONFile.decode(type, from: path, expected: expected, using: decoder())
    }

    /// The decoder of files these functions write.
    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
