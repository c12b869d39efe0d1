import Dynamics
import Harness

/// This project's engine behind the harness's ``SimulationEngine`` seam.
public struct DynamicsEngine: SimulationEngine {
    /// Whether each sample carries every item's state after each sub-step since the previous
    /// sample (``TraceSample/substepStates``), for the fuzzer's checks of motion. Off for
    /// experiments: a 5050-box pyramid would record millions of states.
    public var recordsSubsteps: Bool
    /// How the animator solves contacts (``AnimatorConfiguration/contactSolver``).
    public var contactSolver: ContactSolver

    /// Creates the adapter; the properties as documented (the engine's default contact solver,
    /// the soft step, unless `contactSolver` says otherwise).
    public init(recordsSubsteps: Bool = false, contactSolver: ContactSolver = AnimatorConfiguration().contactSolver) {
        self.recordsSubsteps = recordsSubsteps
        self.contactSolver = contactSolver
    }

    /// The adapter with the rigid contact solver if `rigid`, else with the default one; for the
    /// command-line tool's `--rigid` flags.
    public static func choosing(rigid: Bool, recordsSubsteps: Bool = false) -> DynamicsEngine {
        rigid ? DynamicsEngine(recordsSubsteps: recordsSubsteps, contactSolver: .rigid)
            : DynamicsEngine(recordsSubsteps: recordsSubsteps)
    }

    /// "Dynamics" with the default contact solver, the soft step, or "Dynamics (rigid)".
    public var name: String {
        switch contactSolver {
        case .softStep: "Dynamics"
        case .rigid: "Dynamics (rigid)"
        }
    }

    /// The default sub-step and the integration scheme.
    /// Exact for constant forces and linear damping (World+Integration).
    public var integrator: IntegrationScheme { .exact }

    /// The animator's speed limits and push-out speed (``AnimatorConfiguration``), the rotation
    /// limit of 0.25π per sub-step as an angular speed at the scene's sub-step.
    public func limits(for scene: Scene) -> EngineLimits {
        let configuration = AnimatorConfiguration()
        return EngineLimits(maximumLinearSpeed: configuration.maximumLinearSpeed,
                            maximumAngularSpeed: AnimatorConfiguration.maximumRotationPerSubstep / scene.timing.substep,
                            maximumPushOutSpeed: configuration.maximumPushOutSpeed)
    }

    /// This adapter without sub-step states.
    public var recordingSamplesOnly: any SimulationEngine {
        var plain = self
        plain.recordsSubsteps = false
        return plain
    }

    public var settings: [String: String] {
        [
            "default sub-step": "1/\(Int((1 / AnimatorConfiguration().substepDuration).rounded())) s",
            "integrator": "exact exponential step for constant forces and linear damping",
            "contact solver": contactSolver == .rigid ? "rigid iterations and position passes" : "soft step (one soft pass, one relax)",
        ]
    }

    /// Builds an animator from `scene`, applies its events at their frames, steps it frame by
    /// frame, and records the items' states, the contacts and whether it is running.
    /// - Throws: the scene's first ``SceneError``; a ``SimulationError`` if the engine refuses
    ///   the scene or a state becomes non-finite.
    public func run(_ scene: Scene) throws -> Trace {
        try scene.validate()
        do {
            let run = try SceneRun(scene, contactSolver: contactSolver)
            return try run.record(substeps: recordsSubsteps)
        } catch let error as DynamicsError {
            throw SimulationError("engine refused the scene: \(error)")
        }
    }
}

extension DynamicsEngine {
    /// The animator snapshots and restores its whole state (``AnimatorSnapshot``).
    public var restoresSnapshots: Bool { true }

    /// The run interrupted after `frame` frames: the first animator's ``AnimatorSnapshot``
    /// restored into a second built from the scene, with the scene's operations before the frame
    /// applied to its tree (the caller's part, which a snapshot leaves to the caller).
    public func run(_ scene: Scene, restoringAfterFrame frame: Int) throws -> Trace {
        try scene.validate()
        let frame = min(max(frame, 0), scene.timing.frameCount)
        do {
            let first = try SceneRun(scene, contactSolver: contactSolver)
            let head = try first.record(substeps: false, frames: 0..<frame)
            let second = try SceneRun(scene, contactSolver: contactSolver)
            try second.restore(first.snapshot(), beforeFrame: frame, itemsLike: first)
            let tail = try second.record(substeps: recordsSubsteps, frames: frame..<scene.timing.frameCount)
            return Trace(itemIDs: head.itemIDs, samples: head.samples + tail.samples, properties: head.properties,
                         contacts: head.contacts + tail.contacts, substep: tail.substep)
        } catch let error as DynamicsError {
            throw SimulationError("engine refused the scene: \(error)")
        }
    }
}

/// One run of a scene: the animator, the items by identifier, and what is being recorded.
final class SceneRun {
    private let scene: Scene
    private let animator: DynamicAnimator
    private let items: [HeadlessItem]
    private let groups: [String: DynamicItemGroup]
    /// Each member item's group.
    private let groupOfItem: [ObjectIdentifier: DynamicItemGroup]
    private var factory: BehaviorFactory
    /// Holds initial velocities, and adds the velocity of `addVelocity` events.
    private let velocityBehavior: DynamicItemBehavior?
    private let contacts: ContactRecorder
    /// Each item's states after the sub-steps since the last sample, when recorded.
    private var pendingStates: [[ItemState]]?
    /// Frames stepped so far.
    private var framesRun = 0
    /// The items' and groups' poses before the operations of each frame that has some: a
    /// behavior made by an operation reads them (an attachment's length, a pin's angle), so a
    /// run that takes over from a snapshot makes its behaviors with the items where they were.
    private var posesBeforeOperations: [Int: Poses] = [:]

    /// Where the items and groups are (points, transforms).
    private struct Poses {
        var items: [(center: Point, transform: AffineTransform)]
        var groups: [String: (center: Point, transform: AffineTransform)]
    }

    private var poses: Poses {
        Poses(items: items.map { ($0.center, $0.transform) }, groups: groups.mapValues { ($0.center, $0.transform) })
    }

    private func place(at poses: Poses) {
        for (item, pose) in zip(items, poses.items) {
            item.center = pose.center
            item.transform = pose.transform
        }
        for (id, group) in groups {
            guard let pose = poses.groups[id] else { continue }
            group.center = pose.center
            group.transform = pose.transform
        }
    }

    init(_ scene: Scene, contactSolver: ContactSolver) throws(DynamicsError) {
        self.scene = scene
        var configuration = AnimatorConfiguration()
        configuration.contactSolver = contactSolver
        configuration.substepDuration = scene.timing.substep
        if !scene.timing.pausesAtRest {
            // Rest must last longer than any allowed run (a day at 120 Hz) before a pause.
            configuration.restDuration = Double(Scene.maximumFrameCount)
            // and the engine keeps integrating every body: no island sleeps either.
            configuration.islandSleepDuration = .infinity
        }
        animator = try DynamicAnimator(referenceBounds: scene.referenceBounds.map(Rect.init), configuration: configuration)
        items = scene.items.map {
            HeadlessItem(name: $0.id, center: Point($0.center), size: Size($0.size), angle: $0.angle,
                         collisionBoundsType: CollisionBoundsType($0.shape), collisionBoundingPath: $0.path?.map(Point.init))
        }
        var byID: [String: any DynamicItem] = Dictionary(uniqueKeysWithValues: zip(scene.items.map(\.id), items))
        var groups: [String: DynamicItemGroup] = [:], groupOfItem: [ObjectIdentifier: DynamicItemGroup] = [:]
        for spec in scene.groups {
            let group = try DynamicItemGroup(items: spec.members.compactMap { byID[$0] })
            groups[spec.id] = group
            for member in group.items { groupOfItem[ObjectIdentifier(member)] = group }
        }
        for (id, group) in groups { byID[id] = group }
        self.groups = groups
        self.groupOfItem = groupOfItem
        factory = BehaviorFactory(items: byID)
        contacts = ContactRecorder(names: byID)
        let needsVelocity = scene.items.contains(where: \.hasInitialVelocity) || scene.events.contains {
            if case .addVelocity = $0.action { return true }
            return false
        }
        if needsVelocity {
            // First in the tree, before every behavior the scene names, and setting no property:
            // it leaves the override order alone, and no event can move it, so removing a scene
            // behavior and adding it back keeps the order in which items join (a behavior added
            // back joins its items after this one, whatever its place).
            let behavior = try DynamicItemBehavior()
            for (item, spec) in zip(items, scene.items) where spec.hasInitialVelocity {
                try behavior.addItem(item)
                try behavior.addLinearVelocity(Vector(spec.velocity), for: item)
                try behavior.addAngularVelocity(spec.angularVelocity, for: item)
            }
            try animator.addBehavior(behavior)
            velocityBehavior = behavior
        } else {
            velocityBehavior = nil
        }
        for spec in scene.behaviors { try animator.addBehavior(try factory.make(spec)) }
        listen()
    }

    /// The animator's whole state now (between frames).
    func snapshot() -> AnimatorSnapshot { animator.snapshot() }

    /// Applies the scene's operations before `frame` to this run's tree, each with the items
    /// where `other` had them then, gives the items `other`'s poses now, and restores `snapshot`,
    /// which `other`, a run of the same scene, took after that frame. The tree and the items are
    /// the caller's: a behavior reads the items' poses when it is made, and an item that left
    /// the tree keeps the pose the animator last wrote, which no snapshot of the animator holds.
    func restore(_ snapshot: AnimatorSnapshot, beforeFrame frame: Int, itemsLike other: SceneRun) throws {
        try FrameLoop(scene).applyOperations(beforeFrame: frame) { frame, operation in
            if let poses = other.posesBeforeOperations[frame] { place(at: poses) }
            try apply(operation, atFrame: frame)
        }
        place(at: other.poses)
        posesBeforeOperations = other.posesBeforeOperations
        framesRun = frame
        try animator.restore(snapshot)
    }

    /// Steps `frames` (every frame by default), applying the timeline's operations before each,
    /// and records; with `substeps`, every item's state after each sub-step too.
    func record(substeps: Bool, frames: Range<Int>? = nil) throws -> Trace {
        let properties = items.map { item in
            animator.resolvedProperties(for: groupOfItem[ObjectIdentifier(item)] ?? item).map(ResolvedProperties.init)
        }
        if substeps {
            pendingStates = Array(repeating: [], count: items.count)
            animator.substepObserver = { [unowned self] _ in
                for (index, item) in items.enumerated() { pendingStates?[index].append(state(of: item)) }
            }
        }
        defer { animator.substepObserver = nil }
        let samples = try FrameLoop(scene).run(frames: frames, apply: { try apply($0, atFrame: framesRun) }, step: { time in
            contacts.time = time
            try animator.step(by: scene.timing.frameDuration)
            framesRun += 1
        }, sample: sample)
        return Trace(itemIDs: scene.items.map(\.id), samples: samples, properties: properties, contacts: contacts.events,
                     substep: substeps ? scene.timing.substep : nil)
    }

    /// The state of every item, stamped with the time the caller has advanced (not the physics
    /// time, which stops while the animator is paused: a wrong pause must show as error), and
    /// the sub-step states gathered since the previous sample, if recorded.
    private func sample(at time: Double) -> TraceSample {
        let states = pendingStates
        if pendingStates != nil { pendingStates = Array(repeating: [], count: items.count) }
        return TraceSample(time: time, states: items.map(state), isRunning: animator.isRunning, substepStates: states)
    }

    /// An item's state as the physics has it now (between frames, as written to the item); an
    /// item not simulated (yet) is at rest where it stands.
    private func state(of item: HeadlessItem) -> ItemState {
        guard let simulated = animator.simulatedState(of: item) else {
            return ItemState(center: ScenePoint(item.center), angle: item.transform.rotationAngle, velocity: .zero, angularVelocity: 0)
        }
        return ItemState(center: ScenePoint(simulated.center), angle: simulated.angle, velocity: SceneVector(simulated.velocity),
                         angularVelocity: simulated.angularVelocity)
    }

    private func apply(_ operation: SceneOperation, atFrame frame: Int) throws {
        if posesBeforeOperations[frame] == nil { posesBeforeOperations[frame] = poses }
        switch operation {
        case .addBehavior(let spec, let parent):
            let behavior = try factory.make(spec)
            if let parent, let node = factory.behaviors[parent] {
                try node.addChildBehavior(behavior)
            } else {
                try animator.addBehavior(behavior)
            }
            listen()
        case .removeBehavior(let id):
            guard let behavior = factory.behaviors[id] else { return }
            if let parent = behavior.parent { parent.removeChildBehavior(behavior) } else { animator.removeBehavior(behavior) }
        case .setAnchor(let id, let point):
            factory.setAnchor(of: id, to: point)
        case .setPushActive(let id, let active):
            factory.setPushActive(id, active)
        case .setParameter(let id, let parameter, let value):
            factory.set(parameter, of: id, to: value)
        case .addVelocity(let id, let linear, let angular):
            guard let velocityBehavior, let item = factory.items[id] else { return }
            _ = animator.items // resolves a changed tree, so that the item's body exists
            try velocityBehavior.addLinearVelocity(Vector(linear), for: item)
            try velocityBehavior.addAngularVelocity(angular, for: item)
        }
    }

    /// Makes every collision behavior built so far report to the recorder.
    private func listen() {
        for collision in factory.collisions where collision.collisionDelegate == nil {
            collision.collisionDelegate = contacts
        }
    }
}

/// Records collision callbacks as ``ContactEvent``s.
final class ContactRecorder: CollisionBehaviorDelegate {
    private let names: [ObjectIdentifier: String]
    /// The time stamped on events reported now (seconds).
    var time = 0.0
    private(set) var events: [ContactEvent] = []

    init(names: [String: any DynamicItem]) {
        self.names = Dictionary(names.map { (ObjectIdentifier($0.value), $0.key) }, uniquingKeysWith: { first, _ in first })
    }

    private func name(_ item: any DynamicItem) -> String { names[ObjectIdentifier(item)] ?? "?" }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at point: Point) {
        events.append(ContactEvent(time: time, phase: .began, item: name(item1), otherItem: name(item2), point: ScenePoint(point)))
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {
        events.append(ContactEvent(time: time, phase: .ended, item: name(item1), otherItem: name(item2)))
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?, at point: Point) {
        events.append(ContactEvent(time: time, phase: .began, item: name(item), boundary: identifier ?? "", point: ScenePoint(point)))
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?) {
        events.append(ContactEvent(time: time, phase: .ended, item: name(item), boundary: identifier ?? ""))
    }
}
