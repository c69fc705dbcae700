import ChronoSketchCore
import ChronoSketchLayout

/// A week as a picture: seven day columns under their headings, all-day bars in lanes across
/// the top (pointed where they go on into another week), each day's events in its column over
/// the hours that have events (or `--hours`), and the colour legend.
enum WeekSVG {
    static let gutter = 60.0
    static let dayWidth = 132.0

    static func render(_ week: WeekLayout, _ context: ViewContext) -> SVGCanvas {
        let language = context.language
        let width = gutter + 7 * dayWidth + 16
        let right = width - 16
        let headingTop = 46.0
        let barsTop = headingTop + 34
        let grid = SVGTimeGrid(
            segments: week.days.flatMap(\.segments), top: barsTop + Double(week.lanes) * 22 + 12,
            hours: context.hours)
        var canvas = SVGCanvas(width: width, height: grid.top + grid.height + 20)
        let last = week.days.last?.date ?? week.weekStart
        canvas.text(
            language.weekHeading(week.isoWeek, year: week.isoYear), x: 16, y: 28, size: 18,
            className: "label", bold: true)
        canvas.text(
            "\(language.longDate(week.weekStart)) – \(language.longDate(last)) · \(language.timesIn(context.zone))",
            x: right, y: 28, size: 11, className: "muted", anchor: "end",
            maxWidth: width - 260)
        for (index, day) in week.days.enumerated() {
            let x = gutter + Double(index) * dayWidth
            canvas.text(
                language.weekdayAbbreviation(day.date.weekday), x: x + 6, y: headingTop + 10,
                size: 11, className: "muted")
            canvas.text(
                "\(day.date.day)", x: x + 6, y: headingTop + 27, size: 16, className: "label",
                bold: true)
            canvas.line(
                x1: x, y1: headingTop - 4, x2: x, y2: grid.top + grid.height, className: "grid")
        }
        canvas.line(
            x1: right, y1: headingTop - 4, x2: right, y2: grid.top + grid.height, className: "grid")
        for bar in week.bars {
            SVGEventBlock.draw(
                bar.event, in: &canvas, x: gutter + Double(bar.firstDay) * dayWidth + 2,
                y: barsTop + Double(bar.lane) * 22,
                width: Double(bar.lastDay - bar.firstDay + 1) * dayWidth - 4, height: 19,
                lines: [SVGEventBlock.title(bar.event, language)], context: context,
                pointedLeft: bar.continuesBefore, pointedRight: bar.continuesAfter)
        }
        grid.draw(in: &canvas, left: gutter, right: right)
        for (index, day) in week.days.enumerated() {
            grid.drawSegments(
                day, in: &canvas, left: gutter + Double(index) * dayWidth + 1,
                width: dayWidth - 2, context: context)
        }
        SVGLegend.draw(context, in: &canvas)
        return canvas
    }
}
