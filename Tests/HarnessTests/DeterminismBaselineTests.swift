import Foundation
import DynamicsAdapter
@testable import Harness
import Testing

/// The engine's state after fixed scenes must match, bit for bit, the hashes an earlier process
/// recorded in Golden/determinism.json: this catches a dependence on hash seeds or anything else
/// that changes between processes, which two runs in one process cannot.
@Suite struct DeterminismBaselineTests {
    static var goldenFile: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(DeterminismBaseline.relativePath)
    }

    @Test func stateHashesMatchTheCommittedBaseline() throws {
        let committed = try ResultsCoding.decode(DeterminismBaseline.self, from: Data(contentsOf: Self.goldenFile))
        let measured = try DeterminismBaseline.measure(engine: DynamicsEngine())
        #expect(measured.entries.map(\.scene) == committed.entries.map(\.scene))
        for (now, then) in zip(measured.entries, committed.entries) {
            #expect(now.stateHash == then.stateHash, """
                \(now.scene): state hash \(now.stateHash), baseline \(then.stateHash). If the engine changed on \
                purpose, run `harness golden update` and explain the change in review.
                """)
        }
    }
}
