/// Why two runs cannot be compared.
public enum ComparisonError: Error, Equatable, CustomStringConvertible {
    /// One run is of the quick suite and the other of the full suite. The full suite measures
    /// cases the quick one does not: taken as lost they would bury any real loss among a hundred
    /// suite artefacts, and ignored they would let a real loss pass, so the comparison is refused.
    case suitesDiffer(beforeQuick: Bool, afterQuick: Bool)

    /// One line saying what is wrong and what to do.
    public var description: String {
        switch self {
        case let .suitesDiffer(beforeQuick, afterQuick):
            "cannot compare the \(Self.suite(beforeQuick)) suite (before) with the \(Self.suite(afterQuick)) suite (after): "
                + "they measure different cases, so a missing metric could not be told from a lost one; "
                + "run both with --quick or both without"
        }
    }

    private static func suite(_ quick: Bool) -> String { quick ? "quick" : "full" }
}
