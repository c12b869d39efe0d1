import Foundation

/// The throughput benchmark of two versions timed in interleaved rounds (`scripts/compare-ref`),
/// and its verdict per number of boxes: "faster" or "slower" only beyond the noise the rounds
/// themselves show.
///
/// Each round times both versions back to back and takes their ratio, after / before, so that
/// machine drift between rounds cancels. The noise is measured by the spread of those ratios:
/// the interval from the smallest to the largest of R ratios contains the median of the ratio's
/// distribution with probability 1 − 2^(1−R), whatever that distribution (each ratio falls on
/// either side of the median with probability ½; the interval misses it only when all R fall on
/// one side). The verdict is "slower" when the whole interval lies above 1, "faster" when it lies
/// below 1, and "within noise" otherwise; with fewer than ``minimumRounds`` rounds it is not
/// judged.
public struct ThroughputComparison: Codable, Equatable, Sendable {
    /// The fewest rounds judged: with 5 the min–max interval holds the median ratio with
    /// probability 1 − 2⁻⁴ = 94 %, the first count above 90 % (4 rounds give 87.5 %). When the
    /// two versions are equally fast, each of "faster" and "slower" is then called with
    /// probability 2⁻⁵ ≈ 3 %.
    public static let minimumRounds = 5

    /// One round for one number of boxes: both versions' median ms per frame.
    public struct Round: Codable, Equatable, Sendable {
        /// The number of boxes in the pile.
        public var boxes: Int
        /// The round's number, from 1.
        public var round: Int
        /// The earlier version's median ms per 1/60 s frame.
        public var beforeMilliseconds: Double
        /// The later version's median ms per 1/60 s frame.
        public var afterMilliseconds: Double

        /// after / before: above 1 when the later version is slower.
        public private(set) var ratio: Double

        /// Creates a round.
        public init(boxes: Int, round: Int, beforeMilliseconds: Double, afterMilliseconds: Double) {
            (self.boxes, self.round) = (boxes, round)
            (self.beforeMilliseconds, self.afterMilliseconds) = (beforeMilliseconds, afterMilliseconds)
            ratio = afterMilliseconds / beforeMilliseconds
        }
    }

    /// What the rounds say about one number of boxes.
    public enum Verdict: String, Codable, Sendable {
        /// Every round's ratio is below 1.
        case faster
        /// Every round's ratio is above 1.
        case slower
        /// The ratios straddle 1 (or touch it).
        case withinNoise = "within noise"
        /// Fewer than ``ThroughputComparison/minimumRounds`` rounds.
        case notJudged = "not judged"
    }

    /// The rounds of one number of boxes and their verdict.
    public struct Size: Codable, Equatable, Sendable {
        /// The number of boxes.
        public private(set) var boxes: Int
        /// Its rounds, in order.
        public private(set) var rounds: [Round]
        /// The median of the rounds' ratios.
        public private(set) var medianRatio: Double
        /// The smallest ratio: the interval's lower end.
        public private(set) var lowestRatio: Double
        /// The largest ratio: the interval's upper end.
        public private(set) var highestRatio: Double
        /// The probability that [lowest, highest] holds the median ratio: 1 − 2^(1−R).
        public private(set) var confidence: Double
        /// The verdict.
        public private(set) var verdict: Verdict

        /// Judges `rounds` (all of `boxes` boxes, at least one).
        init(boxes: Int, rounds: [Round]) {
            self.boxes = boxes
            self.rounds = rounds
            let ratios = rounds.map(\.ratio).sorted()
            let middle = ratios.count / 2
            medianRatio = ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
            lowestRatio = ratios.first ?? .nan
            highestRatio = ratios.last ?? .nan
            confidence = 1 - pow(2, Double(1 - ratios.count))
            if ratios.count < ThroughputComparison.minimumRounds {
                verdict = .notJudged
            } else if lowestRatio > 1 {
                verdict = .slower
            } else if highestRatio < 1 {
                verdict = .faster
            } else {
                verdict = .withinNoise
            }
        }

        /// "N = 1000: slower, median ratio 1.083 (1.051–1.112 over 5 rounds, 94 % confidence)".
        public var summary: String {
            let interval = "\(Self.ratioText(lowestRatio))–\(Self.ratioText(highestRatio)) over \(rounds.count) rounds"
            let judged = verdict == .notJudged
                ? "not judged (fewer than \(ThroughputComparison.minimumRounds) rounds)" : verdict.rawValue
            return "N = \(boxes): \(judged), median ratio \(Self.ratioText(medianRatio)) "
                + "(\(interval), \(String(format: "%.0f", confidence * 100)) % confidence)"
        }

        /// A ratio with three decimals.
        static func ratioText(_ ratio: Double) -> String { String(format: "%.3f", ratio) }
    }

    /// Every number of boxes timed, in the order first seen.
    public private(set) var sizes: [Size]
    /// The verdict over every size: "slower" if any size is slower (a slowdown anywhere counts),
    /// else "faster" if any is faster, else "within noise" if any was judged, else "not judged".
    public private(set) var verdict: Verdict

    /// Groups `rounds` by number of boxes and judges each.
    /// - Throws: ``InputError/noRounds`` when `rounds` is empty, ``InputError/notPositive`` for a
    ///   time that is not a positive number.
    public init(rounds: [Round]) throws(InputError) {
        guard !rounds.isEmpty else { throw .noRounds }
        var order: [Int] = [], grouped: [Int: [Round]] = [:]
        for round in rounds {
            for time in [round.beforeMilliseconds, round.afterMilliseconds] where !(time > 0 && time.isFinite) {
                throw .notPositive(boxes: round.boxes, round: round.round, value: time)
            }
            if grouped[round.boxes] == nil { order.append(round.boxes) }
            grouped[round.boxes, default: []].append(round)
        }
        sizes = order.map { Size(boxes: $0, rounds: grouped[$0] ?? []) }
        let verdicts = sizes.map(\.verdict)
        verdict = [Verdict.slower, .faster, .withinNoise].first { verdicts.contains($0) } ?? .notJudged
    }

    /// "throughput slower: N = 1000: slower, median ratio …; N = 2000: …".
    public var summary: String {
        "throughput \(verdict.rawValue): " + sizes.map(\.summary).joined(separator: "; ")
    }

    /// Why a throughput table cannot be read.
    public enum InputError: Error, Equatable, CustomStringConvertible {
        /// No round at all.
        case noRounds
        /// The first line is not the expected header.
        case header(found: String)
        /// A line without four comma-separated numbers (its number from 1, the line).
        case malformedLine(line: Int, text: String)
        /// A time that is zero, negative or not a number.
        case notPositive(boxes: Int, round: Int, value: Double)

        /// One line saying what is wrong.
        public var description: String {
            switch self {
            case .noRounds: "the throughput table has no rounds"
            case let .header(found): "the throughput table must start with \"\(ThroughputComparison.csvHeader)\", not \"\(found)\""
            case let .malformedLine(line, text):
                "throughput table line \(line) is not \"boxes,round,before_ms,after_ms\" with numbers: \"\(text)\""
            case let .notPositive(boxes, round, value):
                "throughput round \(round) for N = \(boxes) has a frame time of \(value) ms; times must be positive"
            }
        }
    }

    /// The first line of the table `scripts/compare-ref` writes.
    public static let csvHeader = "boxes,round,before_ms,after_ms"

    /// Reads the table `scripts/compare-ref` writes: the ``csvHeader`` line, then one line per
    /// round and number of boxes (blank lines ignored).
    public static func parse(csv text: String) throws(InputError) -> ThroughputComparison {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init).enumerated()
            .filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let first = lines.first else { throw .noRounds }
        guard first.element.replacingOccurrences(of: " ", with: "") == csvHeader else { throw .header(found: first.element) }
        lines.removeFirst()
        var rounds: [Round] = []
        for (index, line) in lines {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 4, let boxes = Int(fields[0]), let round = Int(fields[1]),
                  let before = Double(fields[2]), let after = Double(fields[3]) else {
                throw .malformedLine(line: index + 1, text: line)
            }
            rounds.append(Round(boxes: boxes, round: round, beforeMilliseconds: before, afterMilliseconds: after))
        }
        return try ThroughputComparison(rounds: rounds)
    }
}
