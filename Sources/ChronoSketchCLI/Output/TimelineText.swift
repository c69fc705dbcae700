import ChronoSketchCore
import ChronoSketchLayout

/// A timeline as a text Gantt chart: one line per lane of each row, the window across, and
/// under each row its events with their times.
///
/// ```
/// 2026-09-08 – 2026-09-08 · rows by attendee · Times in Europe/Berlin
///
///                     2026-09-08
///                     00    03    06    09    12    15    18    21
/// ana@example.com     ··························███▓▓▓▓▓··················
///                       09:00–10:00  Planning
/// ```
enum TimelineText {
    static let chartWidth = 72
    static let labelWidth = 20

    static func format(_ layout: TimelineLayout, zone: String, language: Language) -> String {
        let window = layout.window
        let lastDay = (try? window.start.adding(days: window.days - 1)) ?? window.start
        var text = "\(window.start) – \(lastDay) · \(language.rowsBy(layout.rowKey.rawValue))"
        if let group = layout.groupKey { text += " · \(language.groupedBy(group.rawValue))" }
        text += " · \(language.timesIn(zone))\n\n"
        let total = window.minutes
        func position(_ minute: Int) -> Int { minute * chartWidth / max(1, total) }

        var axis = TextCanvas(width: labelWidth + chartWidth, height: 2)
        var nextFree = 0
        for period in layout.periods where position(period.startMinute) >= nextFree {
            axis.put(period.key, row: 0, column: labelWidth + position(period.startMinute))
            nextFree = position(period.startMinute) + period.key.count + 1
        }
        nextFree = 0
        for column in layout.columns {
            let at = position(column.offsetSeconds / 60)
            let label = columnLabel(column, scale: window.scale)
            guard at >= nextFree, at + label.count <= chartWidth else { continue }
            axis.put(label, row: 1, column: labelWidth + at)
            nextFree = at + label.count + 1
        }
        text += axis.text

        var group: String?? = .none
        for row in layout.rows {
            if layout.groupKey != nil, group != .some(row.group) {
                text += "\n" + (row.group ?? language.noValue) + "\n"
                group = .some(row.group)
            }
            var canvas = TextCanvas(width: labelWidth + chartWidth, height: row.lanes)
            let label = row.key == nil ? language.noValue : row.label
            canvas.put(label.fitted(to: labelWidth - 1), row: 0, column: 0)
            for lane in 0..<row.lanes {
                canvas.fill("·", row: lane, from: labelWidth, to: labelWidth + chartWidth)
            }
            for (index, bar) in row.bars.enumerated() {
                let from = position(bar.startMinute)
                let to = max(from + 1, (bar.endMinute * chartWidth + total - 1) / max(1, total))
                let mark: Character = index.isMultiple(of: 2) ? "█" : "▓"
                canvas.fill(mark, row: bar.lane, from: labelWidth + from, to: labelWidth + to)
            }
            text += canvas.text
            for bar in row.bars {
                let time = AgendaFormatter.timeLabel(bar.event.interval, language)
                let day =
                    bar.event.interval.isAllDay
                    ? "" : language.shortDate(bar.event.interval.start.date) + " "
                text += "  " + (day + time).fitted(to: labelWidth + 4) + "  "
                text += AgendaFormatter.describe(bar.event, language) + "\n"
            }
        }
        if layout.rows.isEmpty { text += "\n" + language.noEvents + "\n" }
        return text
    }

    private static func columnLabel(_ column: TimelineColumn, scale: TimelineScale) -> String {
        switch scale {
        case .hour: ClockText.hoursAndMinutes(column.start.secondOfDay / 60)
        case .day, .week:
            column.start.secondOfDay == 0
                ? "\(column.start.date.day).\(column.start.date.month)."
                : ClockText.hoursAndMinutes(column.start.secondOfDay / 60)
        }
    }
}
