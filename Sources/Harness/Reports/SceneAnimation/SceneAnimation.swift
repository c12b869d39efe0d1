/// A recorded run drawn as one self-contained, animated SVG: the debug overlay of seed 002 as a
/// file. Items with their collision bounds and rotation, the reference bounds and boundaries,
/// attachments (rods solid, springs dashed, ropes dotted, joints marked at their anchors), snap
/// points, field regions, contact points as they happen, a time readout and a "paused" marker.
///
/// SMIL animation only: no script, no external reference; it loops over the recorded time.
/// Keyframes are the trace's samples, thinned to at most 60 per second and 3600 in all.
public enum SceneAnimation {
    /// The SVG text of `trace`, a run of `scene`.
    public static func svg(scene: Scene, trace: Trace) -> String {
        let clock = AnimationClock(trace: trace)
        let view = AnimationViewport(scene: scene, trace: trace)
        let history = SceneHistory(scene)
        let tracks = BodyTracks(scene: scene, trace: trace)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(view.viewBox)" width="\(view.pixelWidth)" \
            height="\(view.pixelHeight)" font-family="sans-serif" font-size="\(SVGNumber.format(view.unit * 9))">
            <title>\(HTMLReport.escape(scene.name.isEmpty ? "scene" : scene.name))</title>
            <rect x="\(view.minX)" y="\(view.minY)" width="\(view.width)" height="\(view.height)" fill="#ffffff"/>

            """
        svg += BoundaryLayer.render(scene: scene, history: history, clock: clock, unit: view.unit)
        svg += FieldLayer.render(history: history, clock: clock, unit: view.unit)
        svg += ItemLayer.render(scene: scene, trace: trace, clock: clock, unit: view.unit)
        svg += AttachmentLayer.render(history: history, tracks: tracks, trace: trace, clock: clock, unit: view.unit)
        svg += ContactLayer.render(trace: trace, clock: clock, unit: view.unit)
        svg += ReadoutLayer.render(trace: trace, clock: clock, view: view)
        return svg + "</svg>\n"
    }
}
