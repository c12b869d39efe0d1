import Harness

/// What a scene asks for that Chipmunk 7 cannot express without approximating it. The adapter
/// refuses such a scene with ``UnsupportedFeatureError`` rather than run something else.
enum ChipmunkSupport {
    /// The first feature of `scene` this adapter cannot map onto Chipmunk faithfully, if any.
    static func unsupportedFeature(in scene: Scene) -> String? {
        if !scene.groups.isEmpty { return "item groups (rigid composites)" }
        for item in scene.items where item.shape == .ellipse && item.size.width != item.size.height {
            return "a non-circular ellipse (item \"\(item.id)\"): Chipmunk has circles, segments and polygons only"
        }
        for (path, behavior) in scene.allBehaviors {
            if let feature = unsupportedFeature(of: behavior) { return "\(feature) (at \(path))" }
        }
        if let feature = SceneDrives.unsupportedEvent(in: scene) { return feature }
        let collisions = scene.behaviors.flatMap(\.preOrder).filter { if case .collision = $0.kind { true } else { false } }
        if collisions.count > ChipmunkCollisionRules.maximumBehaviors {
            return "more than \(ChipmunkCollisionRules.maximumBehaviors) collision behaviors"
        }
        return nil
    }

    private static func unsupportedFeature(of behavior: SceneBehavior) -> String? {
        switch behavior.kind {
        case .snap: return "snap behaviors (Chipmunk has no snap; a spring would be another law)"
        case .field: return "field behaviors"
        case .attachment(let spec):
            if spec.frequency > 0 && spec.attachmentKind != .distance {
                return "a soft (frequency > 0) \(spec.attachmentKind.rawValue) attachment: Chipmunk's joints other than the damped spring are rigid"
            }
            return spec.frictionTorque != 0 ? "an attachment's frictionTorque" : nil
        case .gravity, .push, .collision, .itemProperties, .composite:
            return nil
        }
    }
}
