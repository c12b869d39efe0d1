import Foundation
@testable import Harness
import PropertyBased
import Testing

/// The harness's own shape geometry, against closed forms: the overlap of boxes and circles,
/// an ellipse's reach past a wall, a point's depth, and the shortest way apart found by search
/// for curved shapes.
@Suite struct PenetrationTests {
    static func item(_ shape: SceneShape, _ width: Double, _ height: Double, path: [ScenePoint]? = nil) -> ItemOutline {
        ItemOutline(SceneItem(id: "x", center: .zero, size: SceneSize(width: width, height: height), shape: shape, path: path))
    }

    @Test func twoBoxesOverlapByTheShorterWayApart() {
        let box = Self.item(.rectangle, 20, 10)
        let a = box.placed(at: .zero, angle: 0)
        // 20 × 10 boxes 15 pt apart along x and 3 pt along y: 5 pt of overlap in x, 7 in y.
        let b = box.placed(at: ScenePoint(x: 15, y: 3), angle: 0)
        #expect(abs(Penetration.depth(a, b) - 5) < 1e-12)
        // Turned a quarter, the second box is 10 wide and 20 tall: 0 pt of x overlap left at 15.
        let turned = box.placed(at: ScenePoint(x: 15, y: 3), angle: Double.pi / 2)
        #expect(abs(Penetration.depth(a, turned)) < 1e-9)
        #expect(Penetration.depth(a, box.placed(at: ScenePoint(x: 40, y: 0), angle: 0)) < 0)
    }

    @Test func circlesOverlapByTheSumOfRadiiLessTheirDistance() async {
        await propertyCheck(input: Gen.double(in: 1...50), Gen.double(in: 1...50), Gen.double(in: 0...90), Gen.double(in: 0...6.28)) { r1, r2, d, angle in
            let a = Self.item(.ellipse, 2 * r1, 2 * r1).placed(at: .zero, angle: 0)
            let b = Self.item(.ellipse, 2 * r2, 2 * r2).placed(at: ScenePoint(x: d * cos(angle), y: d * sin(angle)), angle: 1)
            let expected = r1 + r2 - d
            // The searched direction is within 1e-6 rad of the line of centers: an error of
            // order (r1 + r2)·1e-12.
            if expected > 0 { #expect(abs(Penetration.depth(a, b) - expected) < 1e-6 * (r1 + r2)) }
        }
    }

    @Test func aCircleMeetsABoxCornerAlongTheLineToTheCorner() {
        let box = Self.item(.rectangle, 20, 20).placed(at: .zero, angle: 0)
        // A circle of radius 5 whose center is 3 pt beyond the corner (10, 10) along the diagonal.
        let offset = 10 + 3 / 2.0.squareRoot()
        let circle = Self.item(.ellipse, 10, 10).placed(at: ScenePoint(x: offset, y: offset), angle: 0)
        #expect(abs(Penetration.depth(box, circle) - 2) < 1e-9)
    }

    @Test func anEllipseReachesPastAWallByItsSupport() {
        // An ellipse of semi-axes 30 and 10 turned by θ reaches √(30² cos²θ + 10² sin²θ) along x.
        let ellipse = Self.item(.ellipse, 60, 20)
        for angle in [0.0, 0.3, 1.2, Double.pi / 2] {
            let placed = ellipse.placed(at: ScenePoint(x: 390, y: 200), angle: angle)
            let reach = (900 * cos(angle) * cos(angle) + 100 * sin(angle) * sin(angle)).squareRoot()
            let depth = Penetration.depth(placed, outsideOf: WallBox(minX: 0, maxX: 400, minY: 0, maxY: 400))
            #expect(abs(depth - (reach - 10)) < 1e-9, "angle \(angle)")
        }
    }

    @Test func aSegmentThroughABoxIsAsDeepAsTheNearerSide() {
        let box = Self.item(.rectangle, 40, 10).placed(at: .zero, angle: 0)
        // A long horizontal segment 2 pt above the box's center: out by 7 pt upward or 3 down.
        let segment = Penetration.segment(ScenePoint(x: -100, y: -2), ScenePoint(x: 100, y: -2))
        #expect(abs(Penetration.depth(box, segment) - 3) < 1e-12)
    }

    @Test func aPathKeepsItsCentroidThicknessAndWinding() {
        // A right triangle with legs 30 and 12, given clockwise: centroid at (10, 4), thinnest
        // across the hypotenuse, 30·12/√(30² + 12²).
        let triangle = Self.item(.path, 30, 12, path: [ScenePoint(x: 0, y: 0), ScenePoint(x: 0, y: 12), ScenePoint(x: 30, y: 0)])
        #expect(abs(triangle.centroid.dx - 10) < 1e-12 && abs(triangle.centroid.dy - 4) < 1e-12)
        #expect(abs(triangle.thickness - 360 / (900.0 + 144).squareRoot()) < 1e-12)
        #expect(triangle.depth(of: ScenePoint(x: 10, y: 4), center: .zero, angle: 0) > 0)
        #expect(triangle.depth(of: ScenePoint(x: 20, y: 8), center: .zero, angle: 0) < 0)
    }

    @Test func aManySidedPolygonIsSearchedAsFastAndAsRightAsScanned() {
        // 2000 vertices on a circle of radius 50 against a 20 pt box: the climbing support search
        // gives what scanning every vertex gives.
        let count = 2000
        let points = (0..<count).map { index -> ScenePoint in
            let angle = Double(index) / Double(count) * 2 * Double.pi
            return ScenePoint(x: 50 * cos(angle), y: 50 * sin(angle))
        }
        let polygon = Self.item(.path, 100, 100, path: points).placed(at: .zero, angle: 0.2)
        let box = Self.item(.rectangle, 20, 20).placed(at: ScenePoint(x: 55, y: 5), angle: 0.4)
        var scanned = Double.infinity
        for n in polygon.edgeNormals + box.edgeNormals {
            let minus = SceneVector(dx: -n.dx, dy: -n.dy)
            func scan(_ shape: PlacedShape, _ d: SceneVector) -> Double { shape.vertices.map { $0.x * d.dx + $0.y * d.dy }.max()! }
            scanned = min(scanned, scan(polygon, n) + scan(box, minus), scan(box, n) + scan(polygon, minus))
        }
        #expect(abs(Penetration.depth(polygon, box) - scanned) < 1e-9)
    }

    /// Polygons apart are as deep as minus their gap, computed from vertices and edges; checked
    /// against the least overlap over every direction, an independent route to the same number
    /// (for shapes apart it is minus their distance).
    /// The least overlap of `a` and `b` over every direction, by support functions alone: the
    /// candidates where the least can lie (both shapes' edge normals, the lines through two of
    /// their corners or a disc's center, the line of two centers), and the search over every
    /// direction for the rest. It shares no code with the closed forms it checks.
    static func leastOverlap(_ a: PlacedShape, _ b: PlacedShape) -> Double {
        func overlap(_ n: SceneVector) -> Double { Penetration.overlap(a, b, along: n) }
        var least = Penetration.searchedMinimum { overlap(SceneVector(dx: cos($0), dy: sin($0))) }
        for n in a.edgeNormals + b.edgeNormals { least = min(least, overlap(n)) }
        let points = [a.center, b.center] + a.vertices + b.vertices
        for p in points {
            for q in points where q != p {
                let line = q - p
                if line.length > 0 { least = min(least, overlap(line / line.length)) }
            }
        }
        return least
    }

    @Test func polygonsApartAreAsDeepAsMinusTheirGap() async {
        let triangle = [ScenePoint(x: -6, y: -4), ScenePoint(x: 7, y: -2), ScenePoint(x: 0, y: 9)]
        await propertyCheck(input: Gen.double(in: 2...40), Gen.double(in: 0...80), Gen.double(in: 0...6.28), Gen.double(in: 0...6.28)) {
            size, distance, direction, turn in
            let box = Self.item(.rectangle, size, size / 3).placed(at: .zero, angle: turn)
            let other = Self.item(.path, 13, 13, path: triangle)
                .placed(at: ScenePoint(x: distance * cos(direction), y: distance * sin(direction)), angle: 2 * turn)
            let least = Self.leastOverlap(box, other)
            let depth = Penetration.depth(box, other, stoppingAt: -.infinity)
            // Apart, the least lies along an edge normal or the line through two corners, each
            // among the candidates: only rounding (~1e-16 of the sizes) separates the two routes.
            if least < 0 { #expect(abs(depth - least) < 1e-9 * (box.boxRadius + other.boxRadius), "\(depth) vs \(least)") }
        }
    }

    /// A path's thickness (its smallest width, found by rotating calipers) is the least over its
    /// edges of the farthest vertex from the edge's line, computed here the slow way for convex
    /// polygons of 3 to 400 vertices on random ellipses.
    @Test func aPathsThicknessIsItsSmallestWidth() async {
        await propertyCheck(input: Gen.int(in: 3...400), Gen.double(in: 1...300), Gen.double(in: 1...300), Gen.double(in: 0...1)) {
            count, width, height, phase in
            let points = (0..<count).map { index -> ScenePoint in
                let angle = (Double(index) + phase) / Double(count) * 2 * Double.pi
                return ScenePoint(x: width / 2 * cos(angle), y: height / 2 * sin(angle))
            }
            var slow = Double.infinity
            for index in points.indices {
                let a = points[index], edge = points[(index + 1) % count] - a
                let normal = SceneVector(dx: edge.dy, dy: -edge.dx) / edge.length
                slow = min(slow, points.map { abs(($0 - a).dot(normal)) }.max()!)
            }
            let thickness = Self.item(.path, width, height, path: points).thickness
            #expect(abs(thickness - slow) < 1e-9 * max(width, height), "\(thickness) vs \(slow)")
        }
    }

    /// A disc's depth into a polygon or another disc, exact from its center, agrees with the
    /// least overlap over every direction (an independent route), overlapping or apart, for a
    /// triangle given in either winding and a disc.
    @Test func aDiscsDepthFromItsCenterAgreesWithTheSearch() async {
        let triangle = [ScenePoint(x: -6, y: -4), ScenePoint(x: 7, y: -2), ScenePoint(x: 0, y: 9)]
        await propertyCheck(input: Gen.double(in: 0.5...20), Gen.double(in: 0...40), Gen.double(in: 0...6.28), Gen.int(in: 0...2)) {
            radius, distance, direction, kind in
            let disc = Self.item(.ellipse, 2 * radius, 2 * radius)
                .placed(at: ScenePoint(x: distance * cos(direction), y: distance * sin(direction)), angle: direction)
            let other = switch kind {
            case 0: Self.item(.path, 13, 13, path: triangle).placed(at: .zero, angle: 0.3)
            case 1: Self.item(.path, 13, 13, path: triangle.reversed()).placed(at: .zero, angle: -0.7)
            default: Self.item(.ellipse, 9, 9).placed(at: .zero, angle: 0)
            }
            let least = Self.leastOverlap(disc, other)
            // The least lies along an edge normal, the line from the disc's center through a
            // corner, or the line of two centers, each among the candidates: only rounding
            // (~1e-16 of the sizes) separates the two routes.
            for depth in [Penetration.depth(disc, other, stoppingAt: -.infinity), Penetration.depth(other, disc, stoppingAt: -.infinity)] {
                #expect(abs(depth - least) < 1e-9 * (disc.boxRadius + other.boxRadius), "\(depth) vs \(least)")
            }
        }
    }
}
