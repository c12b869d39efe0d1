import Foundation

/// How one request to a worker ended.
public enum WorkerOutcome: Sendable {
    /// The worker answered.
    case answered(FuzzResponse)
    /// The worker died (a trap or a crash) before answering; the reason names the signal or status.
    case crashed(String)
    /// The worker did not answer within the time limit and was killed.
    case timedOut(Double)
}

/// A long-lived worker process on the parent's side: requests go to its standard input, answers
/// come from its standard output, read with a time limit. A worker that crashes or hangs is
/// replaced by a fresh one at the next request.
final class WorkerProcess {
    private let command: [String]
    private var process: Process?
    private var input: FileHandle?
    private var output: Int32 = -1
    private var buffer = Data()
    private let errorLog: URL

    /// Prepares a worker running `command` (executable path first); its standard error goes to
    /// `errorLog`.
    init(command: [String], errorLog: URL) {
        self.command = command
        self.errorLog = errorLog
    }

    deinit { stop() }

    /// Sends `request` and waits for the answer until the worker has spent `timeout` seconds of
    /// processor time on it (``WorkerClock``), or ``WorkerClock/wallLimit(for:)`` of wall-clock
    /// time has passed, whichever comes first.
    func evaluate(_ request: FuzzRequest, timeout: Double) -> WorkerOutcome {
        do {
            if process == nil { try start() }
            var line = try JSONEncoder().encode(request)
            line.append(0x0a)
            try input?.write(contentsOf: line)
        } catch {
            return .crashed(stopAfterCrash(fallback: "could not send the request: \(error)"))
        }
        let clock = WorkerClock(process: process?.processIdentifier)
        let deadline = Date().addingTimeInterval(WorkerClock.wallLimit(for: timeout))
        while true {
            if let newline = buffer.firstIndex(of: 0x0a) {
                let answer = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                guard let response = try? JSONDecoder().decode(FuzzResponse.self, from: Data(answer)) else {
                    return .crashed(stopAfterCrash(fallback: "unreadable answer"))
                }
                return .answered(response)
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 || clock.spent() > timeout {
                stop()
                return .timedOut(timeout)
            }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 0.25) * 1000) + 1)
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(output, &chunk, chunk.count)
            if count <= 0 { return .crashed(stopAfterCrash(fallback: "the worker closed its output")) }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    private func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let toWorker = Pipe(), fromWorker = Pipe()
        process.standardInput = toWorker
        process.standardOutput = fromWorker
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        self.process = process
        input = toWorker.fileHandleForWriting
        output = fromWorker.fileHandleForReading.fileDescriptor
        buffer = Data()
    }

    /// Waits for a dying worker and describes how it ended.
    private func stopAfterCrash(fallback: String) -> String {
        guard let process else { return fallback }
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        var reason = fallback
        if !process.isRunning {
            reason = process.terminationReason == .uncaughtSignal ? "killed by signal \(process.terminationStatus)"
                : "exited with status \(process.terminationStatus)"
        }
        if let log = try? String(contentsOf: errorLog, encoding: .utf8), let last = log.split(separator: "\n").last(where: { !$0.isEmpty }) {
            reason += ": \(last.prefix(300))"
        }
        stop()
        return reason
    }

    /// Ends the worker (killing it if it still runs).
    func stop() {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? input?.close()
        process = nil
        input = nil
        output = -1
        buffer = Data()
    }
}
