/// A bit set of field indices in a ``CompiledFieldSet``: bit `i` set means field `i` acts on the
/// body. 32 bits hold the at most ``FieldBehavior/maximumFieldsPerAnimator`` fields, so a body
/// can carry its mask inline.
typealias FieldMask = UInt32

/// The fields of one animator, compiled for the step loop.
///
/// Layout (the choice the engine's hot loop needs): ``fields`` is a contiguous array of plain
/// ``CompiledField`` structs; everything that cannot be plain data sits in side arrays, reached by
/// index: the region programs (``regionCode``, one flat postfix instruction array shared by all
/// fields) and the custom fields' closures. Evaluating a field or a mask of fields therefore
/// allocates nothing and touches no class, dictionary or existential; only a custom field calls
/// its closure.
///
/// Build it once per tree resolution, appending the field behaviors in pre-order; evaluate it per
/// body per sub-step with ``response(to:on:over:)``.
struct CompiledFieldSet {
    /// The compiled fields, in the order appended (pre-order of the behavior tree).
    private(set) var fields: [CompiledField] = []
    /// The region programs of every field, back to back.
    private(set) var regionCode: [RegionInstruction] = []
    /// The closures of the custom fields, indexed by ``CompiledField/customIndex``.
    private var customForces: [(FieldSample) -> Vector] = []

    /// An empty set.
    init() {}

    /// The number of fields.
    var count: Int { fields.count }

    /// Whether there are no fields.
    var isEmpty: Bool { fields.isEmpty }

    /// The mask with one bit per field in the set.
    var allFields: FieldMask {
        count >= FieldMask.bitWidth ? ~0 : (1 << FieldMask(count)) - 1
    }

    /// Validates `behavior` and appends its compiled form.
    /// - Returns: its index; its bit in a ``FieldMask`` is `1 << index`.
    /// - Throws: ``DynamicsError/tooManyFields(count:)``
    ///   for a 33rd field, or the behavior's own validation error (``FieldBehavior/validate()``).
    @discardableResult
    mutating func append(_ behavior: FieldBehavior) throws(DynamicsError) -> Int {
        try FieldBehavior.checkFieldCount(fields.count + 1)
        try behavior.validate()
        var customIndex = -1
        if let customForce = behavior.customForce {
            customIndex = customForces.count
            customForces.append(customForce)
        }
        let region = CompiledRegion.compile(behavior.region, into: &regionCode)
        fields.append(CompiledField(
            law: behavior.law,
            position: behavior.position,
            strength: behavior.strength,
            falloff: behavior.falloff,
            minimumRadius: behavior.minimumRadius,
            direction: behavior.direction,
            noise: FieldNoise(seed: behavior.seed, smoothness: behavior.smoothness,
                              animationSpeed: behavior.animationSpeed),
            region: region,
            customIndex: customIndex))
        return fields.count - 1
    }

    /// What field `index` does at `sample`, held over a sub-step of `substep` seconds (0: the
    /// law at the instant; see ``CompiledField/lawEffect(on:over:)``): nothing outside its
    /// region; otherwise its law's effect (a custom field's closure result, ignored if not finite).
    @inline(__always)
    func effect(ofField index: Int, on sample: FieldSample, over substep: Double = 0) -> FieldEffect {
        let field = fields[index]
        guard field.region.contains(sample.position - field.position, in: regionCode) else { return .none }
        guard field.law == .custom else { return field.lawEffect(on: sample, over: substep) }
        let force = customForces[field.customIndex](sample)
        return force.isFinite ? .force(force) : .none
    }

    /// The combined effect at `sample` of the fields in `mask`, held over a sub-step of
    /// `substep` seconds: their forces but drag's summed in index order (deterministic), the drag
    /// fields that contain the sample (for ``DragStep``), and the velocity set by the
    /// highest-index velocity field that contains the sample, if any. Bits beyond ``count`` are
    /// ignored.
    @inline(__always)
    func response(to mask: FieldMask, on sample: FieldSample, over substep: Double = 0) -> FieldResponse {
        var response = FieldResponse()
        var remaining = mask & allFields
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            switch effect(ofField: index, on: sample, over: substep) {
            case .none:
                break
            case .force(let force):
                response.force += force
                response.dependsOnPosition = response.dependsOnPosition || fields[index].dependsOnPosition
            case .drag:
                response.dragFields |= FieldMask(1) << index
            case .setVelocity(let velocity):
                response.velocityOverride = velocity
            }
        }
        return response
    }

    /// Calls `body` with the ``DragTerm`` at `position` (points) of each drag field in `mask`,
    /// in index order (the order ``DragStep`` needs to be deterministic).
    @inline(__always)
    func forEachDragTerm(in mask: FieldMask, at position: Point, _ body: (DragTerm) -> Void) {
        var remaining = mask & allFields
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            if let term = fields[index].dragTerm(at: position) { body(term) }
        }
    }
}
