import Foundation

/// Simpler numbers: items at rest, unrotated, rectangular; default timing; every decimal in the
/// file rounded to fewer significant digits.
extension SceneEdits {
    static func simplifications(of scene: Scene) -> [Scene] {
        var result: [Scene] = []
        for digits in [1, 2, 3] {
            if let rounded = rounding(scene, toSignificantDigits: digits) { result.append(rounded) }
        }
        var timing = scene
        timing.timing.substep = 1.0 / 120
        timing.timing.frameDuration = 1.0 / 60
        result.append(timing)
        for index in scene.items.indices {
            var item = scene.items[index]
            let original = item
            item.velocity = .zero
            item.angularVelocity = 0
            append(item, at: index)
            item = original
            item.angle = 0
            append(item, at: index)
            if item.shape != .rectangle {
                item = original
                item.shape = .rectangle
                item.path = nil
                append(item, at: index)
            }
        }
        func append(_ item: SceneItem, at index: Int) {
            guard item != scene.items[index] else { return }
            var copy = scene
            copy.items[index] = item
            result.append(copy)
        }
        return result
    }

    /// The scene with every decimal number in its file rounded to `digits` significant digits,
    /// or `nil` if that changes nothing or the file no longer decodes.
    static func rounding(_ scene: Scene, toSignificantDigits digits: Int) -> Scene? {
        guard let data = try? scene.jsonData(), let text = String(data: data, encoding: .utf8) else { return nil }
        let pattern = /([:\[,]\s*)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/
        let rounded = text.replacing(pattern) { match in
            let (_, lead, number) = match.output
            guard number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Double(number) else {
                return String(match.output.0)
            }
            let shorter = Double(String(format: "%.\(digits - 1)e", value)) ?? value
            let written = shorter == shorter.rounded() && abs(shorter) < 1e15 ? String(Int64(shorter)) : "\(shorter)"
            return String(lead) + written
        }
        guard rounded != text, let result = try? Scene.decode(from: Data(rounded.utf8)), result != scene else { return nil }
        return result
    }
}
