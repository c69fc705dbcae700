import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// A VEVENT to be built (``ComponentBuilder``) from an imported record (JSON, NDJSON or CSV).
struct EventDraft: Sendable {
    var uid: String
    var recurrenceId: OriginalTime?
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

    /// The IANA zones the times name.
    var zoneNames: [String] {
        ([start, end, recurrenceId] + recurrenceDates.map(\.start) + exceptionDates).compactMap {
            time in
            if case .zoned(_, let tzid)? = time { return tzid }
            return nil
        }
    }
}
