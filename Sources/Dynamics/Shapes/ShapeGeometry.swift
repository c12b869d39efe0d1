/// The world's collision geometry: every shape, and in one array the vectors that its polygons
/// and boundaries are made of, so that the loops which move and collide shapes open two buffers.
///
/// A polygon of `n` vertices owns `4n` vectors from its shape's `firstVector`: its vertices and
/// outward unit normals in the body frame, then the same in world space (points). A boundary owns
/// four vectors after all the polygons: its two ends, then its two unit normals.
struct ShapeGeometry {
    /// Every shape, body by body.
    private(set) var shapes: [Shape] = []
    /// The polygons' vectors, then the boundaries'.
    private var vectors: [Vector] = []
    /// Where the boundaries' vectors start in `vectors`.
    private var boundaryStart = 0

    /// The number of shapes.
    var shapeCount: Int { shapes.count }

    /// Replaces the shapes and keeps the boundaries. `polygonVectors` holds each polygon's
    /// vertices and normals in the body frame (points; unit normals), in the order of `shapes`,
    /// `2n` per polygon of `n` vertices; the shapes' `firstVector` indices are set here.
    mutating func setShapes(_ newShapes: [Shape], polygonVectors: [Vector]) {
        let boundaryVectors = Array(vectors[boundaryStart...])
        shapes = newShapes
        vectors.removeAll(keepingCapacity: true)
        vectors.reserveCapacity(2 * polygonVectors.count + boundaryVectors.count)
        var next = 0
        for index in shapes.indices where !shapes[index].isCircle {
            let count = 2 * Int(shapes[index].vertexCount)
            let local = polygonVectors[next..<next + count]
            shapes[index].firstVector = Int32(vectors.count)
            // World space starts as a copy of the body frame until the first refresh.
            vectors += local
            vectors += local
            next += count
        }
        boundaryStart = vectors.count
        vectors += boundaryVectors
    }

    /// Replaces the boundaries' vectors: each segment's ends (points) and its two unit normals.
    mutating func setBoundaries(_ segments: [(start: Vector, end: Vector, normal: Vector)]) {
        vectors.removeSubrange(boundaryStart...)
        for segment in segments {
            vectors += [segment.start, segment.end, segment.normal, -segment.normal]
        }
    }

    /// Runs `body` with the shapes and vectors as raw buffers, for the hot loops.
    mutating func withBuffers<Result>(_ body: (GeometryBuffers) -> Result) -> Result {
        let boundaryStart = boundaryStart
        return shapes.withUnsafeMutableBufferPointer { shapes in
            vectors.withUnsafeMutableBufferPointer { vectors in
                body(GeometryBuffers(shapes: shapes, vectors: vectors, boundaryStart: boundaryStart))
            }
        }
    }
}

/// The world's shape geometry as raw buffers, laid out as `ShapeGeometry` describes.
struct GeometryBuffers {
    /// Every shape, body by body.
    let shapes: UnsafeMutableBufferPointer<Shape>
    fileprivate let vectors: UnsafeMutableBufferPointer<Vector>
    fileprivate let boundaryStart: Int

    /// A polygon's `index`th vertex and normal in the body frame (points; unit normal).
    @inline(__always)
    func localVertex(_ index: Int, of shape: Shape) -> (vertex: Vector, normal: Vector) {
        let first = Int(shape.firstVector), count = Int(shape.vertexCount)
        return (vectors[first + index], vectors[first + count + index])
    }

    /// Sets a polygon's `index`th vertex and normal in world space (points; unit normal).
    @inline(__always)
    func setWorldVertex(_ index: Int, of shape: Shape, to vertex: Vector, normal: Vector) {
        let first = Int(shape.firstVector), count = Int(shape.vertexCount)
        vectors[first + 2 * count + index] = vertex
        vectors[first + 3 * count + index] = normal
    }

    /// A polygon shape's world vertices and normals.
    @inline(__always)
    func polygon(of shape: Shape) -> (vertices: UnsafeBufferPointer<Vector>, normals: UnsafeBufferPointer<Vector>) {
        let first = Int(shape.firstVector), count = Int(shape.vertexCount)
        let vertices = first + 2 * count, normals = first + 3 * count
        return (UnsafeBufferPointer(rebasing: vectors[vertices..<vertices + count]),
                UnsafeBufferPointer(rebasing: vectors[normals..<normals + count]))
    }

    /// Boundary `index` as a two-vertex polygon: its ends and its two normals.
    @inline(__always)
    func segment(_ index: Int) -> (vertices: UnsafeBufferPointer<Vector>, normals: UnsafeBufferPointer<Vector>) {
        let first = boundaryStart + 4 * index
        return (UnsafeBufferPointer(rebasing: vectors[first..<first + 2]),
                UnsafeBufferPointer(rebasing: vectors[first + 2..<first + 4]))
    }
}
