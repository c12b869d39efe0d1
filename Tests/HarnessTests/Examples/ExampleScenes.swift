import DynamicsAdapter
import Foundation
@testable import Harness
import Testing

/// The example scenes in `Examples/`, run the way `harness simulate` runs them.
enum ExampleScenes {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

    /// Every example file name, sorted.
    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    static func load(_ name: String) throws -> Scene {
        try SceneFile.load(folder.appendingPathComponent(name).path)
    }

    static func simulate(_ name: String) throws -> Simulation {
        try Simulation.run(load(name), on: DynamicsEngine())
    }
}

extension Trace {
    /// The states of `id` with their times.
    func track(_ id: String) -> [(time: Double, state: ItemState)] { Array(zip(times, states(of: id))) }

    /// The state of `id` at the sample nearest `time`.
    func state(of id: String, at time: Double) -> ItemState? {
        track(id).min { abs($0.time - time) < abs($1.time - time) }?.state
    }
}
