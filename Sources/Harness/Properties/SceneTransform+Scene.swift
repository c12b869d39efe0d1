/// Applying a ``SceneTransform`` to every part of a scene.
extension SceneTransform {
    func scene(_ scene: Scene) -> Scene {
        var result = scene
        result.referenceBounds = scene.referenceBounds.map(rect)
        result.items = scene.items.map { item in
            var copy = item
            copy.center = point(item.center)
            copy.angle = angle(item.angle)
            if isMirror { copy.path = item.path?.map { ScenePoint(x: -$0.x, y: $0.y) } }
            copy.velocity = vector(item.velocity)
            copy.angularVelocity = spin(item.angularVelocity)
            return copy
        }
        result.behaviors = scene.behaviors.map(behavior)
        result.events = scene.events.map { event in
            var copy = event
            copy.action = switch event.action {
            case .addBehavior(let added, let parent): .addBehavior(behavior(added), parent: parent)
            case .moveAnchor(let target, let to, let duration): .moveAnchor(target, to: point(to), duration: duration)
            case .setParameter(let target, let name, let value): .setParameter(target, parameter: name, value: parameterValue(name, value, target: target, in: scene))
            case .addVelocity(let item, let linear, let angular): .addVelocity(item: item, linear: vector(linear), angular: spin(angular))
            case .removeBehavior, .setPushActive: event.action
            }
            return copy
        }
        return result
    }

    func behavior(_ behavior: SceneBehavior) -> SceneBehavior {
        var copy = behavior
        copy.children = behavior.children.map(self.behavior)
        switch behavior.kind {
        case .gravity(var spec):
            spec.direction = direction(spec.direction)
            copy.kind = .gravity(spec)
        case .push(var spec):
            spec.direction = direction(spec.direction)
            spec.offsets = spec.offsets.mapValues(vector)
            copy.kind = .push(spec)
        case .itemProperties(var spec):
            spec.addedLinearVelocity = spec.addedLinearVelocity.map(vector)
            spec.addedAngularVelocity = spec.addedAngularVelocity.map(spin)
            copy.kind = .itemProperties(spec)
        case .collision(var spec):
            spec.referenceBoundsInsets = spec.referenceBoundsInsets.map(insets)
            spec.boundaries = spec.boundaries.map { SceneBoundary(identifier: $0.identifier, points: $0.points.map(point), closed: $0.closed) }
            copy.kind = .collision(spec)
        case .attachment(var spec):
            spec.offset = vector(spec.offset)
            spec.otherOffset = vector(spec.otherOffset)
            spec.anchor = spec.anchor.map(point)
            spec.axis = spec.axis.map(vector)
            if spec.attachmentKind == .pin { spec.range = range(spec.range) }
            copy.kind = .attachment(spec)
        case .snap(var spec):
            spec.point = point(spec.point)
            copy.kind = .snap(spec)
        case .field(var spec):
            spec.position = point(spec.position)
            spec.direction = vector(spec.direction)
            spec.region = region(spec.region)
            if isMirror, spec.fieldKind == .magnetic || spec.fieldKind == .vortex { spec.strength = -spec.strength }
            copy.kind = .field(spec)
        case .composite:
            break
        }
        return copy
    }

    private func parameterValue(_ name: String, _ value: SceneValue, target: String, in scene: Scene) -> SceneValue {
        switch (name, value) {
        case ("direction", .vector(let v)): return .vector(vector(v))
        case ("position", .point(let p)): return .point(point(p))
        case ("angle", .number(let a)): return .number(heading(a))
        case ("strength", .number(let s)) where isMirror:
            let handed = scene.allBehaviors.contains {
                guard $0.behavior.id == target, case .field(let spec) = $0.behavior.kind else { return false }
                return spec.fieldKind == .magnetic || spec.fieldKind == .vortex
            }
            return .number(handed ? -s : s)
        default: return value
        }
    }
}
