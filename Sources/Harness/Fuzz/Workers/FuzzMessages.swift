import Foundation

/// What the fuzzer asks a worker process: check one scene (one JSON line on the worker's input).
public struct FuzzRequest: Codable, Sendable {
    /// The scene file's text.
    public var scene: String
    /// The invariants to check (all when `nil`).
    public var only: [Invariant]?
    /// Whether to send back the run's animated SVG and its violations' profiles as well (for a
    /// minimal scene).
    public var wantsAnimation: Bool

    /// Creates a request.
    public init(scene: Scene, only: [Invariant]? = nil, wantsAnimation: Bool = false) throws {
        self.scene = String(decoding: try scene.jsonData(), as: UTF8.self)
        self.only = only
        self.wantsAnimation = wantsAnimation
    }
}

/// A worker's answer (one JSON line on its output).
public struct FuzzResponse: Codable, Sendable {
    /// What checking the scene found.
    public var report: PropertyReport
    /// The animated SVG of the run, when asked for and the run succeeded.
    public var animation: String?
    /// With the animation, each violation's profile (``ViolationProfile``), in the order of the
    /// report's violations; `nil` for a violation without one.
    public var profiles: [MeasuredCurve?]?

    /// Creates a response.
    public init(report: PropertyReport, animation: String? = nil, profiles: [MeasuredCurve?]? = nil) {
        self.report = report
        self.animation = animation
        self.profiles = profiles
    }
}

/// The worker side: answers requests read from standard input until it closes. Ignores SIGINT,
/// so that Ctrl-C in a terminal reaches only the parent, which then stops cleanly.
public enum FuzzWorker {
    /// Serves requests with `checker`, one line in, one line out.
    public static func serve(checker: PropertyChecker) {
        serve { answer($0, checker: checker) }
    }

    /// Serves requests with `answer`, one line in, one line out.
    public static func serve(answering answer: (FuzzRequest) -> FuzzResponse) {
        signal(SIGINT, SIG_IGN)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        while let line = readLine(strippingNewline: true) {
            let response: FuzzResponse
            do {
                let request = try JSONDecoder().decode(FuzzRequest.self, from: Data(line.utf8))
                response = answer(request)
            } catch {
                response = FuzzResponse(report: PropertyReport(checked: [], violations: [], invalid: "unreadable request: \(error)"))
            }
            var data = (try? encoder.encode(response)) ?? Data("{}".utf8)
            data.append(0x0a)
            FileHandle.standardOutput.write(data)
        }
    }

    /// Checks the request's scene in this process.
    public static func answer(_ request: FuzzRequest, checker: PropertyChecker) -> FuzzResponse {
        let scene: Scene
        do {
            scene = try Scene.decode(from: Data(request.scene.utf8))
        } catch {
            return FuzzResponse(report: PropertyReport(checked: [], violations: [], invalid: error.description))
        }
        let report = checker.check(scene, only: request.only.map(Set.init) ?? Set(Invariant.allCases))
        var animation: String?, profiles: [MeasuredCurve?]?
        if request.wantsAnimation, let trace = try? checker.engine.run(scene) {
            animation = SceneAnimation.svg(scene: scene, trace: trace)
            let limits = checker.engine.limits(for: scene)
            profiles = report.violations.map { ViolationProfile.curve(for: $0, scene: scene, trace: trace, limits: limits) }
        }
        return FuzzResponse(report: report, animation: animation, profiles: profiles)
    }
}
