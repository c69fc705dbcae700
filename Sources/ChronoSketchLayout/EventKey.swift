import ChronoSketchCore

/// What an event is filed under: the rows of a timeline and their groups, or the resources
/// conflicts are found per.
public enum EventKey: String, Sendable, Hashable, CaseIterable {
    /// Each person at the event: its ATTENDEE addresses and its ORGANIZER's (Outlook leaves
    /// the organizer out of ATTENDEE), but those whose PARTSTAT is DECLINED or DELEGATED; compared
    /// without case, each once, labelled with its CN when there is one.
    case attendee
    /// The same people as ``attendee``: organizer and attendees together, under the name
    /// that says so.
    case person
    /// The ORGANIZER address.
    case organizer
    /// The LOCATION text.
    case location
    /// Each RESOURCES value.
    case resource
    /// Each CATEGORIES value.
    case category
    /// The STATUS.
    case status
    /// The file the event came from.
    case file

    /// The keys of `event` with their labels; empty when the event has none. Texts compare
    /// trimmed and without case (`Room A` and ` room a` are one room), labelled as written.
    func values(of event: CalendarEvent) -> [(key: String, label: String)] {
        func texts(_ values: [String]) -> [(key: String, label: String)] {
            values.map { $0.trimmingSpaces }.filter { !$0.isEmpty }.map { ($0.lowercased(), $0) }
        }
        func people(_ participants: [Participant]) -> [(key: String, label: String)] {
            participants.filter { !$0.address.isEmpty }.map { participant in
                let name = participant.name?.trimmingSpaces ?? ""
                return (participant.address.lowercased(), name.isEmpty ? participant.address : name)
            }
        }
        switch self {
        case .attendee, .person:
            var seen: Set<String> = []
            let present = (event.attendees + [event.organizer].compactMap { $0 }).filter {
                $0.status?.uppercased() != "DECLINED" && $0.status?.uppercased() != "DELEGATED"
            }
            return people(present).filter { seen.insert($0.key).inserted }
        case .organizer: return people(event.organizer.map { [$0] } ?? [])
        case .location: return texts(event.location.map { [$0] } ?? [])
        case .resource: return texts(event.resources)
        case .category: return texts(event.categories)
        case .status: return texts(event.status.map { [$0.rawValue] } ?? [])
        case .file: return [(event.source.file, event.source.file)]
        }
    }

    /// Whether the values are people's addresses (and labelled by address).
    var namesPeople: Bool { self == .attendee || self == .person || self == .organizer }

    /// Whether `event` has a value of this key.
    public func hasValue(in event: CalendarEvent) -> Bool {
        !values(of: event).isEmpty
    }
}

extension CalendarEvent {
    /// The event as conflicts, availability and free/busy read it: its times, status,
    /// transparency, title, location and source, and of its people, categories and resources
    /// only what `key` files it under. A report over millions of occurrences then holds a few
    /// hundred bytes for each rather than every description and attendee list.
    /// People are kept too with `keepingPeople`, for a policy that reads their answers.
    public func busyTime(filedBy key: EventKey?, keepingPeople: Bool = false) -> CalendarEvent {
        trimmed(
            keepingPeople: keepingPeople || key?.namesPeople == true,
            categories: key == .category,
            resources: key == .resource)
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let characters = Substring(self).drop { $0.isWhitespace }
        return String(characters.reversed().drop { $0.isWhitespace }.reversed())
    }
}
