/// The state of one item at one instant.
public struct ItemState: Codable, Equatable, Sendable {
    /// Center (points).
    public var center: ScenePoint
    /// Rotation (radians, clockwise on screen).
    public var angle: Double
    /// Velocity (pt/s).
    public var velocity: SceneVector
    /// Angular velocity (rad/s).
    public var angularVelocity: Double

    /// Creates a state.
    public init(center: ScenePoint, angle: Double, velocity: SceneVector, angularVelocity: Double) {
        self.center = center
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
    }

    /// Whether every number is finite.
    public var isFinite: Bool { center.isFinite && angle.isFinite && velocity.isFinite && angularVelocity.isFinite }
}

/// The states of all recorded items at one instant.
public struct TraceSample: Codable, Equatable, Sendable {
    /// Time the caller advanced the engine by (seconds): frames × frame duration.
    public var time: Double
    /// One state per item, in the order of ``Trace/itemIDs``.
    public var states: [ItemState]
    /// Whether the engine was simulating after this frame (false once it paused at rest).
    public var isRunning: Bool
    /// When the engine reports them: for each item (in the order of ``Trace/itemIDs``), its state
    /// after every physics sub-step since the previous sample, the last being this sample's. The
    /// path between frames, which the checks of motion (tunnelling, motion agreeing with
    /// velocity, speed caps) follow instead of the frames' straight chord. `nil` when the engine
    /// does not report sub-steps; then a frame is the finest step the checks see.
    public var substepStates: [[ItemState]]?

    /// Creates a sample.
    public init(time: Double, states: [ItemState], isRunning: Bool = true, substepStates: [[ItemState]]? = nil) {
        self.time = time
        self.states = states
        self.isRunning = isRunning
        self.substepStates = substepStates
    }
}

/// An item's physical properties as an engine resolved them from the item behaviors (SPEC's
/// override order), in the harness's own terms.
public struct ResolvedProperties: Codable, Equatable, Sendable {
    /// Restitution.
    public var elasticity: Double
    /// Friction coefficient.
    public var friction: Double
    /// Mass per area (a 100×100 item of density 1 has mass 1).
    public var density: Double
    /// Linear damping rate (1/s).
    public var resistance: Double
    /// Angular damping rate (1/s).
    public var angularResistance: Double
    /// Whether the item may rotate.
    public var allowsRotation: Bool
    /// Whether the item is fixed in place.
    public var anchored: Bool
    /// Electric charge.
    public var charge: Double

    /// SPEC's defaults: the properties of an item no item behavior names.
    public static let specDefaults = ResolvedProperties(
        elasticity: 0.2, friction: 0.2, density: 1, resistance: 0.1, angularResistance: 0.1, allowsRotation: true,
        anchored: false, charge: 0)

    /// Creates properties.
    public init(elasticity: Double, friction: Double, density: Double, resistance: Double, angularResistance: Double,
                allowsRotation: Bool, anchored: Bool, charge: Double) {
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.anchored = anchored
        self.charge = charge
    }
}

/// A contact starting or ending between an item and another item or a boundary, as the engine's
/// collision callbacks reported it.
public struct ContactEvent: Codable, Equatable, Sendable {
    /// Whether the contact began or ended.
    public enum Phase: String, Codable, Sendable {
        /// The shapes started touching.
        case began
        /// The shapes stopped touching.
        case ended
    }

    /// The time of the frame after which it was reported (seconds).
    public var time: Double
    /// Began or ended.
    public var phase: Phase
    /// The item (or group) identifier.
    public var item: String
    /// The other item's identifier, for an item–item contact.
    public var otherItem: String?
    /// The boundary's identifier for an item–boundary contact: `""` for the reference bounds;
    /// `nil` for an item–item contact.
    public var boundary: String?
    /// Where the contact began (points); `nil` when it ended.
    public var point: ScenePoint?

    /// Creates a contact event.
    public init(time: Double, phase: Phase, item: String, otherItem: String? = nil, boundary: String? = nil,
                point: ScenePoint? = nil) {
        self.time = time
        self.phase = phase
        self.item = item
        self.otherItem = otherItem
        self.boundary = boundary
        self.point = point
    }
}

/// What a run of a scene recorded.
public struct Trace: Codable, Equatable, Sendable {
    /// Item identifiers, in scene order.
    public var itemIDs: [String]
    /// The samples, in time order.
    public var samples: [TraceSample]
    /// Each item's properties as the engine resolved them at the start (`nil` for an item that
    /// no behavior names).
    public var properties: [ResolvedProperties?]
    /// Contacts that began and ended, in the order reported.
    public var contacts: [ContactEvent]
    /// The length of the engine's physics step (seconds) when the samples carry
    /// ``TraceSample/substepStates``; `nil` otherwise.
    public var substep: Double?

    /// Creates a trace.
    public init(itemIDs: [String], samples: [TraceSample], properties: [ResolvedProperties?] = [],
                contacts: [ContactEvent] = [], substep: Double? = nil) {
        self.itemIDs = itemIDs
        self.samples = samples
        self.properties = properties
        self.contacts = contacts
        self.substep = substep
    }

    /// The index of `id` in ``itemIDs``.
    public func index(of id: String) -> Int? { itemIDs.firstIndex(of: id) }

    /// The series of one item's states.
    public func states(of id: String) -> [ItemState] {
        guard let index = index(of: id) else { return [] }
        return samples.map { $0.states[index] }
    }

    /// The sample times (seconds).
    public var times: [Double] { samples.map(\.time) }

    /// A 64-bit FNV-1a hash of every recorded state number's bit pattern: equal trajectories have
    /// equal hashes, and any bit of difference almost surely changes it (determinism checks).
    public var stateHash: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: Double) {
            var bits = value.bitPattern
            for _ in 0..<8 {
                hash ^= bits & 0xff
                hash = hash &* 0x100_0000_01b3
                bits >>= 8
            }
        }
        for sample in samples {
            mix(sample.time)
            for state in sample.states {
                mix(state.center.x); mix(state.center.y); mix(state.angle)
                mix(state.velocity.dx); mix(state.velocity.dy); mix(state.angularVelocity)
            }
        }
        return hash
    }
}
