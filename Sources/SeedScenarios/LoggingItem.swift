import Dynamics

/// Seed 000's custom dynamic item: it logs every property the engine reads or writes, and its
/// center drives another value, an opacity that fades as the item falls.
public final class LoggingItem: DynamicItem {
    /// Every access the engine made, in order ("read center", "write transform", …).
    public private(set) var log: [String] = []
    /// The value the center drives: 1 at the top of a 1000 pt screen, 0 at its bottom.
    public private(set) var opacity = 1.0
    /// The center and transform as last written, readable without logging.
    public private(set) var storedCenter: Point, storedTransform = AffineTransform.identity
    private let size: Size

    /// An item of `size` (points) centred at `center` (points).
    public init(center: Point, size: Size) {
        storedCenter = center
        self.size = size
        opacity = Self.opacity(atHeight: center.y)
    }

    /// The opacity shown with the center at `y` (points).
    public static func opacity(atHeight y: Double) -> Double { min(1, max(0, 1 - y / 1000)) }

    /// Forgets the accesses logged so far.
    public func clearLog() { log.removeAll() }

    /// The item's center (points); reads and writes are logged, and a write sets the opacity.
    public var center: Point {
        get {
            log.append("read center")
            return storedCenter
        }
        set {
            log.append("write center")
            storedCenter = newValue
            opacity = Self.opacity(atHeight: newValue.y)
        }
    }

    /// The item's bounds, origin at zero (points); reads are logged.
    public var bounds: Rect {
        log.append("read bounds")
        return Rect(origin: .zero, size: size)
    }

    /// The item's transform (the engine writes pure rotations, radians); reads and writes are logged.
    public var transform: AffineTransform {
        get {
            log.append("read transform")
            return storedTransform
        }
        set {
            log.append("write transform")
            storedTransform = newValue
        }
    }
}
