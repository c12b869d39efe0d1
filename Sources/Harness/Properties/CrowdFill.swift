/// How much of its reference bounds' inside a crowd fills at the start: the items a collision
/// behavior keeps both inside the bounds and apart from each other, by area, over the inside's
/// area (insets taken off).
///
/// Pushing apart a crowd created overlapping moves each item by about its overlaps; it finds a
/// disordered arrangement, not a tiling. Disordered packings of disks jam at about 0.82 of the
/// plane in two dimensions (random close packing, Berryman, Phys. Rev. A 27, 1053 (1983):
/// φ = 0.82 ± 0.02), so a crowd filling more of its bounds than that has no arrangement a
/// push-out can reach in which every item is clear of the others and the walls: every engine
/// leaves some embedded, as it does an item created where it does not fit (``StartingFit``).
/// A crowd of 30 boxes and ellipses filling 1.008 of a 400 pt room left one 54 pt in the wall
/// (fuzz scene 20261127/1221).
enum CrowdFill {
    /// The largest fill of any such collision behavior alive at t = 0 (0 when there is none).
    static func largest(_ scene: Scene) -> Double {
        guard let bounds = scene.referenceBounds else { return 0 }
        var largest = 0.0
        for life in SceneHistory(scene).lives where life.start <= 1e-9 {
            guard case .collision(let spec) = life.behavior.kind, spec.referenceBoundsAreBoundary, spec.mode == .everything else { continue }
            let insets = spec.referenceBoundsInsets ?? SceneInsets()
            let inside = (bounds.maxX - bounds.minX - insets.left - insets.right) * (bounds.maxY - bounds.minY - insets.top - insets.bottom)
            guard inside > 0 else { continue }
            let members = ContainmentCheck.members(of: spec, in: scene)
            guard members.count > 1 else { continue }
            let area = members.reduce(0.0) { $0 + scene.items[$1].area }
            largest = max(largest, area / inside)
        }
        return largest
    }
}
