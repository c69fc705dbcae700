import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats

/// The text agenda of `ics events`: each day lists the events that touch it, in the window
/// when there is one.
///
/// An event of several days is on each of them: on its first with its whole time, on the
/// others as continuing (`…–02:00` on its last day, `all day` between).
///
/// ```
/// Times in Europe/Berlin
///
/// Tuesday 8 September 2026
///   all day        Company holiday (until Wed 9 Sep)
///   09:00–10:30    Design review · Room 4.1
///   22:00–02:00+1  Night shift
///
/// Wednesday 9 September 2026
///   all day        Company holiday (continues, last day)
///   …–02:00        Night shift (continues)
/// ```
enum AgendaFormatter {
    /// The days listed at most for one event beyond its first and last, without a window.
    private static let continuationDays = 366

    /// - Parameters:
    ///   - days: the first day listed and the day after the last, when the listing has a
    ///     window.
    ///   - tagsCalendars: whether each event says its calendar, as `[work]`, because the
    ///     inputs hold several; events of several calendars say it anyway.
    ///   - declined: whether the reader declined an event, which then says so.
    ///   - tasksAtDue: whether a task is on the day it is due, at its DUE (`agenda --todos`),
    ///     rather than over its interval.
    static func format(
        _ events: some Collection<CalendarEvent>, zone: String, language: Language,
        days window: Range<CivilDate>? = nil, tagsCalendars: Bool = false,
        tasksAtDue: Bool = false, declined: (CalendarEvent) -> Bool = { _ in false }
    ) -> String {
        var text = language.timesIn(zone) + "\n"
        var byDay: [CivilDate: [Row]] = [:]
        let tagged = tagsCalendars || Set(events.compactMap(\.calendar)).count > 1
        for event in events {
            if tasksAtDue, event.component == .todo {
                guard var row = taskRow(event, language), let due = row.day,
                    window?.contains(due) ?? true
                else { continue }
                if tagged, let calendar = event.calendar {
                    row.description += " [\(calendar.replacingNewlines())]"
                }
                byDay[due, default: []].append(row)
                continue
            }
            let (first, last) = coveredDays(event.interval)
            var day = window.map { max(first, $0.lowerBound) } ?? first
            let end =
                window.map { min(last, (try? $0.upperBound.adding(days: -1)) ?? last) } ?? last
            while day <= end {
                // Without a window a long event is listed on its first and last days only.
                if window == nil, day != first, first.days(to: day) > continuationDays,
                    day != last
                {
                    day = last
                    continue
                }
                var row = Row(entry(event, on: day, first: first, last: last, language))
                if day == first, case .timed(let start, _) = event.interval {
                    row.minute = start.minuteOfDay
                }
                if declined(event) { row.description += " [\(language.declinedWord)]" }
                if tagged, let calendar = event.calendar {
                    row.description += " [\(calendar.replacingNewlines())]"
                }
                byDay[day, default: []].append(row)
                guard let next = try? day.adding(days: 1) else { break }
                day = next
            }
        }
        guard !byDay.isEmpty else {
            return text + "\n" + (window.map(language.noEvents(in:)) ?? language.noEvents) + "\n"
        }
        let width = (byDay.values.flatMap { $0.map(\.time.count) }.max() ?? 0) + 2
        for day in byDay.keys.sorted() {
            text += "\n" + language.longDate(day) + "\n"
            // Stable: events keep their order, a task goes in at its DUE.
            let rows = (byDay[day] ?? []).enumerated().sorted {
                ($0.element.minute, $0.offset) < ($1.element.minute, $1.offset)
            }.map(\.element)
            for row in rows {
                text += "  " + row.time + String(repeating: " ", count: width - row.time.count)
                text += row.description + "\n"
            }
        }
        return text
    }

    /// One line of a day: its time, what it says, and where it goes among the day's lines
    /// (all-day and continuing lines first, then by minute).
    private struct Row {
        var time: String
        var description: String
        var minute = -1
        /// The day a task's line is on (its DUE's).
        var day: CivilDate?

        init(_ entry: (time: String, description: String)) {
            time = entry.time
            description = entry.description
        }
    }

    /// A task's line on the day it is due: `due 17:00` (or `due` for a DATE), `[ ]` or `[x]`
    /// and its title; nil without DUE.
    private static func taskRow(_ task: CalendarEvent, _ language: Language) -> Row? {
        guard let due = TaskEntry.occurrence(task).due else { return nil }
        let mark = task.isDone ? "[x] " : "[ ] "
        var row = Row((language.dueWord, mark + describe(task, language)))
        row.day = due.date
        if case .time(let time) = due {
            row.time += " " + time.timeText
            row.minute = time.minuteOfDay
        }
        return row
    }

    /// The first and last day an interval touches (an end at 00:00 touches no more of its day).
    private static func coveredDays(_ interval: EventInterval) -> (CivilDate, CivilDate) {
        switch interval {
        case .allDay(let start, let end):
            return (start, max(start, (try? end.adding(days: -1)) ?? start))
        case .timed(let start, let end):
            guard end > start else { return (start.date, start.date) }
            let last =
                end.secondOfDay == 0 ? ((try? end.date.adding(days: -1)) ?? end.date) : end.date
            return (start.date, max(start.date, last))
        }
    }

    /// How an event shows on `day`: whole on its first day, continuing on the others.
    private static func entry(
        _ event: CalendarEvent, on day: CivilDate, first: CivilDate, last: CivilDate,
        _ language: Language
    ) -> (time: String, description: String) {
        if day == first { return (timeLabel(event.interval, language), describe(event, language)) }
        let continues = language.continuesWord
        switch event.interval {
        case .allDay:
            let note = day == last ? "\(continues), \(language.lastDayWords)" : continues
            return (language.allDayLabel, describe(event, language, note: note))
        case .timed(_, let end):
            if day == last {
                return ("…–" + end.timeText, describe(event, language, note: continues))
            }
            return (language.allDayLabel, describe(event, language, note: continues))
        }
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

    /// The title (or a placeholder), location, last day of a multi-day event (or `note`, on
    /// a day it continues) and status.
    static func describe(_ event: CalendarEvent, _ language: Language, note: String? = nil)
        -> String
    {
        var text = event.title.isEmpty ? language.noTitle : event.title.replacingNewlines()
        if let location = event.location { text += " · " + location.replacingNewlines() }
        if let note {
            text += " (\(note))"
        } else if case .allDay(let start, let end) = event.interval, start.days(to: end) > 1,
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
