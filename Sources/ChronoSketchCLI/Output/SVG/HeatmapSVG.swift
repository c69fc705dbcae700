import ChronoSketchCore
import ChronoSketchLayout

/// Busy time as a calendar heatmap: weekdays across, weeks down, each day coloured by its busy
/// hours, a heavy line where one month meets the next inside a week, month names at the left.
enum HeatmapSVG {
    static let cell = 26.0
    static let gap = 3.0
    static let left = 92.0
    static let top = 70.0
    /// Empty, then four steps up to the busiest day.
    static let shades = ["#e6e9ee", "#bcd3ec", "#7fa9d8", "#3f77b9", "#1d4a86"]

    static func render(_ heatmap: HeatmapLayout, _ context: ViewContext) -> SVGCanvas {
        let language = context.language
        let pitch = cell + gap
        let width = left + 7 * pitch + 24
        let height = top + Double(heatmap.weeks.count) * pitch + 64
        var canvas = SVGCanvas(width: max(width, 400), height: height)
        let last = (try? heatmap.to.adding(days: -1)) ?? heatmap.from
        canvas.text(
            language.busyHoursHeading, x: 16, y: 26, size: 16, className: "label", bold: true)
        canvas.text(
            "\(language.longDate(heatmap.from)) – \(language.longDate(last))", x: 16, y: 44,
            size: 11, className: "muted", maxWidth: max(width, 400) - 32)
        for (index, day) in (heatmap.weeks.first ?? []).enumerated() {
            canvas.text(
                language.weekdayAbbreviation(day.date.weekday),
                x: left + Double(index) * pitch + cell / 2, y: top - 8, size: 10,
                className: "muted", anchor: "middle")
        }
        let maximum = heatmap.maximumBusyMinutes
        func position(_ week: Int, _ weekday: Int) -> (Double, Double) {
            (left + Double(weekday) * pitch, top + Double(week) * pitch)
        }
        for (week, days) in heatmap.weeks.enumerated() {
            for (weekday, day) in days.enumerated() where day.inRange {
                let (x, y) = position(week, weekday)
                if day.date.day == 1 || (week == 0 && weekday == days.firstIndex(where: \.inRange))
                {
                    canvas.text(
                        "\(language.monthName(day.date.month).prefix(3)) \(day.date.year)",
                        x: left - 10, y: y + cell / 2 + 4, size: 10, className: "label",
                        anchor: "end")
                }
                canvas.beginEvent(
                    id: day.date.description,
                    title:
                        "\(language.longDate(day.date)): \(language.busyTime(day.busyMinutes)), \(language.eventCount(day.events))",
                    className: "day")
                canvas.rect(
                    x: x, y: y, width: cell, height: cell, radius: 3,
                    fill: shades[level(day.busyMinutes, maximum)])
                canvas.text(
                    "\(day.date.day)", x: x + cell / 2, y: y + cell / 2 + 3.5, size: 9,
                    fill: level(day.busyMinutes, maximum) >= 3 ? "#ffffff" : "#2b2f36",
                    anchor: "middle")
                canvas.endGroup()
            }
        }
        // Month breaks: the edge between a day and its right or lower neighbour of another month.
        var path = ""
        for (week, days) in heatmap.weeks.enumerated() {
            for (weekday, day) in days.enumerated() where day.inRange {
                let (x, y) = position(week, weekday)
                if weekday < 6, days[weekday + 1].inRange,
                    days[weekday + 1].date.month != day.date.month
                {
                    let edge = x + cell + gap / 2
                    path +=
                        "M\(SVGCanvas.number(edge)) \(SVGCanvas.number(y - gap / 2))V\(SVGCanvas.number(y + cell + gap / 2))"
                }
                if week + 1 < heatmap.weeks.count {
                    let below = heatmap.weeks[week + 1][weekday]
                    if below.inRange, below.date.month != day.date.month {
                        let edge = y + cell + gap / 2
                        path +=
                            "M\(SVGCanvas.number(x - gap / 2)) \(SVGCanvas.number(edge))H\(SVGCanvas.number(x + cell + gap / 2))"
                    }
                }
            }
        }
        if !path.isEmpty { canvas.path(path, className: "month-break") }
        let legendTop = top + Double(heatmap.weeks.count) * pitch + 18
        canvas.text(
            language.lessWord, x: left - 8, y: legendTop + 11, size: 10, className: "muted",
            anchor: "end")
        for (index, shade) in shades.enumerated() {
            canvas.rect(
                x: left + Double(index) * (cell / 2 + 3), y: legendTop, width: cell / 2,
                height: cell / 2, radius: 2, fill: shade)
        }
        canvas.text(
            "\(language.moreWord) · \(language.maximumWord) \(language.busyTime(maximum))",
            x: left + Double(shades.count) * (cell / 2 + 3) + 4, y: legendTop + 11, size: 10,
            className: "muted")
        return canvas
    }

    /// 0 for a free day, else 1…4 by the share of the busiest day.
    static func level(_ minutes: Int, _ maximum: Int) -> Int {
        guard minutes > 0, maximum > 0 else { return 0 }
        return min(4, 1 + (minutes * 4 - 1) / maximum)
    }
}
