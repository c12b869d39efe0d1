/// How an animator solves contacts (``AnimatorConfiguration/contactSolver``).
public enum ContactSolver: String, Equatable, Sendable, Codable, CaseIterable {
    /// Rigid contacts: velocity iterations until no contact's normal velocity
    /// changes by more than ``AnimatorConfiguration/velocityTolerance`` (at most
    /// ``AnimatorConfiguration/maximumVelocityIterations``), both points of a two-point manifold
    /// solved together, and overlap removed on positions only
    /// (``AnimatorConfiguration/positionIterations``). The most accurate under load: the top of a
    /// 100-row pyramid of 20 pt boxes sinks about 12 pt, against about 96 pt with ``softStep``,
    /// but a settling pile of 1000 to 2000 boxes takes about twice the soft step's time (1.9 and
    /// 1.3 to 1.4 times Chipmunk 7's at its default 10 iterations, where the soft step takes 0.93
    /// and 0.75 times; `scripts/bench`, 2026-11-26).
    case rigid
    /// Box2D v3's soft step (Catto, "Solver2D", 2024), the default: per sub-step, one pass with
    /// soft contacts, which push overlap out as a spring of 30 Hz (at most a quarter of the
    /// sub-step rate) and damping ratio 10, no faster than ``AnimatorConfiguration/maximumPushOutSpeed``; then
    /// positions are integrated and one rigid pass (the relax) removes the velocity that push
    /// gave. No position passes for contacts. Between bodies at or near rest (whose points moved
    /// at most 0.05 linear slops in the last sub-step), every other sub-step carries the last
    /// manifold forward with the bodies instead of colliding the shapes again. Points are solved
    /// one after another, except a two-point manifold arriving across a gap, which is solved as a
    /// block (in both passes if it approaches faster than
    /// ``AnimatorConfiguration/restitutionThreshold`` and restitutes, or is in a small system: a
    /// flat landing rebounds or stops without spin, as with ``rigid``).
    /// A small system (at most 384 contacts and joints) repeats both passes, as many times as 768
    /// contact or joint solves allow (at most 100), until they converge, and solves the joints
    /// again before each further pass with soft contacts; in it, a contact holds rigidly within
    /// ``AnimatorConfiguration/linearSlop``, and the spring of a point under a load many times its
    /// effective mass is stiffened so that the load presses it at most 0.5 pt beyond the slop (up
    /// to `ω·h` = 16): a box on one 1000 times lighter crushes it by under 2 pt, as with ``rigid``.
    /// About twice as fast in a settling pile of 1000 to 2000 boxes, and softer under load in a
    /// large system: the top of a 100-row pyramid sinks about 96 pt, bobbing for about 25 s before
    /// it settles (Box2D v3 sinks 76 pt under that load). Not every pile comes to rest: of 17
    /// piles of 500 to 3000 boxes, one (2700 boxes) still moved at 2.4 pt/s after 47 s. A
    /// shorter sub-step makes it stiffer and more accurate, as in Box2D. Joints are solved
    /// as with ``rigid``, before the contacts. As in Box2D v3, the relax applies each point's
    /// impulses at the anchors of the sub-step's start, where the bodies no longer are, so a tiny
    /// fast item does not quite conserve angular momentum (2.6 % for a 2 pt triangle at
    /// 560 pt/s hitting a group, `Golden/fuzz/open/`).
    case softStep
}
