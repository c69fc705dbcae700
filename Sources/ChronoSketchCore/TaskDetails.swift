/// The kind of component an occurrence comes from: a VEVENT, a VTODO or a VJOURNAL (RFC 5545
/// §3.6.1–§3.6.3).
public enum ComponentKind: String, Sendable, Hashable, Codable, CaseIterable {
    case event = "VEVENT"
    case todo = "VTODO"
    case journal = "VJOURNAL"

    /// The kind a component name gives (`VTODO`), in any case; nil for any other name.
    public init?(componentName name: String) {
        self.init(name: name.uppercased())
    }

    /// The kind a component name as the reader gives it (upper-case) names; nil for any
    /// other. Three comparisons, where `init(rawValue:)` searches a table.
    public init?(name: String) {
        switch name {
        case "VEVENT": self = .event
        case "VTODO": self = .todo
        case "VJOURNAL": self = .journal
        default: return nil
        }
    }

    /// The STATUS values RFC 5545 §3.8.1.11 gives the component.
    public var statuses: [String] {
        switch self {
        case .event: ["TENTATIVE", "CONFIRMED", "CANCELLED"]
        case .todo: ["NEEDS-ACTION", "COMPLETED", "IN-PROCESS", "CANCELLED"]
        case .journal: ["DRAFT", "FINAL", "CANCELLED"]
        }
    }
}

/// What a VTODO or a VJOURNAL says beyond what an event says (RFC 5545 §3.6.2, §3.6.3).
public struct TaskDetails: Sendable, Hashable {
    /// Where an occurrence's DUE lies in its interval.
    public enum Due: UInt8, Sendable, Hashable {
        /// It has none.
        case none
        /// At its start: a VTODO with DUE and no DTSTART starts when it is due.
        case atStart
        /// At its end: a VTODO with DTSTART and DUE ends when it is due.
        case atEnd
    }

    /// Where the DUE is; ``Due/none`` for a VJOURNAL and for a VTODO without one.
    public var due: Due
    /// COMPLETED, in seconds since the epoch (a UTC time, RFC 5545 §3.8.2.1).
    public var completed: Int?
    /// PERCENT-COMPLETE, 0 to 100 (RFC 5545 §3.8.1.8); nil when missing or out of range.
    public var percentComplete: Int?
    /// PRIORITY, 1 (highest) to 9 (lowest); nil when missing, out of range, or 0, which
    /// RFC 5545 §3.8.1.9 calls undefined.
    public var priority: Int?
    /// STATUS, upper-cased: NEEDS-ACTION, COMPLETED, IN-PROCESS or CANCELLED for a VTODO,
    /// DRAFT, FINAL or CANCELLED for a VJOURNAL (RFC 5545 §3.8.1.11).
    public var status: String?

    /// Details as given.
    public init(
        due: Due = .none, completed: Int? = nil, percentComplete: Int? = nil,
        priority: Int? = nil, status: String? = nil
    ) {
        self.due = due
        self.completed = completed
        self.percentComplete = percentComplete
        self.priority = priority
        self.status = status
    }
}

/// A VTODO with neither DTSTART nor DUE: nothing places it in time, so it has no
/// occurrence, but a task list shows it (RFC 5545 §3.6.2 lets a to-do have no date).
public struct UndatedTask: Sendable, Hashable {
    /// The UID as written; nil without one.
    public var uid: String?
    public var title: String
    public var location: String?
    public var description: String?
    public var categories: [String]
    public var url: String?
    public var organizer: Participant?
    public var attendees: [Participant]
    /// The name of the calendar it came from (``CalendarEvent/calendar``).
    public var calendar: String?
    /// Where its `BEGIN:VTODO` is.
    public var source: SourceLocation
    /// Its status, completion and priority; its ``TaskDetails/due`` is always `.none`.
    public var details: TaskDetails

    /// A task as given.
    public init(
        uid: String?, title: String, location: String? = nil, description: String? = nil,
        categories: [String] = [], url: String? = nil, organizer: Participant? = nil,
        attendees: [Participant] = [], calendar: String? = nil, source: SourceLocation,
        details: TaskDetails
    ) {
        self.uid = uid
        self.title = title
        self.location = location
        self.description = description
        self.categories = categories
        self.url = url
        self.organizer = organizer
        self.attendees = attendees
        self.calendar = calendar
        self.source = source
        self.details = details
    }
}

extension TaskDetails {
    /// Whether the task is done: STATUS COMPLETED or CANCELLED, or a COMPLETED time given
    /// (as todoman and most task lists read it); a VJOURNAL's CANCELLED too.
    public var isDone: Bool {
        completed != nil || status == "COMPLETED" || status == "CANCELLED"
    }
}
