import Dynamics
import Foundation
import Testing

/// Seed 004's shredder: a picture cut into rows of small items; a scan line moves down the
/// picture, and each row it passes is added to gravity with a small random upward instantaneous
/// push per piece (seeded), so the pieces tumble away row by row.
@Suite struct ShredderScenarioTests {
    /// Runs the shredder for 2 s and returns every piece's center at the end, and, per row, the
    /// frame its pieces started to move.
    static func shred(seed: UInt64) throws -> (centers: [Point], firstMovingFrame: [Int]) {
        let rows = 6, columns = 8
        let pieces = (0..<(rows * columns)).map { index in
            HeadlessItem(center: Point(x: 40 + 10 * Double(index % columns), y: 100 + 10 * Double(index / columns)),
                         size: Size(width: 10, height: 10))
        }
        let animator = try DynamicAnimator()
        // The pieces must be in the animator from the start: an item behavior holds them in place
        // (anchored) until the scan line frees them.
        let holder = try DynamicItemBehavior(items: pieces)
        holder.isAnchored = true
        try animator.addBehavior(holder)
        let gravity = try GravityBehavior(items: [])
        try animator.addBehavior(gravity)
        var random = SeededGenerator(seed: seed)
        var released = 0, frame = 0
        var firstMovingFrame = Array(repeating: -1, count: rows)
        let scanSpeed = 60.0   // pt/s: one 10 pt row every 1/6 s
        let shredder = DynamicBehavior()
        shredder.action = { [unowned animator, unowned gravity, unowned holder] in
            let line = 95 + scanSpeed * animator.elapsedTime
            while released < rows && 100 + 10 * Double(released) <= line {
                let row = pieces[(released * columns)..<((released + 1) * columns)]
                for piece in row {
                    holder.removeItem(piece)
                    try? gravity.addItem(piece)
                    let push = try? PushBehavior(items: [piece], mode: .instantaneous)
                    // 100·J/m: up to 150 pt/s upward and ±50 pt/s sideways for a 0.01 mass piece.
                    push?.pushDirection = Vector(dx: 0.01 * Double.random(in: -0.5...0.5, using: &random),
                                                 dy: -0.01 * Double.random(in: 0.5...1.5, using: &random))
                    if let push { try? animator.addBehavior(push) }
                }
                released += 1
            }
        }
        try animator.addBehavior(shredder)
        let starts = pieces.map(\.center)
        for _ in 0..<120 {
            try animator.step(by: 1.0 / 60)
            frame += 1
            for row in 0..<rows where firstMovingFrame[row] < 0 {
                if (row * columns..<(row + 1) * columns).contains(where: { pieces[$0].center != starts[$0] }) {
                    firstMovingFrame[row] = frame
                }
            }
        }
        return (pieces.map(\.center), firstMovingFrame)
    }

    @Test func rowsLeaveInOrderAsTheScanLinePassesAndTheSameSeedShredsAlike() throws {
        let first = try Self.shred(seed: 4), again = try Self.shred(seed: 4), other = try Self.shred(seed: 5)
        // Row k is reached when the line (95 pt + 60 pt/s · t) passes y = 100 + 10k: at t = (5 + 10k)/60
        // s, frame 5 + 10k; its pieces move from the next frame on.
        #expect(first.firstMovingFrame == (0..<6).map { 5 + 10 * $0 + 1 }, "\(first.firstMovingFrame)")
        // Every piece was pushed up, then fell under gravity: after 2 s all are below where they
        // started (a 150 pt/s toss peaks within 0.15 s).
        #expect(first.centers.allSatisfy { $0.y > 160 }, "\(first.centers.map(\.y).min() ?? 0)")
        #expect(first.centers == again.centers)
        #expect(first.centers != other.centers)
    }
}
