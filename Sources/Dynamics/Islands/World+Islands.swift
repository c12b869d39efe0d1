/// Islands and sleep. An island is a set of movable bodies linked by contacts and joints (anchored
/// and sleeping bodies link nothing: they are ground). When every body of an island has stayed
/// below the rest thresholds for `islandSleepDuration`, the island sleeps: its bodies stop and are
/// held as static, so the broad phase pairs none of them with each other and the solver skips them.
/// A sleeping body wakes when a moving body touches it or is jointed to it (before that sub-step
/// is solved), and when the animator changes it (velocity added, a push, a moved anchor, any
/// change to the tree, which rebuilds every body awake). This is the scheme of Box2D's islands
/// (Catto, Box2D v2 `b2Island` and v3 solver sets), with a plain union–find rebuilt every
/// sub-step in place of persistent islands (``Islands``).
extension World {
    /// Whether islands may sleep at all.
    var sleepIsEnabled: Bool { settings.islandSleepDuration.isFinite }

    /// Puts `index` to sleep: no velocity, held as static until woken.
    mutating func putToSleep(_ index: Int) {
        guard !bodies[index].isSleeping else { return }
        bodies[index].awakeInverseMass = bodies[index].inverseMass
        bodies[index].awakeInverseInertia = bodies[index].inverseInertia
        bodies[index].inverseMass = 0
        bodies[index].inverseInertia = 0
        bodies[index].velocity = .zero
        bodies[index].angularVelocity = 0
        bodies[index].isSleeping = true
        bodies[index].hasFrozenGeometry = false
    }

    /// Wakes `index` if it sleeps; its resting time starts again.
    mutating func wake(_ index: Int) {
        guard bodies[index].isSleeping else { return }
        bodies[index].inverseMass = bodies[index].awakeInverseMass
        bodies[index].inverseInertia = bodies[index].awakeInverseInertia
        bodies[index].isSleeping = false
        bodies[index].hasFrozenGeometry = false
        bodies[index].restingTime = 0
    }

    /// Before solving a sub-step: wakes every sleeping body that a moving body touches (a contact)
    /// or is jointed to. Its sleeping neighbours stay ground for this sub-step and wake in turn if
    /// it moves them.
    mutating func wakeBodiesDisturbedByMovingOnes() {
        guard sleepIsEnabled else { return }
        for index in contacts.indices where contacts[index].bodyB >= 0 {
            wakeIfDisturbed(Int(contacts[index].bodyA), by: Int(contacts[index].bodyB))
            wakeIfDisturbed(Int(contacts[index].bodyB), by: Int(contacts[index].bodyA))
        }
        for index in joints.indices where joints[index].bodyB >= 0 {
            wakeIfDisturbed(Int(joints[index].bodyA), by: Int(joints[index].bodyB))
            wakeIfDisturbed(Int(joints[index].bodyB), by: Int(joints[index].bodyA))
        }
    }

    private mutating func wakeIfDisturbed(_ sleeper: Int, by other: Int) {
        guard bodies[sleeper].isSleeping, !bodies[other].isStatic, !isResting(bodies[other]) else { return }
        wake(sleeper)
    }

    /// Whether `body` is below the rest thresholds: its velocity, and the speed at which its last
    /// sub-step moved it (see ``movingSpeeds(of:)``).
    private func isResting(_ body: Body) -> Bool {
        let speeds = movingSpeeds(of: body)
        return speeds.linear < settings.restLinearSpeed && speeds.angular < settings.restAngularSpeed
    }

    /// After a sub-step: advances every movable body's resting time, joins bodies into islands
    /// through contacts and joints, and puts to sleep each island whose bodies have all rested
    /// for the sleep duration. Uses the world's scratch arrays: no allocation in steady state.
    mutating func sleepRestingIslands() {
        guard sleepIsEnabled else { return }
        let h = substep
        var anyReady = false
        for index in bodies.indices {
            let body = bodies[index]
            guard !body.isStatic else { continue }
            // Fields can change with time (noise, animated regions): their bodies never sleep.
            let rests = body.fieldMask == 0 && isResting(body)
            bodies[index].restingTime = rests ? body.restingTime + h : 0
            anyReady = anyReady || bodies[index].restingTime >= settings.islandSleepDuration
        }
        guard anyReady else { return }
        islands.build(bodies, contacts: contacts, joints: joints)
        for index in bodies.indices where !bodies[index].isStatic
            && islands.shortestRestingTime(inIslandOf: index) >= settings.islandSleepDuration {
            putToSleep(index)
        }
    }
}
