/// A color in hue / saturation / brightness (HSB, a.k.a. HSV) form.
///
/// `hue` is a fraction of a full turn in [0, 1) (0 = red, 1/3 = green, 2/3 = blue);
/// `saturation`, `brightness` and `alpha` are dimensionless fractions in [0, 1].
public struct HSBAColor: Hashable, Sendable {
    /// Hue, fraction of a full turn in [0, 1).
    public var hue: Double
    /// Saturation, dimensionless in [0, 1].
    public var saturation: Double
    /// Brightness (HSV value), dimensionless in [0, 1].
    public var brightness: Double
    /// Alpha, dimensionless in [0, 1].
    public var alpha: Double

    /// Creates an HSB color; `hue` in turns, the rest dimensionless fractions.
    public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
        self.hue = hue
        self.saturation = saturation
        self.brightness = brightness
        self.alpha = alpha
    }

    /// Converts an RGB color (components in [0, 1]) with the standard hexcone formulas.
    /// Achromatic colors get hue 0.
    public init(_ rgb: RGBAColor) {
        let maxC = max(rgb.red, rgb.green, rgb.blue)
        let minC = min(rgb.red, rgb.green, rgb.blue)
        let chroma = maxC - minC
        var sixths: Double = 0
        if chroma > 0 {
            if maxC == rgb.red {
                sixths = (rgb.green - rgb.blue) / chroma
            } else if maxC == rgb.green {
                sixths = (rgb.blue - rgb.red) / chroma + 2
            } else {
                sixths = (rgb.red - rgb.green) / chroma + 4
            }
        }
        self.init(
            hue: HSBAColor.wrapTurn(sixths / 6),
            saturation: maxC > 0 ? chroma / maxC : 0,
            brightness: maxC,
            alpha: rgb.alpha)
    }

    /// The equivalent RGB color (hexcone HSV → RGB); `hue` is wrapped into [0, 1) first.
    public var rgba: RGBAColor {
        let h6 = HSBAColor.wrapTurn(hue) * 6
        let sector = min(Int(h6), 5)
        let f = h6 - Double(sector)
        let v = brightness
        let p = v * (1 - saturation)
        let q = v * (1 - saturation * f)
        let t = v * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return RGBAColor(red: r, green: g, blue: b, alpha: alpha)
    }

    /// Wraps a hue (in turns) into [0, 1).
    static func wrapTurn(_ turns: Double) -> Double {
        let wrapped = turns - turns.rounded(.down)
        return wrapped < 1 ? wrapped : 0
    }
}
