import Foundation

/// Headless Chromium for tests that look at what the harness draws: a screenshot to PNG and the
/// rendered DOM. Tests that need it are skipped, with an install hint, where it is absent.
enum Chromium {
    static let installHint = "install Chromium to run this test: source scripts/lib/ensure-chromium.sh && ensure_chromium (apt-get install chromium)"

    /// The browser binary on PATH, if any.
    static let binary: String? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for folder in paths where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    static var isAvailable: Bool { binary != nil }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs Chromium headless on `file` with `arguments`; returns what it wrote to standard
    /// output. Killed after 60 s. Output goes through files, so a full pipe can never block it.
    static func run(_ arguments: [String], on file: URL) throws -> String {
        guard let binary else { throw Failure(description: installHint) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw Failure(description: "could not create Chromium's output file \(output.path)")
        }
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                             "--user-data-dir=\(folder.appendingPathComponent("profile").path)"] + arguments + [file.absoluteString]
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            throw Failure(description: "chromium did not finish within 60 s")
        }
        try handle.close()
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }

    /// A PNG screenshot of `file` at `width`×`height` pixels.
    static func screenshot(of file: URL, width: Int, height: Int) throws -> Data {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        _ = try run(["--screenshot=\(png.path)", "--window-size=\(width),\(height)"], on: file)
        return try Data(contentsOf: png)
    }

    /// The DOM after rendering `file`.
    static func dumpDOM(of file: URL) throws -> String {
        try run(["--dump-dom"], on: file)
    }
}
