/// The kind of random scene the generator builds. Each profile aims at the invariants that need
/// a particular shape of scene (a free scene for momentum, a dissipative one for rest); together
/// they cover everything the scene format expresses.
public enum SceneProfile: String, CaseIterable, Codable, Sendable {
    /// Items thrown fast (up to 3000 pt/s, sometimes 5000) around a container of reference
    /// bounds, with or without gravity, segments and insets.
    case container
    /// Items colliding with one another and nothing else: no bounds, gravity or damping.
    case free
    /// Chains, ropes, rods, springs up to 60 Hz, pins with ranges, sliding and fixed joints.
    case joints
    /// Fields of every kind with nested regions.
    case fields
    /// Timed events: drags, behaviors added and removed mid-run, pushes toggled, parameters set.
    case events
    /// A dissipative scene with gravity and collisions that must come to rest.
    case settle
    /// Everything at once: groups, nested trees, pushes, snaps, fields, joints and events.
    case mixed
    /// The independent audit's domain: up to 30 items of 2–300 pt with densities 0.01–100 in a
    /// 400×400 container, speeds up to 5000 pt/s, rods, ropes and springs between items.
    case crowd
}
