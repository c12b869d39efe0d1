import Foundation

/// Every item's outline, placed at recorded states on demand, and how each item sits in the
/// body it moves with (itself, or its group).
struct SceneShapes {
    let outlines: [ItemOutline]
    /// The distance from each item's center to the center of mass of the body it moves with
    /// (points): a group's, or its own centroid's for an item alone. A spinning body's reported
    /// velocity at such a center includes ω times this arm.
    let arms: [Double]
    /// The radius of gyration of each item's body about its center of mass (points): √(I/m).
    let gyrations: [Double]
    /// The items of each item's body (itself alone, or its group's members), by index.
    let bodyMembers: [[Int]]

    init(_ scene: Scene) {
        let outlines = scene.items.map(ItemOutline.init)
        self.outlines = outlines
        var arms = outlines.map(\.centroid.length)
        // An item's inertia per mass about its centroid: ``SceneMechanics/inertiaPerMass(_:)``
        // is about the item's center, |c|² more for a path whose centroid c is off it.
        let centroidal = scene.items.indices.map { max(0, SceneMechanics.inertiaPerMass(scene.items[$0]) - outlines[$0].centroid.dot(outlines[$0].centroid)) }
        var gyrations = centroidal.map { $0.squareRoot() }
        var bodyMembers = scene.items.indices.map { [$0] }
        let indexOf = Dictionary(scene.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for group in scene.groups {
            let members = group.members.compactMap { indexOf[$0] }
            var total = 0.0, weighted = SceneVector.zero
            var centroids: [SceneVector] = []
            for member in members {
                let item = scene.items[member], area = item.area
                let centroid = (item.center - .zero) + outlines[member].centroid.rotated(by: item.angle)
                centroids.append(centroid)
                total += area
                weighted = weighted + centroid * area
            }
            guard total > 0 else { continue }
            let center = weighted / total
            // The parallel-axis theorem over the members' centroids (one density per group).
            var second = 0.0
            for (member, centroid) in zip(members, centroids) {
                second += scene.items[member].area * (centroidal[member] + (centroid - center).dot(centroid - center))
            }
            for member in members {
                arms[member] = ((scene.items[member].center - .zero) - center).length
                gyrations[member] = (second / total).squareRoot()
                bodyMembers[member] = members
            }
        }
        self.arms = arms
        self.gyrations = gyrations
        self.bodyMembers = bodyMembers
    }

    /// Item `item`'s shape at its state in `states`.
    func placed(_ item: Int, in states: [ItemState]) -> PlacedShape {
        outlines[item].placed(at: states[item].center, angle: states[item].angle)
    }
}
