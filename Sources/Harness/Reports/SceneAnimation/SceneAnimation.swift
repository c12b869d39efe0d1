/// Placeholder until the overlay lands (replaced by the SceneAnimation folder's renderer).
public enum SceneAnimation {
    /// A self-contained animated SVG of a run of `scene` recorded in `trace`.
    public static func svg(scene: Scene, trace: Trace) -> String { "" }
}
