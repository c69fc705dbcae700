import ChronoSketchCore

/// The colour legend under a picture: a swatch and a name for each calendar (or category)
/// of the palette, in rows that fit the width.
enum SVGLegend {
    static let rowHeight = 18.0

    /// Draws the legend under what `canvas` holds, growing it; nothing for an empty palette.
    static func draw(_ context: ViewContext, in canvas: inout SVGCanvas, left: Double = 16) {
        let palette = context.palette
        guard !palette.legend.isEmpty else { return }
        let right = canvas.width - 16
        let heading = context.language.legendHeading(palette.key) + ":"
        var y = canvas.height - 4
        canvas.text(heading, x: left, y: y + 12, size: 11, className: "muted")
        var x = left + TextFit.width(heading, size: 11) + 10
        for entry in palette.legend {
            let label = TextFit.fit(entry.label, width: right - left - 18, size: 11)
            let width = 16 + TextFit.width(label, size: 11) + 14
            if x + width > right, x > left + 1 {
                x = left
                y += rowHeight
            }
            canvas.rect(
                x: x, y: y + 3, width: 11, height: 11, radius: 2, fill: entry.color.fill,
                className: "swatch")
            canvas.text(label, x: x + 16, y: y + 12, size: 11, className: "legend")
            x += width
        }
        canvas.height = y + rowHeight + 12
    }
}
