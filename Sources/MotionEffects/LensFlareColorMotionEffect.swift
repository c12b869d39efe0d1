/// Seed 004's lens-flare color effect: horizontal tilt changes brightness, vertical tilt changes hue.
///
/// With base color `(h, s, b, a)` in HSB form (hue in turns) and offset `(x, y)`:
/// - `b' = clamp(b + brightnessSpan × x, 0, 1)` (tilting right brightens),
/// - `h' = (h + hueSpan × y) mod 1` (tilting down advances the hue; wraps around the color wheel),
/// - the new color is `rgb(h', s, b', a)` and the relative value for ``AnimatableKeyPath/fillColor``
///   is `rgb(h', s, b', a) − baseColor`, so that a target whose base fill color is `baseColor`
///   presents exactly the new color.
public final class LensFlareColorMotionEffect: MotionEffect {
    /// The color the effect starts from; should equal the target's base fill color.
    public let baseColor: RGBAColor
    /// Brightness change per unit horizontal offset, dimensionless fraction of full brightness.
    public let brightnessSpan: Double
    /// Hue change per unit vertical offset, in turns (1 = full color wheel).
    public let hueSpan: Double

    /// Creates the effect. `brightnessSpan` is a brightness fraction per unit offset, `hueSpan` turns per unit offset.
    /// - Throws: ``MotionEffectError/nonFiniteParameter(name:)`` for a non-finite parameter or color component.
    public init(baseColor: RGBAColor, brightnessSpan: Double = 0.25, hueSpan: Double = 0.1) throws(MotionEffectError) {
        guard MotionValue.color(baseColor).isFinite else { throw .nonFiniteParameter(name: "baseColor") }
        guard brightnessSpan.isFinite else { throw .nonFiniteParameter(name: "brightnessSpan") }
        guard hueSpan.isFinite else { throw .nonFiniteParameter(name: "hueSpan") }
        self.baseColor = baseColor
        self.brightnessSpan = brightnessSpan
        self.hueSpan = hueSpan
    }

    /// The absolute color presented at `viewerOffset` (dimensionless components), per the type docs.
    public func color(forViewerOffset viewerOffset: ViewerOffset) -> RGBAColor {
        var hsb = HSBAColor(baseColor)
        hsb.brightness = min(max(hsb.brightness + brightnessSpan * viewerOffset.horizontal, 0), 1)
        hsb.hue = HSBAColor.wrapTurn(hsb.hue + hueSpan * viewerOffset.vertical)
        return hsb.rgba
    }

    /// `[.fillColor: color(forViewerOffset:) − baseColor]`.
    public override func keyPathsAndRelativeValues(
        forViewerOffset viewerOffset: ViewerOffset
    ) throws(MotionEffectError) -> [AnimatableKeyPath: MotionValue] {
        [.fillColor: try MotionValue.color(color(forViewerOffset: viewerOffset)).subtracting(.color(baseColor))]
    }
}
