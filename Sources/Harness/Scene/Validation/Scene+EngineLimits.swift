extension Scene {
    /// Every problem of ``problems()`` and every speed or turn rate the scene gives an item that
    /// is beyond the caps of the engine that will run it (``EngineLimits``): the engine would
    /// clamp it, so the run would not be the scene as written. Speeds given are items' velocities,
    /// velocities added by an item-properties behavior or an `addVelocity` event, and a velocity
    /// field's (100 pt/s per m/s); a speed reached while running is the engine's to cap.
    public func problems(within limits: EngineLimits) -> [SceneError] {
        var problems = problems()
        var check = LimitCheck(limits: limits)
        for (index, item) in items.enumerated() {
            check.speed(item.velocity, "items[\(index)].velocity")
            check.turnRate(item.angularVelocity, "items[\(index)].angularVelocity")
        }
        for (behavior, path) in allBehaviorsWithPaths {
            switch behavior.kind {
            case .itemProperties(let spec):
                if let velocity = spec.addedLinearVelocity { check.speed(velocity, "\(path).addedLinearVelocity") }
                if let turnRate = spec.addedAngularVelocity { check.turnRate(turnRate, "\(path).addedAngularVelocity") }
            case .field(let spec) where spec.fieldKind == .velocity:
                check.speed(spec.direction * SceneUnits.pointsPerMetre, "\(path).direction", unitScale: SceneUnits.pointsPerMetre)
            default:
                break
            }
        }
        for (index, event) in events.enumerated() {
            if case .addVelocity(_, let linear, let angular) = event.action {
                check.speed(linear, "events[\(index)].linear")
                check.turnRate(angular, "events[\(index)].angular")
            }
        }
        problems += check.problems
        return problems
    }

    /// Throws the first of ``problems(within:)``, if any.
    public func validate(within limits: EngineLimits) throws(SceneError) {
        if let first = problems(within: limits).first { throw first }
    }

    /// The scene's behaviors, those events add included, each with its JSON path, pre-order.
    private var allBehaviorsWithPaths: [(SceneBehavior, String)] {
        func walk(_ behavior: SceneBehavior, _ path: String) -> [(SceneBehavior, String)] {
            [(behavior, path)] + behavior.children.enumerated().flatMap { walk($1, "\(path).children[\($0)]") }
        }
        var found = behaviors.enumerated().flatMap { walk($1, "behaviors[\($0)]") }
        for (index, event) in events.enumerated() {
            if case .addBehavior(let behavior, _) = event.action { found += walk(behavior, "events[\(index)].behavior") }
        }
        return found
    }
}

/// Collects the speeds and turn rates beyond an engine's caps.
private struct LimitCheck {
    let limits: EngineLimits
    var problems: [SceneError] = []

    /// A velocity (pt/s) whose length must be within the linear cap; `unitScale` converts the
    /// value reported back to the unit the file uses.
    mutating func speed(_ velocity: SceneVector, _ path: String, unitScale: Double = 1) {
        // A component past the largest magnitude is reported as such already.
        guard let cap = limits.maximumLinearSpeed, abs(velocity.dx) <= Scene.largestMagnitude,
              abs(velocity.dy) <= Scene.largestMagnitude else { return }
        let speed = SpeedCheck.length(velocity)
        if speed > cap {
            let unit = unitScale == 1 ? " pt/s" : " m/s"
            problems.append(SceneError(path: path, problem: .beyondLimit(speed / unitScale, limit: cap / unitScale, unit: unit,
                                                                          what: "the engine's speed cap")))
        }
    }

    /// An angular velocity (rad/s) that must be within the angular cap.
    mutating func turnRate(_ rate: Double, _ path: String) {
        guard let cap = limits.maximumAngularSpeed, abs(rate) <= Scene.largestMagnitude, abs(rate) > cap else { return }
        problems.append(SceneError(path: path, problem: .beyondLimit(abs(rate), limit: cap, unit: " rad/s",
                                                                      what: "the engine's turn-rate cap at this sub-step")))
    }
}
