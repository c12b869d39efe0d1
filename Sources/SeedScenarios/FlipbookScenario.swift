import Dynamics
import Harness

/// Seed 004's flipbook on a 320×480 pt window: pages of elasticity 1 under triple gravity are
/// flicked left by an instantaneous push into a "light pole" boundary (a vertical segment at
/// x = 40). The collision delegate's `ended` for the pole starts a page's fade, and an `action`
/// removes every page that has left the window from every behavior, so the animator ends with no
/// tracked items.
public struct FlipbookScenario {
    /// The window (points).
    public static let window = Rect(x: 0, y: 0, width: 320, height: 480)
    /// Where the light pole stands (points).
    public static let poleX = 40.0
    /// How many pages, and how fast the flick sends them left (pt/s).
    public var pageCount = 4, flickSpeed = 800.0

    /// What happened.
    public struct Outcome {
        /// Pages whose fade started (their indices, in the order the fades began).
        public let fadedPages: [Int]
        /// Items the animator still tracked at the end, and frames run.
        public let trackedAtEnd: Int, frames: Int
        /// Every page's center at the end (points).
        public let finalCenters: [Point]
        /// The recorded run.
        public let simulation: Simulation
    }

    /// The seed's demo: four pages.
    public init() {}

    /// Runs until every page has left the animator, or 10 s.
    /// - Throws: an engine error (none for valid parameters).
    public func run() throws -> Outcome {
        // A page has left the window when its center is more than its own size beyond an edge.
        let margin = Rect(x: -60, y: -60, width: 440, height: 600)
        let pages = (0..<pageCount).map {
            HeadlessItem(center: Point(x: 200, y: 80 + 70 * Double($0)), size: Size(width: 60, height: 40))
        }
        let animator = try DynamicAnimator()
        let gravity = try GravityBehavior(items: pages)
        gravity.magnitude = 3
        let collision = try CollisionBehavior(items: pages)
        collision.collisionMode = .boundaries
        try collision.addBoundary(withIdentifier: "light pole", from: Point(x: Self.poleX, y: -1000), to: Point(x: Self.poleX, y: 1000))
        let fades = FadeStarter(pages: pages)
        collision.collisionDelegate = fades
        let properties = try DynamicItemBehavior(items: pages)
        properties.elasticity = 1
        let flick = try PushBehavior(items: pages, mode: .instantaneous)
        // 100·J/m: a 60×40 page (mass 0.24) leaves at the flick speed.
        flick.setAngle(Double.pi, magnitude: 0.24 * flickSpeed / 100)
        let book = DynamicBehavior()
        for behavior in [gravity, collision, properties, flick] as [DynamicBehavior] { try book.addChildBehavior(behavior) }
        book.action = { [unowned gravity, unowned collision, unowned properties, unowned flick] in
            for page in pages where !margin.contains(page.center) {
                for behavior in [gravity, collision, properties, flick] as [ItemBearingBehavior] { behavior.removeItem(page) }
            }
        }
        try animator.addBehavior(book)

        let recorder = ScenarioRecorder(name: "Flipbook: pages flicked into a light pole fade and leave", referenceBounds: Self.window)
        for (index, page) in pages.enumerated() { recorder.track(page, as: "page \(index + 1)") }
        recorder.drawBoundary("light pole", from: Point(x: Self.poleX, y: 0), to: Point(x: Self.poleX, y: Self.window.height))
        recorder.recordStart(of: animator)
        while !animator.items.isEmpty && recorder.frames < 600 { try recorder.step(animator) }
        return Outcome(fadedPages: fades.fading, trackedAtEnd: animator.items.count, frames: recorder.frames,
                       finalCenters: pages.map(\.center), simulation: recorder.simulation)
    }
}

/// Records which pages stopped touching the light pole: there a page starts to fade.
private final class FadeStarter: CollisionBehaviorDelegate {
    let pages: [HeadlessItem]
    var fading: [Int] = []

    init(pages: [HeadlessItem]) { self.pages = pages }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?) {
        guard identifier == "light pole", let index = pages.firstIndex(where: { $0 === item }), !fading.contains(index) else { return }
        fading.append(index)
    }
}
