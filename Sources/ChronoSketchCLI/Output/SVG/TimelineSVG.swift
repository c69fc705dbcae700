import ChronoSketchCore
import ChronoSketchLayout

/// A timeline as a picture: resource rows with their labels, a period row and a column row
/// above the chart, and the bars in their lanes, pointed where the window cuts them.
enum TimelineSVG {
    static let left = 16.0
    static let labelWidth = 180.0
    static let laneHeight = 22.0

    static func render(_ timeline: TimelineLayout, _ context: ViewContext) -> SVGCanvas {
        let language = context.language
        let columns = max(1, timeline.columns.count)
        let columnWidth = min(80, max(14, 900 / Double(columns)))
        let chartLeft = left + labelWidth
        let chartWidth = Double(columns) * columnWidth
        let total = Double(max(1, timeline.window.minutes))
        func x(_ minute: Double) -> Double { chartLeft + minute / total * chartWidth }
        let headerTop = 44.0
        let rowsTop = headerTop + 46
        var height = rowsTop
        var lastGroup: String?? = .none
        for row in timeline.rows {
            if timeline.groupKey != nil, lastGroup != .some(row.group) {
                height += 24
                lastGroup = .some(row.group)
            }
            height += Double(row.lanes) * laneHeight + 8
        }
        var canvas = SVGCanvas(width: chartLeft + chartWidth + 16, height: height + 16)
        let window = timeline.window
        let lastDay = (try? window.start.adding(days: window.days - 1)) ?? window.start
        canvas.text(
            "\(window.start) – \(lastDay) · \(language.rowsBy(language.keyName(timeline.rowKey)))",
            x: left, y: 28, size: 16, className: "label", bold: true)
        canvas.text(
            language.timesIn(context.zone), x: chartLeft + chartWidth, y: 28, size: 11,
            className: "muted", anchor: "end")
        for period in timeline.periods {
            let start = x(Double(period.startMinute))
            canvas.line(x1: start, y1: headerTop, x2: start, y2: height, className: "rule")
            canvas.text(
                period.key, x: start + 4, y: headerTop + 14, size: 11, className: "label",
                bold: true, maxWidth: x(Double(period.endMinute)) - start - 6)
        }
        let every = max(1, Int((36 / columnWidth).rounded(.up)))
        for (index, column) in timeline.columns.enumerated() {
            let start = x(Double(column.offsetSeconds) / 60)
            canvas.line(x1: start, y1: headerTop + 22, x2: start, y2: height, className: "grid")
            guard index % every == 0 else { continue }
            canvas.text(
                columnLabel(column, window.scale, language), x: start + 3, y: headerTop + 36,
                size: 10,
                className: "muted", maxWidth: columnWidth * Double(every) - 4)
        }
        var y = rowsTop
        lastGroup = .none
        for row in timeline.rows {
            if timeline.groupKey != nil, lastGroup != .some(row.group) {
                canvas.text(
                    row.group.map { language.label($0, of: timeline.groupKey) } ?? language.noValue,
                    x: left, y: y + 16, size: 12,
                    className: "label", bold: true, maxWidth: labelWidth - 8)
                y += 24
                lastGroup = .some(row.group)
            }
            canvas.line(x1: left, y1: y, x2: chartLeft + chartWidth, y2: y, className: "grid")
            canvas.text(
                row.key == nil ? language.noValue : language.label(row.label, of: timeline.rowKey),
                x: left + 4, y: y + 17, size: 11,
                className: "label", maxWidth: labelWidth - 10)
            for bar in row.bars {
                let start = x(Double(bar.startMinute))
                let width = max(4, x(Double(bar.endMinute)) - start)
                SVGEventBlock.draw(
                    bar.event, in: &canvas, x: start, y: y + 4 + Double(bar.lane) * laneHeight,
                    width: width, height: laneHeight - 4,
                    lines: [SVGEventBlock.title(bar.event, language)], context: context,
                    pointedLeft: bar.clippedStart, pointedRight: bar.clippedEnd)
            }
            y += Double(row.lanes) * laneHeight + 8
        }
        canvas.line(x1: left, y1: y, x2: chartLeft + chartWidth, y2: y, className: "grid")
        SVGLegend.draw(context, in: &canvas)
        return canvas
    }

    private static func columnLabel(
        _ column: TimelineColumn, _ scale: TimelineScale, _ language: Language
    ) -> String {
        let start = column.start
        if scale == .hour || start.secondOfDay != 0 { return start.timeText }
        return language.dayAndMonth(start.date)
    }
}
