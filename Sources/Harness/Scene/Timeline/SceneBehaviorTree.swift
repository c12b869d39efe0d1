/// The behavior tree of a scene as events change it: behaviors added (at the top level or under a
/// parent), removed with their subtrees, and their parameters set. Engine-independent; used to
/// validate events and to know, at any frame, which behaviors are present and how they are set.
public struct SceneBehaviorTree: Equatable, Sendable {
    /// The top-level behaviors, in the order added.
    public private(set) var roots: [SceneBehavior]

    /// Starts from a scene's top-level behaviors.
    public init(roots: [SceneBehavior]) {
        self.roots = roots
    }

    /// The present behavior with identifier `id`, or `nil`.
    public func behavior(withID id: String) -> SceneBehavior? {
        for root in roots {
            if let found = Self.find(id, in: root) { return found }
        }
        return nil
    }

    /// Every present behavior, pre-order.
    public var allBehaviors: [SceneBehavior] { roots.flatMap(\.preOrder) }

    /// The number of fields present.
    public var fieldCount: Int {
        allBehaviors.reduce(0) { count, behavior in
            if case .field = behavior.kind { return count + 1 }
            return count
        }
    }

    /// Adds `behavior` at the top level, or as the last child of the present behavior `parent`.
    /// - Returns: false (and changes nothing) if `parent` is not present.
    @discardableResult
    public mutating func add(_ behavior: SceneBehavior, parent: String?) -> Bool {
        guard let parent else {
            roots.append(behavior)
            return true
        }
        return update(parent) { $0.children.append(behavior) }
    }

    /// Removes the behavior `id` and its subtree.
    /// - Returns: the removed behavior, or `nil` if it was not present.
    @discardableResult
    public mutating func remove(_ id: String) -> SceneBehavior? {
        if let index = roots.firstIndex(where: { $0.id == id }) { return roots.remove(at: index) }
        for index in roots.indices {
            if let removed = Self.remove(id, from: &roots[index]) { return removed }
        }
        return nil
    }

    /// Changes the present behavior `id` in place.
    /// - Returns: false if it is not present.
    @discardableResult
    public mutating func update(_ id: String, _ change: (inout SceneBehavior) -> Void) -> Bool {
        for index in roots.indices where Self.update(id, in: &roots[index], change) { return true }
        return false
    }

    private static func find(_ id: String, in node: SceneBehavior) -> SceneBehavior? {
        if node.id == id { return node }
        for child in node.children {
            if let found = find(id, in: child) { return found }
        }
        return nil
    }

    private static func remove(_ id: String, from node: inout SceneBehavior) -> SceneBehavior? {
        if let index = node.children.firstIndex(where: { $0.id == id }) { return node.children.remove(at: index) }
        for index in node.children.indices {
            if let removed = remove(id, from: &node.children[index]) { return removed }
        }
        return nil
    }

    private static func update(_ id: String, in node: inout SceneBehavior, _ change: (inout SceneBehavior) -> Void) -> Bool {
        if node.id == id {
            change(&node)
            return true
        }
        for index in node.children.indices where update(id, in: &node.children[index], change) { return true }
        return false
    }
}
