/// What running one experiment produced: parameters, metrics with verdicts, series and notes.
public struct ExperimentResult: Codable, Equatable, Sendable {
    /// Stable identifier (e.g. "gravity-push").
    public var id: String
    /// Title for reports.
    public var title: String
    /// What the experiment checks and how, in a few sentences.
    public var summary: String
    /// Parameters, as name → value text.
    public var parameters: [String: String]
    /// The metrics, each judged.
    public var metrics: [Metric]
    /// Plot data.
    public var series: [Series]
    /// Tables for the report (e.g. the time-step sweep).
    public var tables: [ReportTable]
    /// Free-form findings.
    public var notes: [String]
    /// The time-step sweep as data: error and CPU cost per step, for convergence plots.
    public var sweeps: [SweepSeries]
    /// Relative energy drift over time where the experiment defines it (observed drift next to
    /// the reference's, dimensionless).
    public var energyDrift: [Series]
    /// Values observed at successive events next to their references (e.g. apex heights).
    public var events: [EventComparison]
    /// Measured quantities with bounds but no reference curve, against time or a parameter (e.g.
    /// a chain's largest link error over time).
    public var curves: [MeasuredCurve]
    /// Cases the engine could not express, each with what it lacked: reported as "not supported
    /// by this engine", neither passed nor failed.
    public var unsupportedCases: [UnsupportedCase]
    /// Which expectations judged the engine (its integration scheme), when the limits depend on it.
    public var expectations: String?

    /// Creates a result.
    public init(id: String, title: String, summary: String, parameters: [String: String], metrics: [Metric],
                series: [Series], tables: [ReportTable] = [], notes: [String] = [], sweeps: [SweepSeries] = [],
                energyDrift: [Series] = [], events: [EventComparison] = [], curves: [MeasuredCurve] = [],
                unsupportedCases: [UnsupportedCase] = [], expectations: String? = nil) {
        self.id = id
        self.title = title
        self.summary = summary
        self.parameters = parameters
        self.metrics = metrics
        self.series = series
        self.tables = tables
        self.notes = notes
        self.sweeps = sweeps
        self.energyDrift = energyDrift
        self.events = events
        self.curves = curves
        self.unsupportedCases = unsupportedCases
        self.expectations = expectations
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, summary, parameters, metrics, series, tables, notes, sweeps, energyDrift, events, curves, unsupportedCases
        case expectations
    }

    /// Decodes a result; `sweeps`, `energyDrift`, `events`, `curves`, `unsupportedCases` and
    /// `expectations` may be absent (files written before they existed) and then are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decode(String.self, forKey: .summary)
        parameters = try container.decode([String: String].self, forKey: .parameters)
        metrics = try container.decode([Metric].self, forKey: .metrics)
        series = try container.decode([Series].self, forKey: .series)
        tables = try container.decode([ReportTable].self, forKey: .tables)
        notes = try container.decode([String].self, forKey: .notes)
        sweeps = try container.decodeIfPresent([SweepSeries].self, forKey: .sweeps) ?? []
        energyDrift = try container.decodeIfPresent([Series].self, forKey: .energyDrift) ?? []
        events = try container.decodeIfPresent([EventComparison].self, forKey: .events) ?? []
        curves = try container.decodeIfPresent([MeasuredCurve].self, forKey: .curves) ?? []
        unsupportedCases = try container.decodeIfPresent([UnsupportedCase].self, forKey: .unsupportedCases) ?? []
        expectations = try container.decodeIfPresent(String.self, forKey: .expectations)
    }

    /// The worst verdict of its metrics (pass when there are none).
    public var verdict: Verdict { metrics.map(\.verdict).max() ?? .pass }
}

/// A case an engine could not express.
public struct UnsupportedCase: Codable, Equatable, Sendable {
    /// The case's name, as its metrics would have named it.
    public var caseName: String
    /// What the engine lacked (``UnsupportedFeatureError/feature``).
    public var feature: String

    /// Creates an entry.
    public init(caseName: String, feature: String) {
        self.caseName = caseName
        self.feature = feature
    }
}

/// A small table of text cells for a report.
public struct ReportTable: Codable, Equatable, Sendable {
    /// Caption.
    public var title: String
    /// Column headers.
    public var columns: [String]
    /// Rows of cells, each as long as `columns`.
    public var rows: [[String]]

    /// Creates a table.
    public init(title: String, columns: [String], rows: [[String]]) {
        self.title = title
        self.columns = columns
        self.rows = rows
    }
}
