import Foundation

/// Simpler numbers: items at rest, unrotated, rectangular; default timing; every decimal in the
/// file rounded to fewer significant digits; then single numbers toward zero and round powers of
/// ten (a speed of 1.2e12 pt/s walks down to the smallest power of ten that still fails).
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

    /// The JSON number tokens of a scene file: a number after `:`, `[` or `,`.
    static var numberPattern: Regex<(Substring, Substring, Substring)> { /([:\[,]\s*)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/ }

    /// How complicated the numbers of `scene`'s file are: per nonzero number its significant
    /// digits plus how many decades it is from 1. Zero and round powers of ten near 1 are simplest.
    static func numberComplexity(_ scene: Scene) -> Int {
        guard let data = try? scene.jsonData(), let text = String(data: data, encoding: .utf8) else { return Int.max }
        return text.matches(of: numberPattern).reduce(0) { total, match in
            total + complexity(of: String(match.output.2))
        }
    }

    /// A number token's complexity (see ``numberComplexity(_:)``).
    static func complexity(of token: String) -> Int {
        guard let value = Double(token), value != 0, value.isFinite else { return 0 }
        let mantissa = String(format: "%.15e", abs(value)).split(separator: "e")[0]
        let digits = mantissa.replacingOccurrences(of: ".", with: "").reversed().drop { $0 == "0" }.count
        return digits + Int(min(400, abs(log10(abs(value)).rounded(.down))))
    }

    /// Scenes with one number each made simpler, the most complicated numbers first (at most
    /// `limit`): the number set to zero, or to the nearest power of ten toward 1 (`±10^k`, or
    /// the next one down when it is one already).
    static func numberSimplifications(of scene: Scene, limit: Int = 24) -> [Scene] {
        guard let data = try? scene.jsonData(), let text = String(data: data, encoding: .utf8) else { return [] }
        let matches = text.matches(of: numberPattern)
        let ranked = matches.indices.map { ($0, complexity(of: String(matches[$0].output.2))) }.filter { $0.1 >= 3 }
            .sorted { ($0.1, -$0.0) > ($1.1, -$1.0) }
        var result: [Scene] = []
        for (position, _) in ranked where result.count < limit {
            let match = matches[position], token = String(match.output.2)
            guard let value = Double(token) else { continue }
            let magnitude = abs(value), sign = value < 0 ? -1.0 : 1.0
            let exponent = log10(magnitude)
            var power = magnitude >= 1 ? pow(10, exponent.rounded(.down)) : pow(10, exponent.rounded(.up))
            if power == magnitude { power = magnitude >= 10 ? magnitude / 10 : (magnitude < 1 ? magnitude * 10 : 0) }
            for replacement in [0.0, sign * power] where replacement != value {
                let written = replacement == replacement.rounded() && abs(replacement) < 1e15 ? String(Int64(replacement)) : "\(replacement)"
                var edited = text
                edited.replaceSubrange(match.output.2.startIndex..<match.output.2.endIndex, with: written)
                if let candidate = try? Scene.decode(from: Data(edited.utf8)), candidate != scene, candidate.problems().isEmpty {
                    result.append(candidate)
                }
            }
        }
        return result
    }

    /// The scene with every decimal number in its file rounded to `digits` significant digits,
    /// or `nil` if that changes nothing or the file no longer decodes.
    static func rounding(_ scene: Scene, toSignificantDigits digits: Int) -> Scene? {
        guard let data = try? scene.jsonData(), let text = String(data: data, encoding: .utf8) else { return nil }
        let rounded = text.replacing(numberPattern) { match in
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
