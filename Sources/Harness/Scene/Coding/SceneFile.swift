import Foundation

/// Reading scene files from disk.
public enum SceneFile {
    /// Reads and decodes the scene file at `path`.
    /// - Throws: a ``SceneError`` (empty path) when the file cannot be read, or the decoding error.
    public static func load(_ path: String) throws(SceneError) -> Scene {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SceneError(path: "", problem: .invalid("cannot read the file: \(error.localizedDescription)"))
        }
        return try Scene.decode(from: data)
    }
}
