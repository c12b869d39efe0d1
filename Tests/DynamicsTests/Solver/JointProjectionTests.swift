import Dynamics
import Testing

/// The rigid joints' projection on positions (`JointProjection`), through the public API: mass
/// ratios along a chain, conservation of the center of mass, and a system too coupled for the
/// projection's budgets, which falls back to row-by-row passes.
@Suite struct JointProjectionTests {
    @Test(arguments: [(1.0, 0.01), (100, 0.5)])
    func aLightChainUnderAHeavyItemKeepsItsLinks(ratio: Double, bound: Double) throws {
        // Every sub-step ends with each rod within the projection's 0.003 pt unless its Newton
        // steps stall, when row-by-row passes take over and stop at the 0.1 pt slop. Measured
        // 0.0026 pt at 1:1 (no stall; bound 0.01 pt) and 0.32 pt at 1:100 (one sub-step at 1.9 s
        // where the velocity passes left 0.72 pt and the steps stalled; bound 0.5 pt). Row by row
        // the light links stretched 0.059 and 0.99 pt: Gauss–Seidel converges at about
        // 1 − 1/ratio per pass.
        let error = try SolverCases.heavyEndChainLinkError(links: 10, ratio: ratio, seconds: 10)
        #expect(error <= bound, "largest link error \(error) pt at 1:\(ratio)")
    }

    @Test func aLightChainUnderAThousandTimesHeavierItemKeepsItsLinks() throws {
        // Not met: at 1:1000 the projection's Newton steps stall (the chain hangs straight between
        // the anchor and an item that barely moves, a nearly singular system), and the row-by-row
        // passes it falls back to leave 3.0 pt (2.6 pt before the projection). The bound of the
        // 1:100 case; a quarter of a 12 pt link at most.
        let error = try SolverCases.heavyEndChainLinkError(links: 10, ratio: 1000, seconds: 10)
        withKnownIssue("a taut chain under a 1000× heavier item is nearly singular for the projection") {
            #expect(error <= 0.5, "largest link error \(error) pt")
        }
        #expect(error <= 3, "largest link error \(error) pt: no worse than a quarter of a link")
    }

    @Test func aFreeJointedTreeKeepsItsCenterOfMassOnAStraightLine() throws {
        // The projection moves each body by M⁻¹·Jᵀ·λ and the joints are internal, so the center of
        // mass moves uniformly to rounding: measured 7e-12 pt over 5 s at 300–425 pt from the
        // origin. 1e-9 pt leaves room for rounding over 600 sub-steps; a projection that moved the
        // bodies unweighted by mass shifts it by the size of a correction (tenths of a point).
        let drift = try SolverCases.freeTreeCenterOfMassDrift(seconds: 5)
        #expect(drift <= 1e-9, "center of mass drifted \(drift) pt")
    }

    @Test func aChainDeclaredInShuffledOrderIsProjectedToo() throws {
        // The joints are ordered breadth first through shared bodies before the rows are built, so
        // the declaration order does not matter: measured 0.0030 pt, as for the ordered chain. In
        // declaration order the 300 rows' envelope would be about a third of the matrix, some
        // 3·10⁶ work against the factorisation's budget of 2.5·10⁵, and the world falls back to
        // row-by-row passes: with the ordering switched off, this chain erred by 9.7 pt. 0.01 pt is
        // three times the projection's tolerance.
        let error = try SolverCases.chainLinkError(links: 300, seconds: 5, shuffleSeed: 12)
        #expect(error <= 0.01, "largest link error \(error) pt")
    }

    @Test func aHubOfTwoHundredPinsHolds() throws {
        // Two hundred 4×4 pt items pinned around one 100×100 pt item couple every row through it:
        // the envelope is full, (400)³/3 work, far over the factorisation's budget, so this runs
        // the row-by-row fallback. The hub hangs from an anchor under gravity; its pins must hold
        // (2 pt: the fuzz invariant's slop; measured 9e-12 pt) and stay finite.
        let separation = try SolverCases.hubPinSeparation(spokes: 200, seconds: 2)
        #expect(separation <= 2, "largest pin separation \(separation) pt")
    }
}
