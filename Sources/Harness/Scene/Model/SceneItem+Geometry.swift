import Foundation

extension SceneItem {
    /// The area of the collision shape (square points): w·h, π·w·h/4, or the polygon's.
    public var area: Double {
        switch shape {
        case .rectangle: size.width * size.height
        case .ellipse: Double.pi * size.width * size.height / 4
        case .path: abs(Self.twiceSignedArea(path ?? [])) / 2
        }
    }

    /// Twice the signed area of a polygon (shoelace formula).
    static func twiceSignedArea(_ points: [ScenePoint]) -> Double {
        guard points.count >= 3 else { return 0 }
        var sum = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            sum += a.x * b.y - a.y * b.x
        }
        return sum
    }
}
