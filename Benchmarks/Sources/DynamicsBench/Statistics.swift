func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func mean(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
}

/// "**median** (round 1, round 2, …)" of per-round ratios, for the tables.
func ratioText(_ ratios: [Double]) -> String {
    guard !ratios.isEmpty else { return "–" }
    return String(format: "**%.2f** (", median(ratios)) + ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ") + ")"
}
