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
