import Foundation
@testable import Harness
import Testing

/// The retired-metrics list: its form, its checks, and the committed list.
@Suite struct RetiredMetricsTests {
    static func decode(_ text: String) throws(RetiredMetrics.LoadError) -> RetiredMetrics {
        try RetiredMetrics.decode(Data(text.utf8), path: "list.json")
    }

    @Test func anEntryNamesTheMetricAndItsReason() throws {
        let list = try Self.decode("""
            {"retired": [{"experiment": "bounce", "case": "rectangle, e = 0", "metric": "apex 1 error", "reason": "no apex at e = 0"}]}
            """)
        #expect(list.retired.map(\.key) == ["bounce / rectangle, e = 0 / apex 1 error"])
        #expect(list.reason(for: "bounce / rectangle, e = 0 / apex 1 error") == "no apex at e = 0")
        #expect(list.reason(for: "bounce / rectangle, e = 0 / apex 2 error") == nil)
    }

    @Test func aListWithoutReasonsOrInAnotherFormIsRefused() {
        #expect(throws: RetiredMetrics.LoadError.emptyField(path: "list.json", entry: 1, field: "reason")) {
            try Self.decode(#"{"retired": [{"experiment": "x", "case": "c", "metric": "m", "reason": " "}]}"#)
        }
        #expect(throws: RetiredMetrics.LoadError.duplicate(path: "list.json", key: "x / c / m")) {
            try Self.decode(#"{"retired": [{"experiment": "x", "case": "c", "metric": "m", "reason": "a"}, "#
                + #"{"experiment": "x", "case": "c", "metric": "m", "reason": "b"}]}"#)
        }
        do {
            _ = try Self.decode(#"{"retired": [{"experiment": "x", "metric": "m", "reason": "a"}]}"#)
            Issue.record("an entry without its case was accepted")
        } catch {
            guard case let .malformed(path, reason) = error else { Issue.record("\(error)"); return }
            #expect(path == "list.json" && reason.contains("no \"case\" at retired.[0]"), "\(reason)")
        }
        #expect(throws: RetiredMetrics.LoadError.self) { try Self.decode("[]") }
        #expect(throws: RetiredMetrics.LoadError.self) {
            try RetiredMetrics.load(from: URL(fileURLWithPath: "/nonexistent/retired-metrics.json"))
        }
    }

    @Test func theCommittedListIsValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        _ = try RetiredMetrics.load(from: root.appendingPathComponent(RetiredMetrics.relativePath))
    }
}
