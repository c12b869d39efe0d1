import Foundation

/// A value shared between threads, reached only under a lock. The lock is a pthread mutex
/// (Foundation's `NSLock`) rather than the standard library's `Mutex`: on Linux that one waits
/// on a futex directly, which ThreadSanitizer cannot see, so it reported every access made
/// under it as a race and hid any real one among them.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Shares `value`.
    init(_ value: Value) { self.value = value }

    /// Runs `body` on the value with the lock held.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
