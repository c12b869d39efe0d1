import Foundation

/// The CPU time of the calling thread, for the cost of sweep points. Thread time, not process
/// time, so that other threads of the process (a parallel test, a progress printer) are not
/// counted. Not deterministic: never put it into a ``Metric``.
enum CPUClock {
    /// CPU seconds the calling thread has used so far (s).
    static func threadSeconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return .nan }
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Runs `body` and returns its value with the CPU seconds it took on this thread (s).
    static func measure<Value>(_ body: () throws -> Value) rethrows -> (value: Value, seconds: Double) {
        let start = threadSeconds()
        let value = try body()
        return (value, threadSeconds() - start)
    }
}
