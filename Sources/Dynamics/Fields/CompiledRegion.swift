/// One instruction of a compiled ``FieldRegion``: a postfix (stack) program over booleans.
///
/// Shapes push whether the offset lies in them; combinators pop their operands and push the
/// result. Plain data, so a program is a flat array walked without recursion or allocation.
enum RegionInstruction: Equatable {
    /// Push whether the offset lies in the closed disc of this squared radius (pt²).
    case circle(radiusSquared: Double)
    /// Push whether the offset lies in the closed centred rectangle of these half-extents (pt).
    case rectangle(halfWidth: Double, halfHeight: Double)
    /// Push true (an `.infinite` operand inside a combination).
    case everywhere
    /// Negate the top.
    case not
    /// Pop two, push their disjunction.
    case or
    /// Pop two, push their conjunction.
    case and
    /// Pop `top`, then `below`; push `below && !top` (a difference whose first operand was
    /// emitted first).
    case belowAndNotTop
    /// Pop `top`, then `below`; push `top && !below` (a difference whose second operand was
    /// emitted first, because it needed the deeper stack).
    case topAndNotBelow
}

/// Where a field's region program lives in the shared instruction array of a
/// ``CompiledFieldSet``; an empty range means the infinite region.
struct CompiledRegion: Equatable {
    /// Index of the first instruction.
    var start: Int
    /// Number of instructions; 0 for `.infinite`.
    var count: Int

    /// The infinite region (no instructions).
    static let everywhere = CompiledRegion(start: 0, count: 0)

    /// Appends the program of `region` to `code` and returns its range.
    ///
    /// Operands are emitted deeper-first (Sethi–Ullman order), so the evaluation stack needs at
    /// most ⌈log₂(leaves)⌉ + 1 entries: with ``FieldRegion/maximumNodeCount`` nodes that is far
    /// below the 64 entries of the bit stack used by ``contains(_:in:)``.
    static func compile(_ region: FieldRegion, into code: inout [RegionInstruction]) -> CompiledRegion {
        if region == .infinite { return .everywhere }
        let start = code.count
        emit(region, into: &code)
        return CompiledRegion(start: start, count: code.count - start)
    }

    /// The stack depth `region` needs when its operands are emitted deeper-first.
    private static func need(_ region: FieldRegion) -> Int {
        switch region {
        case .infinite, .circle, .rectangle:
            return 1
        case .inverse(let inner):
            return need(inner)
        case .union(let a, let b), .intersection(let a, let b), .difference(let a, let b):
            let na = need(a), nb = need(b)
            return na == nb ? na + 1 : Swift.max(na, nb)
        }
    }

    private static func emit(_ region: FieldRegion, into code: inout [RegionInstruction]) {
        switch region {
        case .infinite:
            code.append(.everywhere)
        case .circle(let radius):
            code.append(.circle(radiusSquared: radius * radius))
        case .rectangle(let size):
            code.append(.rectangle(halfWidth: size.width / 2, halfHeight: size.height / 2))
        case .inverse(let inner):
            emit(inner, into: &code)
            code.append(.not)
        case .union(let a, let b):
            emitBinary(a, b, same: .or, swapped: .or, into: &code)
        case .intersection(let a, let b):
            emitBinary(a, b, same: .and, swapped: .and, into: &code)
        case .difference(let a, let b):
            emitBinary(a, b, same: .belowAndNotTop, swapped: .topAndNotBelow, into: &code)
        }
    }

    /// Emits `a` and `b`, the one needing the deeper stack first, then the operator (`same` when
    /// `a` went first, `swapped` when `b` did).
    private static func emitBinary(_ a: FieldRegion, _ b: FieldRegion, same: RegionInstruction,
                                   swapped: RegionInstruction,
                                   into code: inout [RegionInstruction]) {
        if need(a) >= need(b) {
            emit(a, into: &code)
            emit(b, into: &code)
            code.append(same)
        } else {
            emit(b, into: &code)
            emit(a, into: &code)
            code.append(swapped)
        }
    }

    /// Whether `offset` (points from the field's position) lies in the region; runs the program
    /// on a 64-entry bit stack held in a register, without allocation.
    @inline(__always)
    func contains(_ offset: Vector, in code: [RegionInstruction]) -> Bool {
        guard count > 0 else { return true }
        var stack: UInt64 = 0   // bit 0 is the top
        for index in start..<(start + count) {
            switch code[index] {
            case .circle(let radiusSquared):
                stack = stack << 1 | (offset.lengthSquared <= radiusSquared ? 1 : 0)
            case .rectangle(let halfWidth, let halfHeight):
                let inside = abs(offset.dx) <= halfWidth && abs(offset.dy) <= halfHeight
                stack = stack << 1 | (inside ? 1 : 0)
            case .everywhere:
                stack = stack << 1 | 1
            case .not:
                stack ^= 1
            case .or:
                stack = (stack >> 1) | (stack & 1)
            case .and:
                stack = (stack >> 1) & (~1 | (stack & 1))
            case .belowAndNotTop:
                stack = (stack >> 1) & (~1 | (~stack & 1))
            case .topAndNotBelow:
                let top = stack & 1, below = (stack >> 1) & 1
                stack = (stack >> 2) << 1 | (top & ~below & 1)
            }
        }
        return stack & 1 == 1
    }
}
