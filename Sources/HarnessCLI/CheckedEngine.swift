import ArgumentParser
import DynamicsAdapter
import Harness

/// The engine the invariant checks of `fuzz` and `replay` run on, from `--engine` (and the older
/// `--rigid`, which is `--engine dynamics-rigid`).
enum CheckedEngine {
    /// The engine `choice` names; this project's records its sub-step states when
    /// `recordsSubsteps` (the checks that judge each sub-step read them; the other engines record
    /// frames only, and those checks then do not apply).
    /// - Throws: a `ValidationError` when `--rigid` contradicts `--engine`, or with the install
    ///   hint when the engine was not built in.
    static func engine(_ choice: SingleEngineChoice?, rigid: Bool, recordsSubsteps: Bool) throws -> any SimulationEngine {
        switch (choice, rigid) {
        case (nil, _), (.dynamics?, false): return DynamicsEngine.choosing(rigid: rigid, recordsSubsteps: recordsSubsteps)
        case (.dynamicsRigid?, _): return DynamicsEngine.choosing(rigid: true, recordsSubsteps: recordsSubsteps)
        case (let other?, true): throw ValidationError("--rigid is this engine's rigid contact solver; it cannot go with --engine \(other.rawValue)")
        case (let other?, false): return try other.engine()
        }
    }

    /// The options that choose the same engine again (for a worker, or a replay command).
    static func arguments(_ choice: SingleEngineChoice?, rigid: Bool) -> [String] {
        if rigid || choice == .dynamicsRigid { return ["--rigid"] }
        guard let choice, choice != .dynamics else { return [] }
        return ["--engine", choice.rawValue]
    }
}
