/// One change an engine adapter makes to a running simulation before a frame: the events of a
/// scene, resolved to frames, with drags expanded into one anchor position per frame.
public enum SceneOperation: Equatable, Sendable {
    /// Add a behavior at the top level or as the last child of `parent`.
    case addBehavior(SceneBehavior, parent: String?)
    /// Remove a behavior and its subtree.
    case removeBehavior(String)
    /// Set an item–anchor attachment's anchor or a snap's point (points). The engine moves it
    /// there over the coming frame.
    case setAnchor(String, ScenePoint)
    /// Set a push active or inactive.
    case setPushActive(String, active: Bool)
    /// Set one parameter of a behavior (see ``SceneParameter``).
    case setParameter(String, parameter: String, value: SceneValue)
    /// Add linear (pt/s) and angular (rad/s) velocity to an item or group.
    case addVelocity(item: String, linear: SceneVector, angular: Double)
}

/// A scene's events resolved to frames: what every engine adapter applies, so that all engines
/// give events the same meaning.
///
/// An event at time t applies before the first frame that starts at or after t (events at the
/// very end of the run change nothing recorded). A `moveAnchor` over a duration d is a drag: before
/// each frame whose end falls in [t, t + d] the anchor is set to where a straight, constant-speed
/// path from its position at t reaches at that frame's end, and the engine carries it there
/// during the frame; a later move of the same anchor, or removing its behavior, ends the drag.
public struct SceneTimeline: Equatable, Sendable {
    /// The operations before each frame that has any, in order.
    public private(set) var operationsByFrame: [Int: [SceneOperation]] = [:]

    private struct Drag: Equatable {
        var target: String
        var from: ScenePoint
        var to: ScenePoint
        var start: Double
        var duration: Double
    }

    /// Resolves the events of a valid scene (see ``Scene/problems()``).
    public init(_ scene: Scene) {
        let timing = scene.timing
        let frames = timing.frameCount
        let events = scene.events
        let order = events.timeOrder
        var tree = SceneBehaviorTree(roots: scene.behaviors)
        var anchors: [String: ScenePoint] = [:]
        Self.registerAnchors(of: scene.behaviors.flatMap(\.preOrder), in: &anchors)
        var drags: [Drag] = []
        var cursor = 0
        var frame = 0
        while frame < frames && (cursor < order.count || !drags.isEmpty) {
            var operations: [SceneOperation] = []
            while cursor < order.count, timing.frame(atOrAfter: events[order[cursor]].time) <= frame {
                let event = events[order[cursor]]
                cursor += 1
                switch event.action {
                case .addBehavior(let behavior, let parent):
                    tree.add(behavior, parent: parent)
                    Self.registerAnchors(of: behavior.preOrder, in: &anchors)
                    operations.append(.addBehavior(behavior, parent: parent))
                case .removeBehavior(let id):
                    let removed = Set(tree.remove(id)?.preOrder.compactMap(\.id) ?? [id])
                    drags.removeAll { removed.contains($0.target) }
                    operations.append(.removeBehavior(id))
                case .moveAnchor(let id, let point, let duration):
                    drags.removeAll { $0.target == id }
                    if duration > 0 {
                        drags.append(Drag(target: id, from: anchors[id] ?? point, to: point, start: event.time, duration: duration))
                    } else {
                        anchors[id] = point
                        operations.append(.setAnchor(id, point))
                    }
                case .setPushActive(let id, let active):
                    operations.append(.setPushActive(id, active: active))
                case .setParameter(let id, let parameter, let value):
                    tree.update(id) { $0 = $0.setting(parameter, to: value) }
                    operations.append(.setParameter(id, parameter: parameter, value: value))
                case .addVelocity(let item, let linear, let angular):
                    operations.append(.addVelocity(item: item, linear: linear, angular: angular))
                }
            }
            let frameEnd = Double(frame + 1) * timing.frameDuration
            // A nanosecond of slack: a drag ending on a frame boundary ends there, exactly at its target.
            func isDone(_ drag: Drag) -> Bool { frameEnd >= drag.start + drag.duration - 1e-9 * timing.frameDuration }
            for drag in drags {
                let point = isDone(drag) ? drag.to
                    : drag.from + (drag.to - drag.from) * max(0, (frameEnd - drag.start) / drag.duration)
                anchors[drag.target] = point
                operations.append(.setAnchor(drag.target, point))
            }
            drags.removeAll(where: isDone)
            if !operations.isEmpty { operationsByFrame[frame] = operations }
            if drags.isEmpty, cursor < order.count {
                frame = max(frame + 1, timing.frame(atOrAfter: events[order[cursor]].time))
            } else {
                frame += 1
            }
        }
    }

    /// The operations to apply before frame `frame` (0-based), in order.
    public func operations(beforeFrame frame: Int) -> [SceneOperation] {
        operationsByFrame[frame] ?? []
    }

    /// Records the anchor of every item–anchor attachment and snap among `behaviors`.
    private static func registerAnchors(of behaviors: [SceneBehavior], in anchors: inout [String: ScenePoint]) {
        for behavior in behaviors {
            guard let id = behavior.id else { continue }
            switch behavior.kind {
            case .attachment(let spec) where spec.otherItem == nil: if let anchor = spec.anchor { anchors[id] = anchor }
            case .snap(let spec): anchors[id] = spec.point
            default: break
            }
        }
    }
}
