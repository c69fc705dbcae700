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

    /// The IANA zones the times name.
    var zoneNames: [String] {
        [start, end, recurrenceId].compactMap { time in
            if case .zoned(_, let tzid)? = time { return tzid }
            return nil
        }
    }
}
