import Dynamics
import SeedScenarios
import Testing

@Suite struct DraggableLayoutScenarioTests {
    @Test func draggedCellsFollowTheFingerTogetherAndTheLayoutMergesThemWithTheGrid() throws {
        let scenario = DraggableLayoutScenario()
        let outcome = try scenario.run()
        // Four corner springs keep each cell's offset from the finger: after a 2 s hold at
        // 3 Hz, ζ = 0.8 the cells sit at grid position + drag offset, within 0.5 pt (the rest
        // threshold stops them below 1 pt/s), and none turns (the springs act at the center).
        for (start, held) in zip(outcome.startCenters, outcome.heldCenters) {
            let expected = start + scenario.dragOffset
            #expect((held - expected).length <= 0.5, "held at \(held), expected \(expected)")
        }
        let held = outcome.heldCenters.count, rotation = outcome.largestRotation
        #expect(held == 3)
        #expect(rotation <= 1e-9)
        // Layout mode: the animator invalidates the layout after every step that moved a cell,
        // and stops once the cells rest.
        let dragging = outcome.invalidationsWhileDragging, holding = outcome.invalidationsWhileHolding
        let paused = outcome.pausedAtLift
        #expect(dragging == 36)
        #expect(paused)
        #expect(holding > 0 && holding < 120)
        // The visible 320×480 pt shows 24 grid cells (rows 0–5). Cells 1 and 6 were dragged 200 pt
        // down and stay visible, animated and drawn above the others; cell 17 (row 4) went to
        // y = 560, below the visible rectangle, so it is shown nowhere. No index path twice.
        let shown = outcome.shownWhileHeld, draggedShown = outcome.draggedShown.map(\.0.item)
        #expect(Set(shown).count == shown.count)
        #expect(shown.map(\.item) == (0..<24).filter { $0 != 17 })
        #expect(draggedShown == [1, 6])
        // Afterwards every cell is back in the grid.
        let afterwards = outcome.shownAfterwards.map(\.item), backInTheGrid = outcome.allBackInTheGrid
        #expect(afterwards == Array(0..<24))
        #expect(backInTheGrid)
    }

    @Test func aRectangleAttachmentHoldsItsItemAtTheRectanglesOffset() throws {
        let item = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator()
        let hold = try RectangleAttachmentBehavior(item: item, point: Point(x: 130, y: 60))
        try animator.addBehavior(hold)
        // The touch point moves by (100, 100): the item follows to keep its offset from it.
        hold.updateAttachmentLocation(Point(x: 230, y: 160))
        for _ in 0..<240 { try animator.step(by: 1.0 / 60) }
        #expect((item.center - Point(x: 200, y: 200)).length <= 0.5, "\(item.center)")
    }
}
