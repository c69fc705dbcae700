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
    static let cellWidth = 8

    static func format(_ layout: MonthLayout, zone: String, language: Language) -> String {
        var text =
            "\(language.monthName(layout.month)) \(layout.year) · \(language.timesIn(zone))\n\n"
        let names = layout.days.prefix(7).map { language.weekdayAbbreviation($0.date.weekday) }
        text +=
            names.map {
                (String(repeating: " ", count: max(0, 4 - $0.count)) + $0).fitted(to: cellWidth)
            }
            .joined().trimmingTrailingSpaces() + "\n"
        for week in 0..<6 {
            let cells = layout.days[(week * 7)..<(week * 7 + 7)].map { day in
                let number = day.inMonth ? " \(day.date.day)" : "(\(day.date.day))"
                let padded = String(repeating: " ", count: max(0, 4 - number.count)) + number
                return (padded + (day.count > 0 ? " ●\(day.count)" : "")).fitted(to: cellWidth)
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
        let dateWidth = (rows.map(\.date.count).max() ?? 0) + 2
        let timeWidth = (rows.map(\.time.count).max() ?? 0) + 2
        text += "\n"
        for row in rows {
            text +=
                row.date.fitted(to: dateWidth) + row.time.fitted(to: timeWidth) + row.what + "\n"
        }
        return text
    }
}
