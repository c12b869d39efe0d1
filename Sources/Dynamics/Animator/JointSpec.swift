/// One joint as a behavior describes it, in item terms: recorded by the tree walk, turned into a
/// ``Joint`` (body indices, body-frame anchors, step coefficients) when the world is rebuilt.
struct JointSpec {
    /// The behavior that owns the joint, so that anchor moves can update the world directly.
    var owner: DynamicBehavior
    var kind: JointKind
    /// Slots of the items; `slotB < 0` attaches A to the world point `anchor`.
    var slotA: Int
    var slotB: Int
    /// Attachment points relative to the items' centers, in each item's own frame (points).
    var offsetA: Vector
    var offsetB: Vector
    /// The world anchor when `slotB < 0` (points).
    var anchor: Point
    /// Rest length (points), relative angle at rest (radians), slider axis (unit, B's frame).
    var length: Double
    var referenceAngle: Double
    var axis: Vector
    /// Pin angle limits (radians) or slider translation limits (points); infinite when absent.
    var lowerLimit: Double
    var upperLimit: Double
    /// Pin friction torque (points × UIKit newtons).
    var frictionTorque: Double
    /// Spring natural frequency (Hz, 0 = rigid) and damping ratio.
    var frequency: Double
    var dampingRatio: Double
}
