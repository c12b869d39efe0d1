import Dynamics

/// Seed 000's draggable collection view layout, headless: a grid of equal cells whose selected
/// cells can be dragged together. While a drag lasts, an animator in layout mode drives the
/// dragged cells' attributes through a ``DragBehavior``; the layout shows the grid's static cells
/// merged with the animator's.
public final class DraggableLayout: DynamicLayout {
    /// Every cell at its grid position, as a flow layout would give it, in index-path order.
    public let gridCells: [LayoutAttributes]
    /// The whole grid (points): the layout's content rectangle.
    public let contentRect: Rect
    /// The animator of the current drag, `nil` when nothing is dragged.
    public private(set) var animator: DynamicAnimator?
    /// How often the animator asked the layout to invalidate.
    public private(set) var invalidations = 0
    private var dragBehavior: DragBehavior?
    private var draggedIndexPaths: Set<LayoutIndexPath> = []

    /// A grid of `columns` × `rows` cells (section 0) of `cellSize` every `pitch` points.
    /// - Throws: an invalid cell size or count.
    public init(columns: Int, rows: Int, cellSize: Size, pitch: Double) throws(DynamicsError) {
        var cells: [LayoutAttributes] = []
        for item in 0..<(max(0, columns) * max(0, rows)) {
            let column = item % columns, row = item / columns
            cells.append(try LayoutAttributes(indexPath: try LayoutIndexPath(item: item, section: 0),
                                              center: Point(x: (Double(column) + 0.5) * pitch, y: (Double(row) + 0.5) * pitch),
                                              size: cellSize))
        }
        gridCells = cells
        contentRect = Rect(x: 0, y: 0, width: Double(columns) * pitch, height: Double(rows) * pitch)
    }

    /// Starts dragging the cells at `indexPaths` with a finger at `point` (points): a new animator
    /// in layout mode takes copies of their attributes (drawn above the others) into a drag
    /// behavior. Index paths outside the grid are ignored.
    /// - Returns: the drag's animator (also ``animator``).
    /// - Throws: an invalid point.
    @discardableResult
    public func startDragging(_ indexPaths: [LayoutIndexPath], from point: Point) throws(DynamicsError) -> DynamicAnimator {
        let animator = try DynamicAnimator(layout: self, referenceBounds: contentRect)
        var dragged: [LayoutAttributes] = []
        for cell in gridCells where indexPaths.contains(cell.indexPath) {
            dragged.append(try LayoutAttributes(indexPath: cell.indexPath, center: cell.center, size: cell.size, zIndex: 1))
        }
        let drag = try DragBehavior(items: dragged, point: point)
        try animator.addBehavior(drag)
        self.animator = animator
        dragBehavior = drag
        draggedIndexPaths = Set(dragged.map(\.indexPath))
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
    public func layoutAttributes(in rect: Rect) -> [LayoutAttributes] {
        let still = gridCells.filter { !draggedIndexPaths.contains($0.indexPath) && $0.frame.intersects(rect) }
        return (still + (animator?.layoutAttributes(in: rect) ?? [])).sorted { $0.indexPath < $1.indexPath }
    }

    /// The attributes shown for the cell at `indexPath`: the animator's while it is dragged, else
    /// the grid's; `nil` outside the grid.
    public func layoutAttributesForCell(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
        if draggedIndexPaths.contains(indexPath), let animated = animator?.layoutAttributesForCell(at: indexPath) { return animated }
        return gridCells.first { $0.indexPath == indexPath }
    }

    /// Counts the animator's requests to refresh.
    public func invalidateLayout(for animator: DynamicAnimator) { invalidations += 1 }
}
