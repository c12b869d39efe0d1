@testable import Dynamics
import PropertyBased
import Testing

/// `ShapeGeometry` keeps every polygon's and boundary's vectors in one array: each shape must
/// read back exactly its own vertices and normals, world space must start as the body frame and
/// take what the refresh writes without touching a neighbour, and replacing the boundaries must
/// leave the polygons alone, and replacing the shapes the boundaries.
@Suite struct ShapeGeometryTests {
    /// Shapes of 0 (a circle) to 6 vertices; vertex `v` of shape `s` is (s, v) and its normal (−s, −v).
    func geometry(vertexCounts: [Int]) -> ShapeGeometry {
        var shapes: [Shape] = [], vectors: [Vector] = []
        for (s, count) in vertexCounts.enumerated() {
            shapes.append(Shape(body: Int32(s), member: Int32(s), firstVector: 0, vertexCount: Int32(count), radius: count == 0 ? 1 : 0,
                                localCenter: .zero, worldCenter: .zero))
            vectors += (0..<count).map { Vector(dx: Double(s), dy: Double($0)) }
            vectors += (0..<count).map { Vector(dx: -Double(s), dy: -Double($0)) }
        }
        var geometry = ShapeGeometry()
        geometry.setShapes(shapes, polygonVectors: vectors)
        return geometry
    }

    /// `count` vertical segments 1 pt long, `offset` pt and more to the right of the origin.
    func segments(_ count: Int, offset: Double) -> [(start: Vector, end: Vector, normal: Vector)] {
        (0..<count).map { i in
            (Vector(dx: offset + Double(i), dy: 0), Vector(dx: offset + Double(i), dy: 1), Vector(dx: 1, dy: offset))
        }
    }

    @Test func everyShapeAndBoundaryReadsBackItsOwnVectors() async {
        await propertyCheck(input: Gen.int(in: 0...6).array(of: 0...12), Gen.int(in: 0...5), Gen.int(in: 0...5)) { counts, first, second in
            var geometry = geometry(vertexCounts: counts)
            geometry.setBoundaries(segments(first, offset: 100))
            geometry.setBoundaries(segments(second, offset: 200))
            // New shapes (here the same ones again) keep the boundaries.
            let shapes = geometry.shapes
            var vectors: [Vector] = []
            geometry.withBuffers { buffers in
                for shape in buffers.shapes {
                    vectors += (0..<Int(shape.vertexCount)).map { buffers.localVertex($0, of: shape).vertex }
                    vectors += (0..<Int(shape.vertexCount)).map { buffers.localVertex($0, of: shape).normal }
                }
            }
            geometry.setShapes(shapes, polygonVectors: vectors)
            geometry.withBuffers { buffers in
                // World space starts as the body frame.
                for shape in buffers.shapes where !shape.isCircle {
                    let polygon = buffers.polygon(of: shape)
                    for v in 0..<Int(shape.vertexCount) {
                        #expect(polygon.vertices[v] == Vector(dx: Double(shape.body), dy: Double(v)))
                        #expect(polygon.normals[v] == Vector(dx: -Double(shape.body), dy: -Double(v)))
                    }
                }
                // Writing world space leaves the body frame and every other shape alone.
                for shape in buffers.shapes where !shape.isCircle {
                    for v in 0..<Int(shape.vertexCount) {
                        let local = buffers.localVertex(v, of: shape)
                        buffers.setWorldVertex(v, of: shape, to: local.vertex + Vector(dx: 1000, dy: 0), normal: -local.normal)
                    }
                }
                for shape in buffers.shapes where !shape.isCircle {
                    let polygon = buffers.polygon(of: shape)
                    for v in 0..<Int(shape.vertexCount) {
                        let local = buffers.localVertex(v, of: shape)
                        #expect(local.vertex == Vector(dx: Double(shape.body), dy: Double(v)))
                        #expect(local.normal == Vector(dx: -Double(shape.body), dy: -Double(v)))
                        #expect(polygon.vertices[v] == Vector(dx: Double(shape.body) + 1000, dy: Double(v)))
                        #expect(polygon.normals[v] == Vector(dx: Double(shape.body), dy: Double(v)))
                    }
                }
                // Only the second set of boundaries is left, each as a two-vertex polygon.
                for (i, segment) in segments(second, offset: 200).enumerated() {
                    let polygon = buffers.segment(i)
                    #expect(Array(polygon.vertices) == [segment.start, segment.end])
                    #expect(Array(polygon.normals) == [segment.normal, -segment.normal])
                }
            }
        }
    }
}
