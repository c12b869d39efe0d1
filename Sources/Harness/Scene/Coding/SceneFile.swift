import Foundation

/// A scene read from a file, keeping the file's text so that every problem found in the scene
/// can be given the line and column where the file holds it.
public struct SceneFile: Sendable {
    /// The file as given.
    public let path: String
    /// The decoded scene.
    public let scene: Scene
    private let text: Data

    /// What ``InputFileError/directory(file:expected:)`` says a scene file should be.
    static let expected = "a scene file"

    /// Reads and decodes the scene file at `path`.
    /// - Throws: a ``SceneFileError``: the file cannot be read, or is not a scene (with the
    ///   JSON path, line and column).
    public static func read(_ path: String) throws(SceneFileError) -> SceneFile {
        let data: Data
        do {
            data = try InputFile.read(path, expected: expected)
        } catch {
            throw .unreadable(error)
        }
        do {
            return SceneFile(path: path, scene: try Scene.decode(from: data), text: data)
        } catch {
            throw .invalid(file: path, location: error.location ?? (try? JSONSourceMap(data))?.nearestLocation(of: error.path), error)
        }
    }

    /// Reads and decodes the scene file at `path` (``read(_:)``'s scene).
    public static func load(_ path: String) throws(SceneFileError) -> Scene {
        try read(path).scene
    }

    /// `errors` (problems of ``scene``, such as ``Scene/problems()``) as errors of this file,
    /// each with the line and column of its value, or of the nearest value enclosing it that the
    /// file holds.
    public func located(_ errors: [SceneError]) -> [SceneFileError] {
        guard !errors.isEmpty else { return [] }
        let map = try? JSONSourceMap(text)
        return errors.map { .invalid(file: path, location: $0.location ?? map?.nearestLocation(of: $0.path), $0) }
    }
}
