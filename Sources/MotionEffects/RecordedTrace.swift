/// A recorded attitude trace: timestamped samples (seconds, radians), strictly increasing in time.
public struct RecordedTrace: Hashable, Sendable {
    /// One recorded sample: `time` in seconds, `attitude` in radians.
    public struct Sample: Hashable, Sendable {
        /// Timestamp, seconds.
        public var time: Double
        /// Attitude, radians.
        public var attitude: DeviceAttitude

        /// Creates a sample; `time` in seconds, attitude in radians.
        public init(time: Double, attitude: DeviceAttitude) {
            self.time = time
            self.attitude = attitude
        }
    }

    /// The samples, strictly increasing in `time`; never empty.
    public let samples: [Sample]

    /// Parses CSV text: a header line `time,roll,pitch` (spaces around fields ignored), then one row
    /// per sample with time in seconds and roll, pitch in radians. Blank lines are skipped (but still
    /// counted as rows); `\n`, `\r\n` and `\r` line ends are accepted.
    /// - Throws: ``TraceParseError`` naming the 1-based row and the reason.
    public init(csv: String) throws(TraceParseError) {
        // `\r\n` is a single Character in Swift, so split on any newline character.
        let lines = csv.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var parsed: [Sample] = []
        var sawHeader = false
        for (index, rawLine) in lines.enumerated() {
            let row = index + 1
            let fields = rawLine.split(separator: ",", omittingEmptySubsequences: false).map { Self.trim($0) }
            if fields.count == 1 && fields[0].isEmpty { continue }
            if !sawHeader {
                guard fields.map({ $0.lowercased() }) == ["time", "roll", "pitch"] else {
                    throw .badHeader(row: row, found: Self.trim(rawLine))
                }
                sawHeader = true
                continue
            }
            guard fields.count == 3 else { throw .wrongFieldCount(row: row, expected: 3, found: fields.count) }
            var values: [Double] = []
            for (column, text) in zip(["time", "roll", "pitch"], fields) {
                guard let value = Double(text) else { throw .notANumber(row: row, column: column, text: text) }
                guard value.isFinite else { throw .nonFinite(row: row, column: column) }
                values.append(value)
            }
            if let previous = parsed.last?.time, values[0] <= previous {
                throw .timeNotIncreasing(row: row, time: values[0], previous: previous)
            }
            parsed.append(Sample(time: values[0], attitude: DeviceAttitude(roll: values[1], pitch: values[2])))
        }
        guard sawHeader else { throw .empty }
        guard !parsed.isEmpty else { throw .noSamples }
        samples = parsed
    }

    private static func trim(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
            let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }
}
