import Foundation

/// A scene's gravity and push behaviors as they stand while it runs, for the adapters of engines
/// that have no behavior tree (Chipmunk, Box2D): what moves each item besides contacts and
/// joints, in the scene's units, after the events so far. An adapter turns the loads into its
/// engine's forces or accelerations; the conventions (SPEC) are all here.
public struct SceneDrives {
    /// One gravity or push behavior.
    struct Drive {
        var id: String?
        var items: [Int]
        var direction: SceneDirection
        /// `nil` for gravity.
        var push: PushMode?
        var active: Bool
        /// Offsets of the pushed points from the centers, reference axes (points), per item index.
        var offsets: [Int: SceneVector]
    }

    /// What acts on one item during a frame.
    public struct Load: Equatable, Sendable {
        /// The sum of its gravity behaviors (pt/s²): 1000 pt/s² per unit of gravity, whatever the mass.
        public var gravity = SceneVector.zero
        /// The sum of its continuous pushes, 100·F (mass·pt/s²), so that it accelerates an item of
        /// mass m by 100·F/m pt/s² (SPEC).
        public var force = SceneVector.zero
        /// The torque of the offset pushes, r × 100·F (mass·pt²/s²).
        public var torque = 0.0
    }

    /// An instantaneous push firing: a velocity change of impulse/m and angular impulse/I.
    public struct Kick: Equatable, Sendable {
        /// The item's index in the scene.
        public var item: Int
        /// 100·J (mass·pt/s): the velocity changes by 100·J/m pt/s (SPEC).
        public var impulse: SceneVector
        /// r × 100·J (mass·pt²/s).
        public var angularImpulse: Double
    }

    /// Parameters a `setParameter` event may change: those an adapter re-reads every frame.
    public static let settableParameters: Set<String> = ["direction", "angle", "magnitude", "active"]

    /// The first event of `scene` an adapter that builds its world once cannot follow: adding or
    /// removing a behavior, or setting a parameter other than ``settableParameters``.
    public static func unsupportedEvent(in scene: Scene) -> String? {
        for event in scene.events {
            switch event.action {
            case .addBehavior, .removeBehavior:
                return "adding or removing behaviors while running (scene events)"
            case .setParameter(let id, let parameter, _) where !settableParameters.contains(parameter):
                return "changing \"\(parameter)\" of \"\(id)\" while running"
            default: continue
            }
        }
        return nil
    }

    private var drives: [Drive] = []
    private let itemCount: Int

    /// The gravity and push behaviors of `scene`'s tree, in pre-order.
    public init(_ scene: Scene) {
        let indexOfItem = Dictionary(uniqueKeysWithValues: scene.items.enumerated().map { ($1.id, $0) })
        func indices(_ ids: [String]) -> [Int] { ids.compactMap { indexOfItem[$0] } }
        itemCount = scene.items.count
        for behavior in scene.behaviors.flatMap(\.preOrder) {
            switch behavior.kind {
            case .gravity(let spec):
                drives.append(Drive(id: behavior.id, items: indices(spec.items), direction: spec.direction, push: nil,
                                    active: true, offsets: [:]))
            case .push(let spec):
                var offsets: [Int: SceneVector] = [:]
                for (id, offset) in spec.offsets { if let index = indexOfItem[id] { offsets[index] = offset } }
                drives.append(Drive(id: behavior.id, items: indices(spec.items), direction: spec.direction, push: spec.mode,
                                    active: spec.active, offsets: offsets))
            default:
                continue
            }
        }
    }

    /// Applies a `setPushActive` or `setParameter` event (a new direction vector, polar angle or
    /// magnitude, a negative magnitude reversing; or whether a push is active); other operations
    /// are not about drives and change nothing.
    public mutating func apply(_ operation: SceneOperation) {
        switch operation {
        case .setPushActive(let id, let active):
            for number in drives.indices where drives[number].id == id { drives[number].active = active }
        case .setParameter(let id, let parameter, let value):
            for number in drives.indices where drives[number].id == id { drives[number].set(parameter, to: value) }
        default:
            break
        }
    }

    /// The loads of the frame about to run, one per item (none on an item in `fixed`), and the
    /// instantaneous pushes that fire now; those become inactive, as SPEC says.
    public mutating func frame(fixed: [Bool]) -> (loads: [Load], kicks: [Kick]) {
        var loads = Array(repeating: Load(), count: itemCount), kicks: [Kick] = []
        for number in drives.indices where drives[number].active {
            let drive = drives[number], direction = drive.direction.vector
            for index in drive.items where !fixed[index] {
                guard let mode = drive.push else {
                    loads[index].gravity = loads[index].gravity + direction * SceneUnits.pointsPerSecondSquaredPerGravity
                    continue
                }
                let force = direction * SceneUnits.pointsPerForceUnit
                let offset = drive.offsets[index] ?? .zero
                let torque = offset.dx * force.dy - offset.dy * force.dx
                switch mode {
                case .continuous:
                    loads[index].force = loads[index].force + force
                    loads[index].torque += torque
                case .instantaneous:
                    kicks.append(Kick(item: index, impulse: force, angularImpulse: torque))
                }
            }
            if drive.push == .instantaneous { drives[number].active = false }
        }
        return (loads, kicks)
    }
}

private extension SceneDrives.Drive {
    mutating func set(_ parameter: String, to value: SceneValue) {
        let vector = direction.vector
        let magnitude = (vector.dx * vector.dx + vector.dy * vector.dy).squareRoot(), angle = atan2(vector.dy, vector.dx)
        switch (parameter, value) {
        case ("direction", .vector(let new)): direction = .vector(new)
        case ("angle", .number(let new)): direction = .vector(SceneVector(dx: magnitude * cos(new), dy: magnitude * sin(new)))
        case ("magnitude", .number(let new)): direction = .vector(SceneVector(dx: new * cos(angle), dy: new * sin(angle)))
        case ("active", .flag(let flag)): active = flag
        default: break
        }
    }
}
