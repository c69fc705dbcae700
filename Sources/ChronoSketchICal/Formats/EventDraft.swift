import ChronoSketchCore

/// A time of a new event, written the way it will appear in the `.ics`.
enum DraftTime: Sendable, Hashable {
    case date(CivilDate)
    case floating(LocalDateTime)
    case utc(LocalDateTime)
    /// A wall-clock time with a TZID (an IANA name, for which a VTIMEZONE is written).
    case zoned(LocalDateTime, tzid: String)

    /// The time in a SPEC text form, with `Z` or the TZID.
    var text: String {
        switch self {
        case .date(let date): date.description
        case .floating(let time): time.description
        case .utc(let time): time.description + "Z"
        case .zoned(let time, let tzid): time.description + " " + tzid
        }
    }
}

/// A VEVENT to be built (``ComponentBuilder``) from an imported record (JSON, NDJSON or CSV).
struct EventDraft: Sendable {
    var uid: String
    var recurrenceId: DraftTime?
    var start: DraftTime
    var end: DraftTime?
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

    /// The IANA zones the times name.
    var zoneNames: [String] {
        [start, end, recurrenceId].compactMap { time in
            if case .zoned(_, let tzid)? = time { return tzid }
            return nil
        }
    }
}
