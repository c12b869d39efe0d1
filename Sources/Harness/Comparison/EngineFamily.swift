import Foundation

/// Which engine a run's engine name names, apart from its configuration. An engine adapter names
/// a configuration of its engine by the engine's name followed by the configuration in
/// parentheses ("Dynamics (rigid)" is Dynamics with its rigid contact solver), so two runs whose
/// names differ only there are two versions of one engine: `harness compare` judges them as a
/// change, where a regression fails, not as two engines side by side, where nothing does.
public enum EngineFamily {
    /// `name` without a trailing parenthesized configuration: "Dynamics (rigid)" → "Dynamics",
    /// "Chipmunk 7" → "Chipmunk 7".
    public static func of(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), open > trimmed.startIndex else { return trimmed }
        let base = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        return base.isEmpty ? trimmed : base
    }

    /// Whether `first` and `second` name the same engine, whatever their configurations.
    public static func same(_ first: String, _ second: String) -> Bool {
        of(first) == of(second)
    }
}
