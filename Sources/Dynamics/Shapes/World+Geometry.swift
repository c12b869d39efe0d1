import Foundation

extension World {
    /// Runs `body` with the bodies and the geometry as raw buffers. This is the one place that
    /// opens them, so that the loops of the geometry and contact passes read flat; it is static
    /// and takes the two arrays by `inout` so that `body` may still use the world's other stored
    /// properties.
    static func withGeometry<Result>(
        _ bodies: inout [Body], _ geometry: inout ShapeGeometry,
        _ body: (UnsafeMutableBufferPointer<Body>, GeometryBuffers) -> Result
    ) -> Result {
        bodies.withUnsafeMutableBufferPointer { bodies in
            geometry.withBuffers { buffers in body(bodies, buffers) }
        }
    }

    /// Moves shapes to world space and refreshes each body's box and speculative margin. A
    /// sleeping body is refreshed once after it falls asleep and then left: it does not move.
    mutating func refreshGeometry() {
        let h = substep, slop = settings.linearSlop, touching = settings.touchingDistance
        Self.withGeometry(&bodies, &geometry) { bodies, geometry in
            for index in bodies.indices where !bodies[index].hasFrozenGeometry {
                // Field by field rather than the whole 320-byte body, in and out.
                bodies[index].hasFrozenGeometry = bodies[index].isSleeping
                let angle = bodies[index].angle
                let c = cos(angle), s = sin(angle)
                let p = bodies[index].position.vectorFromOrigin
                var low = Vector(dx: Double.infinity, dy: Double.infinity)
                var high = Vector(dx: -Double.infinity, dy: -Double.infinity)
                let firstShape = Int(bodies[index].firstShape)
                for shapeIndex in firstShape..<firstShape + Int(bodies[index].shapeCount) {
                    var shape = geometry.shapes[shapeIndex]
                    if shape.isCircle {
                        let l = shape.localCenter
                        shape.worldCenter = p + Vector(dx: c * l.dx - s * l.dy, dy: s * l.dx + c * l.dy)
                        let r = shape.radius
                        low = Vector(dx: min(low.dx, shape.worldCenter.dx - r), dy: min(low.dy, shape.worldCenter.dy - r))
                        high = Vector(dx: max(high.dx, shape.worldCenter.dx + r), dy: max(high.dy, shape.worldCenter.dy + r))
                        geometry.shapes[shapeIndex] = shape
                        continue
                    }
                    for v in 0..<Int(shape.vertexCount) {
                        let (l, n) = geometry.localVertex(v, of: shape)
                        let w = p + Vector(dx: c * l.dx - s * l.dy, dy: s * l.dx + c * l.dy)
                        geometry.setWorldVertex(v, of: shape, to: w, normal: Vector(dx: c * n.dx - s * n.dy, dy: s * n.dx + c * n.dy))
                        low = Vector(dx: min(low.dx, w.dx), dy: min(low.dy, w.dy))
                        high = Vector(dx: max(high.dx, w.dx), dy: max(high.dy, w.dy))
                    }
                }
                bodies[index].boxMin = low
                bodies[index].boxMax = high
                // How far the body can move this sub-step, plus the touching distance so that
                // contacts exist for every touch reported.
                bodies[index].margin = bodies[index].isStatic ? 0
                    : (bodies[index].velocity.length + abs(bodies[index].angularVelocity) * bodies[index].extent) * h
                        + 0.5 * bodies[index].acceleration.length * h * h + 4 * slop + touching
            }
        }
    }
}
