import Dynamics
import Harness

/// Seed 000's draggable collection layout in layout mode: three selected cells of a 4 × 12 grid
/// are dragged together by a scripted finger, held, and the drag ends; the layout shows the
/// static grid merged with the animated cells.
public struct DraggableLayoutScenario {
    /// The cells dragged (items of section 0, within the 48-cell grid).
    public var draggedItems = [1, 6, 17]
    /// The finger's path: from the center of the second dragged cell by `dragOffset` (points) in
    /// `dragDuration` seconds.
    public var dragOffset = Vector(dx: 90, dy: 200), dragDuration = 0.6
    /// How long the finger holds still before lifting (seconds).
    public var holdDuration = 2.0
    /// The visible part of the content (points).
    public static let visibleRect = Rect(x: 0, y: 0, width: 320, height: 480)

    /// What happened.
    public struct Outcome {
        /// The dragged cells' grid centers and their centers when the finger lifted (points).
        public let startCenters: [Point], heldCenters: [Point]
        /// The dragged cells' largest rotation at any frame (radians).
        public let largestRotation: Double
        /// Index paths the layout showed in the visible rectangle while the finger held still, and
        /// the dragged cells among them with their stacking order.
        public let shownWhileHeld: [LayoutIndexPath], draggedShown: [(LayoutIndexPath, zIndex: Int)]
        /// Invalidations asked for during the drag and during the hold; whether the animator
        /// was paused when the finger lifted.
        public let invalidationsWhileDragging: Int, invalidationsWhileHolding: Int, pausedAtLift: Bool
        /// Index paths shown after the drag ended, and whether each is the grid's own cell (no
        /// animated copy left).
        public let shownAfterwards: [LayoutIndexPath], allBackInTheGrid: Bool
        /// The recorded run.
        public let simulation: Simulation
    }

    /// The seed's demo: three cells in different rows, one dragged below the visible rectangle.
    public init() {}

    /// Runs the drag.
    /// - Throws: an engine error (none for these parameters).
    public func run() throws -> Outcome {
        let layout = try DraggableLayout(columns: 4, rows: 12, cellSize: Size(width: 70, height: 70), pitch: 80)
        let cells = draggedItems.filter { layout.gridCells.indices.contains($0) }.map { layout.gridCells[$0] }
        let dragged = cells.map(\.indexPath), startCenters = cells.map(\.center)
        let start = startCenters.dropFirst().first ?? startCenters.first ?? layout.contentRect.center
        let finger = HeadlessItem(center: start, size: Size(width: 16, height: 16))
        let animator = try layout.startDragging(dragged, from: start)

        let recorder = ScenarioRecorder(name: "Draggable layout: three cells dragged together", referenceBounds: layout.contentRect)
        for cell in layout.gridCells {
            // Drawn where the layout shows it: the animated copy while it is dragged.
            recorder.track(cell, as: "cell \(cell.indexPath.item)") {
                let shown = layout.layoutAttributesForCell(at: cell.indexPath) ?? cell
                return (shown.center, shown.transform.rotationAngle)
            }
        }
        recorder.track(finger, as: "finger", shape: .ellipse)
        recorder.recordStart(of: animator)

        var largestRotation = 0.0
        func measureRotation() {
            for path in dragged {
                largestRotation = max(largestRotation, abs(animator.layoutAttributesForCell(at: path)?.transform.rotationAngle ?? 0))
            }
        }
        let dragFrames = Int((dragDuration * 60).rounded())
        for frame in 1...dragFrames {
            finger.center = start + dragOffset * (Double(frame) / Double(dragFrames))
            layout.updateDragLocation(finger.center)
            try recorder.step(animator)
            measureRotation()
        }
        let invalidationsWhileDragging = layout.invalidations
        for _ in 0..<Int((holdDuration * 60).rounded()) {
            try recorder.step(animator)
            measureRotation()
        }
        let held = dragged.compactMap { animator.layoutAttributesForCell(at: $0)?.center }
        let shown = layout.layoutAttributes(in: Self.visibleRect)
        let draggedShown = shown.filter { $0.zIndex == 1 }.map { ($0.indexPath, zIndex: $0.zIndex) }
        let invalidationsWhileHolding = layout.invalidations - invalidationsWhileDragging
        let pausedAtLift = !animator.isRunning

        layout.clearDraggedIndexPaths()
        recorder.recordFrameMovedByHand()
        let afterwards = layout.layoutAttributes(in: Self.visibleRect)
        let backInTheGrid = afterwards.allSatisfy { cell in layout.gridCells.contains { $0 === cell } }
        return Outcome(startCenters: startCenters, heldCenters: held, largestRotation: largestRotation,
                       shownWhileHeld: shown.map(\.indexPath), draggedShown: draggedShown,
                       invalidationsWhileDragging: invalidationsWhileDragging,
                       invalidationsWhileHolding: invalidationsWhileHolding, pausedAtLift: pausedAtLift,
                       shownAfterwards: afterwards.map(\.indexPath), allBackInTheGrid: backInTheGrid, simulation: recorder.simulation)
    }
}
