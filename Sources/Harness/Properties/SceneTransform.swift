import Foundation

/// A rigid motion of the plane applied to a whole scene (bounds, items, anchors, boundaries,
/// fields, gravity, events): a translation, a mirror about a vertical line, or a quarter turn
/// clockwise on screen about a point. Handed quantities (angles, spins, magnetic and vortex
/// fields, pin ranges) flip under the mirror.
struct SceneTransform {
    enum Kind { case translation(SceneVector), mirror(x: Double), quarterTurn(about: ScenePoint) }

    let kind: Kind

    var name: String {
        switch kind {
        case .translation(let offset): "translated by (\(offset.dx), \(offset.dy)) pt"
        case .mirror(let x): "mirrored about x = \(x)"
        case .quarterTurn(let center): "turned 90° about (\(center.x), \(center.y))"
        }
    }

    var isMirror: Bool { if case .mirror = kind { true } else { false } }

    func point(_ p: ScenePoint) -> ScenePoint {
        switch kind {
        case .translation(let offset): p + offset
        case .mirror(let x): ScenePoint(x: 2 * x - p.x, y: p.y)
        case .quarterTurn(let c): ScenePoint(x: c.x - (p.y - c.y), y: c.y + (p.x - c.x))
        }
    }

    func vector(_ v: SceneVector) -> SceneVector {
        switch kind {
        case .translation: v
        case .mirror: SceneVector(dx: -v.dx, dy: v.dy)
        case .quarterTurn: SceneVector(dx: -v.dy, dy: v.dx)
        }
    }

    /// An orientation (radians, clockwise on screen).
    func angle(_ a: Double) -> Double {
        switch kind {
        case .translation: a
        case .mirror: -a
        case .quarterTurn: a + Double.pi / 2
        }
    }

    /// A polar direction angle (radians from +x toward +y).
    func heading(_ a: Double) -> Double {
        switch kind {
        case .translation: a
        case .mirror: Double.pi - a
        case .quarterTurn: a + Double.pi / 2
        }
    }

    /// A rotation rate or a relative angle (flips under the mirror only).
    func spin(_ w: Double) -> Double { isMirror ? -w : w }

    func size(_ s: SceneSize) -> SceneSize {
        if case .quarterTurn = kind { return SceneSize(width: s.height, height: s.width) }
        return s
    }

    func rect(_ r: SceneRect) -> SceneRect {
        let center = point(ScenePoint(x: r.minX + r.size.width / 2, y: r.minY + r.size.height / 2))
        let s = size(r.size)
        return SceneRect(x: center.x - s.width / 2, y: center.y - s.height / 2, width: s.width, height: s.height)
    }

    func insets(_ i: SceneInsets) -> SceneInsets {
        switch kind {
        case .translation: i
        case .mirror: SceneInsets(top: i.top, left: i.right, bottom: i.bottom, right: i.left)
        case .quarterTurn: SceneInsets(top: i.left, left: i.bottom, bottom: i.right, right: i.top)
        }
    }

    func direction(_ d: SceneDirection) -> SceneDirection {
        switch d {
        case .vector(let v): .vector(vector(v))
        case .polar(let angle, let magnitude): .polar(angle: heading(angle), magnitude: magnitude)
        }
    }

    func range(_ r: SceneRange?) -> SceneRange? {
        guard let r, isMirror else { return r }
        return SceneRange(lower: -r.upper, upper: -r.lower)
    }

    func region(_ region: SceneRegion) -> SceneRegion {
        switch region {
        case .infinite, .circle: region
        case .rectangle(let s): .rectangle(size: size(s))
        case .inverse(let inner): .inverse(self.region(inner))
        case .union(let parts): .union(parts.map(self.region))
        case .intersection(let parts): .intersection(parts.map(self.region))
        case .difference(let a, let b): .difference(self.region(a), self.region(b))
        }
    }

    /// The state an item of the transformed scene should have.
    func state(_ s: ItemState) -> ItemState {
        ItemState(center: point(s.center), angle: angle(s.angle), velocity: vector(s.velocity), angularVelocity: spin(s.angularVelocity))
    }
}
