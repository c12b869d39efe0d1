/// When each behavior of a scene is present during a run and where its anchor is: the scene's
/// timeline replayed, without an engine. Used to draw a run and to check constraints against it.
public struct SceneHistory: Sendable {
    /// One behavior's life.
    public struct Life: Sendable {
        /// The behavior as defined (its own `id`, or a generated `#path` key when it has none).
        public var behavior: SceneBehavior
        /// Where it is defined in the scene (`behaviors[1].children[0]`, `events[3].behavior`).
        public var path: String
        /// When it joined (seconds): 0 for the scene's own behaviors, else its event's frame start.
        public var start: Double
        /// When it was removed (seconds), or the end of the run.
        public var end: Double
        /// The anchor of an item–anchor attachment or the point of a snap, over time.
        public var anchor: AnchorTrack?
    }

    /// A point that moves in straight lines between knots (time in seconds, points).
    public struct AnchorTrack: Sendable {
        /// The knots, in time order; before the first the point is the first's.
        public private(set) var knots: [(time: Double, point: ScenePoint)]

        init(_ point: ScenePoint, at time: Double) {
            knots = [(time, point)]
        }

        mutating func move(to point: ScenePoint, from start: Double, until end: Double) {
            let previous = self.point(at: start)
            knots.append((start, previous))
            knots.append((end, point))
        }

        /// The point at `time`.
        public func point(at time: Double) -> ScenePoint {
            guard let first = knots.first else { return .zero }
            if time <= first.time { return first.point }
            for index in knots.indices.dropFirst() where time <= knots[index].time {
                let (t0, p0) = knots[index - 1], (t1, p1) = knots[index]
                guard t1 > t0 else { return p1 }
                return p0 + (p1 - p0) * ((time - t0) / (t1 - t0))
            }
            return knots[knots.count - 1].point
        }
    }

    /// Every behavior that is ever present, the scene's own first, each tree in pre-order.
    public private(set) var lives: [Life] = []

    /// Replays the events of a valid scene.
    public init(_ scene: Scene) {
        let frame = scene.timing.frameDuration
        let end = Double(scene.timing.frameCount) * frame
        var labelled = scene
        labelled.behaviors = scene.behaviors.enumerated().map { Self.label($1, path: "behaviors[\($0)]") }
        for index in labelled.events.indices {
            if case .addBehavior(let behavior, let parent) = labelled.events[index].action {
                labelled.events[index].action = .addBehavior(Self.label(behavior, path: "events[\(index)].behavior"), parent: parent)
            }
        }
        var index: [String: Int] = [:]
        func join(_ behavior: SceneBehavior, path: String, at time: Double) {
            guard let id = behavior.id else { return }
            var life = Life(behavior: behavior, path: path, start: time, end: end)
            switch behavior.kind {
            case .attachment(let spec) where spec.otherItem == nil: life.anchor = spec.anchor.map { AnchorTrack($0, at: time) }
            case .snap(let spec): life.anchor = AnchorTrack(spec.point, at: time)
            default: break
            }
            index[id] = lives.count
            lives.append(life)
            for (childIndex, child) in behavior.children.enumerated() { join(child, path: "\(path).children[\(childIndex)]", at: time) }
        }
        for (position, behavior) in labelled.behaviors.enumerated() { join(behavior, path: "behaviors[\(position)]", at: 0) }
        var tree = SceneBehaviorTree(roots: labelled.behaviors)
        let timeline = SceneTimeline(labelled)
        let addPaths = Dictionary(labelled.events.enumerated().compactMap { offset, event -> (String, String)? in
            if case .addBehavior(let behavior, _) = event.action, let id = behavior.id { return (id, "events[\(offset)].behavior") }
            return nil
        }, uniquingKeysWith: { first, _ in first })
        for frameIndex in timeline.operationsByFrame.keys.sorted() {
            let time = Double(frameIndex) * frame
            for operation in timeline.operations(beforeFrame: frameIndex) {
                switch operation {
                case .addBehavior(let behavior, let parent):
                    tree.add(behavior, parent: parent)
                    join(behavior, path: behavior.id.flatMap { addPaths[$0] } ?? "event", at: time)
                case .removeBehavior(let id):
                    for gone in tree.remove(id)?.preOrder.compactMap(\.id) ?? [] {
                        if let position = index[gone] { lives[position].end = min(lives[position].end, time) }
                    }
                case .setAnchor(let id, let point):
                    if let position = index[id] { lives[position].anchor?.move(to: point, from: time, until: time + frame) }
                case .setPushActive, .setParameter, .addVelocity:
                    break
                }
            }
        }
    }

    /// Gives every node without an identifier the key `#path`, unique in the scene.
    private static func label(_ behavior: SceneBehavior, path: String) -> SceneBehavior {
        var labelled = behavior
        if labelled.id == nil { labelled.id = "#" + path }
        labelled.children = behavior.children.enumerated().map { label($1, path: "\(path).children[\($0)]") }
        return labelled
    }
}
