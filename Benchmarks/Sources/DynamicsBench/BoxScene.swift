/// A ``SceneLayout`` built in one engine and stepped frame by frame.
protocol BoxScene: AnyObject {
    /// The engine's name for tables and CSV rows.
    static var engineName: String { get }
    /// Advances one frame of 1/60 s.
    func step() throws
    /// The bodies' poses (pt, radians, in the layout's frame), in the layout's order.
    var poses: [SceneLayout.Pose] { get }
    /// The largest speed of any body (pt/s): how far the scene is from rest.
    var largestSpeed: Double { get }
}
