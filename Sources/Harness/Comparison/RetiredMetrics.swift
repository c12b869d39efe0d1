import Foundation

/// The metrics a change removed on purpose, each with its reason: the committed list
/// `Golden/retired-metrics.json` that `harness compare` and `scripts/compare-ref` read. A metric
/// measured before a change and missing after it is a regression (a lost case would otherwise
/// pass unseen) unless it is listed here.
///
/// The file is `{"retired": [{"experiment": …, "case": …, "metric": …, "reason": …}, …]}`: the
/// experiment's identifier, the case and the metric's name exactly as `results.json` spells them,
/// and one line on why the metric is no longer measured.
public struct RetiredMetrics: Codable, Equatable, Sendable {
    /// The list's path relative to the package root.
    public static let relativePath = "Golden/retired-metrics.json"

    /// One retired metric.
    public struct Entry: Codable, Equatable, Sendable {
        /// The experiment's identifier.
        public var experiment: String
        /// The metric's case.
        public var caseName: String
        /// The metric's name.
        public var metric: String
        /// Why it is no longer measured.
        public var reason: String

        /// Creates an entry.
        public init(experiment: String, caseName: String, metric: String, reason: String) {
            (self.experiment, self.caseName, self.metric, self.reason) = (experiment, caseName, metric, reason)
        }

        /// "experiment / case / metric", as comparisons name metrics.
        public var key: String { "\(experiment) / \(caseName) / \(metric)" }

        private enum CodingKeys: String, CodingKey {
            case experiment, caseName = "case", metric, reason
        }
    }

    /// The entries, in the file's order.
    public var retired: [Entry]

    /// A list of `retired`.
    public init(_ retired: [Entry] = []) {
        self.retired = retired
    }

    /// The reason `key` ("experiment / case / metric") was retired, `nil` when it was not.
    public func reason(for key: String) -> String? {
        retired.first { $0.key == key }?.reason
    }

    /// Why a list cannot be used.
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        /// The file cannot be read.
        case unreadable(path: String, reason: String)
        /// The file is not a list in the documented form.
        case malformed(path: String, reason: String)
        /// An entry has an empty field (its position from 1, the field).
        case emptyField(path: String, entry: Int, field: String)
        /// A metric is listed twice.
        case duplicate(path: String, key: String)

        /// One line naming the file and what is wrong with it.
        public var description: String {
            switch self {
            case let .unreadable(path, reason): "cannot read the retired-metrics list \(path): \(reason)"
            case let .malformed(path, reason):
                "\(path) is not a retired-metrics list ({\"retired\": [{\"experiment\", \"case\", \"metric\", \"reason\"}]}): \(reason)"
            case let .emptyField(path, entry, field): "\(path): retired entry \(entry) has an empty \"\(field)\""
            case let .duplicate(path, key): "\(path): \(key) is retired twice"
            }
        }
    }

    /// Decodes and checks the list in `data` (read from `path`, named in errors): every field
    /// present and non-empty (a retirement without a reason is what the list exists to prevent),
    /// no metric twice.
    public static func decode(_ data: Data, path: String) throws(LoadError) -> RetiredMetrics {
        let list: RetiredMetrics
        do {
            list = try JSONDecoder().decode(RetiredMetrics.self, from: data)
        } catch {
            throw .malformed(path: path, reason: Self.describe(error))
        }
        var seen = Set<String>()
        for (index, entry) in list.retired.enumerated() {
            for (field, value) in [("experiment", entry.experiment), ("case", entry.caseName), ("metric", entry.metric),
                                   ("reason", entry.reason)]
                where value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw .emptyField(path: path, entry: index + 1, field: field)
            }
            guard seen.insert(entry.key).inserted else { throw .duplicate(path: path, key: entry.key) }
        }
        return list
    }

    /// Reads and checks the list at `url`.
    public static func load(from url: URL) throws(LoadError) -> RetiredMetrics {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try decode(data, path: url.path)
    }

    /// A decoding error as one line: what was expected and at which key path.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let .keyNotFound(key, context): return "no \"\(key.stringValue)\" at \(path(context.codingPath))"
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }
}
