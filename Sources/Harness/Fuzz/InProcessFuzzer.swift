/// The fuzz loop without worker processes, for property tests and for judging a faulty engine
/// in a test: generate, check, shrink, all in this process (a trap here ends the process, so
/// the `harness fuzz` command uses workers instead).
public struct InProcessFuzzer: Sendable {
    /// The checker (and so the engine).
    public let checker: PropertyChecker
    /// The scene generator.
    public let generator: SceneGenerator

    /// Creates a fuzzer.
    public init(checker: PropertyChecker, generator: SceneGenerator = SceneGenerator()) {
        self.checker = checker
        self.generator = generator
    }

    /// The first scene index below `count` whose check fails `invariant`, with its scene.
    public func firstFailure(of invariant: Invariant, seed: UInt64, count: Int) -> (index: Int, scene: Scene)? {
        for index in 0..<count {
            let scene = generator.scene(run: seed, index: index)
            if checker.check(scene, only: [invariant]).fails(invariant) { return (index, scene) }
        }
        return nil
    }

    /// `scene` shrunk to a minimal scene that still fails `invariant`.
    public func shrink(_ scene: Scene, failing invariant: Invariant, budget: Int = 400) -> Scene {
        SceneShrinker(budget: budget).shrink(scene) { checker.check($0, only: [invariant]).fails(invariant) }.scene
    }
}
