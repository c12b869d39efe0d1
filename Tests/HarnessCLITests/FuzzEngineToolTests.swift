import Foundation
import Testing

/// `fuzz run --engine`: another engine fuzzed with the same invariants, this engine restricted
/// to the scenes it expresses (`--same-scenes-as`), and the two set side by side by
/// `fuzz compare`.
@Suite struct FuzzEngineToolTests {
    @Test(.enabled(if: EngineAllToolTests.hasChipmunk, "Chipmunk 7 is not installed (libchipmunk-dev; scripts/test installs it)"))
    func anotherEngineIsFuzzedOnTheSameScenesAndCompared() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-engines-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let common = ["fuzz", "run", "--seed", "7", "--scenes", "24", "--no-database", "--shrinks", "0", "--new-shrinks", "0"]
        let chipmunk = try HarnessToolTests.run(common + ["--engine", "chipmunk", "--output", root.appendingPathComponent("chipmunk").path])
        #expect(chipmunk.status != 2, "\(chipmunk.error)")
        #expect(chipmunk.output.contains("Engine: Chipmunk 7") && chipmunk.output.contains("Scenes skipped as not supported"), "\(chipmunk.output)")
        let dynamics = try HarnessToolTests.run(common + ["--same-scenes-as", "chipmunk", "--output", root.appendingPathComponent("dynamics").path])
        #expect(dynamics.status != 2, "\(dynamics.error)")
        let compared = try HarnessToolTests.run(["fuzz", "compare", root.appendingPathComponent("dynamics").path,
                                                 root.appendingPathComponent("chipmunk").path])
        #expect(compared.status == 0, "\(compared.error)")
        #expect(compared.output.contains("the rates compare scene for scene") && compared.output.contains("| Dynamics: checked |"), "\(compared.output)")
        let different = try HarnessToolTests.run(["fuzz", "compare", root.appendingPathComponent("dynamics").path])
        #expect(different.status == 2 && different.error.contains("at least two"))
    }

    @Test func theRigidFlagNamesThisEngineOnly() throws {
        let outcome = try HarnessToolTests.run(["fuzz", "run", "--rigid", "--engine", "chipmunk", "--scenes", "1", "--no-database"])
        #expect(outcome.status == 2 && outcome.error.contains("--rigid"), "\(outcome.error)")
    }
}
