/// The committed metric values of one experiment, suite and engine: one file of `Golden/metrics/`,
/// written only by `harness golden update` so that its diff shows exactly which numbers an engine
/// change moved.
public struct ExperimentBaseline: Codable, Equatable, Sendable {
    /// One metric's recorded value.
    public struct Entry: Codable, Equatable, Sendable {
        /// The metric's case.
        public var caseName: String
        /// The metric's name.
        public var metric: String
        /// The recorded value, in `unit`.
        public var value: Double
        /// The metric's unit.
        public var unit: String
        /// Which way the metric gets better, as ``MetricPreference/label`` (for the reader).
        public var better: String
        /// The relative noise band the metric is compared with (0: bit-exact).
        public var noiseBand: Double
        /// The distance from ideal below which values are rounding (see ``Metric/resolution``).
        public var resolution: Double

        /// Decodes an entry; baselines written before resolutions existed lack one (then 0).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            caseName = try container.decode(String.self, forKey: .caseName)
            metric = try container.decode(String.self, forKey: .metric)
            value = try container.decode(Double.self, forKey: .value)
            unit = try container.decode(String.self, forKey: .unit)
            better = try container.decode(String.self, forKey: .better)
            noiseBand = try container.decode(Double.self, forKey: .noiseBand)
            resolution = try container.decodeIfPresent(Double.self, forKey: .resolution) ?? 0
        }

        init(caseName: String, metric: String, value: Double, unit: String, better: String, noiseBand: Double, resolution: Double) {
            (self.caseName, self.metric, self.value, self.unit) = (caseName, metric, value, unit)
            (self.better, self.noiseBand, self.resolution) = (better, noiseBand, resolution)
        }
    }

    /// The experiment's identifier.
    public var experiment: String
    /// "quick" or "full".
    public var suite: String
    /// The engine's name.
    public var engine: String
    /// The engine settings the values were taken with.
    public var engineSettings: [String: String]
    /// The values, in the experiment's metric order.
    public var metrics: [Entry]

    /// The baseline of `result`, measured with `metadata`'s engine and suite.
    public init(_ result: ExperimentResult, metadata: RunMetadata) {
        experiment = result.id
        suite = GoldenMetrics.suiteName(quick: metadata.quick)
        engine = metadata.engine
        engineSettings = metadata.engineSettings
        metrics = result.metrics.map { metric in
            Entry(caseName: metric.caseName, metric: metric.name, value: metric.value, unit: metric.unit,
                  better: metric.preference.label, noiseBand: metric.noiseBand, resolution: metric.resolution)
        }
    }

    /// The recorded value of the metric `name` in case `caseName`, if recorded.
    public func value(caseName: String, name: String) -> Double? {
        metrics.first { $0.caseName == caseName && $0.metric == name }?.value
    }
}
