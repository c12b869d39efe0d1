import Foundation
import Testing

extension Tag {
    /// A suite that takes more than ten seconds alone on the project's 2-core machine (whole
    /// experiment suites, fuzz campaigns, long simulations). `scripts/test --fast` leaves these
    /// out, so that the rest runs in under a minute; `scripts/test` and CI run everything.
    @Tag static var slow: Self
}

/// Whether this run includes the suites tagged ``Testing/Tag/slow``: every run but one started
/// with `FAST_TESTS=1` (as `scripts/test --fast` does).
enum SlowTests {
    static let run = ProcessInfo.processInfo.environment["FAST_TESTS"] != "1"
    static let skipped: Comment = "slow: left out by scripts/test --fast (FAST_TESTS=1)"
}
