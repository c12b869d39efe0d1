extension Scene {
    /// The most frames a scene may ask for (a day at 120 Hz); guards against runaway runs.
    public static let maximumFrameCount = 10_368_000
    /// The longest frame (seconds) the animator takes as given (SPEC: longer counts as 1/60 s).
    public static let maximumFrameDuration = 0.5
    /// The most sub-steps one frame may run; guards against runaway runs.
    public static let maximumSubstepsPerFrame = 10_000
    /// The most fields present at once (SPEC: at most 32 per animator).
    public static let maximumFieldCount = 32
    /// The most nodes a field region may have.
    public static let maximumRegionNodeCount = 1024
    /// The largest magnitude of any coordinate, size, offset or length of a scene's geometry
    /// (points): a billion points, a million screens. Squares and products of such values
    /// (distances, areas, inertias) stay far inside Double's range; values near 1e308 do not,
    /// and a distance between two finite points could come out infinite.
    public static let largestCoordinate = 1e9
    /// The largest magnitude of any other number of a scene (forces, strengths, densities,
    /// rates): the engine documents that finite inputs up to 1e300 keep every state finite
    /// (`Sources/Dynamics/README.md`, Limits); past it a product of two inputs can overflow.
    public static let largestMagnitude = 1e300
    /// How far a sliding axis's length may be from 1 (room for decimals such as (0.6, 0.8)).
    public static let axisTolerance = 1e-9

    /// Every problem of the scene, in file order: values out of range, non-finite numbers, bad
    /// paths, dangling or duplicate identifiers, group misuse, events that name what is not
    /// there or come after the end. Empty for a valid scene.
    public func problems() -> [SceneError] {
        var validator = SceneValidator(scene: self)
        validator.run()
        return validator.problems
    }

    /// Throws the first of ``problems()``, if any.
    public func validate() throws(SceneError) {
        if let first = problems().first { throw first }
    }
}

/// Collects a scene's problems; one method per part of the scene.
struct SceneValidator {
    let scene: Scene
    private(set) var problems: [SceneError] = []
    /// Item and group identifiers.
    private var known: Set<String> = []
    /// Member item → its group.
    private var groupOf: [String: String] = [:]
    /// Behavior identifiers seen so far.
    private var behaviorIDs: Set<String> = []

    init(scene: Scene) {
        self.scene = scene
    }

    mutating func run() {
        checkReferenceBounds()
        checkItems()
        checkGroups()
        for (index, behavior) in scene.behaviors.enumerated() {
            checkTree(behavior, path: "behaviors[\(index)]")
        }
        checkTiming()
        checkEvents()
    }

    // MARK: Helpers

    mutating func report(_ path: String, _ problem: SceneError.Problem) {
        problems.append(SceneError(path: path, problem: problem))
    }

    /// A number: finite and within ±``Scene/largestMagnitude``.
    mutating func finite(_ value: Double, _ path: String) {
        if !value.isFinite {
            report(path, .nonFinite(value))
        } else if abs(value) > Scene.largestMagnitude {
            report(path, .beyondLimit(value, limit: Scene.largestMagnitude, unit: "", what: "the largest magnitude the engine takes"))
        }
    }

    mutating func positive(_ value: Double, _ path: String) {
        if value.isFinite, value <= 0 { report(path, .notPositive(value)) } else { finite(value, path) }
    }

    mutating func nonNegative(_ value: Double?, _ path: String) {
        guard let value else { return }
        if value.isFinite, value < 0 { report(path, .negative(value)) } else { finite(value, path) }
    }

    mutating func unitInterval(_ value: Double, _ path: String) {
        if !(value.isFinite && (0...1).contains(value)) { report(path, .outOfRange(value, lower: 0, upper: 1)) }
    }

    /// A coordinate of the scene's geometry: finite and within ±``Scene/largestCoordinate``.
    mutating func coordinate(_ value: Double, _ path: String) {
        let limit = Scene.largestCoordinate
        if !value.isFinite { report(path, .nonFinite(value)) } else if abs(value) > limit { report(path, .outOfRange(value, lower: -limit, upper: limit)) }
    }

    /// A length of the scene's geometry, if given: ≥ 0 and at most ``Scene/largestCoordinate``.
    mutating func length(_ value: Double?, _ path: String) {
        nonNegative(value, path)
        if let value, value.isFinite, value > Scene.largestCoordinate { report(path, .tooLarge(value, limit: Scene.largestCoordinate)) }
    }

    /// A point of the scene's geometry.
    mutating func place(_ point: ScenePoint, _ path: String) {
        coordinate(point.x, "\(path).x")
        coordinate(point.y, "\(path).y")
    }

    /// An offset between points of the scene's geometry.
    mutating func offset(_ vector: SceneVector, _ path: String) {
        coordinate(vector.dx, "\(path).dx")
        coordinate(vector.dy, "\(path).dy")
    }

    mutating func finite(_ vector: SceneVector, _ path: String) {
        finite(vector.dx, "\(path).dx")
        finite(vector.dy, "\(path).dy")
    }

    /// A size of the scene's geometry: > 0 and at most ``Scene/largestCoordinate``.
    mutating func positive(_ size: SceneSize, _ path: String) {
        for (value, key) in [(size.width, "width"), (size.height, "height")] {
            positive(value, "\(path).\(key)")
            if value.isFinite, value > Scene.largestCoordinate { report("\(path).\(key)", .tooLarge(value, limit: Scene.largestCoordinate)) }
        }
    }

    /// Checks identifiers naming items or groups: known, and not a group's member.
    mutating func itemReferences(_ ids: [String], _ path: String) {
        var seen = Set<String>()
        for (index, id) in ids.enumerated() {
            itemReference(id, "\(path)[\(index)]")
            if !seen.insert(id).inserted { report("\(path)[\(index)]", .duplicateIdentifier(id)) }
        }
    }

    mutating func itemReference(_ id: String, _ path: String) {
        if !known.contains(id) {
            report(path, .unknownItem(id))
        } else if let group = groupOf[id] {
            report(path, .memberOfGroup(item: id, group: group))
        }
    }

    /// Registers a behavior identifier, reporting an empty or repeated one.
    mutating func registerBehaviorID(_ id: String?, _ path: String) {
        guard let id else { return }
        if id.isEmpty {
            report("\(path).id", .emptyIdentifier)
        } else if !behaviorIDs.insert(id).inserted {
            report("\(path).id", .duplicateIdentifier(id))
        }
    }

    // MARK: Parts

    private mutating func checkReferenceBounds() {
        guard let bounds = scene.referenceBounds else { return }
        place(bounds.origin, "referenceBounds.origin")
        positive(bounds.size, "referenceBounds.size")
    }

    private mutating func checkItems() {
        for (index, item) in scene.items.enumerated() {
            let path = "items[\(index)]"
            register(id: item.id, path: path)
            place(item.center, "\(path).center")
            positive(item.size, "\(path).size")
            finite(item.angle, "\(path).angle")
            finite(item.velocity, "\(path).velocity")
            finite(item.angularVelocity, "\(path).angularVelocity")
            switch (item.shape, item.path) {
            case (.path, nil): report("\(path).path", .missingKey)
            case (.path, let points?):
                for (vertex, point) in points.enumerated() where point.isFinite { place(point, "\(path).path[\(vertex)]") }
                if let problem = ConvexPathCheck.problem(with: points) { report("\(path).path", problem) }
            case (_, _?): report("\(path).path", .notApplicable("is used only with shape \"path\""))
            case (_, nil): break
            }
        }
    }

    private mutating func register(id: String, path: String) {
        if id.isEmpty {
            report("\(path).id", .emptyIdentifier)
        } else if !known.insert(id).inserted {
            report("\(path).id", .duplicateIdentifier(id))
        }
    }

    private mutating func checkGroups() {
        let itemIDs = Set(scene.items.map(\.id))
        for (index, group) in scene.groups.enumerated() {
            let path = "groups[\(index)]"
            register(id: group.id, path: path)
            if group.members.isEmpty { report("\(path).members", .tooFew(minimum: 1, got: 0)) }
            var seen = Set<String>()
            for (memberIndex, member) in group.members.enumerated() {
                let memberPath = "\(path).members[\(memberIndex)]"
                if !itemIDs.contains(member) {
                    report(memberPath, .unknownItem(member))
                } else if !seen.insert(member).inserted {
                    report(memberPath, .duplicateIdentifier(member))
                } else if let first = groupOf[member] {
                    report(memberPath, .itemInTwoGroups(item: member, firstGroup: first))
                } else {
                    groupOf[member] = group.id
                    if let itemIndex = scene.items.firstIndex(where: { $0.id == member }), scene.items[itemIndex].hasInitialVelocity {
                        report("items[\(itemIndex)].velocity",
                               .notApplicable("a member of group \"\(group.id)\" moves with the group; give the group velocity with an addVelocity event"))
                    }
                }
            }
        }
    }

    /// Checks a behavior and its children; `registering` puts their identifiers in the scene's
    /// set of initial identifiers (an added behavior's are checked against the tree instead).
    mutating func checkTree(_ behavior: SceneBehavior, path: String, registering: Bool = true) {
        if registering { registerBehaviorID(behavior.id, path) } else if behavior.id?.isEmpty == true { report("\(path).id", .emptyIdentifier) }
        checkKind(behavior.kind, path: path)
        for (index, child) in behavior.children.enumerated() {
            checkTree(child, path: "\(path).children[\(index)]", registering: registering)
        }
    }

    private mutating func checkTiming() {
        let timing = scene.timing
        positive(timing.substep, "timing.substep")
        positive(timing.frameDuration, "timing.frameDuration")
        if timing.frameDuration > Scene.maximumFrameDuration {
            report("timing.frameDuration", .tooLarge(timing.frameDuration, limit: Scene.maximumFrameDuration))
        }
        if timing.substep > 0, timing.frameDuration > 0,
           timing.frameDuration / timing.substep > Double(Scene.maximumSubstepsPerFrame) {
            report("timing.substep", .invalid("gives more than \(Scene.maximumSubstepsPerFrame) sub-steps per frame"))
        }
        nonNegative(timing.duration, "timing.duration")
        // Compared as a duration, not a frame count: the count of a duration near 1e308 is not
        // representable (``SceneTiming/frameCount`` reads it as 0 frames).
        let longest = Double(Scene.maximumFrameCount) * timing.frameDuration
        if timing.duration <= Scene.largestMagnitude, timing.frameDuration > 0, timing.frameDuration.isFinite,
           timing.duration > longest, timing.frameCount != Scene.maximumFrameCount {
            report("timing.duration", .beyondLimit(timing.duration, limit: longest, unit: " s",
                                                   what: "the longest run, \(Scene.maximumFrameCount) frames"))
        }
        if scene.recording.everyFrames < 1 {
            report("recording.everyFrames", .outOfRange(Double(scene.recording.everyFrames), lower: 1, upper: Double(Int.max)))
        }
    }
}
