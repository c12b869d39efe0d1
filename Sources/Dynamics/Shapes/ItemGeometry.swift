import Foundation

/// The collision shape and mass properties of one item, in the item's own frame (origin at its
/// center, unrotated), built once when the item joins an animator.
struct ItemGeometry {
    /// What the item collides with.
    enum Outline {
        /// A convex polygon, clockwise on screen, relative to the item's center (points).
        case polygon([Vector])
        /// A circle of this radius (points) centred on the item's center.
        case circle(radius: Double)
    }

    var outline: Outline
    /// Area of the true shape (square points).
    var area: Double
    /// Center of area relative to the item's center (points).
    var centroid: Vector
    /// Second moment of area about the centroid (points⁴): inertia = density/10 000 × this.
    var secondMoment: Double

    /// The geometry of `item`'s collision bounds.
    init(of item: any DynamicItem) throws(DynamicsError) {
        let size = item.bounds.size
        let (w, h) = (size.width, size.height)
        switch item.collisionBoundsType {
        case .rectangle:
            outline = .polygon([Vector(dx: -w / 2, dy: -h / 2), Vector(dx: w / 2, dy: -h / 2),
                                Vector(dx: w / 2, dy: h / 2), Vector(dx: -w / 2, dy: h / 2)])
            area = w * h
            centroid = .zero
            secondMoment = area * (w * w + h * h) / 12
        case .ellipse:
            let (a, b) = (w / 2, h / 2)
            outline = a == b ? .circle(radius: a) : .polygon(EllipseApproximation.vertices(semiAxisX: a, semiAxisY: b))
            area = Double.pi * a * b
            centroid = .zero
            secondMoment = area * (a * a + b * b) / 4
        case .path:
            guard let path = item.collisionBoundingPath else { throw .missingCollisionPath }
            let polygon = try ConvexPolygon(validating: path.map(\.vectorFromOrigin))
            let properties = polygon.massProperties
            outline = .polygon(polygon.collisionOutline)
            area = properties.area
            centroid = properties.centroid
            secondMoment = properties.secondMoment
        }
    }
}
