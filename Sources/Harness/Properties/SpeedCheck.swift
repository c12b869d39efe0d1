import Foundation

/// No body is reported faster than the engine's own caps (``EngineLimits``), at any sample or
/// sub-step after the first (the first sample is the scene's input, before any step applies the
/// caps). An item's reported velocity is that of its center, which on a spinning body is the
/// body's velocity plus ω times the center's arm from the center of mass (``SceneShapes/arms``),
/// so the linear cap is raised by |ω|·arm for it.
enum SpeedCheck {
    /// Relative slack over a cap: a clamped speed is the cap rounded, within a few ulps.
    static let rounding = 1e-9

    /// The length of `v` without overflow: components near 1e300 have a finite length.
    static func length(_ v: SceneVector) -> Double {
        let scale = max(abs(v.dx), abs(v.dy))
        guard scale > 0, scale.isFinite else { return scale }
        return scale * (v.dx / scale * (v.dx / scale) + v.dy / scale * (v.dy / scale)).squareRoot()
    }

    static func applies(limits: EngineLimits) -> Bool {
        limits.maximumLinearSpeed != nil || limits.maximumAngularSpeed != nil
    }

    static func check(_ scene: Scene, steps: TraceSteps, shapes: SceneShapes, limits: EngineLimits) -> [Violation] {
        var found: [Violation] = []
        let format = ContainmentCheck.format
        var reported = Set<Int>()
        for (step, states) in steps.states.enumerated().dropFirst() {
            for (item, state) in states.enumerated() where !reported.contains(item) {
                let spin = abs(state.angularVelocity)
                if let cap = limits.maximumLinearSpeed {
                    let allowed = (cap + spin * shapes.arms[item]) * (1 + rounding)
                    let speed = Self.length(state.velocity)
                    if speed > allowed {
                        reported.insert(item)
                        found.append(Violation(.speed, "\(scene.items[item].id) moves at \(format(speed)) pt/s at t = \(format(steps.times[step])) s; the engine's cap is \(format(cap)) pt/s", items: [scene.items[item].id], subject: "linear", time: steps.times[step]))
                        continue
                    }
                }
                if let cap = limits.maximumAngularSpeed, spin > cap * (1 + rounding) {
                    reported.insert(item)
                    found.append(Violation(.speed, "\(scene.items[item].id) turns at \(format(spin)) rad/s at t = \(format(steps.times[step])) s; the engine's cap is \(format(cap)) rad/s", items: [scene.items[item].id], subject: "angular", time: steps.times[step]))
                }
            }
        }
        return found
    }
}
