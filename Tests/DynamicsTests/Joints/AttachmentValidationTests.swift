import Dynamics
import Foundation
import Testing

/// Invalid attachment and snap parameters fail with a typed error naming the parameter.
@Suite struct AttachmentValidationTests {
    func parameter(of error: any Error) -> String? {
        guard case .invalidParameter(_, let parameter, _) = error as? DynamicsError else { return nil }
        return parameter
    }

    @Test(arguments: [Vector(dx: 2, dy: 0), Vector(dx: 0, dy: 0), Vector(dx: 0.6, dy: 0.8001), Vector(dx: .nan, dy: 1)])
    func aNonUnitAxisIsRejected(axis: Vector) throws {
        #expect { try AttachmentBehavior.sliding(item: largeItem(), attachmentAnchor: .zero, axis: axis) }
            throws: { parameter(of: $0) == "axis" }
    }

    /// Sets one invalid value on a fresh attachment and returns the error of the first step.
    func stepError(_ configure: (AttachmentBehavior) -> Void,
                   make: (HeadlessItem) throws -> AttachmentBehavior = { try AttachmentBehavior(item: $0, attachedToAnchor: Point(x: 0, y: -100)) })
        throws -> (any Error)?
    {
        let item = largeItem()
        let attachment = try make(item)
        configure(attachment)
        let animator = try DynamicAnimator()
        try animator.addBehavior(attachment)
        do {
            try animator.step(by: 1.0 / 60)
            return nil
        } catch {
            #expect(item.center == .zero, "the state is unchanged")
            return error
        }
    }

    @Test func negativeOrNonFiniteParametersAreRejectedAtTheStep() throws {
        let cases: [(String, (AttachmentBehavior) -> Void)] = [
            ("frequency", { $0.frequency = -1 }), ("frequency", { $0.frequency = .infinity }),
            ("damping", { $0.damping = -0.1 }), ("damping", { $0.damping = .nan }),
            ("length", { $0.length = -5 }), ("length", { $0.length = .nan }),
            ("frictionTorque", { $0.frictionTorque = -1 }),
            ("anchorPoint", { $0.anchorPoint = Point(x: .infinity, y: 0) }),
            ("attachmentRange", { $0.attachmentRange = -1...Double.infinity }),
        ]
        for (name, configure) in cases {
            let error = try stepError(configure)
            #expect(error.map(parameter(of:)) == name, "expected \(name), got \(String(describing: error))")
        }
    }

    @Test func aSlidingRangeMustContainZero() throws {
        let error = try stepError({ $0.attachmentRange = 5...10 }) {
            try AttachmentBehavior.sliding(item: $0, attachmentAnchor: .zero, axis: Vector(dx: 1, dy: 0))
        }
        #expect(error.map(parameter(of:)) == "attachmentRange")
        // A pin's angle range need not contain 0 (the pin turns the item into it).
        #expect(try stepError({ $0.attachmentRange = 0.1...0.2 }) { try AttachmentBehavior.pin(item: $0, attachmentAnchor: .zero) } == nil)
    }

    @Test func anItemCannotBeAttachedToItself() throws {
        let item = largeItem()
        #expect(throws: DynamicsError.invalidAttachment(reason: "an item cannot be attached to itself")) {
            try AttachmentBehavior(item: item, attachedTo: item)
        }
    }

    @Test func theAnchorOfAnItemToItemAttachmentCannotMove() throws {
        let a = largeItem(), b = largeItem(at: Point(x: 200, y: 0))
        let rod = try AttachmentBehavior(item: a, attachedTo: b)
        let animator = try DynamicAnimator()
        try animator.addBehavior(rod)
        try animator.step(by: 1.0 / 60)
        rod.anchorPoint = Point(x: 5, y: 5)
        #expect { try animator.step(by: 1.0 / 60) } throws: {
            if case .invalidAttachment = $0 as? DynamicsError { return true }
            return false
        }
    }

    @Test func nonFiniteOffsetsAndAnchorsAreRejectedAtCreation() throws {
        #expect { try AttachmentBehavior(item: largeItem(), offsetFromCenter: Vector(dx: .nan, dy: 0), attachedToAnchor: .zero) }
            throws: { parameter(of: $0) == "offsetFromCenter" }
        #expect { try AttachmentBehavior.pin(item: largeItem(), attachmentAnchor: Point(x: 0, y: .infinity)) }
            throws: { _ in true }
    }

    @Test(arguments: [-0.1, 1.1, Double.nan])
    func snapDampingOutsideZeroToOneIsRejected(damping: Double) throws {
        let item = largeItem()
        let snap = try SnapBehavior(item: item, snapTo: Point(x: 10, y: 0))
        snap.damping = damping
        let animator = try DynamicAnimator()
        try animator.addBehavior(snap)
        #expect { try animator.step(by: 1.0 / 60) } throws: { parameter(of: $0) == "damping" }
        #expect(throws: DynamicsError.self) { try SnapBehavior(item: item, snapTo: Point(x: .nan, y: 0)) }
    }
}
