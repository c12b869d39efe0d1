/// An ordered set of items compared by identity, shared by the behaviors that hold items.
struct ItemCollection {
    private(set) var items: [any DynamicItem] = []

    /// Whether `item` is present.
    func contains(_ item: any DynamicItem) -> Bool { items.contains { $0 === item } }

    /// Appends `item` unless present; returns whether it was added.
    mutating func insert(_ item: any DynamicItem) -> Bool {
        guard !contains(item) else { return false }
        items.append(item)
        return true
    }

    /// Removes `item` if present; returns whether it was removed.
    mutating func remove(_ item: any DynamicItem) -> Bool {
        guard let index = items.firstIndex(where: { $0 === item }) else { return false }
        items.remove(at: index)
        return true
    }
}
