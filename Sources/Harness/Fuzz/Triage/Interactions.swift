/// The pairs of movable bodies that collide or are joined, with their masses, for mass ratios.
struct Interactions {
    private let pairs: [(a: String, b: String, ratio: Double)]

    init(_ scene: Scene, mechanics: SceneMechanics) {
        let bodyMass = Dictionary(mechanics.items.map { ($0.body, $0.mass) }, uniquingKeysWith: +)
        let anchored = Set(mechanics.items.filter(\.properties.anchored).map(\.body))
        var seen: Set<[String]> = [], pairs: [(String, String, Double)] = []
        func add(_ a: String, _ b: String) {
            guard a != b, !anchored.contains(a), !anchored.contains(b), let ma = bodyMass[a], let mb = bodyMass[b], ma > 0, mb > 0,
                  seen.insert([a, b].sorted()).inserted else { return }
            pairs.append((a, b, max(ma / mb, mb / ma)))
        }
        for pair in CollisionPairs(scene, mechanics: mechanics, everyContact: true).items {
            add(mechanics.items[pair.first].body, mechanics.items[pair.second].body)
        }
        for life in SceneHistory(scene).lives {
            if case .attachment(let spec) = life.behavior.kind, let other = spec.otherItem { add(spec.item, other) }
        }
        self.pairs = pairs
    }

    /// The largest ratio over the pairs with a body in `involved` (all pairs when nil); 1 if none.
    func largestMassRatio(among involved: Set<String>?) -> Double {
        pairs.reduce(1) { best, pair in
            involved.map { $0.contains(pair.a) || $0.contains(pair.b) } ?? true ? max(best, pair.ratio) : best
        }
    }
}
