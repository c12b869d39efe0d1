extension World {
    /// The path over the sub-step of a body joined at a ``Pivot`` to one whose motion the
    /// continuous step follows: its angle goes from its start to its end as on its own, and its
    /// position keeps the joint's point on the first body's,
    ///
    /// `x_o(t) = x_b(t) + R_b(t)·p_b − R_o(t)·p_o + d(t)`,
    ///
    /// with the drift `d(t) = d₀ + (d₁ − d₀)·t` making the path start and end where the body does
    /// (`d` is the joint's error, zero when it holds).
    ///
    /// Its own chord is not the path of a body that turns about the joint: the joint's point on
    /// it strays from the other body's by about `r·θ²/8` for arm `r` and turn `θ`. The projection can turn a
    /// pinned pair far in one sub-step (a zero-length rod pulling an item 73 pt across its 69 pt
    /// pin arm turned both by 1.6 rad), and on their chords two links that a pin keeps 3 pt apart
    /// met; the continuous step stopped them there, breaking the pin by 3.7 pt, and they stayed
    /// locked in contact, 7.5 pt apart (fuzz 20261127/1117).
    struct PivotedMotion {
        let pivot: Pivot
        let body: BodyMotion
        let driftAtStart: Vector, driftChange: Vector

        init(_ pivot: Pivot, body: BodyMotion, other: BodyMotion) {
            self.pivot = pivot
            self.body = body
            func drift(at t: Double) -> Vector {
                let (c, s) = other.rotation(at: t)
                let onOther = Vector(dx: c * pivot.onOther.dx - s * pivot.onOther.dy, dy: s * pivot.onOther.dx + c * pivot.onOther.dy)
                return other.start + other.move * t + onOther - body.place(pivot.onBody, at: t)
            }
            driftAtStart = drift(at: 0)
            driftChange = drift(at: 1) - driftAtStart
        }

        /// The other body's center of mass at fraction `t` (points), given both rotations there.
        @inline(__always)
        func position(at t: Double, bodyRotation: (cos: Double, sin: Double), otherRotation: (cos: Double, sin: Double)) -> Vector {
            let onBody = Placement(position: body.start + body.move * t, rotation: bodyRotation).place(pivot.onBody)
            return onBody - Placement(position: .zero, rotation: otherRotation).turn(pivot.onOther) + driftAtStart + driftChange * t
        }

        /// How fast, per unit of the fraction, any point of the other body can move relative to
        /// the first (points): in the first body's frame a point `q` of the other is at
        /// `p_b + R_b(t)ᵀ·R_o(t)·(q − p_o) + R_b(t)ᵀ·d(t)`, which moves at most by the relative
        /// turn times `|q − p_o| ≤ extent + |p_o|`, plus `|d₁ − d₀|`, plus the first body's turn
        /// times `max |d|`. No gap between their shapes closes faster.
        func closingBound(otherExtent: Double, otherTurn: Double) -> Double {
            let largestDrift = max(driftAtStart.length, (driftAtStart + driftChange).length)
            return abs(otherTurn - body.turn) * (otherExtent + pivot.onOther.length) + driftChange.length
                + abs(body.turn) * largestDrift
        }
    }
}
