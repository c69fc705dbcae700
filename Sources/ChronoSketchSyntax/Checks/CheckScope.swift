import ChronoSketchCore

/// Which findings a reading command reports, and what it says it did about them.
public enum CheckScope: Sendable, Hashable {
    /// `events`, the layouts and the conflict commands: what changes the events they read —
    /// the VEVENT properties mapping uses, repeated ones, VEVENTs out of place.
    case events
    /// `convert`: every line it copies, each said to be kept as written unless the reader
    /// repaired it.
    case copy
    /// `validate` and `info`: every rule of RFC 5545 the checks know, on every component.
    case conformance

    /// The VEVENT properties whose problems change what `ics events` reports.
    private static let eventProperties = PropertySet([
        .uid, .dtstart, .dtend, .duration, .recurrenceID, .rrule, .rdate, .exdate, .exrule,
        .summary, .location, .description, .status, .transp, .categories, .organizer, .attendee,
        .resources, .url, .color, .sequence,
    ])

    /// Whether the problems of `property`'s line and value are reported in a component named
    /// `component`.
    func reports(_ property: ICalProperty, in component: String) -> Bool {
        switch self {
        case .events:
            component == "VEVENT" && property.known.map(Self.eventProperties.contains) == true
        case .copy, .conformance:
            true
        }
    }

    /// Whether the rules about a component's shape (repeated properties, earlier programs'
    /// errors) apply to a component named `component`.
    func reportsShape(of component: String) -> Bool {
        self != .events || component == "VEVENT"
    }

    /// What was done about a finding that does not say it itself: `copy` keeps every line as
    /// written, the other scopes say `otherwise`.
    func assumption(otherwise: String?) -> String? {
        self == .copy ? "kept as written" : otherwise
    }
}
