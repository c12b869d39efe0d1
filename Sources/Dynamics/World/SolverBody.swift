/// The part of a body the contact and joint solvers read and write, loaded field by field from
/// the world's body array so that each row solve moves ~100 bytes instead of whole bodies.
struct SolverBody {
    var velocity: Vector
    var angularVelocity: Double
    var position: Point
    var angle: Double
    var delta: Vector
    var deltaAngle: Double
    let inverseMass: Double
    let inverseInertia: Double

    /// A fixed body (a boundary): no motion, infinite mass.
    static let fixed = SolverBody(velocity: .zero, angularVelocity: 0, position: .zero, angle: 0, delta: .zero,
                                  deltaAngle: 0, inverseMass: 0, inverseInertia: 0)

    init(velocity: Vector, angularVelocity: Double, position: Point, angle: Double, delta: Vector,
         deltaAngle: Double, inverseMass: Double, inverseInertia: Double) {
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        self.position = position
        self.angle = angle
        self.delta = delta
        self.deltaAngle = deltaAngle
        self.inverseMass = inverseMass
        self.inverseInertia = inverseInertia
    }

    /// The solver part of `body`.
    @inline(__always)
    init(_ body: Body) {
        self.init(velocity: body.velocity, angularVelocity: body.angularVelocity, position: body.position, angle: body.angle,
                  delta: body.delta, deltaAngle: body.deltaAngle, inverseMass: body.inverseMass,
                  inverseInertia: body.inverseInertia)
    }

    /// Loads body `index` of `bodies`, or the fixed body for a negative index.
    @inline(__always)
    init(_ bodies: UnsafeMutableBufferPointer<Body>, _ index: Int32) {
        guard index >= 0 else {
            self = .fixed
            return
        }
        let i = Int(index)
        self.init(velocity: bodies[i].velocity, angularVelocity: bodies[i].angularVelocity, position: bodies[i].position,
                  angle: bodies[i].angle, delta: bodies[i].delta, deltaAngle: bodies[i].deltaAngle,
                  inverseMass: bodies[i].inverseMass, inverseInertia: bodies[i].inverseInertia)
    }

    /// Writes the velocities back into body `index` (nothing for a fixed body).
    @inline(__always)
    func storeVelocities(into bodies: UnsafeMutableBufferPointer<Body>, at index: Int32) {
        guard index >= 0 else { return }
        bodies[Int(index)].velocity = velocity
        bodies[Int(index)].angularVelocity = angularVelocity
    }

    /// Writes the pose and its change back into body `index` (nothing for a fixed body).
    @inline(__always)
    func storePose(into bodies: UnsafeMutableBufferPointer<Body>, at index: Int32) {
        guard index >= 0 else { return }
        bodies[Int(index)].position = position
        bodies[Int(index)].angle = angle
        bodies[Int(index)].delta = delta
        bodies[Int(index)].deltaAngle = deltaAngle
    }

    /// Kinetic energy, translational and rotational (mass·pt²/s²); 0 for a fixed body.
    @inline(__always)
    var kineticEnergy: Double {
        Body.kineticEnergy(velocity: velocity, angularVelocity: angularVelocity, inverseMass: inverseMass,
                           inverseInertia: inverseInertia)
    }

    /// Velocity of the material point at `offset` from the center of mass (pt/s).
    @inline(__always)
    func velocity(at offset: Vector) -> Vector {
        Vector(dx: velocity.dx - angularVelocity * offset.dy, dy: velocity.dy + angularVelocity * offset.dx)
    }

    /// Displacement this sub-step of the material point at `offset`, linearised in the rotation.
    @inline(__always)
    func displacement(at offset: Vector) -> Vector {
        delta + Vector(dx: -deltaAngle * offset.dy, dy: deltaAngle * offset.dx)
    }

    /// Applies `impulse` (mass·pt/s) at `offset`.
    @inline(__always)
    mutating func apply(impulse: Vector, at offset: Vector) {
        velocity += impulse * inverseMass
        angularVelocity += inverseInertia * offset.cross(impulse)
    }

    /// Turns the body as a positional angular impulse `angularShift` (mass·pt²) would.
    @inline(__always)
    mutating func turn(by angularShift: Double) {
        let turn = inverseInertia * angularShift
        angle += turn
        deltaAngle += turn
    }

    /// Moves the body as a positional impulse `shift` (mass·pt) at `offset` would.
    @inline(__always)
    mutating func shift(by shift: Vector, at offset: Vector) {
        let move = shift * inverseMass, turn = inverseInertia * offset.cross(shift)
        position += move
        angle += turn
        delta += move
        deltaAngle += turn
    }
}
