import Foundation

/// The world's shape geometry as raw buffers, for the loops that move shapes to world space and
/// collide them: polygon vertices and outward normals in body frames and in world space, and
/// each boundary as a two-vertex polygon.
struct GeometryBuffers {
    let shapes: UnsafeMutableBufferPointer<Shape>
    let localVertices: UnsafeMutableBufferPointer<Vector>
    let localNormals: UnsafeMutableBufferPointer<Vector>
    let worldVertices: UnsafeMutableBufferPointer<Vector>
    let worldNormals: UnsafeMutableBufferPointer<Vector>
    let boundaryVertices: UnsafeMutableBufferPointer<Vector>
    let boundaryNormals: UnsafeMutableBufferPointer<Vector>

    /// A polygon shape's world vertices and normals.
    @inline(__always)
    func polygon(of shape: Shape) -> (vertices: UnsafeBufferPointer<Vector>, normals: UnsafeBufferPointer<Vector>) {
        let range = Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount)
        return (UnsafeBufferPointer(rebasing: worldVertices[range]), UnsafeBufferPointer(rebasing: worldNormals[range]))
    }

    /// Boundary `index` as a two-vertex polygon: its ends and its two normals.
    @inline(__always)
    func segment(_ index: Int) -> (vertices: UnsafeBufferPointer<Vector>, normals: UnsafeBufferPointer<Vector>) {
        let range = (2 * index)..<(2 * index + 2)
        return (UnsafeBufferPointer(rebasing: boundaryVertices[range]), UnsafeBufferPointer(rebasing: boundaryNormals[range]))
    }
}

extension World {
    /// Runs `body` with the bodies and the geometry as raw buffers. This is the one place that
    /// opens them, so that the loops of the geometry and contact passes read flat; it takes the
    /// arrays one by one so that `body` may still use the world's other stored properties.
    static func withGeometry<Result>(
        _ bodies: inout [Body], _ shapes: inout [Shape], _ localVertices: inout [Vector], _ localNormals: inout [Vector],
        _ worldVertices: inout [Vector], _ worldNormals: inout [Vector], _ boundaryVertices: inout [Vector],
        _ boundaryNormals: inout [Vector], _ body: (UnsafeMutableBufferPointer<Body>, GeometryBuffers) -> Result
    ) -> Result {
        bodies.withUnsafeMutableBufferPointer { bodies in
            shapes.withUnsafeMutableBufferPointer { shapes in
                localVertices.withUnsafeMutableBufferPointer { localVertices in
                    localNormals.withUnsafeMutableBufferPointer { localNormals in
                        worldVertices.withUnsafeMutableBufferPointer { worldVertices in
                            worldNormals.withUnsafeMutableBufferPointer { worldNormals in
                                boundaryVertices.withUnsafeMutableBufferPointer { boundaryVertices in
                                    boundaryNormals.withUnsafeMutableBufferPointer { boundaryNormals in
                                        body(bodies, GeometryBuffers(shapes: shapes, localVertices: localVertices,
                                                                     localNormals: localNormals, worldVertices: worldVertices,
                                                                     worldNormals: worldNormals, boundaryVertices: boundaryVertices,
                                                                     boundaryNormals: boundaryNormals))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Moves shapes to world space and refreshes each body's box and speculative margin. A
    /// sleeping body is refreshed once after it falls asleep and then left: it does not move.
    mutating func refreshGeometry() {
        let h = substep, slop = settings.linearSlop, touching = settings.touchingDistance
        Self.withGeometry(&bodies, &shapes, &localVertices, &localNormals, &worldVertices, &worldNormals,
                          &boundaryVertices, &boundaryNormals) { bodies, geometry in
            for index in bodies.indices where !bodies[index].hasFrozenGeometry {
                var body = bodies[index]
                body.hasFrozenGeometry = body.isSleeping
                let c = cos(body.angle), s = sin(body.angle)
                let p = body.position.vectorFromOrigin
                var low = Vector(dx: Double.infinity, dy: Double.infinity)
                var high = Vector(dx: -Double.infinity, dy: -Double.infinity)
                for shapeIndex in Int(body.firstShape)..<Int(body.firstShape + body.shapeCount) {
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
                    for v in Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount) {
                        let l = geometry.localVertices[v], n = geometry.localNormals[v]
                        let w = p + Vector(dx: c * l.dx - s * l.dy, dy: s * l.dx + c * l.dy)
                        geometry.worldVertices[v] = w
                        geometry.worldNormals[v] = Vector(dx: c * n.dx - s * n.dy, dy: s * n.dx + c * n.dy)
                        low = Vector(dx: min(low.dx, w.dx), dy: min(low.dy, w.dy))
                        high = Vector(dx: max(high.dx, w.dx), dy: max(high.dy, w.dy))
                    }
                }
                body.boxMin = low
                body.boxMax = high
                // How far the body can move this sub-step, plus the touching distance so that
                // contacts exist for every touch reported.
                body.margin = body.isStatic ? 0
                    : (body.velocity.length + abs(body.angularVelocity) * body.extent) * h
                        + 0.5 * body.acceleration.length * h * h + 4 * slop + touching
                bodies[index] = body
            }
        }
    }
}
