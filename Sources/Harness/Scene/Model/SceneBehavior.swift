/// One node of a scene's behavior tree: a behavior of some kind, an optional identifier (for
/// events), and child behaviors, nested to any depth. A child acts exactly as if it were added
/// at the top level at its place in a pre-order walk (SPEC).
///
/// JSON: an object whose `kind` names the behavior ("gravity", "push", "itemProperties",
/// "collision", "attachment", "snap", "field", or "composite" for a plain grouping node), with
/// optional `id` and `children`, and the kind's own keys.
public struct SceneBehavior: Equatable, Sendable {
    /// What the behavior does, with its parameters.
    public enum Kind: Equatable, Sendable {
        /// Gravity.
        case gravity(GravitySpec)
        /// A push.
        case push(PushSpec)
        /// Item properties.
        case itemProperties(ItemPropertiesSpec)
        /// Collisions.
        case collision(CollisionSpec)
        /// An attachment of any kind.
        case attachment(AttachmentSpec)
        /// A snap.
        case snap(SnapSpec)
        /// A field.
        case field(FieldSpec)
        /// A plain behavior that only groups its children.
        case composite
    }

    /// Identifier used by events (unique in the scene), or `nil`.
    public var id: String?
    /// What the behavior does.
    public var kind: Kind
    /// The children, in the order added.
    public var children: [SceneBehavior]

    /// Creates a behavior node.
    public init(id: String? = nil, _ kind: Kind, children: [SceneBehavior] = []) {
        self.id = id
        self.kind = kind
        self.children = children
    }

    /// A gravity behavior.
    public static func gravity(_ spec: GravitySpec, id: String? = nil) -> SceneBehavior { SceneBehavior(id: id, .gravity(spec)) }
    /// A push behavior.
    public static func push(_ spec: PushSpec, id: String? = nil) -> SceneBehavior { SceneBehavior(id: id, .push(spec)) }
    /// An item-properties behavior.
    public static func itemProperties(_ spec: ItemPropertiesSpec, id: String? = nil) -> SceneBehavior {
        SceneBehavior(id: id, .itemProperties(spec))
    }
    /// A collision behavior.
    public static func collision(_ spec: CollisionSpec, id: String? = nil) -> SceneBehavior { SceneBehavior(id: id, .collision(spec)) }
    /// An attachment behavior.
    public static func attachment(_ spec: AttachmentSpec, id: String? = nil) -> SceneBehavior {
        SceneBehavior(id: id, .attachment(spec))
    }
    /// A snap behavior.
    public static func snap(_ spec: SnapSpec, id: String? = nil) -> SceneBehavior { SceneBehavior(id: id, .snap(spec)) }
    /// A field behavior.
    public static func field(_ spec: FieldSpec, id: String? = nil) -> SceneBehavior { SceneBehavior(id: id, .field(spec)) }
    /// A plain behavior grouping `children`.
    public static func composite(_ children: [SceneBehavior], id: String? = nil) -> SceneBehavior {
        SceneBehavior(id: id, .composite, children: children)
    }

    /// The item and group identifiers this node names directly (not its children's).
    public var itemIDs: [String] {
        switch kind {
        case .gravity(let spec): spec.items
        case .push(let spec): spec.items
        case .itemProperties(let spec): spec.items
        case .collision(let spec): spec.items
        case .attachment(let spec): spec.itemIDs
        case .snap(let spec): [spec.item]
        case .field(let spec): spec.items
        case .composite: []
        }
    }

    /// The `kind` word of the JSON form.
    public var kindName: String { KindName(kind).rawValue }

    /// This node and its descendants, pre-order.
    public var preOrder: [SceneBehavior] { [self] + children.flatMap(\.preOrder) }
}

/// The `kind` keyword of a behavior.
enum KindName: String, SceneKeyword {
    case gravity, push, itemProperties, collision, attachment, snap, field, composite

    init(_ kind: SceneBehavior.Kind) {
        self = switch kind {
        case .gravity: .gravity
        case .push: .push
        case .itemProperties: .itemProperties
        case .collision: .collision
        case .attachment: .attachment
        case .snap: .snap
        case .field: .field
        case .composite: .composite
        }
    }

    /// The keys a behavior of this kind may have besides `kind`, `id` and `children`.
    var specKeys: [String] {
        switch self {
        case .gravity: GravitySpec.jsonKeys
        case .push: PushSpec.jsonKeys
        case .itemProperties: ItemPropertiesSpec.jsonKeys
        case .collision: CollisionSpec.jsonKeys
        case .attachment: AttachmentSpec.jsonKeys
        case .snap: SnapSpec.jsonKeys
        case .field: FieldSpec.jsonKeys
        case .composite: []
        }
    }
}

extension SceneBehavior: Codable {
    private enum CodingKeys: String, CodingKey { case kind, id, children }

    /// Decodes `{"kind": ..., "id": ..., "children": [...], ...}`, refusing keys the kind does not use.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name: KindName = try container.decode(.kind)
        try decoder.rejectUnknownKeys(allowed: ["kind", "id", "children"] + name.specKeys)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        children = try container.decode(.children, default: [])
        kind = switch name {
        case .gravity: .gravity(try GravitySpec(from: decoder))
        case .push: .push(try PushSpec(from: decoder))
        case .itemProperties: .itemProperties(try ItemPropertiesSpec(from: decoder))
        case .collision: .collision(try CollisionSpec(from: decoder))
        case .attachment: .attachment(try AttachmentSpec(from: decoder))
        case .snap: .snap(try SnapSpec(from: decoder))
        case .field: .field(try FieldSpec(from: decoder))
        case .composite: .composite
        }
    }

    /// Encodes the behavior in the form described on the type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(KindName(kind), forKey: .kind)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(children, forKey: .children, omittingDefault: [])
        switch kind {
        case .gravity(let spec): try spec.encode(to: encoder)
        case .push(let spec): try spec.encode(to: encoder)
        case .itemProperties(let spec): try spec.encode(to: encoder)
        case .collision(let spec): try spec.encode(to: encoder)
        case .attachment(let spec): try spec.encode(to: encoder)
        case .snap(let spec): try spec.encode(to: encoder)
        case .field(let spec): try spec.encode(to: encoder)
        case .composite: break
        }
    }
}
