import ChronoSketchCore
import ChronoSketchSyntax
import Foundation

/// Which occurrences a command looks at, by what they say: text, categories, status, UID and
/// people. Each kind of filter given must match (AND); several values of one kind match when
/// any does (OR). Text is compared without case, and ``texts`` without accents too (`cafe`
/// finds `Café`); an empty filter matches everything.
public struct EventFilter: Sendable, Hashable {
    /// Found in the title, location or description, case and accents aside (kept folded).
    public var texts: [String] = []
    /// Equal to one of the event's CATEGORIES.
    public var categories: [String] = []
    /// A STATUS (`CONFIRMED`, `NEEDS-ACTION`, …), `NONE` for one without STATUS, `OPEN` for
    /// one not done (``FilteredItem/isDone``), `DONE` for one done, or `ALL`.
    public var statuses: [String] = []
    /// The UID as written.
    public var uids: [String] = []
    /// An attendee's or the organizer's address, or part of their name (CN).
    public var people: [String] = []
    /// The name of the calendar it came from (``CalendarEvent/calendar``).
    public var calendars: [String] = []

    /// A filter from the values of each option; empty lists filter nothing.
    public init(
        texts: [String] = [], categories: [String] = [], statuses: [String] = [],
        uids: [String] = [], people: [String] = [], calendars: [String] = []
    ) {
        self.texts = texts.map(Self.folded)
        self.categories = categories.map { $0.lowercased() }
        self.statuses = statuses.map { $0.uppercased() }
        self.uids = uids
        self.people = people.map { Self.address($0.lowercased()) }
        self.calendars = calendars.map { $0.lowercased() }
    }

    /// Whether nothing is asked for.
    public var isEmpty: Bool {
        texts.isEmpty && categories.isEmpty && statuses.isEmpty && uids.isEmpty && people.isEmpty
            && calendars.isEmpty
    }

    /// Whether `event` passes every filter given.
    public func matches(_ event: some FilteredItem) -> Bool {
        if !texts.isEmpty {
            let fields = [event.title, event.location ?? "", event.description ?? ""].map(
                Self.folded)
            guard texts.contains(where: { text in fields.contains { $0.contains(text) } }) else {
                return false
            }
        }
        if !categories.isEmpty {
            let own = event.categories.map { $0.lowercased() }
            guard categories.contains(where: own.contains) else { return false }
        }
        if !statuses.isEmpty {
            let written = event.writtenStatus ?? "NONE"
            let done = event.isDone ? "DONE" : "OPEN"
            guard statuses.contains(where: { $0 == written || $0 == done || $0 == "ALL" }) else {
                return false
            }
        }
        if !uids.isEmpty {
            guard let uid = event.writtenUID, uids.contains(uid) else { return false }
        }
        if !calendars.isEmpty {
            guard let calendar = event.calendar?.lowercased(), calendars.contains(calendar)
            else { return false }
        }
        if !people.isEmpty {
            let participants = event.attendees + [event.organizer].compactMap { $0 }
            guard
                people.contains(where: { person in
                    participants.contains {
                        $0.address.lowercased() == person
                            || ($0.name?.lowercased().contains(person) ?? false)
                    }
                })
            else { return false }
        }
        return true
    }

    /// Text as ``texts`` compares it: without case or accents (`Ærø Café` as `ærø cafe`).
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// `mailto:alice@example.com` as `alice@example.com`.
    private static func address(_ text: String) -> String {
        text.hasPrefix("mailto:") ? String(text.dropFirst(7)) : text
    }
}

/// What a filter reads of an occurrence or of a task without one.
public protocol FilteredItem {
    var title: String { get }
    var location: String? { get }
    var description: String? { get }
    var categories: [String] { get }
    /// STATUS as written, upper-cased; nil when missing.
    var writtenStatus: String? { get }
    /// The UID as written; nil when missing.
    var writtenUID: String? { get }
    var calendar: String? { get }
    var attendees: [Participant] { get }
    var organizer: Participant? { get }
    /// Whether it is done: a cancelled event, a completed or cancelled task
    /// (``TaskDetails/isDone``), a cancelled journal.
    var isDone: Bool { get }
}

extension CalendarEvent: FilteredItem {
    public var isDone: Bool {
        component == .event ? status == .cancelled : task?.isDone ?? false
    }
}

extension UndatedTask: FilteredItem {
    public var writtenStatus: String? { details.status }
    public var writtenUID: String? { uid }
    public var isDone: Bool { details.isDone }
}
