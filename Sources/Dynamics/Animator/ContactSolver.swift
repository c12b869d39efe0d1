/// How an animator solves contacts (``AnimatorConfiguration/contactSolver``).
public enum ContactSolver: String, Equatable, Sendable, Codable, CaseIterable {
    /// Rigid contacts: velocity iterations until no contact's normal velocity
    /// changes by more than ``AnimatorConfiguration/velocityTolerance`` (at most
    /// ``AnimatorConfiguration/maximumVelocityIterations``), both points of a two-point manifold
    /// solved together, and overlap removed on positions only
    /// (``AnimatorConfiguration/positionIterations``). Stiffer and more accurate under load: a tall
    /// pyramid's top sinks several times less than with ``softStep``. But slower: a settling pile
    /// of a thousand boxes or more takes about twice the soft step's time (docs/decisions/0001).
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
    /// About twice as fast as ``rigid`` in a settling pile of a thousand boxes or more, and softer
    /// under load in a large system: a tall pyramid's top sinks several boxes, somewhat more than
    /// Box2D v3's, and bobs for tens of seconds before it settles; not every large pile comes to
    /// rest (docs/decisions/0001). A shorter sub-step makes it stiffer and more accurate, as in
    /// Box2D. Joints are solved as with ``rigid``, before the contacts, and the relax takes the
    /// velocity that stretches a rigid joint out before it relaxes the contacts. As in Box2D v3, the relax
    /// applies each point's impulses at the anchors of the sub-step's start, where the bodies no
    /// longer are, so a tiny fast item does not quite conserve angular momentum
    /// (docs/decisions/0002).
    case softStep
}
