import ChronoSketchCore
import ChronoSketchLayout

/// Recurring ranges as a picture: one vertical bar per period from start to end time of day,
/// the boundary (the earliest time) at the top, so nights crossing midnight stay whole.
///
/// The chart runs past the period's end (a dashed line, the time after it shaded) as far as
/// the latest end minute of the layout, up to one more period; a range longer than that is
/// pointed at the bottom. Ranges overlapping in one period stand side by side in their lanes.
enum RangesSVG {
    static let left = 64.0
    static let top = 64.0
    /// The height of one period.
    static let periodHeight = 576.0
    static let laneWidth = 16.0

    static func render(_ ranges: RangeLayout, _ context: ViewContext) -> SVGCanvas {
        let language = context.language
        let length = ranges.period == .day ? 1_440 : 7 * 1_440
        let step = ranges.period == .day ? 180 : 1_440
        let periodEnd = ranges.boundaryMinute + length
        let latest = ranges.periods.flatMap(\.ranges).map(\.endMinute).max() ?? periodEnd
        let chartEnd = min(
            periodEnd + length,
            max(
                periodEnd,
                ranges.boundaryMinute + (latest - ranges.boundaryMinute + step - 1) / step * step))
        let lanes = max(1, ranges.periods.map(\.lanes).max() ?? 1)
        let columnWidth = 6 + Double(lanes) * laneWidth
        let chartWidth = Double(max(1, ranges.periods.count)) * columnWidth
        let chartHeight = Double(chartEnd - ranges.boundaryMinute) / Double(length) * periodHeight
        let width = max(380, left + chartWidth + 24)
        var canvas = SVGCanvas(width: width, height: top + chartHeight + 70)
        func y(_ minute: Int) -> Double {
            top + Double(minute - ranges.boundaryMinute) / Double(length) * periodHeight
        }
        canvas.text(
            language.rangesHeading(
                ranges.period, from: ClockText.hoursAndMinutes(ranges.boundaryMinute)),
            x: 16, y: 24, size: 16, className: "label", bold: true, maxWidth: width - 32)
        canvas.text(language.timesIn(context.zone), x: 16, y: 42, size: 11, className: "muted")
        if chartEnd > periodEnd {
            canvas.rect(
                x: left, y: y(periodEnd), width: chartWidth, height: y(chartEnd) - y(periodEnd),
                className: "dim")
        }
        for offset in stride(from: 0, through: chartEnd - ranges.boundaryMinute, by: step) {
            let minute = ranges.boundaryMinute + offset
            canvas.line(
                x1: left, y1: y(minute), x2: left + chartWidth, y2: y(minute),
                className: minute == periodEnd && chartEnd > periodEnd ? "outside" : "grid")
            guard minute < chartEnd else { continue }
            let label =
                ranges.period == .day
                ? ClockText.hoursAndMinutes(minute % 1_440)
                : language.weekdayAbbreviation(ranges.firstWeekday.advanced(by: offset / 1_440))
            canvas.text(
                label, x: left - 6, y: y(minute) + 4, size: 10, className: "muted", anchor: "end")
        }
        for (index, period) in ranges.periods.enumerated() {
            let x = left + Double(index) * columnWidth + 3
            let laneWidth = (columnWidth - 6) / Double(max(1, period.lanes))
            for entry in period.ranges {
                let start = y(entry.startMinute)
                let end = min(y(entry.endMinute), y(chartEnd))
                SVGEventBlock.draw(
                    entry.event, in: &canvas, x: x + Double(entry.lane) * laneWidth + 1, y: start,
                    width: laneWidth - 2, height: max(3, end - start), lines: [], context: context,
                    pointedDown: entry.endMinute > chartEnd)
            }
            canvas.text(
                language.shortDate(period.date), x: x + columnWidth / 2 + 1,
                y: top + chartHeight + 8, size: 10, className: "muted", anchor: "end", rotate: -60)
        }
        SVGLegend.draw(context, in: &canvas)
        return canvas
    }
}
