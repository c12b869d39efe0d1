import Dynamics

/// Seed 000's draggable collection view layout, headless: a grid of equal cells whose selected
/// cells can be dragged together. While a drag lasts, an animator in layout mode drives the
/// dragged cells' attributes through a ``DragBehavior``; the layout shows the grid's static cells
/// merged with the animator's.
public final class DraggableLayout: DynamicLayout {
    /// Columns and rows of the grid.
    public let columns: Int, rows: Int
    /// A cell's size and the distance between neighbouring cells' centers (points).
    public let cellSize: Size, pitch: Double
    /// The animator of the current drag, `nil` when nothing is dragged.
    public private(set) var animator: DynamicAnimator?
    /// How often the animator asked the layout to invalidate.
    public private(set) var invalidations = 0
    private var dragBehavior: DragBehavior?
    private var draggedIndexPaths: Set<LayoutIndexPath> = []

    /// A grid of `columns` × `rows` cells of `cellSize` every `pitch` points.
    public init(columns: Int, rows: Int, cellSize: Size, pitch: Double) {
        self.columns = columns
        self.rows = rows
        self.cellSize = cellSize
        self.pitch = pitch
    }

    /// The whole grid (points): the layout's content rectangle.
    public var contentRect: Rect { Rect(x: 0, y: 0, width: Double(columns) * pitch, height: Double(rows) * pitch) }

    /// Every cell's index path, in order (section 0).
    public var indexPaths: [LayoutIndexPath] {
        (0..<(columns * rows)).compactMap { try? LayoutIndexPath(item: $0, section: 0) }
    }

    /// The static grid position of the cell at `indexPath`, as a flow layout would give it.
    /// - Throws: an invalid size (none for a valid grid).
    public func gridAttributes(at indexPath: LayoutIndexPath) throws(DynamicsError) -> LayoutAttributes {
        let column = indexPath.item % columns, row = indexPath.item / columns
        return try LayoutAttributes(indexPath: indexPath,
                                    center: Point(x: (Double(column) + 0.5) * pitch, y: (Double(row) + 0.5) * pitch),
                                    size: cellSize)
    }

    /// Starts dragging the cells at `indexPaths` with a finger at `point` (points): a new animator
    /// in layout mode takes their attributes (drawn above the others) into a drag behavior.
    /// - Returns: the drag's animator (also ``animator``).
    /// - Throws: an invalid point.
    @discardableResult
    public func startDragging(_ indexPaths: [LayoutIndexPath], from point: Point) throws(DynamicsError) -> DynamicAnimator {
        let animator = try DynamicAnimator(layout: self, referenceBounds: contentRect)
        var dragged: [LayoutAttributes] = []
        for indexPath in indexPaths {
            let attributes = try gridAttributes(at: indexPath)
            attributes.zIndex = 1
            dragged.append(attributes)
        }
        let drag = try DragBehavior(items: dragged, point: point)
        try animator.addBehavior(drag)
        self.animator = animator
        dragBehavior = drag
        draggedIndexPaths = Set(indexPaths)
        return animator
    }

    /// Moves the finger to `point` (points).
    public func updateDragLocation(_ point: Point) { dragBehavior?.updateDragLocation(point) }

    /// Ends the drag: the animator goes, and every cell is back in the grid.
    public func clearDraggedIndexPaths() {
        animator = nil
        dragBehavior = nil
        draggedIndexPaths = []
    }

    /// The cells to show in `rect` (points): the grid's cells there, except the dragged ones, and
    /// the animator's dragged cells there, ordered by index path.
    /// - Throws: an invalid size (none for a valid grid).
    public func layoutAttributes(in rect: Rect) throws(DynamicsError) -> [LayoutAttributes] {
        var shown: [LayoutAttributes] = []
        for indexPath in indexPaths where !draggedIndexPaths.contains(indexPath) {
            let attributes = try gridAttributes(at: indexPath)
            if attributes.frame.intersects(rect) { shown.append(attributes) }
        }
        shown += animator?.layoutAttributes(in: rect) ?? []
        return shown.sorted { $0.indexPath < $1.indexPath }
    }

    /// The attributes shown for the cell at `indexPath`: the animator's while it is dragged.
    /// - Throws: an invalid size (none for a valid grid).
    public func layoutAttributesForCell(at indexPath: LayoutIndexPath) throws(DynamicsError) -> LayoutAttributes {
        if draggedIndexPaths.contains(indexPath), let animated = animator?.layoutAttributesForCell(at: indexPath) { return animated }
        return try gridAttributes(at: indexPath)
    }

    /// Counts the animator's requests to refresh.
    public func invalidateLayout(for animator: DynamicAnimator) { invalidations += 1 }
}
