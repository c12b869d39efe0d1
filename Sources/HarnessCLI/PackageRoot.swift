import Foundation

/// The folder of the package this tool was built from (read from this file's path at build time),
/// so that `Golden/` and the git commit are found whatever the current directory; the current
/// directory when the tool was moved away from its sources.
enum PackageRoot {
    static let url: URL = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) { return root }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }()

    /// `relativePath` under the package root.
    static func path(_ relativePath: String) -> String {
        url.appendingPathComponent(relativePath).path
    }
}
