/// The layout of one cell, driven by an animator: a ``DynamicItem`` with an index path and a
/// stacking order, the headless counterpart of a collection view's layout attributes.
///
/// Like any item, its `center`, `bounds` and `transform` are read when it joins an animator; from
/// then on the animator writes `center` and `transform` (a pure rotation) after every step.
public final class LayoutAttributes: DynamicItem {
    /// Which cell these attributes describe.
    public let indexPath: LayoutIndexPath
    /// Position of the cell's center in the layout's (reference) coordinates (points).
    public var center: Point
    /// The cell's bounds, origin at zero; only the size matters to the engine (points).
    public var bounds: Rect
    /// The cell's transform; the animator writes pure rotations (radians, clockwise on screen).
    public var transform: AffineTransform
    /// Stacking order: cells with a larger value are drawn above. Not used by the physics.
    public var zIndex: Int

    /// Creates the attributes of the cell at `indexPath`, of `size` (points) centred at `center`
    /// (points), with `transform` and stacking order `zIndex`.
    /// - Throws: ``DynamicsError/invalidItemSize(_:)`` for a zero, negative or non-finite size,
    ///   ``DynamicsError/nonFiniteItemCenter(_:)`` or ``DynamicsError/nonFiniteItemTransform``.
    public init(indexPath: LayoutIndexPath, center: Point, size: Size,
                transform: AffineTransform = .identity, zIndex: Int = 0) throws(DynamicsError) {
        self.indexPath = indexPath
        self.center = center
        self.bounds = Rect(origin: .zero, size: size)
        self.transform = transform
        self.zIndex = zIndex
        try validateForDynamics()
    }

    /// The cell's size (points).
    public var size: Size { bounds.size }

    /// The untransformed frame: `size` centred on `center` (points), as a collection view reports it.
    public var frame: Rect { Rect(center: center, size: bounds.size) }

    /// The axis-aligned box around the transformed bounds (points): what the cell covers on screen.
    public var boundingBox: Rect {
        let halfWidth = bounds.width / 2, halfHeight = bounds.height / 2
        let extentX = abs(transform.a) * halfWidth + abs(transform.c) * halfHeight
        let extentY = abs(transform.b) * halfWidth + abs(transform.d) * halfHeight
        return Rect(x: center.x - extentX, y: center.y - extentY, width: 2 * extentX, height: 2 * extentY)
    }
}
