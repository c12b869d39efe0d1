import Foundation
@testable import Harness
import Testing

/// ``WorkerClock``: a scene's time limit counts the worker's processor time, so a worker that
/// waits (as a healthy one does on a loaded machine) does not use it up, and one that spins does.
@Suite struct WorkerClockTests {
    static func start(_ script: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        try process.run()
        return process
    }

    @Test func waitingSpendsNoProcessorTimeAndSpinningDoes() throws {
        let waiting = try Self.start("sleep 5"), spinning = try Self.start("while :; do :; done")
        defer {
            for process in [waiting, spinning] where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let (waitingClock, spinningClock) = (WorkerClock(process: waiting.processIdentifier), WorkerClock(process: spinning.processIdentifier))
        // Until the spinner has had 0.3 s of processor time, however long that takes here.
        let began = Date()
        while spinningClock.spent() < 0.3 && -began.timeIntervalSinceNow < 300 { usleep(20_000) }
        #expect(spinningClock.spent() >= 0.3)
        // The sleeper, over at least as long by the clock, spent almost nothing.
        #expect(waitingClock.spent() < 0.05, "\(waitingClock.spent()) s of processor time asleep")
        #expect(WorkerClock.processorSeconds(of: Int32.max) == nil)
        #expect(WorkerClock.wallLimit(for: 20) == 200 && WorkerClock.wallLimit(for: 2) == 62)
    }
}
