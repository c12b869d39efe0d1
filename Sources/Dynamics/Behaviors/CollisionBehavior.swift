/// Makes its items collide with each other and/or with boundaries.
///
/// Items collide with items only if they share a collision behavior whose mode includes items,
/// so several collision behaviors form collision groups. Boundaries of a behavior stop only the
/// items of that behavior (when its mode includes boundaries). Named boundaries are two-sided
/// segments. The reference bounds (less any insets) become four one-sided edges with identifier
/// `nil`: each is a half-plane that pushes items inward only, so an item that starts on or beyond
/// an edge is brought back inside, and nothing can leave through a corner.
public final class CollisionBehavior: ItemBearingBehavior {
    /// What the items of a collision behavior collide with.
    public enum Mode: String, Sendable, Codable, CaseIterable {
        /// Each other only.
        case items
        /// Boundaries only.
        case boundaries
        /// Each other and boundaries (the default).
        case everything

        var includesItems: Bool { self != .boundaries }
        var includesBoundaries: Bool { self != .items }
    }

    /// A named boundary: a segment, polyline or closed path (points, reference coordinates).
    struct NamedBoundary {
        var identifier: String
        var points: [Point]
        var isClosed: Bool
    }

    /// What the items collide with (default `.everything`).
    public var collisionMode: Mode = .everything {
        didSet { if collisionMode != oldValue { setNeedsResolve() } }
    }

    /// Receives contact callbacks, once per step: all `began`, then all `ended`.
    public weak var collisionDelegate: (any CollisionBehaviorDelegate)?

    private(set) var referenceBoundsInsets: EdgeInsets? {
        didSet { if referenceBoundsInsets != oldValue { setNeedsResolve() } }
    }
    private(set) var namedBoundaries: [NamedBoundary] = []

    /// Creates a collision behavior for `items`.
    public override init(items: [any DynamicItem] = []) throws(DynamicsError) {
        try super.init(items: items)
    }

    /// Whether the animator's reference bounds act as a boundary (identifier `nil`).
    public var translatesReferenceBoundsIntoBoundary: Bool {
        get { referenceBoundsInsets != nil }
        set { referenceBoundsInsets = newValue ? (referenceBoundsInsets ?? EdgeInsets()) : nil }
    }

    /// Makes the reference bounds, inset by `insets` (points), a boundary.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) throws(DynamicsError) {
        guard insets.isFinite else {
            throw .invalidBoundary(identifier: "reference bounds", reason: "non-finite insets")
        }
        referenceBoundsInsets = insets
    }

    /// The identifiers of the named boundaries, in the order added.
    public var boundaryIdentifiers: [String] { namedBoundaries.map(\.identifier) }

    /// The points of the boundary named `identifier`, or `nil`.
    public func boundary(withIdentifier identifier: String) -> [Point]? {
        namedBoundaries.first { $0.identifier == identifier }?.points
    }

    /// Adds a segment boundary from `start` to `end`.
    /// - Throws: ``DynamicsError/invalidBoundary(identifier:reason:)`` for a duplicate identifier
    ///   or a non-finite point.
    public func addBoundary(withIdentifier identifier: String, from start: Point, to end: Point) throws(DynamicsError) {
        try addBoundary(withIdentifier: identifier, points: [start, end], isClosed: false)
    }

    /// Adds a boundary along `points` (a polyline, or a closed path when `isClosed`), made of
    /// segments between consecutive points.
    /// - Throws: ``DynamicsError/invalidBoundary(identifier:reason:)`` for fewer than 2 points,
    ///   a non-finite point or a duplicate identifier.
    public func addBoundary(withIdentifier identifier: String, points: [Point], isClosed: Bool) throws(DynamicsError) {
        guard points.count >= 2 else { throw .invalidBoundary(identifier: identifier, reason: "needs at least 2 points") }
        guard points.allSatisfy(\.isFinite) else { throw .invalidBoundary(identifier: identifier, reason: "non-finite point") }
        guard boundary(withIdentifier: identifier) == nil else {
            throw .invalidBoundary(identifier: identifier, reason: "identifier already used")
        }
        namedBoundaries.append(NamedBoundary(identifier: identifier, points: points, isClosed: isClosed))
        setNeedsResolve()
    }

    /// Removes the boundary named `identifier`, if any.
    public func removeBoundary(withIdentifier identifier: String) {
        let count = namedBoundaries.count
        namedBoundaries.removeAll { $0.identifier == identifier }
        if namedBoundaries.count != count { setNeedsResolve() }
    }

    /// Removes every named boundary (the reference-bounds boundary stays as set).
    public func removeAllBoundaries() {
        guard !namedBoundaries.isEmpty else { return }
        namedBoundaries.removeAll()
        setNeedsResolve()
    }

    override func contribute(to resolution: inout TreeResolution) throws(DynamicsError) {
        let bit = try resolution.register(self)
        for item in items {
            resolution.addCollision(bit: bit, items: collisionMode.includesItems,
                                    boundaries: collisionMode.includesBoundaries, to: resolution.slot(for: item))
        }
        if let insets = referenceBoundsInsets, let bounds = resolution.referenceBounds {
            let rect = Rect(x: bounds.minX + insets.left, y: bounds.minY + insets.top,
                            width: bounds.width - insets.left - insets.right,
                            height: bounds.height - insets.top - insets.bottom)
            guard rect.width > 0, rect.height > 0 else {
                throw .invalidBoundary(identifier: "reference bounds", reason: "the insets leave no room inside the bounds")
            }
            let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                           Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
            resolution.addBoundary(identifier: nil, points: corners, isClosed: true, isOneSided: true, bit: bit)
        }
        for boundary in namedBoundaries {
            resolution.addBoundary(identifier: boundary.identifier, points: boundary.points,
                                   isClosed: boundary.isClosed, isOneSided: false, bit: bit)
        }
    }
}

/// Distances (points) by which the reference bounds are inset to form a boundary.
public struct EdgeInsets: Equatable, Sendable, Codable {
    /// Inset of each edge (points).
    public var top: Double, left: Double, bottom: Double, right: Double

    /// Creates insets (points).
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

/// Receives a collision behavior's contact callbacks. Every method has an empty default.
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items started touching at `point` (reference coordinates).
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at point: Point)
    /// Two items stopped touching.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
                           with item2: any DynamicItem)
    /// An item started touching a boundary (`nil` identifier: the reference bounds) at `point`.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?, at point: Point)
    /// An item stopped touching a boundary.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?)
}

extension CollisionBehaviorDelegate {
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                                  with item2: any DynamicItem, at point: Point) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
                                  with item2: any DynamicItem) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                                  withBoundaryIdentifier identifier: String?, at point: Point) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                                  withBoundaryIdentifier identifier: String?) {}
}
