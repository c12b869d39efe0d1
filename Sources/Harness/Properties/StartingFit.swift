import Foundation

/// Which items start where they cannot be pushed clear of the walls they collide with: created
/// overlapping walls so that no pose within reach of their overlaps clears them all.
///
/// Pushing an overlapping start apart moves an item by about its overlap. An item created in a
/// pocket narrower than itself, or across the corner of the bounds with a segment at its
/// middle, has no such pose: every engine can only balance the walls' pushes and leave it
/// embedded in some of them. Such a start is outside the operating envelope (SPEC's users place
/// items where they fit), so ``EmbeddedCheck``'s failures there count outside it. A body welded
/// to the world where it overlaps a wall has no pose but its start. A body wider or taller than
/// the inside of its bounds at every searched turn fits nowhere: ``CollisionPairs`` leaves its
/// own overlap with the bounds unjudged, but it stays wedged between two sides and crushes
/// whatever it presses against them, so its start is outside the envelope too. A body that
/// exceeds them only at its starting angle is not judged against them either, but the pose
/// that clears its other walls must still lie within them. An item held to
/// the world by a rigid pin, rod, rope or slider searches only the poses that attachment allows
/// (``WorldHold``): a pin into a wall leaves it only turns about the pin. The search is
/// local on purpose, and no pose puts the item's center across a segment: a pose farther than
/// the overlaps, or through a wall, is not a push-out.
///
/// The poses searched: translations on a square lattice of spacing `reach / 6` within the disc
/// of radius `reach` (the overlaps as perpendicular pushes, ``push(_:_:)``, plus the bound), each at the starting angle
/// and at turns of ±7.5°, ±15°, ±22.5° and ±30° about it (``turns``). An item fits when one pose
/// has every wall within ``EmbeddedCheck/bound(thickness:)``. The lattice spacing is a sixth of
/// the reach, so a clear region holding a disc √2 times that wide within reach is sampled.
struct StartingFit {
    /// For each item, whether it fits (true for items that start clear of every wall).
    let fits: [Bool]

    init(_ scene: Scene, shapes: SceneShapes, mechanics: SceneMechanics, pairs: CollisionPairs) {
        let states = SceneMechanics.initialStates(scene, shapes: shapes)
        let welded = Self.weldedToTheWorld(scene, mechanics: mechanics)
        let wedged = Self.widerThanTheirBounds(scene, shapes: shapes, mechanics: mechanics)
        let holds = WorldHold.holds(scene, mechanics: mechanics)
        var walls = Array(repeating: [CollisionPairs.Wall](), count: scene.items.count)
        for pair in pairs.walls where pair.start <= 1e-9 && !walls[pair.item].contains(pair.wall) {
            walls[pair.item].append(pair.wall)
        }
        var unjudged = Array(repeating: [CollisionPairs.Wall](), count: scene.items.count)
        for pair in pairs.unjudgedBounds where pair.start <= 1e-9 && !unjudged[pair.item].contains(pair.wall) {
            unjudged[pair.item].append(pair.wall)
        }
        fits = scene.items.indices.map { item in
            guard !wedged.contains(mechanics.items[item].body) else { return false }
            guard !walls[item].isEmpty else { return true }
            let outline = shapes.outlines[item]
            let bound = EmbeddedCheck.bound(thickness: outline.thickness)
            let start = states[item]
            let shape = outline.placed(at: start.center, angle: start.angle)
            guard Self.deepest(shape, walls[item], stoppingAt: .infinity) > bound else { return true }
            // A body welded to the world cannot be pushed at all.
            guard !welded.contains(mechanics.items[item].body) else { return false }
            // Bounds the body does not fit in at its start are not judged, but the pose that
            // clears its judged walls must lie within them: a push-out does not leave the room.
            let searched = walls[item] + unjudged[item]
            return Self.poseClears(outline, around: start.center, angle: start.angle, reach: Self.push(shape, searched) + bound,
                                   walls: searched, bound: bound, holds: holds[item] ?? [])
        }
    }

    /// The bodies a weld (a fixed attachment) holds to the world from the start, directly or
    /// through welds to such bodies.
    static func weldedToTheWorld(_ scene: Scene, mechanics: SceneMechanics) -> Set<String> {
        var welds: [(String, String?)] = []
        for life in SceneHistory(scene).lives where life.start <= 1e-9 {
            guard case .attachment(let spec) = life.behavior.kind, spec.attachmentKind == .fixed else { continue }
            welds.append((spec.item, spec.otherItem))
        }
        var held = Set(welds.filter { $0.1 == nil }.map(\.0))
        var grew = true
        while grew {
            grew = false
            for case let (a, b?) in welds where held.contains(a) != held.contains(b) {
                held.formUnion([a, b])
                grew = true
            }
        }
        // Attachments name items or groups; a group's members move as its body.
        let bodies = Set(scene.items.indices.filter { held.contains(scene.items[$0].id) || held.contains(mechanics.items[$0].body) }.map { mechanics.items[$0].body })
        return bodies
    }

    /// The bodies that collide with reference bounds whose inside they exceed, in width or
    /// height, by more than the overlap bound on each side at every searched turn (``turns``)
    /// about their starting pose. A group turns as one body about the middle of its items.
    static func widerThanTheirBounds(_ scene: Scene, shapes: SceneShapes, mechanics: SceneMechanics) -> Set<String> {
        guard let bounds = scene.referenceBounds else { return [] }
        var wedged: Set<String> = []
        for life in SceneHistory(scene).lives where life.start <= 1e-9 {
            guard case .collision(let spec) = life.behavior.kind, spec.referenceBoundsAreBoundary, spec.mode != .items else { continue }
            let insets = spec.referenceBoundsInsets ?? SceneInsets()
            let inside = (width: bounds.maxX - bounds.minX - insets.left - insets.right, height: bounds.maxY - bounds.minY - insets.top - insets.bottom)
            var members: [String: [Int]] = [:]
            for member in ContainmentCheck.members(of: spec, in: scene) where !mechanics.items[member].properties.anchored {
                members[mechanics.items[member].body, default: []].append(member)
            }
            for (body, items) in members where !wedged.contains(body) {
                let slack = 2 * (items.map { EmbeddedCheck.bound(thickness: shapes.outlines[$0].thickness) }.max() ?? 0)
                let pivot = ScenePoint(x: items.map { scene.items[$0].center.x }.reduce(0, +) / Double(items.count),
                                       y: items.map { scene.items[$0].center.y }.reduce(0, +) / Double(items.count))
                let fitsAtSomeTurn = turns.contains { turn in
                    var box = (minX: Double.infinity, maxX: -Double.infinity, minY: Double.infinity, maxY: -Double.infinity)
                    for item in items {
                        let offset = SceneVector(dx: scene.items[item].center.x - pivot.x, dy: scene.items[item].center.y - pivot.y)
                        let center = ScenePoint(x: pivot.x + offset.dx * cos(turn) - offset.dy * sin(turn),
                                                y: pivot.y + offset.dx * sin(turn) + offset.dy * cos(turn))
                        let placed = shapes.outlines[item].placed(at: center, angle: scene.items[item].angle + turn).box
                        box = (min(box.minX, placed.minX), max(box.maxX, placed.maxX), min(box.minY, placed.minY), max(box.maxY, placed.maxY))
                    }
                    return box.maxX - box.minX <= inside.width + slack && box.maxY - box.minY <= inside.height + slack
                }
                if !fitsAtSomeTurn { wedged.insert(body) }
            }
        }
        return wedged
    }

    /// The indices of the items that do not fit.
    var misfits: [Int] { fits.indices.filter { !fits[$0] } }

    static let latticeSteps = 6
    /// The turns about the starting angle (radians): 0, then ±7.5° steps up to ±30°. Contacts
    /// turn an item only as far as their arms about it let the push-out turn it; a quarter turn
    /// (a 130 × 200 pt ellipse lying down to fit under a wall 165 pt off) rearranges the scene,
    /// which no engine's push-out is bound to find.
    static let turns: [Double] = {
        var turns: [Double] = [0]
        for step in 1...4 {
            let turn = Double(step) * Double.pi / 24
            turns += [turn, -turn]
        }
        return turns
    }()

    /// Whether some searched pose of `outline` keeps every wall within `bound`.
    /// With `holds`, each pose is first moved onto what they allow, and skipped when it cannot be.
    static func poseClears(_ outline: ItemOutline, around center: ScenePoint, angle: Double, reach: Double, walls: [CollisionPairs.Wall], bound: Double,
                           holds: [WorldHold] = []) -> Bool {
        let spacing = reach / Double(latticeSteps)
        for turn in turns {
            for i in -latticeSteps...latticeSteps {
                for j in -latticeSteps...latticeSteps where i * i + j * j <= latticeSteps * latticeSteps {
                    var pose = ScenePoint(x: center.x + Double(i) * spacing, y: center.y + Double(j) * spacing)
                    if !holds.isEmpty {
                        guard let allowed = WorldHold.allowed(pose, turn: turn, start: center, holds, tolerance: bound) else { continue }
                        pose = allowed
                    }
                    guard !crossesASegment(from: center, to: pose, walls) else { continue }
                    if deepest(outline.placed(at: pose, angle: angle + turn), walls, stoppingAt: bound) <= bound { return true }
                }
            }
        }
        return false
    }

    /// Whether the straight move of a center from `a` to `b` crosses one of the named segments
    /// in `walls`: a push-out never takes an item's center through a wall (nor does the engine,
    /// whose centers stop at a boundary's line).
    static func crossesASegment(from a: ScenePoint, to b: ScenePoint, _ walls: [CollisionPairs.Wall]) -> Bool {
        func side(_ p: ScenePoint, _ q: ScenePoint, _ r: ScenePoint) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        for wall in walls {
            guard case .segment(_, let c, let d) = wall else { continue }
            let (d1, d2) = (side(c, d, a), side(c, d, b)), (d3, d4) = (side(a, b, c), side(a, b, d))
            if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        }
        return false
    }

    /// How far pushing `shape` out of every wall might move it (points): the length of the
    /// overlaps as perpendicular pushes, √(Σ dᵢ²) over the walls and each side of the bounds, so
    /// an item across a corner of the bounds may move along the diagonal.
    static func push(_ shape: PlacedShape, _ walls: [CollisionPairs.Wall]) -> Double {
        var squares = 0.0
        for wall in walls {
            switch wall {
            case .box(let box):
                let sides = Penetration.depths(shape, outsideOf: box)
                for depth in [sides.left, sides.right, sides.top, sides.bottom] where depth > 0 { squares += depth * depth }
            case .segment(_, let a, let b):
                let depth = Penetration.depth(shape, Penetration.segment(a, b))
                if depth > 0 { squares += depth * depth }
            }
        }
        return squares.squareRoot()
    }

    /// The deepest overlap of `shape` with `walls` (points), stopping once it exceeds `limit`.
    static func deepest(_ shape: PlacedShape, _ walls: [CollisionPairs.Wall], stoppingAt limit: Double) -> Double {
        var deepest = 0.0
        for wall in walls {
            let depth: Double
            switch wall {
            case .box(let box): depth = Penetration.depth(shape, outsideOf: box)
            case .segment(_, let a, let b):
                guard OverlapTest.distance(from: shape.center, toSegment: a, b) < shape.boxRadius else { continue }
                depth = Penetration.depth(shape, Penetration.segment(a, b))
            }
            deepest = max(deepest, depth)
            if deepest > limit { return deepest }
        }
        return deepest
    }
}
