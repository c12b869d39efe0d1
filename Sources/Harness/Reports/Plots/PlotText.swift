import Foundation

/// Text and numbers for SVG: escaped text elements, line wrapping by an estimate of the text's
/// width, and coordinates with one decimal.
enum PlotText {
    /// Average advance of a sans-serif character, as a fraction of the font size (a generous
    /// estimate, so that wrapped lines fit).
    static let characterWidth = 0.58

    /// `text` broken at spaces into lines of at most `width` px at `fontSize` px; a word longer
    /// than a line stands on its own line.
    static func wrap(_ text: String, width: Double, fontSize: Double) -> [String] {
        let limit = max(8, Int(width / (fontSize * characterWidth)))
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= limit {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The estimated width of `text` at `fontSize` px (px).
    static func width(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * characterWidth
    }

    /// A coordinate with one decimal (px).
    static func px(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A `<text>` element with escaped content; `attributes` are added verbatim.
    static func element(_ text: String, x: Double, y: Double, size: Double, anchor: String = "start",
                        attributes: String = "") -> String {
        let extra = attributes.isEmpty ? "" : " " + attributes
        return "<text x=\"\(px(x))\" y=\"\(px(y))\" font-size=\"\(px(size))\" text-anchor=\"\(anchor)\"\(extra)>"
            + HTMLReport.escape(text) + "</text>"
    }
}

/// Colours of the lines and bars of one plot, told apart by hue and by lightness.
enum PlotPalette {
    static let colors = ["#1f5fbf", "#d1452f", "#2e8b3e", "#e08a00", "#7b4cb3", "#00838f", "#8a5a2b", "#c2407f"]
    /// The reference's colour (a neutral grey).
    static let reference = "#777777"

    /// The colour of the `index`th series.
    static func color(_ index: Int) -> String { colors[index % colors.count] }
}
