@testable import Harness
import Testing

@Suite struct SceneTimelineTests {
    static let item = SceneItem(id: "a", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: 10, height: 10))

    static func scene(_ events: [SceneEvent], duration: Double = 1) -> Scene {
        Scene(name: "timeline", items: [item],
              behaviors: [.attachment(AttachmentSpec(item: "a", anchor: ScenePoint(x: 100, y: 50)), id: "drag"),
                          .push(PushSpec(items: ["a"], mode: .instantaneous, direction: .zero), id: "kick")],
              events: events, timing: SceneTiming(duration: duration))
    }

    @Test func anEventAppliesBeforeTheFirstFrameStartingAtOrAfterIt() {
        let frame = 1.0 / 60
        for (time, expected) in [(0.0, 0), (0.5, 30), (0.5 + 1e-12, 30), (0.51, 31), (2 * frame, 2), (2.5 * frame, 3)] {
            let timeline = SceneTimeline(Self.scene([SceneEvent(time: time, .setPushActive("kick", active: true))]))
            #expect(Array(timeline.operationsByFrame.keys) == [expected], "t = \(time)")
            #expect(timeline.operations(beforeFrame: expected) == [.setPushActive("kick", active: true)])
        }
    }

    @Test func eventsAtTheSameTimeKeepFileOrderAndFileOrderDoesNotNeedSorting() {
        let events = [SceneEvent(time: 0.5, .setPushActive("kick", active: false)),
                      SceneEvent(time: 0.1, .setPushActive("kick", active: true)),
                      SceneEvent(time: 0.5, .addVelocity(item: "a", linear: SceneVector(dx: 1, dy: 0), angular: 0))]
        let timeline = SceneTimeline(Self.scene(events))
        #expect(timeline.operations(beforeFrame: 6) == [.setPushActive("kick", active: true)])
        #expect(timeline.operations(beforeFrame: 30) == [.setPushActive("kick", active: false),
                                                          .addVelocity(item: "a", linear: SceneVector(dx: 1, dy: 0), angular: 0)])
    }

    /// A drag sets the anchor, before each frame, to where a constant-speed straight path is at
    /// that frame's end, and ends exactly at the target.
    @Test func aDragIsAStraightConstantSpeedPathSampledAtFrameEnds() throws {
        let start = 0.2, duration = 0.25, frame = 1.0 / 60
        let timeline = SceneTimeline(Self.scene([SceneEvent(time: start, .moveAnchor("drag", to: ScenePoint(x: 140, y: 60), duration: duration))]))
        let frames = timeline.operationsByFrame.keys.sorted()
        #expect(frames.first == 12 && frames.last == 26)
        for index in frames {
            guard case .setAnchor("drag", let point) = try #require(timeline.operations(beforeFrame: index).first) else {
                Issue.record("frame \(index): not a setAnchor"); continue
            }
            let fraction = min(1, (Double(index + 1) * frame - start) / duration)
            #expect(abs(point.x - (100 + 40 * fraction)) < 1e-9 && abs(point.y - (50 + 10 * fraction)) < 1e-9, "frame \(index)")
        }
        #expect(timeline.operations(beforeFrame: 26) == [.setAnchor("drag", ScenePoint(x: 140, y: 60))])
    }

    @Test func aLaterMoveOrARemovalEndsADrag() {
        let later = SceneTimeline(Self.scene([
            SceneEvent(time: 0, .moveAnchor("drag", to: ScenePoint(x: 200, y: 50), duration: 1)),
            SceneEvent(time: 0.5, .moveAnchor("drag", to: ScenePoint(x: 0, y: 0), duration: 0)),
        ]))
        #expect(later.operationsByFrame.keys.max() == 30)
        #expect(later.operations(beforeFrame: 30) == [.setAnchor("drag", .zero)])
        let removed = SceneTimeline(Self.scene([
            SceneEvent(time: 0, .moveAnchor("drag", to: ScenePoint(x: 200, y: 50), duration: 1)),
            SceneEvent(time: 0.5, .removeBehavior("drag")),
        ]))
        #expect(removed.operations(beforeFrame: 30) == [.removeBehavior("drag")])
        #expect(removed.operationsByFrame.keys.max() == 30)
    }

    @Test func aDragStartsFromWhereAnEarlierDragLeftTheAnchor() throws {
        let timeline = SceneTimeline(Self.scene([
            SceneEvent(time: 0, .moveAnchor("drag", to: ScenePoint(x: 200, y: 50), duration: 1)),
            SceneEvent(time: 0.5, .moveAnchor("drag", to: ScenePoint(x: 150, y: 50), duration: 0.5)),
        ]))
        // At frame 29's end (t = 0.5) the first drag had the anchor at x = 150: the second starts there.
        guard case .setAnchor(_, let before) = try #require(timeline.operations(beforeFrame: 29).last),
              case .setAnchor(_, let after) = try #require(timeline.operations(beforeFrame: 30).last) else {
            Issue.record("no anchor operations"); return
        }
        #expect(abs(before.x - 150) < 1e-9)
        #expect(abs(after.x - 150) < 1e-9)
    }

    @Test func anEventAtTheVeryEndChangesNothingRecorded() {
        let timeline = SceneTimeline(Self.scene([SceneEvent(time: 1, .setPushActive("kick", active: true))]))
        #expect(timeline.operationsByFrame.isEmpty)
    }

    @Test func aDragOnABehaviorAddedByAnEventStartsAtItsAnchor() throws {
        let timeline = SceneTimeline(Self.scene([
            SceneEvent(time: 0.1, .addBehavior(.snap(SnapSpec(item: "a", point: ScenePoint(x: 10, y: 10)), id: "snap"), parent: nil)),
            SceneEvent(time: 0.1, .moveAnchor("snap", to: ScenePoint(x: 70, y: 10), duration: 0.1)),
        ]))
        let first = timeline.operations(beforeFrame: 6)
        #expect(first.count == 2)
        guard case .setAnchor("snap", let point) = try #require(first.last) else { Issue.record("no drag"); return }
        #expect(abs(point.x - (10 + 60 * (7.0 / 60 - 0.1) / 0.1)) < 1e-9)
    }
}
