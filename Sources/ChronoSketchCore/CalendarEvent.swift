import Synchronization

/// The participation of a person or resource: an ATTENDEE or ORGANIZER (RFC 5545 §3.8.4).
public struct Participant: Sendable, Hashable, Codable {
    /// The calendar address with a `mailto:` scheme removed (`alice@example.com`).
    public var address: String
    /// The `CN` parameter.
    public var name: String?
    /// The `ROLE` parameter (`REQ-PARTICIPANT`, `CHAIR`, …).
    public var role: String?
    /// The `PARTSTAT` parameter (`ACCEPTED`, `DECLINED`, …).
    public var status: String?

    /// A participant from its address and parameters, as given.
    public init(address: String, name: String? = nil, role: String? = nil, status: String? = nil) {
        self.address = address
        self.name = name
        self.role = role
        self.status = status
    }
}

/// RFC 5545 §3.8.1.11 STATUS values of a VEVENT.
public enum EventStatus: String, Sendable, Hashable, Codable {
    case tentative = "TENTATIVE"
    case confirmed = "CONFIRMED"
    case cancelled = "CANCELLED"
}

/// RFC 5545 §3.8.2.7 TRANSP: whether the event blocks time. The default is opaque.
public enum Transparency: String, Sendable, Hashable, Codable {
    case opaque = "OPAQUE"
    case transparent = "TRANSPARENT"
}

/// How an event takes up time (RFC 5545 §3.2.9 FBTYPE), from free to unavailable: where
/// events of different kinds fall at once, the time is of the greatest.
public enum BusyKind: Int, Sendable, Hashable, Comparable, CaseIterable {
    case free, tentative, busy, unavailable

    /// `free`, `tentative`, `busy` or `unavailable`.
    public var name: String {
        switch self {
        case .free: "free"
        case .tentative: "tentative"
        case .busy: "busy"
        case .unavailable: "unavailable"
        }
    }

    /// The FBTYPE value: `FREE`, `BUSY-TENTATIVE`, `BUSY`, `BUSY-UNAVAILABLE`.
    public var freeBusyType: String {
        switch self {
        case .free: "FREE"
        case .tentative: "BUSY-TENTATIVE"
        case .busy: "BUSY"
        case .unavailable: "BUSY-UNAVAILABLE"
        }
    }

    /// The kind an `X-MICROSOFT-CDO-BUSYSTATUS` value names (`FREE`, `TENTATIVE`, `BUSY`,
    /// `OOF` for out of office, as MS-OXCICAL defines them), in any case; nil for any other.
    public init?(microsoftBusyStatus value: String) {
        switch value.uppercased() {
        case "FREE": self = .free
        case "TENTATIVE": self = .tentative
        case "BUSY": self = .busy
        case "OOF": self = .unavailable
        default: return nil
        }
    }

    /// Orders kinds from free to unavailable.
    public static func < (lhs: BusyKind, rhs: BusyKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a component starts in its input.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The input as named on the command line (`<stdin>` for standard input).
    public var file: String
    /// The line, counted from 1.
    public var line: Int

    /// A place in an input.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}

extension Participant {
    /// The address as a CAL-ADDRESS value (RFC 5545 §3.3.3): `mailto:` before an address
    /// without a scheme.
    public var calendarAddress: String {
        address.contains(":") ? address : "mailto:" + address
    }

    /// An address as people are told apart by it: lower-cased, without a `mailto:` scheme.
    public static func comparedAddress(_ address: String) -> String {
        let lowered = address.lowercased()
        return lowered.hasPrefix("mailto:") ? String(lowered.dropFirst(7)) : lowered
    }
}

/// One occurrence of a VEVENT on the floating wall clock, ready for layout and conflicts.
public struct CalendarEvent: Sendable, Hashable {
    /// The UID, plus `#` and the recurrence id for an occurrence of a series.
    public let id: String
    /// The UID, or for a VEVENT without one the `file:line` it goes by (``hasUID`` false).
    public let uid: String
    /// Whether the VEVENT has a UID of its own.
    public let hasUID: Bool
    /// The occurrence's recurrence id as its series writes it (the instance's start on the
    /// series' own clock), nil for a single event; its text (``OriginalTime/text``) is made
    /// only where it is shown.
    public let recurrenceId: OriginalTime?
    /// SUMMARY, empty when missing.
    public var title: String
    /// Where it sits: dates for all-day events, wall-clock times otherwise (exclusive end).
    public let interval: EventInterval
    /// The interval as instants when the event has UTC or zoned times; nil when it is floating
    /// or all-day. Equal in length to ``interval`` except across a change of the target zone's
    /// clock.
    public let instants: InstantInterval?
    /// The zone the interval was converted to, nil when it is floating or all-day.
    public var zone: String?
    /// The zone its times were written in, as read: `UTC`, the IANA zone a TZID denotes (a
    /// Windows, prefixed or dashed name read as one), the TZID of a VTIMEZONE that names
    /// none, or the X-WR-TIMEZONE a floating time was read in; nil for dates and floating
    /// times.
    public var sourceZone: String?
    /// LOCATION.
    public var location: String?
    /// The component it comes from: a VEVENT unless told otherwise.
    public var component: ComponentKind = .event
    /// STATUS (RFC 5545 §3.8.1.11) of a VEVENT; nil when missing, and for a VTODO or a
    /// VJOURNAL, whose status is in ``task``.
    public var status: EventStatus?
    /// TRANSP (RFC 5545 §3.8.2.7), opaque when missing.
    public var transparency: Transparency
    /// How the producer shows the event's time, when it says (Outlook's
    /// `X-MICROSOFT-CDO-BUSYSTATUS`); nil to go by STATUS and TRANSP alone.
    public var shownAs: BusyKind?
    /// Where its VEVENT begins.
    public var source: SourceLocation
    /// DTSTART as written (for an occurrence, its original start in the series' zone).
    public var originalStart: OriginalTime
    /// SEQUENCE, 0 when missing.
    public var sequence: Int
    /// The name of the calendar it came from: X-WR-CALNAME, else its directory's or file's.
    public var calendar: String?
    /// The calendar of its own its input is, when inputs are read apart (one person's export
    /// each): the id then begins with it and `/`, so that copies of one meeting in two
    /// people's calendars are two events.
    public let separateCalendar: String?
    /// What layout and conflicts do not read, boxed so that an event is small to hold, copy
    /// and sort; events with none of it share one empty box.
    private var extras: ExtrasBox

    /// DESCRIPTION, unescaped.
    public var description: String? {
        get { extras.value.description }
        set { change { $0.description = newValue } }
    }
    /// Every CATEGORIES value.
    public var categories: [String] {
        get { extras.value.categories }
        set { change { $0.categories = newValue } }
    }
    /// ORGANIZER.
    public var organizer: Participant? {
        get { extras.value.organizer }
        set { change { $0.organizer = newValue } }
    }
    /// Every ATTENDEE.
    public var attendees: [Participant] {
        get { extras.value.attendees }
        set { change { $0.attendees = newValue } }
    }

    /// The ATTENDEEs whose address is `address` (``Participant/comparedAddress(_:)``), in
    /// order.
    /// - Complexity: O(1) amortized for an event of many attendees, whose attendees are
    ///   indexed by address the first time any copy of it is asked: asking for each of its n
    ///   attendees in turn is O(n), not O(n²).
    public func attendees(at address: String) -> [Participant] {
        extras.attendees(at: address)
    }
    /// Every RESOURCES value.
    public var resources: [String] {
        get { extras.value.resources }
        set { change { $0.resources = newValue } }
    }
    /// URL.
    public var url: String? {
        get { extras.value.url }
        set { change { $0.url = newValue } }
    }
    /// The RFC 7986 COLOR, a CSS colour name or `#rrggbb`.
    public var color: String? {
        get { extras.value.color }
        set { change { $0.color = newValue } }
    }
    /// What a VTODO or a VJOURNAL says beyond an event's fields; nil for a VEVENT.
    public var task: TaskDetails? {
        get { extras.value.task }
        set { change { $0.task = newValue } }
    }

    /// Its VALARMs, when the reading was asked for them (``LoadOptions/readsAlarms``); the
    /// byte stores of busy time (``EventCodec``) do not keep them.
    public var alarms: [Alarm] {
        get { extras.value.alarms }
        set { change { $0.alarms = newValue } }
    }

    /// STATUS as written, upper-cased, whatever the component; nil when missing.
    public var writtenStatus: String? {
        status?.rawValue ?? (component == .event ? nil : task?.status)
    }

    /// The DUE of an occurrence of a VTODO, as its interval places it; nil without one.
    public var dueText: String? { dueText(component == .event ? nil : task) }

    /// The DUE `task` gives this occurrence, as its interval places it; nil without one.
    public func dueText(_ task: TaskDetails?) -> String? {
        switch task?.due {
        case .atStart?: interval.startText
        case .atEnd?: interval.endText
        case .none?, nil: nil
        }
    }

    private mutating func change(_ body: (inout Extras) -> Void) {
        var value = extras.value
        body(&value)
        extras = ExtrasBox.holding(value)
    }

    /// The same event without what layout and conflicts do not read: description, URL and
    /// colour, and the people, categories and resources unless asked to keep them.
    public func trimmed(keepingPeople: Bool, categories: Bool, resources: Bool) -> CalendarEvent {
        var kept = Extras()
        if keepingPeople {
            kept.organizer = organizer
            kept.attendees = attendees
        }
        if categories { kept.categories = self.categories }
        if resources { kept.resources = self.resources }
        var event = self
        event.extras = ExtrasBox.holding(kept)
        return event
    }

    /// Creates an event, checking its identity and interval.
    /// - Throws: ``CalendarEventsError/blankID(_:)`` for an empty id, and
    ///   ``CivilTimeError/invalidInterval(_:)`` through ``CalendarEventsError/invalidInterval(id:_:)``.
    public init(
        uid: String, recurrenceId: OriginalTime? = nil, title: String, interval: EventInterval,
        instants: InstantInterval? = nil, zone: String? = nil, location: String? = nil,
        description: String? = nil,
        status: EventStatus? = nil, transparency: Transparency = .opaque,
        shownAs: BusyKind? = nil, categories: [String] = [], organizer: Participant? = nil,
        attendees: [Participant] = [],
        resources: [String] = [], url: String? = nil, color: String? = nil,
        source: SourceLocation, originalStart: OriginalTime, sequence: Int = 0,
        hasUID: Bool = true, calendar: String? = nil, separateCalendar: String? = nil,
        sourceZone: String? = nil
    ) throws(CalendarEventsError) {
        let own = recurrenceId.map { "\(uid)#\($0.text)" } ?? uid
        let id = separateCalendar.map { "\($0)/\(own)" } ?? own
        guard !uid.allSatisfy(\.isWhitespace) else { throw .blankID(source) }
        do {
            try interval.validate()
        } catch {
            throw .invalidInterval(id: id, error)
        }
        self.init(
            checkedID: id, uid: uid, recurrenceId: recurrenceId, title: title,
            interval: interval, instants: instants, zone: zone, location: location,
            description: description, status: status, transparency: transparency,
            shownAs: shownAs, categories: categories, organizer: organizer,
            attendees: attendees, resources: resources, url: url, color: color, source: source,
            originalStart: originalStart, sequence: sequence, hasUID: hasUID,
            calendar: calendar, separateCalendar: separateCalendar, sourceZone: sourceZone)
    }

    /// An event whose id is made and whose UID and interval are checked: one the public
    /// initializer checked, or one ``EventCodec`` decodes (made by it before).
    init(
        checkedID id: String, uid: String, recurrenceId: OriginalTime?, title: String,
        interval: EventInterval, instants: InstantInterval?, zone: String?, location: String?,
        description: String?, status: EventStatus?, transparency: Transparency,
        shownAs: BusyKind?, categories: [String], organizer: Participant?,
        attendees: [Participant], resources: [String], url: String?, color: String?,
        source: SourceLocation, originalStart: OriginalTime, sequence: Int, hasUID: Bool,
        calendar: String?, separateCalendar: String?, sourceZone: String?,
        component: ComponentKind = .event, task: TaskDetails? = nil
    ) {
        self.id = id
        self.component = component
        self.uid = uid
        self.hasUID = hasUID
        self.recurrenceId = recurrenceId
        self.title = title
        self.interval = interval
        self.instants = instants
        self.zone = zone
        self.sourceZone = sourceZone
        self.location = location
        self.status = status
        self.transparency = transparency
        self.shownAs = shownAs
        self.extras = ExtrasBox.holding(
            Extras(
                description: description, categories: categories, organizer: organizer,
                attendees: attendees, resources: resources, url: url, color: color, task: task))
        self.source = source
        self.originalStart = originalStart
        self.sequence = sequence
        self.calendar = calendar
        self.separateCalendar = separateCalendar
    }

    /// How the event shows its time by its own properties: free when cancelled or
    /// transparent (RFC 5545 §3.8.1.11, §3.8.2.7), else what the producer's busy status says
    /// (``shownAs``), else tentative for a tentative event, else busy.
    public var busyKind: BusyKind {
        if status == .cancelled || transparency == .transparent { return .free }
        return shownAs ?? (status == .tentative ? .tentative : .busy)
    }

    /// Whether `other` is the same occurrence of the same event read from another calendar
    /// (``separateCalendar``): one meeting in two people's exports, whatever zone spelling
    /// each uses (``CopyIdentity``).
    public func isCopy(of other: CalendarEvent) -> Bool {
        separateCalendar != other.separateCalendar && hasUID && other.hasUID
            && CopyIdentity(self) == CopyIdentity(other)
    }

    /// The UID as written; nil when the VEVENT has none.
    public var writtenUID: String? { hasUID ? uid : nil }

    /// Orders events by start, all-day before timed at the same start, then by id (by its
    /// bytes: ``ExactText``): the order their text forms sort in.
    public static func precedes(_ lhs: CalendarEvent, _ rhs: CalendarEvent) -> Bool {
        OrderKey(lhs) < OrderKey(rhs)
    }

    /// What ``precedes(_:_:)`` compares, for sorting through small keys instead of events.
    public struct OrderKey: Comparable, Sendable {
        let start: Int
        let timed: Bool
        let id: String

        /// The key of an event with this interval and id.
        public init(interval: EventInterval, id: String) {
            start = interval.start.secondsSinceEpoch
            timed = !interval.isAllDay
            self.id = id
        }

        /// The key of `event`.
        public init(_ event: CalendarEvent) {
            self.init(interval: event.interval, id: event.id)
        }

        /// By start, all-day first, then by id.
        public static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
            if lhs.start != rhs.start { return lhs.start < rhs.start }
            if lhs.timed != rhs.timed { return !lhs.timed }
            return ExactText.precedes(lhs.id, rhs.id)
        }
    }
}

/// The fields of a ``CalendarEvent`` kept out of line.
private struct Extras: Sendable, Hashable {
    var description: String?
    var categories: [String] = []
    var organizer: Participant?
    var attendees: [Participant] = []
    var resources: [String] = []
    var url: String?
    var color: String?
    var task: TaskDetails?
    var alarms: [Alarm] = []
}

/// An immutable box of ``Extras``, compared by its contents.
private final class ExtrasBox: Sendable, Hashable {
    static let empty = ExtrasBox(Extras())
    let value: Extras
    /// The positions of the attendees by compared address, made when first asked for.
    private let attendeeIndex = Mutex<[String: [Int32]]?>(nil)
    /// Attendees fewer than this are looked through rather than indexed.
    private static let indexedAttendees = 16

    private init(_ value: Extras) {
        self.value = value
    }

    func attendees(at address: String) -> [Participant] {
        let attendees = value.attendees
        guard attendees.count >= Self.indexedAttendees else {
            return attendees.filter { Participant.comparedAddress($0.address) == address }
        }
        let positions = attendeeIndex.withLock { index in
            if index == nil {
                var made: [String: [Int32]] = [:]
                for (position, attendee) in attendees.enumerated() {
                    made[Participant.comparedAddress(attendee.address), default: []].append(
                        Int32(position))
                }
                index = made
            }
            return index?[address] ?? []
        }
        return positions.map { attendees[Int($0)] }
    }

    /// A box holding `value`: the shared empty one when it is empty.
    static func holding(_ value: Extras) -> ExtrasBox {
        value == empty.value ? empty : ExtrasBox(value)
    }

    static func == (lhs: ExtrasBox, rhs: ExtrasBox) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        value.hash(into: &hasher)
    }
}

/// What copies of one occurrence share, read from several calendars: the UID (by its bytes,
/// ``ExactText``) and which occurrence of its series it is, compared as the instant it
/// names where it names one. Google writes `RECURRENCE-ID;TZID=America/New_York`, Outlook
/// `TZID="Eastern Standard Time"`, others UTC: one occurrence, one identity.
public struct CopyIdentity: Hashable, Sendable {
    /// Which occurrence of a series: an instant, or a wall-clock time or date where the
    /// recurrence id names no instant.
    enum Occurrence: Hashable {
        case instant(Int)
        case wallClock(LocalDateTime)
        case date(CivilDate)
    }

    let uid: ExactText
    let occurrence: Occurrence?

    /// The identity of `event`. An occurrence that keeps its series' start (its recurrence
    /// id is its DTSTART as written) is the instant it starts at; an override's zoned
    /// recurrence id its wall-clock time, the zone's spelling aside; a UTC one its instant.
    public init(_ event: CalendarEvent) {
        uid = ExactText(event.uid)
        switch event.recurrenceId {
        case nil:
            occurrence = nil
        case .date(let date):
            occurrence = .date(date)
        case .utc(let time):
            occurrence = .instant(time.secondsSinceEpoch)
        case .some(let written):
            if written == event.originalStart, let instants = event.instants {
                occurrence = .instant(instants.start)
            } else {
                occurrence = .wallClock(written.wallClock)
            }
        }
    }
}
