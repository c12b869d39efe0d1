import Foundation

/// Decoding a JSON input file with errors that name the file, the line and column, and the
/// JSON path.
public enum JSONFile {
    /// Reads the file at `path`, which should be `expected` (`"a harness results.json"`), checks
    /// its syntax strictly and decodes a `T` from it with `decoder`.
    /// - Throws: a ``JSONFileError``: unreadable, malformed (line, column, path) or holding
    ///   something other than a `T` (path, and line and column where the file holds it).
    public static func decode<T: Decodable>(_ type: T.Type, from path: String, expected: String,
                                            using decoder: JSONDecoder = JSONDecoder()) throws(JSONFileError) -> T {
        let data: Data
        do {
            data = try InputFile.read(path, expected: expected)
        } catch {
            throw .unreadable(error)
        }
        return try decode(type, from: data, file: path, using: decoder)
    }

    /// Decodes a `T` from `data`, the text of `file`, as ``decode(_:from:expected:using:)`` does.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String,
                                            using decoder: JSONDecoder = JSONDecoder()) throws(JSONFileError) -> T {
        do {
            try JSONSourceMap.check(data)
        } catch {
            throw .malformed(file: file, error)
        }
        do {
            return try decoder.decode(type, from: data)
        } catch {
            // The scene format's reading of a decoding error (path, and the reason in words)
            // holds for any JSON content.
            let refusal = SceneError(decoding: error)
            let location = (try? JSONSourceMap(data))?.nearestLocation(of: refusal.path)
            throw .content(file: file, path: refusal.path, location: location, reason: refusal.problem.description)
        }
    }
}
