/// The part of the plane an animation shows (scene coordinates; SVG's y also grows downward),
/// and the unit its strokes and labels scale with: the reference bounds, or else everything the
/// run reaches (items with their sizes, boundaries, anchors, snap points, field centers), with a
/// 5 % margin.
struct AnimationViewport {
    /// The `viewBox` numbers, as text (points).
    let minX: String, minY: String, width: String, height: String
    /// A length that reads as about one pixel at the default display size (points).
    let unit: Double
    /// Display size (pixels): as large as fits in a 800×600 window.
    let pixelWidth: Int, pixelHeight: Int
    /// The window the display size fits in (pixels).
    static let maximumPixelWidth = 800, maximumPixelHeight = 600
    private let box: (x: Double, y: Double, w: Double, h: Double)

    /// The view of `scene`'s run recorded in `trace`.
    init(scene: Scene, trace: Trace) {
        var low = SceneVector(dx: .infinity, dy: .infinity), high = SceneVector(dx: -.infinity, dy: -.infinity)
        func include(_ point: ScenePoint, _ margin: Double = 0) {
            guard point.isFinite else { return }
            low = SceneVector(dx: min(low.dx, point.x - margin), dy: min(low.dy, point.y - margin))
            high = SceneVector(dx: max(high.dx, point.x + margin), dy: max(high.dy, point.y + margin))
        }
        if let bounds = scene.referenceBounds {
            include(bounds.origin)
            include(ScenePoint(x: bounds.maxX, y: bounds.maxY))
        } else {
            let reach = scene.items.map { max($0.size.width, $0.size.height) }.max() ?? 10
            for sample in trace.samples { for state in sample.states { include(state.center, reach) } }
            for (_, behavior) in scene.allBehaviors {
                switch behavior.kind {
                case .collision(let spec): spec.boundaries.flatMap(\.points).forEach { include($0) }
                case .attachment(let spec): if let anchor = spec.anchor { include(anchor) }
                case .snap(let spec): include(spec.point)
                case .field(let spec): include(spec.position)
                default: break
                }
            }
        }
        if !low.dx.isFinite || !high.dx.isFinite { low = SceneVector(dx: 0, dy: 0); high = SceneVector(dx: 100, dy: 100) }
        let span = max(high.dx - low.dx, high.dy - low.dy, 1)
        let margin = span * 0.05
        box = (low.dx - margin, low.dy - margin, high.dx - low.dx + 2 * margin, max(high.dy - low.dy + 2 * margin, 1))
        minX = SVGNumber.format(box.x)
        minY = SVGNumber.format(box.y)
        width = SVGNumber.format(box.w)
        height = SVGNumber.format(box.h)
        let scale = min(Double(Self.maximumPixelWidth) / box.w, Double(Self.maximumPixelHeight) / box.h)
        pixelWidth = max(1, Int((box.w * scale).rounded()))
        pixelHeight = max(1, Int((box.h * scale).rounded()))
        unit = 1 / scale
    }

    /// The top-left corner (points).
    var origin: ScenePoint { ScenePoint(x: box.x, y: box.y) }
    /// The `viewBox` attribute.
    var viewBox: String { "\(minX) \(minY) \(width) \(height)" }
}
