/// A value observed at successive events of one case (e.g. the apex height after bounce n)
/// next to its reference, for bar plots.
public struct EventComparison: Codable, Equatable, Sendable {
    /// The case it belongs to (e.g. "rectangle, e = 0.5").
    public var caseName: String
    /// The value compared (e.g. "apex height").
    public var name: String
    /// What the events are, for the axis title (e.g. "bounce n").
    public var eventName: String
    /// Unit of the values.
    public var unit: String
    /// What the engine produced at events 1, 2, … (NaN where the event did not happen).
    public var observed: [Double]
    /// What the reference says at the same events.
    public var reference: [Double]

    /// Creates a comparison; `observed` and `reference` are indexed by event, from event 1.
    public init(caseName: String, name: String, eventName: String, unit: String, observed: [Double], reference: [Double]) {
        self.caseName = caseName
        self.name = name
        self.eventName = eventName
        self.unit = unit
        self.observed = observed
        self.reference = reference
    }
}
