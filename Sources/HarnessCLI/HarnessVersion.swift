import Foundation
import Harness

/// What `harness --version` prints: the package's version and the git commit of the folder it
/// was built from, read when asked (SwiftPM has no build-time hook for it without a plugin).
enum HarnessVersion {
    /// The package's version, raised by hand when its scene, results or command-line formats change.
    static let number = "0.1.0"

    /// "harness 0.1.0 (commit 6986854abc12…)", or without the commit where git cannot read it.
    static func line(packageRoot: URL) -> String {
        let commit = RunProvenance.current(packageRoot: packageRoot).gitCommit
        return "harness \(number)" + (commit.map { " (commit \($0))" } ?? "")
    }
}
