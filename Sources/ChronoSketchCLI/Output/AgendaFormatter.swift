import ChronoSketchCore

/// The text agenda of `ics events`: events grouped under the date they start on.
///
/// ```
/// Times in Europe/Berlin
///
/// Tuesday 8 September 2026
///   all day        Company holiday (until Wednesday 9 September)
///   09:00–10:30    Design review · Room 4.1
///   22:00–02:00+1  Night shift
/// ```
enum AgendaFormatter {
    static func format(_ events: CalendarEvents, zone: String, language: Language) -> String {
        var text = language.timesIn(zone) + "\n"
        guard !events.isEmpty else { return text + "\n" + language.noEvents + "\n" }
        var currentDate: CivilDate?
        let rows = events.map { (event: $0, time: timeLabel($0.interval, language)) }
        let width = (rows.map { $0.time.count }.max() ?? 0) + 2
        for row in rows {
            let date = row.event.interval.start.date
            if date != currentDate {
                text += "\n" + language.longDate(date) + "\n"
                currentDate = date
            }
            text += "  " + row.time + String(repeating: " ", count: width - row.time.count)
            text += describe(row.event, language) + "\n"
        }
        return text
    }

    /// `09:00–10:30`, `22:00–02:00+1`, `all day`, or a start alone for an instant.
    static func timeLabel(_ interval: EventInterval, _ language: Language) -> String {
        switch interval {
        case .allDay:
            return language.allDayLabel
        case .timed(let start, let end):
            if start == end { return start.timeText }
            let days = start.date.days(to: end.date)
            if days == 0 || (days == 1 && end.secondOfDay == 0) {
                return "\(start.timeText)–\(days == 1 ? "24:00" : end.timeText)"
            }
            if days == 1 { return "\(start.timeText)–\(end.timeText)+1" }
            return "\(start.timeText)–\(language.shortDate(end.date)) \(end.timeText)"
        }
    }

    /// The title (or a placeholder), location, last day of a multi-day event and status.
    static func describe(_ event: CalendarEvent, _ language: Language) -> String {
        var text = event.title.isEmpty ? language.noTitle : event.title.replacingNewlines()
        if let location = event.location { text += " · " + location.replacingNewlines() }
        if case .allDay(let start, let end) = event.interval, start.days(to: end) > 1,
            let last = try? end.adding(days: -1)
        {
            text += " (\(language.untilWord) \(language.shortDate(last)))"
        }
        switch event.status {
        case .cancelled: text += " [\(language.cancelledWord)]"
        case .tentative: text += " [\(language.tentativeWord)]"
        default: break
        }
        return text
    }
}

extension String {
    /// Newlines and tabs as spaces, for one-line displays.
    func replacingNewlines() -> String {
        String(map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
