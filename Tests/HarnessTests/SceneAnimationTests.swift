import Foundation
@testable import Harness
import Testing

@Suite struct SceneAnimationTests {
    /// A hand-made run: three shapes, an attachment of each style, a snap, a field, contacts, an
    /// attachment added by an event, and a pause (no engine involved).
    static let scene = Scene(
        name: "overlay <test>", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 300),
        items: [SceneItem(id: "box", center: ScenePoint(x: 100, y: 100), size: SceneSize(width: 40, height: 20)),
                SceneItem(id: "<b>&\"x\"", center: ScenePoint(x: 200, y: 100), size: SceneSize(width: 20, height: 20), shape: .ellipse),
                SceneItem(id: "wedge", center: ScenePoint(x: 300, y: 100), size: SceneSize(width: 20, height: 20), shape: .path,
                          path: [ScenePoint(x: -10, y: -10), ScenePoint(x: 10, y: -10), ScenePoint(x: 0, y: 10)])],
        behaviors: [
            .collision(CollisionSpec(items: ["box"], referenceBoundsAreBoundary: true,
                                     boundaries: [SceneBoundary(identifier: "ledge", from: ScenePoint(x: 50, y: 250), to: ScenePoint(x: 350, y: 250))])),
            .attachment(AttachmentSpec(item: "box", anchor: ScenePoint(x: 100, y: 40), frequency: 2), id: "spring"),
            .attachment(AttachmentSpec(item: "wedge", anchor: ScenePoint(x: 300, y: 40)), id: "rod"),
            .attachment(AttachmentSpec(item: "box", otherItem: "wedge", attachmentKind: .limit), id: "rope"),
            .snap(SnapSpec(item: "<b>&\"x\"", point: ScenePoint(x: 220, y: 150))),
            .field(FieldSpec(fieldKind: .radialGravity, items: ["box"], position: ScenePoint(x: 200, y: 200), region: .circle(radius: 60))),
        ],
        events: [SceneEvent(time: 0.5, .addBehavior(.attachment(AttachmentSpec(item: "box", otherItem: "<b>&\"x\""), id: "late"), parent: nil))],
        timing: SceneTiming(duration: 1))

    /// A trace in which every item drifts right at 10 pt/s and turns, sampled at `rate` Hz.
    static func trace(samples count: Int = 61, duration: Double = 1) -> Trace {
        let samples = (0..<count).map { index -> TraceSample in
            let t = duration * Double(index) / Double(count - 1)
            let states = scene.items.map { ItemState(center: $0.center + SceneVector(dx: 10 * t, dy: 0), angle: t, velocity: .zero, angularVelocity: 1) }
            return TraceSample(time: t, states: states, isRunning: t < 0.8)
        }
        return Trace(itemIDs: scene.items.map(\.id), samples: samples, contacts: [
            ContactEvent(time: 0.2, phase: .began, item: "box", boundary: "ledge", point: ScenePoint(x: 100, y: 250)),
            ContactEvent(time: 0.3, phase: .ended, item: "box", boundary: "ledge"),
            ContactEvent(time: 0.4, phase: .began, item: "box", otherItem: "wedge", point: ScenePoint(x: 200, y: 110)),
        ])
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func oneGroupPerItemWithItsShapeAndItsSampledMotion() {
        let svg = SceneAnimation.svg(scene: Self.scene, trace: Self.trace())
        #expect(Self.count("class=\"item\"", in: svg) == 3)
        #expect(Self.count("<rect x=\"-20\" y=\"-10\" width=\"40\" height=\"20\"", in: svg) == 1)
        #expect(Self.count("<ellipse cx=\"0\" cy=\"0\" rx=\"10\" ry=\"10\"", in: svg) == 1)
        #expect(Self.count("<polygon points=\"-10,-10 10,-10 0,10\"", in: svg) == 1)
        // The box's translate values run from its start to 10 pt further right.
        #expect(svg.contains("values=\"100 100;100.17 100;"))
        #expect(svg.contains(";110 100\""))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!svg.contains("<script") && !svg.contains("href") && Self.count("http", in: svg) == 1)
    }

    @Test func textIsEscaped() {
        let svg = SceneAnimation.svg(scene: Self.scene, trace: Self.trace())
        #expect(!svg.contains("<b>&\"x\"") && !svg.contains("overlay <test>"))
        #expect(svg.contains("data-item=\"&lt;b&gt;&amp;&quot;x&quot;\"") && svg.contains("<title>overlay &lt;test&gt;</title>"))
    }

    /// The keyTimes of every animation, and of the linear (motion) ones.
    static func keyTimes(in svg: String) -> (all: [[Double]], linear: [[Double]]) {
        let animations = svg.components(separatedBy: "<animate").dropFirst().map { $0.prefix { $0 != ">" } }
        func times(_ animation: Substring) -> [Double] {
            let list = animation.components(separatedBy: "keyTimes=\"").dropFirst().first?.prefix { $0 != "\"" } ?? ""
            return list.split(separator: ";").compactMap { Double($0) }
        }
        return (animations.map(times), animations.filter { $0.contains("calcMode=\"linear\"") }.map(times))
    }

    /// A run of one second, and one shorter than the shortest loop (0.1 s): motion keyTimes still
    /// end at 1 (a browser ignores them otherwise), holding the last pose.
    @Test(arguments: [1, 0.05])
    func keyTimesRunFromZeroToOneWithoutGoingBack(duration: Double) throws {
        let svg = SceneAnimation.svg(scene: Self.scene, trace: Self.trace(samples: 4, duration: duration))
        let (all, linear) = Self.keyTimes(in: svg)
        #expect(!linear.isEmpty)
        for times in all {
            #expect(times.first == 0 && times.allSatisfy { (0...1).contains($0) })
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        }
        #expect(linear.allSatisfy { $0.last == 1 }, "\(linear.first { $0.last != 1 } ?? [])")
    }

    @Test func aRunWithoutDurationDoesNotMove() {
        let samples = (0..<3).map { _ in TraceSample(time: 0, states: Self.scene.items.map { ItemState(center: $0.center, angle: 0, velocity: .zero, angularVelocity: 0) }) }
        let svg = SceneAnimation.svg(scene: Self.scene, trace: Trace(itemIDs: Self.scene.items.map(\.id), samples: samples))
        #expect(Self.keyTimes(in: svg).linear.isEmpty && !svg.contains("<animateTransform"))
        #expect(Self.count("class=\"item\"", in: svg) == 3)
    }

    /// Labels turn back as their item turns (it turns by 1 rad ≈ 57.3° in the test run).
    @Test func labelsStayUpright() {
        let svg = SceneAnimation.svg(scene: Self.scene, trace: Self.trace())
        let box = svg.components(separatedBy: "data-item=\"box\"")[1].components(separatedBy: "</g>")[0]
        let label = box.components(separatedBy: "<text")[1]
        #expect(box.contains("type=\"rotate\" additive=\"sum\" values=\"0;") && box.contains(";57.3\""))
        #expect(label.contains("transform=\"rotate(0)\"") && label.contains("type=\"rotate\" values=\"0;") && label.contains(";-57.3\""))
    }

    /// An item that moves without turning keeps its angle (the moving translation replaces the
    /// group's whole transform), and its label is turned back once, without animation.
    @Test func anItemThatMovesWithoutTurningKeepsItsAngle() {
        let samples = (0..<2).map { index in
            TraceSample(time: Double(index), states: Self.scene.items.map {
                ItemState(center: $0.center + SceneVector(dx: 10 * Double(index), dy: 0), angle: Double.pi / 2, velocity: .zero, angularVelocity: 0)
            })
        }
        let svg = SceneAnimation.svg(scene: Self.scene, trace: Trace(itemIDs: Self.scene.items.map(\.id), samples: samples))
        let box = svg.components(separatedBy: "data-item=\"box\"")[1].components(separatedBy: "</g>")[0]
        #expect(box.contains("type=\"rotate\" additive=\"sum\" values=\"90;90\""))
        #expect(box.contains("transform=\"rotate(-90)\">box</text>"))
    }

    /// The picture fits an 800×600 window; without reference bounds the view still takes in
    /// anchors, not just the items.
    @Test func theViewFitsTheWindowAndTheScene() throws {
        var tall = Self.scene
        tall.referenceBounds = SceneRect(x: 0, y: 0, width: 300, height: 900)
        // 300 × 900 points and a 45-point margin: 390 × 990, scaled to 600 pixels high.
        #expect(SceneAnimation.svg(scene: tall, trace: Self.trace()).contains("width=\"236\" height=\"600\""))
        var open = Self.scene
        open.referenceBounds = nil
        open.behaviors = [.attachment(AttachmentSpec(item: "box", anchor: ScenePoint(x: 900, y: 100)), id: "far")]
        let svg = SceneAnimation.svg(scene: open, trace: Self.trace())
        let box = try #require(svg.components(separatedBy: "viewBox=\"").dropFirst().first?.prefix { $0 != "\"" })
        let numbers = box.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count == 4 && numbers[0] < 90 && numbers[0] + numbers[2] > 900)
    }

    @Test func attachmentStylesDifferAndAnAttachmentAddedLaterIsHiddenUntilThen() {
        let svg = SceneAnimation.svg(scene: Self.scene, trace: Self.trace())
        for kind in ["spring", "rod", "rope"] { #expect(svg.contains("data-kind=\"\(kind)\""), "\(kind)") }
        let spring = svg.components(separatedBy: "data-kind=\"spring\"")[1].prefix(600)
        let rod = svg.components(separatedBy: "data-kind=\"rod\"")[1].prefix(600)
        let rope = svg.components(separatedBy: "data-kind=\"rope\"")[1].prefix(600)
        #expect(spring.contains("stroke-dasharray") && !rod.contains("stroke-dasharray"))
        // Springs in square-ended dashes, ropes in round dots.
        #expect(spring.contains("stroke-linecap=\"butt\"") && rope.contains("stroke-linecap=\"round\" stroke-dasharray"))
        // The item–item distance attachment added at 0.5 s: hidden, then visible from half the loop.
        let added = svg.components(separatedBy: "<g class=\"attachment\" data-kind=\"rod\"").last ?? ""
        #expect(added.hasPrefix(" visibility=\"hidden\"><animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"hidden;visible\" keyTimes=\"0;0.5\""))
    }

    @Test func contactsSnapFieldReadoutAndPauseAreDrawn() {
        let svg = SceneAnimation.svg(scene: Self.scene, trace: Self.trace())
        #expect(Self.count("class=\"contact\"", in: svg) == 2)
        #expect(Self.count("class=\"snap\"", in: svg) == 1)
        #expect(svg.contains("data-field=\"radialGravity\"") && svg.contains("r=\"60\""))
        #expect(Self.count("class=\"time\"", in: svg) == 10)
        #expect(Self.count("class=\"paused\"", in: svg) == 1)
        #expect(svg.contains("ledge"))
    }

    @Test func longTracesAreThinnedToBoundedKeyframes() {
        let svg = SceneAnimation.svg(scene: Self.scene, trace: Self.trace(samples: 10_001, duration: 100))
        let lists = svg.components(separatedBy: "keyTimes=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(lists.map { $0.split(separator: ";").count }.max() == AnimationClock.maximumKeyframes)
        #expect(Self.count("class=\"time\"", in: svg) <= 200)
    }

    @Test func anEmptyRunIsStillAnSVG() {
        let empty = Scene(name: "", items: [], behaviors: [])
        let svg = SceneAnimation.svg(scene: empty, trace: Trace(itemIDs: [], samples: []))
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
    }

    /// Rendered by a real browser: a non-blank picture, and one item element per scene item in
    /// the DOM it built.
    @Test(.enabled(if: Chromium.isAvailable, Comment(rawValue: Chromium.installHint)))
    func aBrowserRendersIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.svg"), blank = folder.appendingPathComponent("blank.svg")
        try SceneAnimation.svg(scene: Self.scene, trace: Self.trace()).write(to: file, atomically: true, encoding: .utf8)
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"600\"><rect width=\"800\" height=\"600\" fill=\"#fff\"/></svg>"
            .write(to: blank, atomically: true, encoding: .utf8)
        let picture = try Chromium.screenshot(of: file, width: 800, height: 600)
        let empty = try Chromium.screenshot(of: blank, width: 800, height: 600)
        #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // A blank page compresses to almost nothing; drawn items, lines and text do not.
        #expect(picture.count > 3 * empty.count, "\(picture.count) bytes against \(empty.count) for a blank page")
        let dom = try Chromium.dumpDOM(of: file)
        // A malformed document still renders up to the first error, under a <parsererror>.
        #expect(!dom.contains("parsererror"))
        #expect(Self.count("class=\"item\"", in: dom) == Self.scene.items.count)
        #expect(dom.contains("<title>overlay &lt;test&gt;</title>"))
    }
}
