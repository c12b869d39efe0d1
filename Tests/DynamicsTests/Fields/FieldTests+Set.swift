@testable import Dynamics
import Testing

extension FieldTests {
    /// Several fields compiled together, as the animator evaluates them per body per sub-step.
    @Suite struct CompiledSets {
        @Test func aMaskSelectsTheFieldsWhoseForcesAreSummed() throws {
            var set = CompiledFieldSet()
            let gravity = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 0, dy: 2)))
            let drag = try FieldBehavior(kind: .drag(direction: .zero))
            let far = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 5, dy: 0)))
            far.region = .circle(radius: 10)
            far.position = Point(x: 1000, y: 0)
            #expect(try set.append(gravity) == 0)
            #expect(try set.append(drag) == 1)
            #expect(try set.append(far) == 2)
            // v = (1, 0) m/s: gravity m·(0, 2) = (0, 1) at m = 0.5; drag −1·1·(1, 0); far: outside.
            let sample = FieldSample(position: .zero, velocity: Vector(dx: 100, dy: 0), mass: 0.5)
            // Drag is not summed: the step integrates it apart (DragStep), so the response names
            // the drag fields that contain the sample.
            #expect(set.response(to: 0b111, on: sample) == FieldResponse(force: Vector(dx: 0, dy: 1), dragFields: 0b010))
            #expect(set.response(to: 0b001, on: sample) == FieldResponse(force: Vector(dx: 0, dy: 1)))
            #expect(set.response(to: 0b010, on: sample) == FieldResponse(dragFields: 0b010))
            // Moving with the fluid, the drag's force is zero, but the field still takes part.
            #expect(set.response(to: 0b010, on: FieldSample(position: .zero, mass: 0.5)) == FieldResponse(dragFields: 0b010))
            #expect(set.response(to: 0, on: sample) == FieldResponse())
            // Bits beyond the set's fields are ignored.
            #expect(set.response(to: 0b1000_0001, on: sample) == FieldResponse(force: Vector(dx: 0, dy: 1)))
        }

        @Test func theLastVelocityFieldInPreOrderWins() throws {
            var set = CompiledFieldSet()
            let first = try FieldBehavior(kind: .velocity(direction: Vector(dx: 1, dy: 0)))
            let second = try FieldBehavior(kind: .velocity(direction: Vector(dx: 0, dy: 1)))
            let push = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 0, dy: 1)))
            try set.append(first)
            try set.append(push)
            try set.append(second)
            let response = set.response(to: set.allFields, on: FieldSample(position: .zero))
            #expect(response.velocityOverride == Vector(dx: 0, dy: 100))
            #expect(response.force == Vector(dx: 0, dy: 1))
            #expect(set.response(to: 0b011, on: FieldSample(position: .zero)).velocityOverride == Vector(dx: 100, dy: 0))
        }

        @Test func atMostThirtyTwoFields() throws {
            var set = CompiledFieldSet()
            let field = try FieldBehavior(kind: .vortex)
            for _ in 0..<FieldBehavior.maximumFieldsPerAnimator { try set.append(field) }
            #expect(set.count == 32 && set.allFields == .max)
            #expect(throws: DynamicsError.tooManyFields(count: 33)) {
                try set.append(field)
            }
            #expect(set.count == 32)
        }

        @Test func customClosuresAreReachedByIndex() throws {
            var set = CompiledFieldSet()
            try set.append(try FieldBehavior(items: []) { _ in Vector(dx: 1, dy: 0) })
            try set.append(try FieldBehavior(kind: .spring))
            try set.append(try FieldBehavior(items: []) { _ in Vector(dx: 0, dy: 3) })
            #expect(set.fields.map(\.customIndex) == [0, -1, 1])
            #expect(set.response(to: 0b101, on: FieldSample(position: .zero)).force == Vector(dx: 1, dy: 3))
        }

        @Test func compilingCopiesTheParametersInThePlainStruct() throws {
            let field = try FieldBehavior(kind: .turbulence(smoothness: 0.5, animationSpeed: 3))
            field.position = Point(x: 1, y: 2)
            field.strength = 4
            field.falloff = 0.5
            field.minimumRadius = 0.25
            field.seed = 77
            field.region = .circle(radius: 9)
            let compiled = try field.compiled()
            let plain = try #require(compiled.fields.first)
            #expect(plain.law == .turbulence && plain.position == Point(x: 1, y: 2) && plain.strength == 4)
            #expect(plain.falloff == 0.5 && plain.minimumRadius == 0.25 && plain.customIndex == -1)
            #expect(plain.noise == FieldNoise(seed: 77, smoothness: 0.5, animationSpeed: 3))
            #expect(compiled.regionCode == [.circle(radiusSquared: 81)])
            #expect(_isPOD(CompiledField.self))   // plain data: no references to retain or release
        }
    }
}
