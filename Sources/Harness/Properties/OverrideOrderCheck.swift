/// The properties the engine resolved equal SPEC's override order walked independently over the
/// scene's tree; a group's members take the group's.
enum OverrideOrderCheck {
    static func check(_ scene: Scene, _ trace: Trace) -> [Violation] {
        guard trace.properties.count == scene.items.count else { return [] }
        let expected = OverrideOrderReference.resolve(scene.behaviors)
        var groupOf: [String: String] = [:]
        for group in scene.groups { for member in group.members { groupOf[member] = group.id } }
        var found: [Violation] = []
        for (item, got) in zip(scene.items, trace.properties) {
            let want = expected[groupOf[item.id] ?? item.id]
            switch (want, got) {
            case (nil, nil): continue
            case (nil, let got?):
                if got != .specDefaults { found.append(Violation(.overrideOrder, "\(item.id): no behavior sets its properties, yet the engine resolved non-default ones")) }
            case (.some, nil):
                found.append(Violation(.overrideOrder, "\(item.id): the engine resolved no properties"))
            case (let want?, let got?):
                let names = OverrideOrderReference.differences(want, got)
                if !names.isEmpty { found.append(Violation(.overrideOrder, "\(item.id): \(names.joined(separator: ", ")) differ from the reference walk")) }
            }
        }
        return found
    }
}
