import Foundation

/// The shapes, members and area properties of one body, in the body's frame (origin at the center
/// of mass). A single item's body turns with the item (member angle 0); a group's body starts
/// unrotated with each member at its own angle.
struct BodyLayout {
    /// One member's pose in the body frame.
    struct MemberPose {
        /// The member's center relative to the center of mass (points).
        var offset: Vector
        /// The member's rotation relative to the body (radians).
        var angle: Double
    }

    var outlines: [ItemGeometry.Outline]
    /// Outline centers (circles) or vertex origin (polygons) already applied: polygons hold body-frame
    /// vertices, circles are placed at `circleCenters`.
    var circleCenters: [Vector]
    var members: [MemberPose]
    /// Total area (square points) and second moment about the center of mass (points⁴).
    var area: Double
    var secondMoment: Double
    /// The center of mass in reference coordinates when the layout was made.
    var referenceCenter: Point

    /// The layout of one item, its body turning with it.
    init(item: any DynamicItem) throws(DynamicsError) {
        let geometry = try ItemGeometry(of: item)
        switch geometry.outline {
        case .polygon(let vertices): outlines = [.polygon(vertices.map { $0 - geometry.centroid })]
        case .circle: outlines = [geometry.outline]
        }
        circleCenters = [-geometry.centroid]
        members = [MemberPose(offset: -geometry.centroid, angle: 0)]
        area = geometry.area
        secondMoment = geometry.secondMoment
        referenceCenter = item.center + item.transform.apply(to: geometry.centroid)
    }

    /// The layout of a group of items in their current poses; the body frame is unrotated.
    init(members items: [any DynamicItem]) throws(DynamicsError) {
        var geometries: [ItemGeometry] = []
        var centroids: [Vector] = []
        var totalArea = 0.0, weighted = Vector.zero
        for item in items {
            let geometry = try ItemGeometry(of: item)
            let centroid = item.center.vectorFromOrigin + item.transform.apply(to: geometry.centroid)
            geometries.append(geometry)
            centroids.append(centroid)
            totalArea += geometry.area
            weighted += centroid * geometry.area
        }
        let center = weighted / totalArea
        outlines = []
        circleCenters = []
        members = []
        secondMoment = 0
        for (index, item) in items.enumerated() {
            let angle = item.transform.rotationAngle
            let offset = item.center.vectorFromOrigin - center
            members.append(MemberPose(offset: offset, angle: angle))
            switch geometries[index].outline {
            case .polygon(let vertices): outlines.append(.polygon(vertices.map { offset + $0.rotated(by: angle) }))
            case .circle: outlines.append(geometries[index].outline)
            }
            circleCenters.append(offset)
            secondMoment += geometries[index].secondMoment + geometries[index].area * (centroids[index] - center).lengthSquared
        }
        area = totalArea
        referenceCenter = Point(x: center.dx, y: center.dy)
    }
}
