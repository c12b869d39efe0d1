import Foundation

/// One recipe per profile.
extension SceneBuilder {
    /// Builds a scene of `profile`.
    mutating func build(_ profile: SceneProfile) -> Scene {
        switch profile {
        case .container: buildContainer()
        case .free: buildFree()
        case .joints: buildJoints()
        case .fields: buildFields()
        case .events: buildEvents()
        case .settle: buildSettle()
        case .mixed: buildMixed()
        case .crowd: buildCrowd()
        }
        nestRandomly()
        return scene
    }

    private mutating func buildContainer() {
        bounds = makeContainer()
        let speeds = containerSpeeds()
        for _ in 0..<(dice.chance(0.7) ? dice.int(1...12) : dice.int(12...30)) { addItem(in: arena, speeds: speeds) }
        if dice.chance(0.2) { addGroup() }
        let all = bodies
        if dice.chance(0.5) { behaviors.append(gravity(dice.subset(all, probability: 0.8))) }
        behaviors.append(collision(all, mode: dice.chance(0.8) ? .everything : .boundaries))
        if dice.chance(0.5) { behaviors.append(itemProperties(all)) }
        randomTiming(duration: dice.uniform(0.5, 2))
    }

    private mutating func buildFree() {
        for _ in 0..<dice.int(2...8) {
            let id = addItem(in: SceneRect(x: -200, y: -200, width: 400, height: 400), speeds: 0...800)
            let index = items.count - 1
            // Aim roughly at the middle so that items meet.
            let toward = SceneVector(dx: -items[index].center.x, dy: -items[index].center.y)
            if toward.length > 0, dice.chance(0.7) { items[index].velocity = toward / toward.length * dice.uniform(50, 800) }
            _ = id
        }
        if dice.chance(0.2) { addGroup() }
        let all = bodies
        var lossless = ItemPropertiesSpec(items: all, resistance: 0, angularResistance: 0)
        if dice.chance(0.5) { lossless.elasticity = dice.uniform(0, 1) }
        if dice.chance(0.5) { lossless.friction = dice.uniform(0, 1) }
        behaviors.append(.itemProperties(lossless, id: newBehaviorID()))
        for body in all where dice.chance(0.3) {
            behaviors.append(.itemProperties(ItemPropertiesSpec(items: [body], density: dice.logUniform(0.01, 100)),
                                             id: newBehaviorID()))
        }
        behaviors.append(collision(all, mode: .items, walls: false))
        timing = SceneTiming(duration: dice.uniform(0.5, 1.5), pausesAtRest: false)
    }

    private mutating func buildJoints() {
        bounds = dice.chance(0.7) ? makeContainer() : nil
        let region = arena
        var hanging: [String] = []
        for _ in 0..<dice.int(1...3) {
            let (links, chainBehaviors) = chain(in: region)
            hanging += links
            behaviors += chainBehaviors
        }
        for _ in 0..<dice.int(0...4) {
            let body = addItem(in: region, speeds: 0...400, spin: 5)
            let others = bodies.filter { $0 != body }
            let other = dice.chance(0.5) && !others.isEmpty ? dice.pick(others) : nil
            behaviors.append(attachment(body, to: other))
            hanging.append(body)
        }
        if dice.chance(0.2) { addGroup() }
        let all = bodies
        if dice.chance(0.85) { behaviors.append(gravity(all)) }
        if dice.chance(0.5) { behaviors.append(collision(all, walls: bounds != nil)) }
        if dice.chance(0.3) { behaviors.append(itemProperties(all)) }
        // Joints between very unequal masses: a few bodies given densities across 0.01–100.
        if dice.chance(0.4) {
            for body in dice.subset(all, probability: 0.3) {
                behaviors.append(.itemProperties(ItemPropertiesSpec(items: [body], density: dice.logUniform(0.01, 100)), id: newBehaviorID()))
            }
        }
        randomTiming(duration: dice.uniform(0.5, 2))
    }

    private mutating func buildFields() {
        bounds = dice.chance(0.6) ? makeContainer() : nil
        for _ in 0..<dice.int(1...8) { addItem(in: arena, speeds: 0...600) }
        let all = bodies
        // Half the scenes only have fields whose energy is known, so that the energy invariant
        // judges them: with fields of any kind, 4 in 1000 generated scenes were.
        let knownEnergy = dice.chance(0.5)
        for _ in 0..<dice.int(1...4) {
            let items = dice.subset(all, probability: 0.7)
            behaviors.append(knownEnergy ? fieldWithKnownEnergy(items) : field(items))
        }
        // Several drags on one item: each takes energy alone, and together they must too.
        if dice.chance(0.25), let body = all.first {
            for _ in 0..<dice.int(2...3) { behaviors.append(fieldWithKnownEnergy([body], kind: .drag)) }
        }
        if dice.chance(0.4) { behaviors.append(itemProperties(all)) }
        if dice.chance(0.5) { behaviors.append(collision(all, walls: bounds != nil)) }
        randomTiming(duration: dice.uniform(0.5, 2))
    }

    private mutating func buildEvents() {
        bounds = makeContainer()
        for _ in 0..<dice.int(1...8) { addItem(in: arena, speeds: 0...800) }
        let all = bodies
        behaviors.append(gravity(all))
        behaviors.append(collision(all))
        for body in all where dice.chance(0.4) { behaviors.append(attachment(body, to: nil, kinds: [.distance, .limit])) }
        if dice.chance(0.5) { behaviors.append(push(dice.subset(all))) }
        if dice.chance(0.3) { behaviors.append(snap(dice.pick(all))) }
        if dice.chance(0.3) { behaviors.append(itemProperties(all)) }
        randomTiming(duration: dice.uniform(1, 2))
        addEvents(count: dice.int(1...8))
    }

    private mutating func buildSettle() {
        bounds = SceneRect(x: 0, y: 0, width: 400, height: 400)
        for _ in 0..<dice.int(1...5) {
            addItem(in: SceneRect(x: 40, y: 40, width: 320, height: 320), speeds: 0...500,
                    shapes: [.rectangle, .rectangle, .path, .ellipse], spin: 5)
            let index = items.count - 1
            items[index].size = SceneSize(width: min(80, max(10, items[index].size.width)),
                                          height: min(80, max(10, items[index].size.height)))
            if items[index].shape == .path { items[index].path = convexPath(size: items[index].size) }
        }
        let all = bodies
        behaviors.append(.gravity(GravitySpec(items: all, angle: Double.pi / 2, magnitude: dice.uniform(0.5, 2)), id: newBehaviorID()))
        behaviors.append(.collision(CollisionSpec(items: all, mode: .everything, referenceBoundsAreBoundary: true),
                                    id: newBehaviorID()))
        behaviors.append(.itemProperties(ItemPropertiesSpec(
            items: all, elasticity: dice.uniform(0, 0.5), friction: dice.uniform(0.3, 1), resistance: dice.uniform(0.5, 2),
            angularResistance: dice.uniform(0.5, 2)), id: newBehaviorID()))
        timing = SceneTiming(duration: 12, pausesAtRest: true)
    }

    /// The independent audit's domain: up to 30 boxes, circles and polygons of 2–300 pt in a
    /// 400×400 container, speeds up to 5000 pt/s, densities 0.01–100 each, springs up to 60 Hz,
    /// rods and ropes between items, with or without gravity.
    private mutating func buildCrowd() {
        bounds = SceneRect(x: 0, y: 0, width: 400, height: 400)
        for _ in 0..<dice.int(1...30) {
            let id = addItem(in: arena, speeds: 0...5000)
            let index = items.count - 1
            let side = dice.logUniform(2, 300), aspect = dice.chance(0.2) ? dice.logUniform(0.05, 0.5) : dice.logUniform(0.5, 1)
            items[index].size = SceneSize(width: side, height: max(2, side * aspect))
            if items[index].shape == .path { items[index].path = convexPath(size: items[index].size) }
            behaviors.append(.itemProperties(ItemPropertiesSpec(items: [id], elasticity: dice.uniform(0, 1), friction: dice.uniform(0, 1),
                                                                density: dice.logUniform(0.01, 100), resistance: dice.chance(0.5) ? 0 : dice.uniform(0, 1)),
                                             id: newBehaviorID()))
        }
        let all = bodies
        for _ in 0..<dice.int(0...4) where all.count >= 2 {
            let body = dice.pick(all), others = all.filter { $0 != body }
            behaviors.append(attachment(body, to: dice.pick(others), kinds: [.distance, .limit]))
        }
        if dice.chance(0.6) { behaviors.append(gravity(all)) }
        behaviors.append(.collision(CollisionSpec(items: all, referenceBoundsAreBoundary: true), id: newBehaviorID()))
        randomTiming(duration: dice.uniform(0.5, 2))
    }

    private mutating func buildMixed() {
        bounds = dice.chance(0.8) ? makeContainer() : nil
        for _ in 0..<dice.int(2...10) { addItem(in: arena, speeds: containerSpeeds()) }
        if dice.chance(0.6) { addGroup() }
        let all = bodies
        var pool: [SceneBehavior] = [gravity(dice.subset(all, probability: 0.8)), collision(all)]
        for _ in 0..<dice.int(0...3) {
            switch dice.int(0...4) {
            case 0: pool.append(push(dice.subset(all)))
            case 1: pool.append(snap(dice.pick(all)))
            case 2: pool.append(field(dice.subset(all)))
            case 3:
                let body = dice.pick(all)
                let others = all.filter { $0 != body }
                pool.append(attachment(body, to: others.isEmpty || dice.chance(0.5) ? nil : dice.pick(others)))
            default: pool.append(itemProperties(all))
            }
        }
        for _ in 0..<dice.int(0...2) { pool.append(itemProperties(all)) }
        behaviors = pool
        randomTiming(duration: dice.uniform(0.5, 2))
        if dice.chance(0.5) { addEvents(count: dice.int(1...5)) }
    }
}
