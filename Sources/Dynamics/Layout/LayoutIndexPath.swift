/// The position of a cell in a collection layout: a section and an item within it.
///
/// Named `LayoutIndexPath` rather than `IndexPath` so that clients importing both Foundation and
/// Dynamics see no ambiguity. Ordered by section, then item (the order a collection view uses).
public struct LayoutIndexPath: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The section number (0-based, never negative).
    public let section: Int
    /// The item number within the section (0-based, never negative).
    public let item: Int

    /// Creates the index path of item `item` in section `section`.
    /// - Throws: ``DynamicsError/invalidIndexPath(section:item:)`` if either is negative.
    public init(item: Int, section: Int) throws(DynamicsError) {
        guard section >= 0, item >= 0 else { throw .invalidIndexPath(section: section, item: item) }
        self.section = section
        self.item = item
    }

    /// Orders by section, then by item.
    public static func < (lhs: LayoutIndexPath, rhs: LayoutIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `[section, item]`, as Foundation prints an index path.
    public var description: String { "[\(section), \(item)]" }

    /// Decodes and re-validates (a negative component is refused, as by the initializer).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(item: container.decode(Int.self, forKey: .item),
                      section: container.decode(Int.self, forKey: .section))
    }
}
