import ChronoSketchCore
import ChronoSketchLayout

/// A month as a picture: the six-row grid, days of the neighbouring months dimmed, events as
/// short labels (all-day ones as coloured bars), and "+N more" where a day has no room left.
enum MonthSVG {
    static let cellWidth = 132.0
    static let cellHeight = 100.0
    static let left = 16.0
    static let top = 70.0
    static let rowHeight = 15.0

    static func render(_ month: MonthLayout, _ context: ViewContext) -> SVGCanvas {
        let language = context.language
        let width = left * 2 + 7 * cellWidth
        var canvas = SVGCanvas(width: width, height: top + 6 * cellHeight + 16)
        canvas.text(
            "\(language.monthName(month.month)) \(month.year)", x: left, y: 30, size: 18,
            className: "label", bold: true)
        canvas.text(
            language.timesIn(context.zone), x: width - left, y: 30, size: 11, className: "muted",
            anchor: "end")
        for (index, day) in month.days.prefix(7).enumerated() {
            canvas.text(
                language.weekdayAbbreviation(day.date.weekday),
                x: left + Double(index) * cellWidth + 6, y: top - 10, size: 11, className: "muted")
        }
        let capacity = Int((cellHeight - 26) / rowHeight)
        for (index, day) in month.days.enumerated() {
            let x = left + Double(index % 7) * cellWidth
            let y = top + Double(index / 7) * cellHeight
            canvas.rect(
                x: x, y: y, width: cellWidth, height: cellHeight,
                className: day.inMonth ? "cell" : "dim")
            canvas.text(
                "\(day.date.day)", x: x + 6, y: y + 16, size: 12,
                className: day.inMonth ? "label" : "muted", bold: day.inMonth)
            let shown = day.events.count > capacity ? capacity - 1 : day.events.count
            for (row, event) in day.events.prefix(shown).enumerated() {
                let rowTop = y + 22 + Double(row) * rowHeight
                if event.interval.isAllDay {
                    SVGEventBlock.draw(
                        event, in: &canvas, x: x + 3, y: rowTop, width: cellWidth - 6,
                        height: rowHeight - 2, lines: [SVGEventBlock.title(event, language)],
                        context: context,
                        pointedLeft: event.interval.start.date < day.date,
                        pointedRight: event.interval.end.date > (try? day.date.adding(days: 1))
                            ?? day.date)
                } else {
                    label(event, day: day.date, in: &canvas, x: x, y: rowTop, context: context)
                }
            }
            if day.events.count > shown {
                canvas.text(
                    language.more(day.events.count - shown), x: x + 8,
                    y: y + 22 + Double(shown) * rowHeight + 10, size: 10, className: "muted")
            }
        }
        SVGLegend.draw(context, in: &canvas)
        return canvas
    }

    /// A timed event as a coloured dot, its start on this day and its title (faded when
    /// cancelled, as every view fades it).
    private static func label(
        _ event: CalendarEvent, day: CivilDate, in canvas: inout SVGCanvas, x: Double,
        y: Double, context: ViewContext
    ) {
        let language = context.language
        let color = context.palette.color(event)
        canvas.beginEvent(
            id: event.id, title: SVGEventBlock.tooltip(event, language),
            className: SVGEventBlock.className(event))
        canvas.rect(x: x + 6, y: y + 3, width: 7, height: 7, radius: 3.5, fill: color.fill)
        let start =
            event.interval.start.date < day ? "…" : event.interval.start.timeText
        canvas.text(
            "\(start) \(SVGEventBlock.title(event, language))", x: x + 17, y: y + 10, size: 10,
            className: "label", maxWidth: cellWidth - 22)
        canvas.endGroup()
    }
}
