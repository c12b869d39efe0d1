import MotionEffects

/// Extracts a scalar payload, or nil for other kinds.
func scalar(_ value: MotionValue?) -> Double? {
    if case .scalar(let v)? = value { return v }
    return nil
}

/// Extracts a color payload, or nil for other kinds.
func color(_ value: MotionValue?) -> RGBAColor? {
    if case .color(let c)? = value { return c }
    return nil
}

/// Largest absolute component difference between two colors.
func maxDifference(_ a: RGBAColor, _ b: RGBAColor) -> Double {
    max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue), abs(a.alpha - b.alpha))
}

/// A viewer offset built from finite literals (test helper; the initialiser only throws for non-finite input).
func offset(_ h: Double, _ v: Double) throws -> ViewerOffset {
    try ViewerOffset(horizontal: h, vertical: v)
}

/// A custom effect that returns fixed values and records every offset it was evaluated on.
final class RecordingEffect: MotionEffect {
    let values: [AnimatableKeyPath: MotionValue]
    private(set) var seenOffsets: [ViewerOffset] = []

    init(_ values: [AnimatableKeyPath: MotionValue]) {
        self.values = values
    }

    override func keyPathsAndRelativeValues(
        forViewerOffset viewerOffset: ViewerOffset
    ) throws(MotionEffectError) -> [AnimatableKeyPath: MotionValue] {
        seenOffsets.append(viewerOffset)
        return values
    }
}
