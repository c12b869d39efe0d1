import Foundation

/// A trace as CSV: one row per recorded sample per item, every number in full precision (the
/// shortest text that reads back to the same `Double`).
public enum TraceCSV {
    /// The column names.
    public static let header = "time,item,x,y,angle,vx,vy,angularVelocity,running"

    /// The CSV text, header first; item identifiers are quoted when they need it.
    public static func render(_ trace: Trace) -> String {
        var lines = [header]
        lines.reserveCapacity(trace.samples.count * trace.itemIDs.count + 1)
        let names = trace.itemIDs.map(quoted)
        for sample in trace.samples {
            for (name, state) in zip(names, sample.states) {
                let numbers = [sample.time, state.center.x, state.center.y, state.angle, state.velocity.dx, state.velocity.dy,
                               state.angularVelocity]
                lines.append("\(numbers[0]),\(name),\(numbers.dropFirst().map { "\($0)" }.joined(separator: ",")),\(sample.isRunning)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// RFC 4180 quoting: fields with a comma, quote or line break are quoted, quotes doubled.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
