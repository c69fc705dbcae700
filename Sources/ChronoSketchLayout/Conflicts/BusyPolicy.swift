import ChronoSketchCore

/// Which events take up time, how, and how much around them (RFC 5545 §3.8.2.7 TRANSP,
/// §3.8.1.11 STATUS, §3.2.12 PARTSTAT).
///
/// Cancelled and transparent events are free; all-day events are busy unless ``allDayBusy``
/// is off; tentative ones are tentative, which is busy unless ``ignoresTentative``. An event
/// Outlook marks free, tentative or out of office (`X-MICROSOFT-CDO-BUSYSTATUS`) is so. When
/// the policy knows whose time it is (``attendance``), an event that person declined or
/// delegated is free and one they answered TENTATIVE is at most tentative; an event they
/// organize, or do not take part in, counts as it would for anyone. An instant occupies no
/// time and is never busy. A timed event's busy interval is its interval widened by the
/// buffers, which may cross midnight: 23:55–00:30 with a 10-minute buffer after is busy until
/// 00:40. Buffers do not widen all-day events, which already fill their days.
public struct BusyPolicy: Sendable, Hashable {
    /// Seconds of buffer before each timed event.
    public var bufferBefore: Int
    /// Seconds of buffer after each timed event.
    public var bufferAfter: Int
    /// Whether all-day events take up time.
    public var allDayBusy: Bool
    /// Whether tentative events are free.
    public var ignoresTentative: Bool
    /// Whose time it is; nil to read nobody's answers.
    public var attendance: Attendance?

    /// A policy from its buffers (negative ones read as 0) and rules.
    public init(
        bufferBefore: Int = 0, bufferAfter: Int = 0, allDayBusy: Bool = true,
        ignoresTentative: Bool = false, attendance: Attendance? = nil
    ) {
        self.bufferBefore = max(0, bufferBefore)
        self.bufferAfter = max(0, bufferAfter)
        self.allDayBusy = allDayBusy
        self.ignoresTentative = ignoresTentative
        self.attendance = attendance
    }

    /// How `event` takes up time under this policy.
    public func kind(of event: CalendarEvent) -> BusyKind {
        if event.interval.isInstant || (!allDayBusy && event.interval.isAllDay) {
            return .free
        }
        var kind = event.busyKind
        if let answer = attendance?.answer(to: event) { kind = min(kind, answer) }
        return kind == .tentative && ignoresTentative ? .free : kind
    }

    /// Whether `event` takes up time under this policy.
    public func isBusy(_ event: CalendarEvent) -> Bool {
        kind(of: event) != .free
    }

    /// The busy interval of `event` as positions on `line`, nil when it is free.
    public func busySpan(_ event: CalendarEvent, on line: TimeLine = .wallClock) -> Span? {
        guard isBusy(event) else { return nil }
        return widened(event, on: line)
    }

    /// The interval of `event` on `line` with the buffers of a timed event added.
    func widened(_ event: CalendarEvent, on line: TimeLine) -> Span {
        let raw = line.span(of: event)
        guard !event.interval.isAllDay else { return raw }
        return Span(start: raw.start - bufferBefore, end: raw.end + bufferAfter)
    }
}

/// Whose time is looked at: calendar addresses, each for every input or for one input file.
///
/// Addresses compare without case and without a `mailto:` scheme, as ``Participant/address``
/// holds them.
public struct Attendance: Sendable, Hashable {
    /// The people of every input.
    public private(set) var everywhere: Set<String> = []
    /// The people of one input file, by its name as events give it
    /// (``SourceLocation/file``).
    public private(set) var byFile: [String: Set<String>] = [:]

    /// Nobody yet.
    public init() {}

    /// Adds a person, for every input when `file` is nil.
    public mutating func add(_ address: String, file: String? = nil) {
        let key = Self.key(address)
        if let file { byFile[file, default: []].insert(key) } else { everywhere.insert(key) }
    }

    /// Every person named, in order of address.
    public var people: [String] {
        Array(byFile.values.reduce(everywhere) { $0.union($1) }).sorted()
    }

    /// An address as compared: without a `mailto:` scheme, lower-cased.
    public static func key(_ address: String) -> String {
        Participant.comparedAddress(address)
    }

    /// The events of each person, in the order given: from an input of theirs, or naming them
    /// as organizer or attendee, whatever they answered: of `people` when given
    /// (addresses as ``key(_:)`` gives them), else of every organizer and attendee of
    /// `events`, in order of address.
    /// - Complexity: O(n · p) for n events and p people named on each, one pass.
    ///
    /// Of an occurrence a person keeps in an input of their own, that copy alone is theirs
    /// (``OwnCopies``): their answer there decides.
    public func eventsByPerson(_ events: [CalendarEvent], of people: [String]? = nil) -> [(
        person: String, events: [CalendarEvent]
    )] {
        let wanted = people.map(Set.init)
        let own = OwnCopies(self, events: events)
        var found: [String: [CalendarEvent]] = [:]
        for event in events {
            var named: Set<String> = byFile[event.source.file] ?? []
            for person in [event.organizer].compactMap({ $0 }) + event.attendees
            where !person.address.isEmpty {
                named.insert(Self.key(person.address))
            }
            for person in named where wanted?.contains(person) ?? true {
                guard !own.standsIn(for: person, event) else { continue }
                found[person, default: []].append(event)
            }
        }
        return (people ?? found.keys.sorted()).map { ($0, found[$0] ?? []) }
    }

    /// Whether the people of `event`'s input declined or delegated it, every one named on it
    /// (``answer(to:)``).
    public func declined(_ event: CalendarEvent) -> Bool {
        answer(to: event) == .free
    }

    /// Whether `address` is one of the people of `event`'s input.
    func includes(_ address: String, for event: CalendarEvent) -> Bool {
        everywhere.contains(address) || byFile[event.source.file]?.contains(address) == true
    }

    /// The most time the people of `event`'s input give it by their answers: free when every
    /// one named on it declined or delegated it, tentative when the most any answered is
    /// TENTATIVE; nil, the event counting as it would for anyone, when one of them organizes
    /// it, accepted it or has not answered (NEEDS-ACTION), or none is named on it.
    /// - Complexity: O(min(p, a)) for p people of the input and a attendees of the event: the
    ///   fewer people are looked up among the attendees (``CalendarEvent/attendees(at:)``), or
    ///   the fewer attendees among the people.
    func answer(to event: CalendarEvent) -> BusyKind? {
        if let organizer = event.organizer, includes(Self.key(organizer.address), for: event) {
            return nil
        }
        var most: BusyKind?
        // Whatever the order the attendees are looked at in, one who gives the event its
        // time decides, and else the most any gives.
        func take(_ attendee: Participant) -> Bool {
            let given: BusyKind
            switch attendee.status?.uppercased() {
            case "DECLINED", "DELEGATED": given = .free
            case "TENTATIVE": given = .tentative
            default: return false
            }
            most = max(most ?? given, given)
            return true
        }
        let own = byFile[event.source.file] ?? []
        if everywhere.count + own.count < event.attendees.count {
            for person in everywhere.union(own) {
                for attendee in event.attendees(at: person) where !take(attendee) { return nil }
            }
            return most
        }
        for attendee in event.attendees where includes(Self.key(attendee.address), for: event) {
            if !take(attendee) { return nil }
        }
        return most
    }
}

/// The occurrences each person keeps a copy of in an input of their own (``Attendance/byFile``,
/// `--as ADDRESS=FILE`): Bob's own DECLINED copy of a meeting speaks for him over the
/// organizer's, where he has not answered yet, and the copies in others' calendars are not
/// his. Copies are told by ``CopyIdentity``, whatever zone spelling each uses.
struct OwnCopies {
    /// By person (``Attendance/key(_:)``): the occurrences in their inputs.
    private var copies: [String: Set<CopyIdentity>] = [:]
    private let attendance: Attendance

    /// Learns the copies of `events`, those of inputs someone is bound to.
    init(_ attendance: Attendance, events: some Sequence<CalendarEvent>) {
        self.attendance = attendance
        guard !attendance.byFile.isEmpty else { return }
        for event in events where event.hasUID {
            guard let people = attendance.byFile[event.source.file] else { continue }
            let identity = CopyIdentity(event)
            for person in people { copies[person, default: []].insert(identity) }
        }
    }

    /// The people `event` is filed under by person: those of its input
    /// (``Attendance/byFile``), with an ATTENDEE line or without, and `named`, the people it
    /// names, but those whose own copy of it stands in for it elsewhere and those of its input
    /// who declined or delegated it there.
    func people(of event: CalendarEvent, named: [(key: String, label: String)]) -> [(
        key: String, label: String
    )] {
        var people = named
        for person in (attendance.byFile[event.source.file] ?? []).sorted()
        where !named.contains(where: { $0.key == person }) {
            let answers = event.attendees(at: person).compactMap { $0.status?.uppercased() }
            if answers.contains("DECLINED") || answers.contains("DELEGATED") { continue }
            people.append((person, person))
        }
        guard !copies.isEmpty else { return people }
        return people.filter { !standsIn(for: $0.key, event) }
    }

    /// Whether `person` keeps their own copy of `event`'s occurrence in another input, which
    /// stands in for this one.
    func standsIn(for person: String, _ event: CalendarEvent) -> Bool {
        guard event.hasUID, let own = copies[person],
            attendance.byFile[event.source.file]?.contains(person) != true
        else { return false }
        return own.contains(CopyIdentity(event))
    }
}

/// A half-open stretch of a ``TimeLine``: wall-clock seconds since 1970-01-01T00:00, or
/// instants.
public struct Span: Sendable, Hashable {
    /// The first second.
    public var start: Int
    /// The second after the last.
    public var end: Int

    /// A span from its bounds.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    init(_ interval: EventInterval) {
        self.init(start: interval.startSecond, end: interval.endSecond)
    }

    /// Half-open overlap: touching spans do not overlap, and an empty span overlaps nothing.
    public func overlaps(_ other: Span) -> Bool {
        start < other.end && other.start < end && start < end && other.start < other.end
    }

    /// The common part of two overlapping spans.
    func intersection(_ other: Span) -> Span {
        Span(start: max(start, other.start), end: min(end, other.end))
    }
}

extension LocalDateTime {
    private static let lowestSecond = LocalDateTime(startOf: .minimum).secondsSinceEpoch
    private static let highestSecond = LocalDateTime(startOf: .maximum).secondsSinceEpoch + 86_399

    /// The wall-clock time `seconds` after 1970-01-01T00:00, held to 0001…9999 (a buffer can
    /// reach past the calendar's ends).
    static func clamped(_ seconds: Int) -> LocalDateTime {
        let held = min(max(seconds, lowestSecond), highestSecond)
        return (try? LocalDateTime(secondsSinceEpoch: held)) ?? LocalDateTime(startOf: .minimum)
    }
}
