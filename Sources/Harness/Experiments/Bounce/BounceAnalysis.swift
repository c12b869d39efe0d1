/// Impacts, apexes and energy read off a recorded bounce (one item above a floor), exactly for an
/// engine whose free flight is exact: between samples the motion is a parabola under gravity, so
/// an impact time is found by solving the parabola from the last sample before it, and an apex by
/// `h + u²/2g` from any sample in free flight after the bounce.
struct BounceAnalysis {
    /// Times of the impacts that were followed by a rebound, then of the final (resting) impact (s).
    var impactTimes: [Double] = []
    /// Apex heights above the floor after each rebound (pt).
    var apexHeights: [Double] = []
    /// The largest increase of mechanical energy per unit mass between consecutive samples,
    /// relative to the initial energy (dimensionless); ≤ 0 means energy never rose.
    var largestEnergyRise = -Double.infinity
    /// Height (pt) and speed (pt/s) at the last sample.
    var finalHeight = 0.0
    var finalSpeed = 0.0

    /// Analyses `heights` (pt above the floor), upward speeds `upward` (pt/s) at `times` (s),
    /// with gravity `g` (pt/s²). Speed changes smaller than `minimumImpactSpeed` (pt/s) are not
    /// impacts (rest jitter).
    init(times: [Double], heights: [Double], upward: [Double], gravity g: Double, minimumImpactSpeed: Double) {
        let energies = zip(heights, upward).map { g * $0 + 0.5 * $1 * $1 }
        let initial = energies.first ?? 1
        for index in energies.indices.dropFirst() {
            largestEnergyRise = worse(largestEnergyRise, (energies[index] - energies[index - 1]) / initial)
        }
        // An impact: falling faster than `minimumImpactSpeed` at one sample, not falling at the
        // next. Its time solves the parabola from the earlier sample. The apex of the flight that
        // follows is h + u²/2g at the flight's highest sample (exact on the parabola).
        var flightStart: Int?
        func closeFlight(before end: Int) {
            guard let start = flightStart, start < end else { return }
            let top = (start..<end).max { heights[$0] < heights[$1] } ?? start
            // The highest sample of a flight moves down by at most one sample's worth of gravity
            // (exactly at the vertex for an exact scheme; an engine that moves positions before
            // velocities, like Chipmunk, records a velocity up to g·Δt later than its position).
            let spacing = top + 1 < times.count ? times[top + 1] - times[top] : 0
            if upward[top] >= -(minimumImpactSpeed + g * spacing) && heights[top] > 0 {
                apexHeights.append(heights[top] + upward[top] * upward[top] / (2 * g))
            }
            flightStart = nil
        }
        for index in times.indices.dropFirst() {
            let previous = index - 1
            guard -upward[previous] > minimumImpactSpeed && upward[index] >= -minimumImpactSpeed / 2 else { continue }
            closeFlight(before: previous)
            // The last sample still above the floor is in free flight (a sample already at the
            // floor may carry the contact's closing velocity instead).
            var flying = previous
            while flying > 0 && heights[flying] <= 1e-9 { flying -= 1 }
            let v = -upward[flying], h = max(0, heights[flying])
            let tau = (-v + (v * v + 2 * g * h).squareRoot()) / g
            impactTimes.append(times[flying] + tau)
            if upward[index] > minimumImpactSpeed { flightStart = index }
        }
        closeFlight(before: times.count)
        finalHeight = heights.last ?? 0
        finalSpeed = abs(upward.last ?? 0)
    }
}
