@testable import Dynamics
import Testing

extension FieldTests {
    /// Invalid parameters get a typed error naming the parameter; setters re-resolve the animator.
    @Suite struct Validation {
        static func error(_ parameter: String, _ value: Double) -> DynamicsError {
            .invalidParameter(behavior: "FieldBehavior", parameter: parameter, value: value)
        }

        @Test func defaultsAreValid() throws {
            for kind: FieldKind in [.linearGravity(direction: Vector(dx: 0, dy: 9.8)), .radialGravity, .spring,
                                    .electric, .magnetic, .drag(direction: .zero), .velocity(direction: .zero),
                                    .vortex, .noise(smoothness: 1, animationSpeed: 0),
                                    .turbulence(smoothness: 0, animationSpeed: 5)] {
                try FieldBehavior(kind: kind).validate()
            }
            try FieldBehavior(items: []) { _ in .zero }.validate()
        }

        @Test func parametersOutOfRangeAreRejected() throws {
            let cases: [(String, Double, (FieldBehavior) -> Void)] = [
                ("position.x", .infinity, { $0.position = Point(x: .infinity, y: 0) }),
                ("strength", -.infinity, { $0.strength = -.infinity }),
                ("falloff", -.infinity, { $0.falloff = -.infinity }),
                ("minimumRadius", -1, { $0.minimumRadius = -1 }),
                ("minimumRadius", .infinity, { $0.minimumRadius = .infinity }),
                ("direction.dy", .infinity, { $0.direction = Vector(dx: 0, dy: .infinity) }),
                ("smoothness", 1.5, { $0.smoothness = 1.5 }),
                ("smoothness", -0.1, { $0.smoothness = -0.1 }),
                ("animationSpeed", -1, { $0.animationSpeed = -1 }),
                ("animationSpeed", .infinity, { $0.animationSpeed = .infinity }),
                ("region.radius", -1, { $0.region = .circle(radius: -1) }),
                ("region.height", .infinity,
                 { $0.region = .inverse(.union(.infinite, .rectangle(size: Size(width: 1, height: .infinity)))) }),
            ]
            for (parameter, value, mutate) in cases {
                let field = try FieldBehavior(kind: .noise(smoothness: 0.5, animationSpeed: 1))
                mutate(field)
                #expect(throws: Self.error(parameter, value)) { try field.validate() }
                // The animator compiles through the same check.
                var set = CompiledFieldSet()
                #expect(throws: Self.error(parameter, value)) { try set.append(field) }
                #expect(set.isEmpty)
            }
        }

        @Test func nonFiniteValuesAreRejectedWithTheirName() throws {
            // NaN never equals itself, so the error is matched by parameter name.
            let cases: [(String, (FieldBehavior) -> Void)] = [
                ("strength", { $0.strength = .nan }),
                ("smoothness", { $0.smoothness = .nan }),
                ("direction.dx", { $0.direction = Vector(dx: .nan, dy: 0) }),
                ("region.width", { $0.region = .rectangle(size: Size(width: .nan, height: 1)) }),
            ]
            for (name, mutate) in cases {
                let field = try FieldBehavior(kind: .drag(direction: .zero))
                mutate(field)
                #expect {
                    try field.validate()
                } throws: { error in
                    guard case .invalidParameter("FieldBehavior", let parameter, let value) = error as? DynamicsError
                    else { return false }
                    return parameter == name && value.isNaN
                }
            }
        }

        @Test func pathologicallyLargeRegionsAreRejected() throws {
            var region = FieldRegion.circle(radius: 1)
            for _ in 0..<40 { region = .union(region, region) }   // 2⁴¹ − 1 nodes, shared
            let field = try FieldBehavior(kind: .spring)
            field.region = region
            #expect(throws: Self.error("region.nodeCount", Double(FieldRegion.maximumNodeCount + 1))) {
                try field.validate()
            }
        }

        @Test func theCustomKindNeedsItsClosure() {
            #expect(throws: Self.error("customForce", 0)) { try FieldBehavior(kind: .custom) }
        }

        @Test func invalidItemsAreRejected() {
            let item = HeadlessItem(center: .zero, size: Size(width: 0, height: 10))
            #expect(throws: DynamicsError.invalidItemSize(Size(width: 0, height: 10))) {
                try FieldBehavior(kind: .vortex, items: [item])
            }
        }

        /// Each setter wakes a paused animator when, and only when, the value changes. The sequence
        /// keeps the force zero throughout (strength or direction is zero), so the item rests.
        @Test func settersResolveOnlyOnChange() throws {
            let field = try FieldBehavior(kind: .linearGravity(direction: .zero), items: [largeItem()])
            let animator = try DynamicAnimator()
            try animator.addBehavior(field)
            let changes: [(String, (FieldBehavior) -> Void)] = [
                ("strength", { $0.strength = 2 }),
                ("strength", { $0.strength = 0 }),
                ("direction", { $0.direction = Vector(dx: 0, dy: 1) }),
                ("position", { $0.position = Point(x: 5, y: 0) }),
                ("region", { $0.region = .circle(radius: 20) }),
                ("falloff", { $0.falloff = 1 }),
                ("minimumRadius", { $0.minimumRadius = 0.5 }),
                ("smoothness", { $0.smoothness = 0.5 }),
                ("animationSpeed", { $0.animationSpeed = 2 }),
                ("seed", { $0.seed = 9 }),
            ]
            for (name, change) in changes {
                try animator.run(frames: 60)
                try #require(!animator.isRunning, "the animator should rest before \(name) changes")
                change(field)
                #expect(animator.isRunning, "setting \(name) to a new value must resume")
                try animator.run(frames: 60)
                try #require(!animator.isRunning)
                change(field)
                #expect(!animator.isRunning, "setting \(name) to its current value must not resume")
            }
        }
    }
}
