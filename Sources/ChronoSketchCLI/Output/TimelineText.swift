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
    /// The label column's share of the width, between these bounds.
    static let labelWidths = 10...20

    static func format(_ layout: TimelineLayout, _ context: ViewContext) -> String {
        let language = context.language
        let labelWidth = min(labelWidths.upperBound, max(labelWidths.lowerBound, context.width / 5))
        let chartWidth = max(1, context.width - labelWidth)
        let window = layout.window
        let lastDay = (try? window.start.adding(days: window.days - 1)) ?? window.start
        var heading = [
            "\(window.start) – \(lastDay)",
            language.rowsBy(language.keyName(layout.rowKey)),
        ]
        if let group = layout.groupKey {
            heading.append(language.groupedBy(language.keyName(group)))
        }
        heading.append(language.timesIn(context.zone))
        var text = TextLines.joined(heading, width: context.width) + "\n"
        let total = window.minutes
        func position(_ minute: Int) -> Int { minute * chartWidth / max(1, total) }

        var axis = TextCanvas(width: labelWidth + chartWidth, height: 2)
        var nextFree = 0
        for period in layout.periods where position(period.startMinute) >= nextFree {
            axis.put(period.key, row: 0, column: labelWidth + position(period.startMinute))
            nextFree = position(period.startMinute) + period.key.displayWidth + 1
        }
        // Every `every`-th column is labelled, regularly, dates first and times where they
        // leave room; `every` divides a day's columns when it can, so dates stay labelled.
        let labels = layout.columns.map { columnLabel($0, scale: window.scale, language: language) }
        let widest = labels.map(\.displayWidth).max() ?? 1
        let pitch = Double(chartWidth) / Double(max(1, layout.columns.count))
        var every = max(1, Int((Double(widest + 1) / pitch).rounded(.up)))
        let dateIndexes = layout.columns.indices.filter {
            layout.columns[$0].start.secondOfDay == 0
        }
        if dateIndexes.count >= 2 {
            let perDay = dateIndexes[1] - dateIndexes[0]
            every =
                every <= perDay
                ? (every...perDay).first { perDay % $0 == 0 } ?? perDay
                : (every + perDay - 1) / perDay * perDay
        }
        let phase = dateIndexes.first ?? 0
        var taken = Array(repeating: false, count: chartWidth + 1)
        for dates in [true, false] {
            for (index, column) in layout.columns.enumerated()
            where (column.start.secondOfDay == 0) == dates && (index - phase) % every == 0 {
                let at = position(column.offsetSeconds / 60)
                let end = at + labels[index].displayWidth
                guard end <= chartWidth,
                    !taken[max(0, at - 1)...min(chartWidth, end)].contains(true)
                else { continue }
                for cell in at..<end { taken[cell] = true }
                axis.put(labels[index], row: 1, column: labelWidth + at)
            }
        }
        text += axis.text

        let notes = layout.rows.flatMap { row in
            row.bars.map { bar in
                let time = AgendaFormatter.timeLabel(bar.event.interval, language)
                let day =
                    bar.event.interval.isAllDay
                    ? "" : language.shortDate(bar.event.interval.start.date) + " "
                return day + time
            }
        }
        let noteWidth = min(context.width / 2, notes.map(\.displayWidth).max() ?? 0)
        var group: String?? = .none
        for row in layout.rows {
            if layout.groupKey != nil, group != .some(row.group) {
                text +=
                    "\n"
                    + (row.group.map { language.label($0, of: layout.groupKey) } ?? language.noValue)
                    .truncated(toWidth: context.width)
                text += "\n"
                group = .some(row.group)
            }
            var canvas = TextCanvas(width: labelWidth + chartWidth, height: row.lanes)
            let label =
                row.key == nil ? language.noValue : language.label(row.label, of: layout.rowKey)
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
                let line =
                    "  " + (day + time).fitted(to: noteWidth) + "  "
                    + AgendaFormatter.describe(bar.event, language)
                text += line.truncated(toWidth: context.width) + "\n"
            }
        }
        if layout.rows.isEmpty { text += "\n" + language.noEvents + "\n" }
        return text
    }

    private static func columnLabel(
        _ column: TimelineColumn, scale: TimelineScale, language: Language
    ) -> String {
        switch scale {
        case .hour: ClockText.hoursAndMinutes(column.start.secondOfDay / 60)
        case .day, .week:
            column.start.secondOfDay == 0
                ? language.dayAndMonth(column.start.date)
                : ClockText.hoursAndMinutes(column.start.secondOfDay / 60)
        }
    }
}
