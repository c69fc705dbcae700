import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// A VEVENT (or VTODO, or VJOURNAL) to be built (``ComponentBuilder``) from an imported record
/// (JSON, NDJSON or CSV).
struct EventDraft: Sendable {
    /// The component the record's `component` names; a VEVENT when it names none.
    var component = ComponentKind.event
    var uid: String
    var recurrenceId: OriginalTime?
    /// RECURRENCE-ID's RANGE: `THISANDFUTURE` or nil (RFC 5545 §3.2.13).
    var recurrenceRange: String?
    var start: OriginalTime
    var end: OriginalTime?
    var title: String
    var description: String?
    var location: String?
    var url: String?
    var color: String?
    var status: EventStatus?
    var transparency: Transparency = .opaque
    var categories: [String] = []
    var resources: [String] = []
    var organizer: Participant?
    var attendees: [Participant] = []
    var sequence = 0
    /// DURATION, written instead of DTEND.
    var duration: CalendarDuration?
    var rule: RecurrenceRule?
    var recurrenceDates: [DateEntry] = []
    var exceptionDates: [OriginalTime] = []
    /// A VTODO's DUE, COMPLETED (UTC), PERCENT-COMPLETE and PRIORITY, and the STATUS of a
    /// VTODO or a VJOURNAL.
    var due: OriginalTime?
    var completed: LocalDateTime?
    var percentComplete: Int?
    var priority: Int?
    var taskStatus: String?
    /// Whether it is a VTODO with neither DTSTART nor DUE (its ``start`` then stands for none).
    var isUndated = false
    /// Its VALARMs (a series record's `alarms`).
    var alarms: [Alarm] = []

    /// One value of an RDATE: a date or date-time, or a period from one.
    enum DateEntry: Sendable {
        case time(OriginalTime)
        case period(OriginalTime, end: OriginalTime?, duration: CalendarDuration?)

        var start: OriginalTime {
            switch self {
            case .time(let time), .period(let time, _, _): time
            }
        }
    }

    /// The wall-clock seconds (read as UTC) the event's times reach, from its first to its
    /// last: start, end, recurrence id, RDATEs, EXDATEs and its rule's UNTIL, or what its
    /// COUNT can reach (at most two centuries); ten years past the start for a rule without an
    /// end.
    var reach: ClosedRange<Int> {
        var times = ([start, end, recurrenceId] + recurrenceDates.map(\.start) + exceptionDates)
            .compactMap { $0?.wallClock.secondsSinceEpoch }
        let first = start.wallClock.secondsSinceEpoch
        if let rule {
            if let until = rule.until {
                times.append(until.wallClock.secondsSinceEpoch)
            } else {
                let step: Int =
                    switch rule.frequency {
                    case .yearly: 366 * 86_400
                    case .monthly: 31 * 86_400
                    case .weekly: 7 * 86_400
                    case .daily: 86_400
                    case .hourly: 3_600
                    case .minutely: 60
                    case .secondly: 1
                    }
                let (span, overflow) = (rule.count ?? 0).multipliedReportingOverflow(
                    by: step * rule.interval)
                let years = 366 * 86_400
                times.append(
                    first + (rule.count == nil || overflow ? 10 * years : min(span, 200 * years)))
            }
        }
        return (times.min() ?? first)...(times.max() ?? first)
    }

    /// The IANA zones the times name.
    var zoneNames: [String] {
        ([start, end, recurrenceId] + recurrenceDates.map(\.start) + exceptionDates).compactMap {
            time in
            if case .zoned(_, let tzid)? = time { return tzid }
            return nil
        }
    }
}

extension EventDraft {
    /// How long from `start` to `end`, two times of one kind on one clock: whole days between
    /// dates, seconds between date-times; nil when they are of different kinds or zones.
    static func length(from start: OriginalTime, to end: OriginalTime) -> CalendarDuration? {
        switch (start, end) {
        case (.date(let first), .date(let last)):
            return CalendarDuration(days: first.days(to: last))
        case (.utc(let first), .utc(let last)), (.floating(let first), .floating(let last)):
            return CalendarDuration(seconds: last.secondsSinceEpoch - first.secondsSinceEpoch)
        case (.zoned(let first, let zone), .zoned(let last, let other)) where zone == other:
            return CalendarDuration(seconds: last.secondsSinceEpoch - first.secondsSinceEpoch)
        default:
            return nil
        }
    }
}
