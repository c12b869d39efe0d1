import Dynamics

/// The state of one item at one instant.
public struct ItemState: Codable, Equatable, Sendable {
    /// Center (points).
    public var center: Point
    /// Rotation (radians, clockwise on screen).
    public var angle: Double
    /// Velocity (pt/s).
    public var velocity: Vector
    /// Angular velocity (rad/s).
    public var angularVelocity: Double

    /// Creates a state.
    public init(center: Point, angle: Double, velocity: Vector, angularVelocity: Double) {
        self.center = center
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
    }
}

/// The states of all recorded items at one instant.
public struct TraceSample: Codable, Equatable, Sendable {
    /// Time the caller advanced the engine by (seconds): frames × frame duration.
    public var time: Double
    /// One state per item, in the order of ``Trace/itemIDs``.
    public var states: [ItemState]
}

/// What a run of a scene recorded.
public struct Trace: Codable, Equatable, Sendable {
    /// Item identifiers, in scene order.
    public var itemIDs: [String]
    /// The samples, in time order.
    public var samples: [TraceSample]
    /// Each item's physical properties as the engine resolved them at the start (`nil` for an
    /// item that no behavior names).
    public var properties: [ItemProperties?]

    /// Creates a trace.
    public init(itemIDs: [String], samples: [TraceSample], properties: [ItemProperties?] = []) {
        self.itemIDs = itemIDs
        self.samples = samples
        self.properties = properties
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

    /// A 64-bit FNV-1a hash of every recorded number's bit pattern: equal traces have equal
    /// hashes, and any bit of difference almost surely changes it (determinism checks).
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
