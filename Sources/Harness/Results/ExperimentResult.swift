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

    /// Creates a result.
    public init(id: String, title: String, summary: String, parameters: [String: String], metrics: [Metric],
                series: [Series], tables: [ReportTable] = [], notes: [String] = []) {
        self.id = id
        self.title = title
        self.summary = summary
        self.parameters = parameters
        self.metrics = metrics
        self.series = series
        self.tables = tables
        self.notes = notes
    }

    /// The worst verdict of its metrics (pass when there are none).
    public var verdict: Verdict { metrics.map(\.verdict).max() ?? .pass }
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
