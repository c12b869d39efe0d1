import Foundation

/// Whether some pose of a set of bodies satisfies every rigid attachment among them at once,
/// within the tolerances ``ConstraintCheck`` judges them by.
///
/// Random scenes ask for the impossible: two rods of different lengths between the same two
/// points (fuzz scene 20261127/4238), or a rod of 375 pt across a triangle whose other sides, a
/// rod and a rope, add up to 217 pt (20261127/7049). No engine can hold such a set; whatever it
/// does breaks one of them, so a breach there says nothing about the engine.
///
/// The test is a search: Levenberg's damped Gauss–Newton method on the squared excesses of the
/// errors over their allowances (``excesses(_:into:)``), each error divided by what
/// ``ConstraintCheck`` allows it, from several starting poses. The set ``Verdict/holds`` as soon
/// as a pose has every error within its allowance (a witness). It is ``Verdict/impossible`` when
/// no start finds one and at least half the starts end at a stationary point (a local minimum of
/// the squared excesses) with some error beyond its allowance; a start that runs out of
/// iterations tells nothing. Otherwise it is ``Verdict/undecided``. A set the search calls
/// impossible may still have a pose it missed (the squared errors of distances are not convex),
/// which is why the callers give it several starts: the pose at creation, poses from the run, and
/// turned poses.
struct JointFeasibility {
    /// One rigid attachment, at the moment the set is judged: its points where they are then.
    struct Link {
        enum Kind {
            /// The points stay `length` apart (points).
            case rod(length: Double)
            /// The points at most `length` apart (points).
            case rope(length: Double)
            /// The points coincide and the relative angle stays 0.
            case weld
            /// The points coincide; the relative angle stays within `range` (radians).
            case pin(range: SceneRange?)
            /// The points differ only along `axis` (a unit vector on the second body, where it
            /// is now), by `range` at most (points), and the relative angle stays 0.
            case slider(axis: SceneVector, range: SceneRange?)
        }

        var kind: Kind
        /// The first body (an index into the bodies) and its point, or nil and a point of the
        /// world.
        var body: Int?, point: ScenePoint
        /// The second body and its point, or nil and a point of the world.
        var other: Int?, otherPoint: ScenePoint
        /// The relative angle (first body's turn less the second's since the attachment's
        /// creation, radians) now.
        var angle: Double
    }

    /// A rigid move of one body from where it is now: its reference point translated by
    /// `shift` and the body turned by `turn` about that point.
    struct Move {
        var shift = SceneVector(dx: 0, dy: 0)
        var turn = 0.0
    }

    enum Verdict: Equatable {
        /// A pose was found with every error within its allowance.
        case holds
        /// No start found a witness, and at least half ended at a stationary pose breaking some
        /// link by `worst` times its allowance at least (the least of those worsts).
        case impossible(worst: Double)
        /// No start found a witness, and fewer than half settled.
        case undecided
    }

    /// The bodies' reference points now (points); a body's moves turn it about this point.
    let references: [ScenePoint]
    /// Bodies that do not move (anchored).
    let fixed: [Bool]
    let links: [Link]

    /// Iterations of one start before it is left unsettled.
    static let iterationLimit = 400

    init(references: [ScenePoint], fixed: [Bool], links: [Link]) {
        self.references = references
        self.fixed = fixed
        self.links = links
    }

    /// The verdict over `starts` (each a move per body), tried in order until one finds a
    /// witness. Without one, the set is impossible when at least half the starts settled at a
    /// stationary pose: where the least error is large, Gauss–Newton's model of the cost leaves
    /// out the errors' own curvature and a start can crawl for hundreds of iterations (fuzz scene
    /// 20261127/7049's pose at creation), which says nothing either way.
    func verdict(starts: [[Move]]) -> Verdict {
        var least = Double.infinity, settled = 0, tried = 0
        for start in starts where start.count == references.count {
            tried += 1
            let (worst, stationary) = search(from: start)
            if worst <= 1 { return .holds }
            if stationary {
                least = min(least, worst)
                settled += 1
            }
        }
        return tried > 0 && 2 * settled >= tried ? .impossible(worst: least) : .undecided
    }

    /// `count` starts with each of `bodies` turned at random about its reference point, the
    /// same ones for the same arguments.
    static func turnedStarts(bodies: Int, count: Int) -> [[Move]] {
        var random = SeededGenerator(seed: 0x5EED_0F_7015)
        return (0..<count).map { _ in (0..<bodies).map { _ in Move(turn: Double.random(in: -Double.pi...Double.pi, using: &random)) } }
    }

    // MARK: Errors

    /// Each link's errors, divided by what ``ConstraintCheck`` allows: 1 pt plus 1 % of a rod's
    /// or rope's length; 1 pt for points that must coincide and for the distance off a slider's
    /// axis or beyond its range; 4° for an angle. The set holds at a pose where none exceeds 1.
    func errors(_ moves: [Move], into errors: inout [Double]) {
        errors.removeAll(keepingCapacity: true)
        let point = ConstraintCheck.absoluteSlop, angle = ConstraintCheck.angleSlop
        func place(_ body: Int?, _ p: ScenePoint) -> ScenePoint {
            guard let body else { return p }
            let reference = references[body], move = moves[body]
            return reference + move.shift + (p - reference).rotated(by: move.turn)
        }
        func turn(_ body: Int?) -> Double { body.map { moves[$0].turn } ?? 0 }
        func beyond(_ value: Double, _ range: SceneRange?) -> Double {
            guard let range else { return 0 }
            return max(0, range.lower - value, value - range.upper)
        }
        for link in links {
            let gap = place(link.body, link.point) - place(link.other, link.otherPoint)
            // Angles as the check reads them: a whole turn apart is the same pose.
            let relative = remainder(link.angle + turn(link.body) - turn(link.other), 2 * Double.pi)
            switch link.kind {
            case .rod(let length):
                errors.append((gap.length - length) / (point + ConstraintCheck.relativeSlop * length))
            case .rope(let length):
                errors.append(max(0, gap.length - length) / (point + ConstraintCheck.relativeSlop * length))
            case .weld:
                errors.append(contentsOf: [gap.dx / point, gap.dy / point, relative / angle])
            case .pin(let range):
                errors.append(contentsOf: [gap.dx / point, gap.dy / point, beyond(relative, range) / angle])
            case .slider(let axis0, let range):
                let axis = axis0.rotated(by: turn(link.other))
                errors.append(contentsOf: [gap.cross(axis) / point, relative / angle, beyond(gap.dot(axis), range) / point])
            }
        }
    }

    /// What the search drives to zero: each error's excess over ``searchedAllowance``. The sum
    /// of the squared errors themselves is the wrong target: where two links pull against each
    /// other, its least breaks each in proportion to its allowance, which leaves the link with the
    /// larger allowance beyond it when the pair only just holds (allowances a₁ < a₂: the least
    /// breaks the second by (a₁ + a₂)·a₂/(a₁² + a₂²) > 1 allowances where a pose within both
    /// exists). The excesses are all zero exactly at the poses that hold.
    func excesses(_ moves: [Move], into excesses: inout [Double]) {
        errors(moves, into: &excesses)
        for index in excesses.indices {
            let error = excesses[index]
            excesses[index] = error > 0 ? max(0, error - Self.searchedAllowance) : min(0, error + Self.searchedAllowance)
        }
    }

    /// The allowance the search aims within: a little inside the check's, so that a pose it
    /// settles at, a hair off zero, still holds.
    static let searchedAllowance = 0.99

    // MARK: Search

    /// Levenberg's method on the excesses from `start`: the largest error (in allowances) at the
    /// pose it ended at, and whether that pose is a stationary point of the excesses rather than
    /// where the iterations ran out.
    func search(from start: [Move]) -> (worst: Double, stationary: Bool) {
        // Unknowns: shift x, shift y and turn of each body that moves. Turns are scaled by the
        // set's size, so that a unit step moves a point about as far as a unit shift does.
        let moving = fixed.indices.filter { !fixed[$0] }
        let scale = max(1, links.reduce(0.0) { size, link in
            max(size, link.body.map { (link.point - references[$0]).length } ?? 0,
                link.other.map { (link.otherPoint - references[$0]).length } ?? 0)
        })
        let unknowns = 3 * moving.count
        var moves = start
        func apply(_ x: [Double], to base: [Move]) -> [Move] {
            var moved = base
            for (slot, body) in moving.enumerated() {
                moved[body].shift = base[body].shift + SceneVector(dx: x[3 * slot], dy: x[3 * slot + 1])
                moved[body].turn = base[body].turn + x[3 * slot + 2] / scale
            }
            return moved
        }
        var residual: [Double] = [], trial: [Double] = [], plus: [Double] = [], minus: [Double] = [], raw: [Double] = []
        excesses(moves, into: &residual)
        func sumOfSquares(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }
        // The largest error (not excess, no offset) at `pose`, in allowances.
        func worst(_ pose: [Move]) -> Double {
            errors(pose, into: &raw)
            return raw.reduce(0) { max($0, abs($1)) }
        }
        guard unknowns > 0 else { return (worst(moves), true) }
        var cost = sumOfSquares(residual)
        var damping = 1e-3
        let count = residual.count
        var jacobian = [Double](repeating: 0, count: count * unknowns)
        for _ in 0..<Self.iterationLimit {
            let current = worst(moves)
            // A witness (all excesses nil is one too).
            if current <= 1 || cost == 0 { return (current, true) }
            // Central differences: the errors are smooth but at a rope's or range's edge, an
            // allowance's edge and a rod's zero length, where a one-sided kink still gives a
            // usable slope.
            var step = [Double](repeating: 0, count: unknowns)
            for column in 0..<unknowns {
                let h = 1e-6 * max(1, scale)
                step[column] = h
                excesses(apply(step, to: moves), into: &plus)
                step[column] = -h
                excesses(apply(step, to: moves), into: &minus)
                step[column] = 0
                for row in 0..<count { jacobian[row * unknowns + column] = (plus[row] - minus[row]) / (2 * h) }
            }
            var normal = [Double](repeating: 0, count: unknowns * unknowns), gradient = [Double](repeating: 0, count: unknowns)
            for row in 0..<count {
                let base = row * unknowns
                for i in 0..<unknowns where jacobian[base + i] != 0 {
                    let ji = jacobian[base + i]
                    gradient[i] += ji * residual[row]
                    for j in i..<unknowns { normal[i * unknowns + j] += ji * jacobian[base + j] }
                }
            }
            for i in 0..<unknowns { for j in 0..<i { normal[i * unknowns + j] = normal[j * unknowns + i] } }
            // Stationary: the gradient of the cost is nil against the cost's own size.
            let slope = gradient.reduce(0) { max($0, abs($1)) }
            if slope <= 1e-9 * max(1, cost) { return (worst(moves), true) }
            // Levenberg's damping, the same on every unknown, not Marquardt's scaling by the
            // diagonal: links pull along few directions (two rods between the same points, one
            // of them), the normal matrix is rank-deficient, and a direction no error depends on
            // would get almost no damping and swallow the step.
            let largestDiagonal = max((0..<unknowns).reduce(0.0) { max($0, normal[$1 * unknowns + $1]) }, 1e-12)
            var improved = false
            while damping < 1e12 {
                var system = normal
                for i in 0..<unknowns { system[i * unknowns + i] += damping * largestDiagonal }
                guard let delta = Self.solve(system, gradient.map { -$0 }, size: unknowns) else { damping *= 10; continue }
                let candidate = apply(delta, to: moves)
                excesses(candidate, into: &trial)
                let trialCost = sumOfSquares(trial)
                if trialCost < cost {
                    let relative = (cost - trialCost) / max(cost, 1e-300)
                    moves = candidate
                    swap(&residual, &trial)
                    cost = trialCost
                    damping = max(damping / 10, 1e-12)
                    improved = true
                    // A step that no longer lowers the cost measurably: a stationary point.
                    if relative < 1e-12 { return (worst(moves), true) }
                    break
                }
                damping *= 10
            }
            // No damping lowers the cost: the gradient step itself fails, so the pose is
            // stationary to the precision of the differences.
            if !improved { return (worst(moves), true) }
        }
        let last = worst(moves)
        return (last, last <= 1)
    }

    /// Solves the symmetric positive definite `matrix` (`size` × `size`, row-major) times x =
    /// `rhs` by Cholesky; nil when the matrix is not positive definite.
    static func solve(_ matrix: [Double], _ rhs: [Double], size n: Int) -> [Double]? {
        var l = matrix
        for j in 0..<n {
            var diagonal = l[j * n + j]
            for k in 0..<j { diagonal -= l[j * n + k] * l[j * n + k] }
            guard diagonal > 0, diagonal.isFinite else { return nil }
            let root = diagonal.squareRoot()
            l[j * n + j] = root
            for i in (j + 1)..<max(j + 1, n) {
                var value = l[i * n + j]
                for k in 0..<j { value -= l[i * n + k] * l[j * n + k] }
                l[i * n + j] = value / root
            }
        }
        var y = rhs
        for i in 0..<n {
            for k in 0..<i { y[i] -= l[i * n + k] * y[k] }
            y[i] /= l[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for k in (i + 1)..<max(i + 1, n) { y[i] -= l[k * n + i] * y[k] }
            y[i] /= l[i * n + i]
        }
        return y
    }
}
