import Foundation
import Synchronization

/// Set by SIGINT or SIGTERM (or a caller) to end a fuzz run cleanly: no new scenes start,
/// shrinking stops with the best scene so far, and everything found is saved and reported.
public enum FuzzStop {
    private static let flag = Atomic<Bool>(false)

    /// Whether a stop was requested.
    public static var isRequested: Bool { flag.load(ordering: .relaxed) }

    /// Requests a stop.
    public static func request() { flag.store(true, ordering: .relaxed) }

    /// Clears a request (before a new run in the same process).
    public static func reset() { flag.store(false, ordering: .relaxed) }

    /// Makes SIGINT and SIGTERM request a stop instead of ending the process.
    public static func installSignalHandlers() {
        signal(SIGINT) { _ in FuzzStop.request() }
        signal(SIGTERM) { _ in FuzzStop.request() }
    }
}
