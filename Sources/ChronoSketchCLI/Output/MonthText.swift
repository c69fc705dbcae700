import ChronoSketchCore
import ChronoSketchLayout

/// A month as the familiar six-row calendar with the number of events on each day, then the
/// agenda of the month's occupied days.
///
/// ```
/// September 2026 · Times in Europe/Berlin
///
///     Mon     Tue     Wed     Thu     Fri     Sat     Sun
///    (31)     1 ●2     2       3       4 ●1    5       6
/// ```
/// Days of the neighbouring months are in parentheses.
enum MonthText {
    /// The widest a day cell is; narrower when seven do not fit the width.
    static let widestCell = 8

    static func format(_ layout: MonthLayout, _ context: ViewContext) -> String {
        let language = context.language
        let cellWidth = min(widestCell, context.width / 7)
        var text = TextLines.joined(
            ["\(language.monthName(layout.month)) \(layout.year)", language.timesIn(context.zone)],
            width: context.width)
        text += "\n"
        let names = layout.days.prefix(7).map { language.weekdayAbbreviation($0.date.weekday) }
        text +=
            names.map { $0.padded(left: 4).fitted(to: cellWidth) }
            .joined().trimmingTrailingSpaces() + "\n"
        for week in 0..<6 {
            let cells = layout.days[(week * 7)..<(week * 7 + 7)].map { day in
                let number = day.inMonth ? " \(day.date.day)" : "(\(day.date.day))"
                let count = day.count > 0 ? (cellWidth >= 8 ? " ●\(day.count)" : "●") : ""
                return (number.padded(left: 4) + count).fitted(to: cellWidth)
            }
            text += cells.joined().trimmingTrailingSpaces() + "\n"
        }
        guard !layout.agenda.isEmpty else { return text + "\n" + language.noEvents + "\n" }
        let rows = layout.agenda.flatMap { day in
            day.events.enumerated().map { index, event in
                (
                    date: index == 0 ? language.shortDate(day.date) : "",
                    time: AgendaFormatter.timeLabel(event.interval, language),
                    what: AgendaFormatter.describe(event, language)
                )
            }
        }
        let dateWidth = (rows.map(\.date.displayWidth).max() ?? 0) + 2
        let timeWidth = (rows.map(\.time.displayWidth).max() ?? 0) + 2
        text += "\n"
        for row in rows {
            let line = row.date.fitted(to: dateWidth) + row.time.fitted(to: timeWidth) + row.what
            text += line.truncated(toWidth: context.width) + "\n"
        }
        return text
    }
}
