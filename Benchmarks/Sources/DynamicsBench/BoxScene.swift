/// A ``BoxLayout`` built in one engine and stepped frame by frame.
protocol BoxScene: AnyObject {
    /// The engine's name for the table.
    static var engineName: String { get }
    /// Advances one frame of 1/60 s.
    func step() throws
    /// The centers of the boxes (pt).
    var centers: [(x: Double, y: Double)] { get }
    /// The largest speed of any box (pt/s): how far the scene is from rest.
    var largestSpeed: Double { get }
}
