/// A behavior that acts on a list of items: the shared item handling of gravity, push and item
/// behaviors.
open class ItemBearingBehavior: DynamicBehavior {
    private var collection = ItemCollection()

    /// Creates the behavior with `items`.
    /// - Throws: the first invalid item's error (zero or non-finite size, non-finite center).
    public init(items: [any DynamicItem]) throws(DynamicsError) {
        super.init()
        for item in items { try addItem(item) }
    }

    /// The items, in the order added.
    public var items: [any DynamicItem] { collection.items }

    /// Adds `item` (ignored if already present).
    /// - Throws: the item's validation error; it is not added then.
    public func addItem(_ item: any DynamicItem) throws(DynamicsError) {
        try item.validateForDynamics()
        if collection.insert(item) { setNeedsResolve() }
    }

    /// Removes `item`; its influence stops at the next step.
    public func removeItem(_ item: any DynamicItem) {
        if collection.remove(item) { setNeedsResolve() }
    }

    override var directItems: [any DynamicItem] { collection.items }
}
