import Foundation

/// The playback clock of an animated scene: which trace samples become keyframes, the loop's
/// length, and the SMIL attributes that place values and visibility intervals on it.
struct AnimationClock {
    /// The most keyframes per second of run, and in all: bounds the file's size.
    static let keyframesPerSecond = 60.0, maximumKeyframes = 3600

    /// Indices of the trace samples used as keyframes, first and last included.
    let indices: [Int]
    /// Their times (seconds).
    let times: [Double]
    /// The loop's length (seconds, at least 0.1).
    let duration: Double
    /// The time of the first sample (seconds).
    let start: Double

    /// The clock of the run recorded in `trace`.
    init(trace: Trace) {
        let all = trace.times
        start = all.first ?? 0
        let span = max(0, (all.last ?? 0) - start)
        duration = max(0.1, span)
        let limit = max(2, min(Self.maximumKeyframes, Int((span * Self.keyframesPerSecond).rounded(.up)) + 1))
        if span == 0 {
            indices = all.isEmpty ? [] : [0]
        } else if all.count <= limit {
            indices = Array(all.indices)
        } else {
            let step = Double(all.count - 1) / Double(limit - 1)
            indices = (0..<limit).map { Int((Double($0) * step).rounded()) }
        }
        times = indices.map { all[$0] }
    }

    /// `t` (seconds) as a fraction of the loop, clamped to [0, 1].
    func fraction(_ t: Double) -> Double { min(1, max(0, (t - start) / duration)) }

    /// Whether the run is shorter than the loop (under 0.1 s), so the last keyframe's value is
    /// held until the loop's end.
    private var holdsLastValue: Bool { times.count > 1 && fraction(times[times.count - 1]) < 1 }

    /// The timing attributes every animation shares.
    var timing: String { "dur=\"\(SVGNumber.format(duration, digits: 3))s\" repeatCount=\"indefinite\"" }

    /// The attributes of a linear animation through `values` (one per keyframe): values,
    /// keyTimes from 0 to 1, calcMode and timing.
    func keyframes(_ values: [String]) -> String {
        var keyTimes = times.map { SVGNumber.format(fraction($0), digits: 5) }
        var values = values
        if holdsLastValue, let last = values.last {
            keyTimes.append("1")
            values.append(last)
        }
        return "values=\"\(values.joined(separator: ";"))\" keyTimes=\"\(keyTimes.joined(separator: ";"))\" calcMode=\"linear\" \(timing)"
    }

    /// An `<animate>` that animates `attribute` through `values` (one per keyframe).
    func animate(_ attribute: String, _ values: [String]) -> String {
        "<animate attributeName=\"\(attribute)\" \(keyframes(values))/>"
    }

    /// An `<animateTransform>` of `type` (translate, rotate) through `values` (one per keyframe),
    /// added to the transforms before it when `adding`.
    func animateTransform(_ type: String, _ values: [String], adding: Bool = false) -> String {
        "<animateTransform attributeName=\"transform\" type=\"\(type)\"\(adding ? " additive=\"sum\"" : "") \(keyframes(values))/>"
    }

    /// A discrete `visibility` animation showing an element during [from, to) (seconds), or
    /// nothing when that covers the whole loop. The element should start `visibility="hidden"`
    /// when it is not visible at the start.
    func visibility(from: Double, to: Double) -> String {
        let a = fraction(from), b = fraction(to)
        let steps: [(String, Double)]
        switch (a <= 0, b >= 1) {
        case (true, true): return ""
        case _ where b <= a: return "<set attributeName=\"visibility\" to=\"hidden\"/>"
        case (true, false): steps = [("visible", 0), ("hidden", b)]
        case (false, true): steps = [("hidden", 0), ("visible", a)]
        case (false, false): steps = [("hidden", 0), ("visible", a), ("hidden", b)]
        }
        return "<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"\(steps.map(\.0).joined(separator: ";"))\" "
            + "keyTimes=\"\(steps.map { SVGNumber.format($0.1, digits: 5) }.joined(separator: ";"))\" \(timing)/>"
    }
}

/// Compact, finite number text for SVG attributes.
enum SVGNumber {
    /// `value` with at most `digits` decimals, trailing zeros removed; 0 for a non-finite value.
    static func format(_ value: Double, digits: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `x y`.
    static func pair(_ point: ScenePoint) -> String { "\(format(point.x)) \(format(point.y))" }
}
