import Foundation

/// The processor time a worker process has spent since a request was sent, read from
/// `/proc/<pid>/stat` (its user and system time, fields 14 and 15, in clock ticks).
///
/// A scene's time limit is counted in the worker's own processor time, not the wall clock: on
/// a machine loaded by other work a healthy scene takes longer by the clock but not by the
/// processor, so the same scene is judged a hang or not whatever else runs, and a run's
/// findings do not depend on the machine's load. An engine caught in an endless loop spins, so
/// its processor time passes the limit. A worker that blocks without spinning is caught by the
/// wall-clock limit, ``wallLimit(for:)``. Where `/proc` cannot be read, the wall clock alone
/// counts.
struct WorkerClock {
    private let process: Int32?
    private let start: Double?
    private let began = Date()

    /// Starts counting for the process with identifier `process`.
    init(process: Int32?) {
        self.process = process
        start = process.flatMap(Self.processorSeconds(of:))
    }

    /// The processor seconds the process has spent since this clock started, or the wall-clock
    /// seconds where its processor time cannot be read.
    func spent() -> Double {
        guard let process, let start, let now = Self.processorSeconds(of: process) else { return -began.timeIntervalSinceNow }
        return now - start
    }

    /// The wall-clock limit for a processor-time `timeout`: ten times it, at least a minute
    /// more, so that only a worker blocked without spinning reaches it on a loaded machine.
    static func wallLimit(for timeout: Double) -> Double { max(10 * timeout, timeout + 60) }

    /// The user and system time of process `pid` (seconds), or nil where it cannot be read.
    static func processorSeconds(of pid: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // After the command name in parentheses (which may hold spaces): state is field 3, so
        // utime and stime, fields 14 and 15, are the 12th and 13th after it.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ticks > 0 ? (user + system) / ticks : nil
    }
}
