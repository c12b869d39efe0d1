import CBox2D

/// A ``SceneLayout`` in Box2D v3 (the C library that `BOX2D_HOME` names, v3.1.1 by default),
/// one world with one worker (no task system: single-threaded), stepped once per 1/60 s frame
/// with the layout's sub-steps (4 by default, as in Box2D's own benchmark driver) and its
/// defaults otherwise: continuous collision on, contact hertz 30, sleep thresholds 0.05 m/s and
/// 0.5 s (1 pt/s at 20 pt/m, as in the other engines). The layout is read in metres at
/// ``SceneLayout/pointsPerMeter`` with y flipped (Box2D's y is up), so angles change sign. Each
/// shape gets the pair friction itself (Box2D mixes by geometric mean); bodies that must not
/// collide get the suite's filter (category 2, mask everything but 2). Pins are revolute joints.
final class Box2DBoxes: BoxScene {
    static let engineName: String = {
        let version = b2GetVersion()
        return "Box2D \(version.major).\(version.minor).\(version.revision)"
    }()
    private let world: b2WorldId
    private var bodies: [b2BodyId] = []
    private let substeps: Int32

    init(_ layout: SceneLayout, sleeps: Bool = false) {
        let scale = SceneLayout.pointsPerMeter
        func meters(_ x: Double, _ y: Double) -> b2Vec2 { b2Vec2(x: Float(x / scale), y: Float(-y / scale)) }
        var worldDef = b2DefaultWorldDef()
        worldDef.gravity = b2Vec2(x: 0, y: Float(-layout.gravity / scale))
        worldDef.enableSleep = sleeps
        world = b2CreateWorld(&worldDef)
        substeps = Int32(layout.substeps ?? 4)

        var groundDef = b2DefaultBodyDef()
        groundDef.type = b2_staticBody
        let ground = b2CreateBody(world, &groundDef)
        var shapeDef = b2DefaultShapeDef()
        shapeDef.material.friction = Float(layout.pairFriction)
        shapeDef.material.restitution = 0
        shapeDef.density = 1
        for segment in layout.segments {
            var line = b2Segment(point1: meters(segment.ax, segment.ay), point2: meters(segment.bx, segment.by))
            b2CreateSegmentShape(ground, &shapeDef, &line)
        }
        if !layout.collides {
            shapeDef.filter.categoryBits = 2
            shapeDef.filter.maskBits = ~2
        }
        var bodyDef = b2DefaultBodyDef()
        bodyDef.type = b2_dynamicBody
        for pose in layout.poses {
            bodyDef.position = meters(pose.x, pose.y)
            bodyDef.rotation = b2MakeRot(Float(-pose.angle))
            let body = b2CreateBody(world, &bodyDef)
            switch layout.shape {
            case let .box(side):
                var square = b2MakeSquare(Float(side / 2 / scale))
                b2CreatePolygonShape(body, &shapeDef, &square)
            case let .circle(radius):
                var circle = b2Circle(center: b2Vec2(x: 0, y: 0), radius: Float(radius / scale))
                b2CreateCircleShape(body, &shapeDef, &circle)
            }
            bodies.append(body)
        }
        for pin in layout.pins {
            var joint = b2DefaultRevoluteJointDef()
            let anchor = meters(pin.x, pin.y)
            // Local anchors: the pin point in each body's frame (the ground's frame is the world's).
            func local(_ index: Int) -> b2Vec2 {
                let pose = layout.poses[index], center = meters(pose.x, pose.y)
                return b2InvRotateVector(b2MakeRot(Float(-pose.angle)), b2Vec2(x: anchor.x - center.x, y: anchor.y - center.y))
            }
            #if BOX2D_JOINT_BASE
            // Box2D 3.2: the bodies and anchors sit in the base definition, as local frames.
            let unturned = b2Rot(c: 1, s: 0)
            joint.base.bodyIdA = pin.b.map { bodies[$0] } ?? ground
            joint.base.localFrameA = b2Transform(p: pin.b.map(local) ?? anchor, q: unturned)
            joint.base.bodyIdB = bodies[pin.a]
            joint.base.localFrameB = b2Transform(p: local(pin.a), q: unturned)
            #else
            joint.bodyIdA = pin.b.map { bodies[$0] } ?? ground
            joint.localAnchorA = pin.b.map(local) ?? anchor
            joint.bodyIdB = bodies[pin.a]
            joint.localAnchorB = local(pin.a)
            #endif
            b2CreateRevoluteJoint(world, &joint)
        }
    }

    deinit {
        b2DestroyWorld(world)
    }

    func step() {
        b2World_Step(world, 1.0 / 60, substeps)
    }

    var poses: [SceneLayout.Pose] {
        let scale = SceneLayout.pointsPerMeter
        return bodies.map { body in
            let p = b2Body_GetPosition(body)
            return SceneLayout.Pose(x: Double(p.x) * scale, y: -Double(p.y) * scale, angle: -Double(b2Rot_GetAngle(b2Body_GetRotation(body))))
        }
    }

    var largestSpeed: Double {
        bodies.map { body in
            let v = b2Body_GetLinearVelocity(body)
            return Double((v.x * v.x + v.y * v.y).squareRoot()) * SceneLayout.pointsPerMeter
        }.max() ?? 0
    }
}
