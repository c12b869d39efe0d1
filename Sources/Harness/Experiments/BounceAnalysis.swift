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
    /// with gravity `g` (pt/s²). `clearance` is the height above which the item is in free flight.
    init(times: [Double], heights: [Double], upward: [Double], gravity g: Double, clearance: Double) {
        let energies = zip(heights, upward).map { g * $0 + 0.5 * $1 * $1 }
        let initial = energies.first ?? 1
        for index in energies.indices.dropFirst() {
            largestEnergyRise = max(largestEnergyRise, (energies[index] - energies[index - 1]) / initial)
        }
        var falling = true
        var awaitingApex = false
        for index in times.indices.dropFirst() {
            let previous = index - 1
            if falling && upward[index] > 0 && upward[previous] <= 0 {
                // Rebound between previous and index: impact when the parabola from `previous` meets 0.
                let v = -upward[previous], h = heights[previous]
                let tau = (-v + (v * v + 2 * g * h).squareRoot()) / g
                impactTimes.append(times[previous] + tau)
                falling = false
                awaitingApex = true
            }
            if awaitingApex && heights[index] > clearance && upward[index] > 0 {
                apexHeights.append(heights[index] + upward[index] * upward[index] / (2 * g))
                awaitingApex = false
            }
            if !falling && upward[index] < 0 { falling = true }
        }
        finalHeight = heights.last ?? 0
        finalSpeed = abs(upward.last ?? 0)
    }
}
