internal import CBox2D
import Foundation
import Harness

/// What a scene asks for that Box2D v3.1 cannot express without approximating it. The adapter
/// refuses such a scene with ``UnsupportedFeatureError`` rather than run something else. Every
/// refusal is decided here from the scene alone, so that a fuzz run of another engine can skip
/// the same scenes (`--same-scenes-as box2d`); where the world is built they are checked again.
enum Box2DSupport {
    /// Box2D's largest polygon (`B2_MAX_POLYGON_VERTICES`).
    static let maximumPolygonVertices = 8
    /// Box2D's revolute limits must lie within ±0.99π (radians).
    static let largestPinAngle = 0.99 * Double.pi

    /// The first feature of `scene` this adapter cannot map onto Box2D faithfully, if any.
    static func unsupportedFeature(in scene: Scene) -> String? {
        if !scene.groups.isEmpty { return "item groups (rigid composites)" }
        for item in scene.items {
            if let feature = unsupportedFeature(of: item) { return feature }
        }
        let centers = Dictionary(scene.items.map { ($0.id, $0.center) }, uniquingKeysWith: { first, _ in first })
        for (path, behavior) in scene.allBehaviors {
            if let feature = unsupportedFeature(of: behavior) ?? tooShort(behavior, centers: centers) { return "\(feature) (at \(path))" }
        }
        if let feature = SceneDrives.unsupportedEvent(in: scene) { return feature }
        let bits = scene.behaviors.flatMap(\.preOrder).reduce(0) { sum, behavior in
            if case .collision(let spec) = behavior.kind { sum + Box2DCollisionRules.bitsNeeded(for: spec.mode) } else { sum }
        }
        if bits > Box2DCollisionRules.availableBits {
            return "collision behaviors needing \(bits) filter bits: Box2D has \(Box2DCollisionRules.availableBits)"
        }
        if let bounds = scene.referenceBounds,
           let far = [bounds.origin.x, bounds.origin.y, bounds.origin.x + bounds.size.width, bounds.origin.y + bounds.size.height]
           .first(where: { abs($0) > Box2DUnits.largestCoordinate }) {
            return "reference bounds at \(far) pt, beyond Box2D's largest length \(Box2DUnits.largestCoordinate) pt"
        }
        return nil
    }

    private static func unsupportedFeature(of item: SceneItem) -> String? {
        if max(abs(item.center.x), abs(item.center.y)) > Box2DUnits.largestCoordinate {
            return "item \"\(item.id)\" at (\(item.center.x), \(item.center.y)), beyond Box2D's largest length \(Box2DUnits.largestCoordinate) pt"
        }
        switch item.shape {
        case .ellipse where item.size.width != item.size.height:
            return "a non-circular ellipse (item \"\(item.id)\"): Box2D has circles, capsules, segments and polygons only"
        case .path where (item.path ?? []).count > maximumPolygonVertices:
            return "a path of \((item.path ?? []).count) points (item \"\(item.id)\"): Box2D's polygons have at most \(maximumPolygonVertices)"
        case .path:
            // The hull's tolerance is the linear slop, which scales with the length units: set
            // them first, as for a world, or the answer depends on whether one was made before.
            _ = Box2DUnits.configured
            let points = (item.path ?? []).map { b2Vec2(x: Float($0.x), y: Float($0.y)) }
            let kept = Int(b2ComputeHull(points, Int32(points.count)).count)
            // Box2D's hull drops points it finds collinear or closer than its linear slop; the
            // harness has checked the path is convex, so a shorter hull is a different shape.
            return kept == points.count ? nil
                : "a path whose hull Box2D shortens (item \"\(item.id)\": \(kept) of its \(points.count) points kept; collinear or within \(Box2DUnits.linearSlop) pt)"
        default:
            return nil
        }
    }

    /// A rod, rope or spring shorter than Box2D's linear slop, to which its distance joint would
    /// clamp it: the length given, or else the distance between its points at the start.
    private static func tooShort(_ behavior: SceneBehavior, centers: [String: ScenePoint]) -> String? {
        guard case .attachment(let spec) = behavior.kind, spec.attachmentKind == .distance || spec.attachmentKind == .limit,
              let center = centers[spec.item] else { return nil }
        let point = center + spec.offset
        guard let far = spec.otherItem.flatMap({ centers[$0] }).map({ $0 + spec.otherOffset }) ?? spec.anchor else { return nil }
        let length = spec.length ?? hypot(point.x - far.x, point.y - far.y)
        return length >= Box2DUnits.linearSlop ? nil
            : "a \(spec.attachmentKind.rawValue) attachment of length \(length) pt: Box2D's distance joint is at least its linear slop, \(Box2DUnits.linearSlop) pt"
    }

    private static func unsupportedFeature(of behavior: SceneBehavior) -> String? {
        switch behavior.kind {
        case .snap: return "snap behaviors (Box2D has no snap; a mouse joint is another law)"
        case .field: return "field behaviors"
        case .attachment(let spec):
            if spec.frequency > 0 && spec.attachmentKind != .distance {
                return "a soft (frequency > 0) \(spec.attachmentKind.rawValue) attachment: SPEC's law for it is not one of Box2D's joint springs"
            }
            if spec.frictionTorque != 0 && spec.attachmentKind != .pin {
                return "frictionTorque on a \(spec.attachmentKind.rawValue) attachment"
            }
            if spec.attachmentKind == .pin, let range = spec.range, max(-range.lower, range.upper) > largestPinAngle {
                return "a pin range beyond ±0.99π: Box2D's revolute limits stop there"
            }
            return nil
        case .collision(let spec):
            for boundary in spec.boundaries {
                let points = boundary.points
                let pairs = boundary.closed ? points.count : points.count - 1
                for index in 0..<max(0, pairs) {
                    let a = points[index], b = points[(index + 1) % points.count]
                    if hypot(b.x - a.x, b.y - a.y) <= Box2DUnits.linearSlop {
                        return "a boundary segment of \"\(boundary.identifier)\" no longer than Box2D's linear slop (\(Box2DUnits.linearSlop) pt)"
                    }
                    if max(abs(a.x), abs(a.y)) > Box2DUnits.largestCoordinate {
                        return "boundary \"\(boundary.identifier)\" beyond Box2D's largest length \(Box2DUnits.largestCoordinate) pt"
                    }
                }
            }
            return nil
        case .gravity, .push, .itemProperties, .composite:
            return nil
        }
    }
}
