/// The continuous step's working arrays, sized once for the bodies so that no sub-step
/// allocates. Each pass of `World+Continuous.swift` takes the arrays it needs out of the world for
/// its length (so that it can also mutate the bodies) and puts them back.
struct ContinuousScratch {
    /// The bodies stopped in the current sub-step.
    var stops: [Int32] = []
    /// Beside ``stops``: the fraction of its move each kept.
    var stopFractions: [Double] = []
    /// Each body's kept fraction, while stops spread along joints.
    var fractionByBody: [Double] = []
    /// By joint: for a rigid point joint (``World/Pivot``), B's point minus A's at the end of the
    /// sub-step before the continuous step (points); zero for the others.
    var jointEndGaps: [Vector] = []
    /// By body: whether its stop is carried about its point joints (``World/Pivot``).
    var turnsFreely: [Bool] = []
    /// The bodies checked against the other items.
    var candidates: [Int32] = []
    /// The bodies that slid along a boundary this sub-step.
    var slides: [ContinuousSlide] = []
    /// The bodies of one joint assembly, and which bodies are in it.
    var assembly: [Int32] = [], assemblyMarks: [Bool] = []

    /// ``assembly``, empty, and ``assemblyMarks``, all false for `bodyCount` bodies, taken out
    /// (so that the world can be mutated while they are filled) until ``putBack(assembly:marks:)``.
    mutating func takeAssemblyBuffers(bodyCount: Int) -> (assembly: [Int32], marks: [Bool]) {
        var taken = (assembly: assembly, marks: assemblyMarks)
        assembly = []
        assemblyMarks = []
        taken.assembly.removeAll(keepingCapacity: true)
        taken.marks.removeAll(keepingCapacity: true)
        taken.marks.append(contentsOf: repeatElement(false, count: bodyCount))
        return taken
    }

    /// Returns the buffers ``takeAssemblyBuffers(bodyCount:)`` took, with their capacity.
    mutating func putBack(assembly: [Int32], marks: [Bool]) {
        self.assembly = assembly
        assemblyMarks = marks
    }

    /// Makes room for `bodyCount` bodies.
    mutating func reserve(bodyCount: Int) {
        stops.reserveCapacity(bodyCount)
        candidates.reserveCapacity(bodyCount)
        stopFractions.reserveCapacity(bodyCount)
        fractionByBody.reserveCapacity(bodyCount)
        slides.reserveCapacity(bodyCount)
        assembly.reserveCapacity(bodyCount)
        assemblyMarks.reserveCapacity(bodyCount)
    }
}

/// A body that slid along a boundary in the continuous step: where the sub-step took it and
/// where the slide left it (its center, points; its angle, radians), and the unit normals across
/// the boundaries that refused it (zero for none).
struct ContinuousSlide {
    var body: Int32
    var from: Vector, fromAngle: Double
    var to: Vector, toAngle: Double
    var refused: Vector, alsoRefused: Vector
}
