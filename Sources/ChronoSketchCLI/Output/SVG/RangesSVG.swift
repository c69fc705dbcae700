import ChronoSketchCore
import ChronoSketchLayout

/// Recurring ranges as a picture: one vertical bar per period from start to end time of day,
/// the boundary (the earliest time) at the top, so nights crossing midnight stay whole.
enum RangesSVG {
    static let left = 64.0
    static let top = 64.0
    static let chartHeight = 576.0
    static let columnWidth = 22.0

    static func render(_ ranges: RangeLayout, zone: String, language: Language) -> SVGCanvas {
        let length = ranges.period == .day ? 1_440 : 7 * 1_440
        let chartWidth = Double(max(1, ranges.periods.count)) * columnWidth
        let width = max(380, left + chartWidth + 24)
        var canvas = SVGCanvas(width: width, height: top + chartHeight + 70)
        func y(_ minute: Int) -> Double {
            top + Double(minute - ranges.boundaryMinute) / Double(length) * chartHeight
        }
        canvas.text(
            language.rangesHeading(
                ranges.period.rawValue, from: ClockText.hoursAndMinutes(ranges.boundaryMinute)),
            x: 16, y: 24, size: 16, className: "label", bold: true, maxWidth: width - 32)
        canvas.text(language.timesIn(zone), x: 16, y: 42, size: 11, className: "muted")
        let step = ranges.period == .day ? 180 : 1_440
        for offset in stride(from: 0, through: length, by: step) {
            let minute = ranges.boundaryMinute + offset
            canvas.line(
                x1: left, y1: y(minute), x2: left + chartWidth, y2: y(minute), className: "grid")
            guard offset < length else { continue }
            let label =
                ranges.period == .day
                ? ClockText.hoursAndMinutes(minute % 1_440)
                : language.weekdayAbbreviation(ranges.firstWeekday.advanced(by: offset / 1_440))
            canvas.text(
                label, x: left - 6, y: y(minute) + 4, size: 10, className: "muted", anchor: "end")
        }
        for (index, period) in ranges.periods.enumerated() {
            let x = left + Double(index) * columnWidth
            for entry in period.ranges {
                let start = y(entry.startMinute)
                let end = min(y(entry.endMinute), top + chartHeight)
                SVGEventBlock.draw(
                    entry.event, in: &canvas, x: x + 3, y: start, width: columnWidth - 6,
                    height: max(3, end - start), lines: [], language: language,
                    pointedRight: false)
            }
            let date = period.date
            canvas.text(
                language.shortDate(date), x: x + columnWidth / 2 + 4, y: top + chartHeight + 8,
                size: 10, className: "muted", anchor: "end", rotate: -60)
        }
        return canvas
    }
}
