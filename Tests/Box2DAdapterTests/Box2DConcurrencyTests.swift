import Foundation
@testable import Harness
import Testing
#if BOX2D
import Box2DAdapter

/// Box2D keeps its worlds in one table of slots; runs on many threads at once (the test runner's,
/// or an engineer's code) must neither share a slot nor free another's, and each must give the
/// trace a run alone gives.
@Suite struct Box2DConcurrencyTests {
    @Test func runsOnManyThreadsAtOnceGiveTheTraceOfARunAlone() throws {
        var drop = Box2DSupportTests.drop(elasticity: 0.5)
        drop.timing.duration = 0.1
        let scene = drop
        let alone = try Box2DEngine().run(scene)
        let runs = 4000
        let traces = Locked<[Trace?]>(Array(repeating: nil, count: runs))
        DispatchQueue.concurrentPerform(iterations: runs) { index in
            let trace = try? Box2DEngine().run(scene)
            traces.withLock { $0[index] = trace }
        }
        let all = traces.withLock { $0 }
        #expect(all.allSatisfy { $0 == alone }, "\(all.filter { $0 != alone }.count) of \(runs) runs differ")
    }
}

#endif
