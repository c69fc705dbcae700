import ChronoSketchCore
import ChronoSketchSyntax

/// A DATE or DATE-TIME property (DTSTART, DTEND, RECURRENCE-ID) with its line: its value and
/// TZID as one ``OriginalTime``, made once from the property as read and carried unchanged to
/// the event (``CalendarEvent/originalStart``, ``CalendarEvent/recurrenceId``) and its record.
package struct TimeProperty: Sendable, Hashable {
    /// The value as written, with its zone's name.
    package var original: OriginalTime
    package var line: Int

    /// The value without its zone.
    package var value: ICalDateTime {
        switch original {
        case .date(let date): .date(date)
        case .utc(let time): .dateTime(time, isUTC: true)
        case .floating(let time), .zoned(let time, _): .dateTime(time, isUTC: false)
        }
    }

    /// The TZID parameter; nil for dates, floating and UTC times.
    package var tzid: String? {
        if case .zoned(_, let tzid) = original { return tzid }
        return nil
    }
}

/// An RRULE or EXRULE of a VEVENT.
package struct RuleProperty: Sendable {
    package var rule: RecurrenceRule
    /// `RRULE` or `EXRULE`, for messages.
    package var name: String
    package var line: Int
}

/// An RDATE or EXDATE of a VEVENT: its dates, date-times or periods and their TZID.
package struct DateListProperty: Sendable {
    package var values: [ICalValue]
    package var tzid: String?
    package var line: Int
}

/// What one VEVENT (or VTODO, or VJOURNAL) says, read from its properties before any zone is
/// resolved.
package struct EventSource: Sendable {
    /// The component it is.
    package var kind = ComponentKind.event
    package var uid: String?
    /// ``SeriesPlan/key(uidValue:)`` of the first UID as written; nil without UID.
    package var groupKey: Int?
    package var file: String
    /// The line of `BEGIN:VEVENT`.
    package var line: Int
    /// Which VCALENDAR of the file it came from.
    package var calendar: Int
    /// The name of that calendar (``CalendarEvent/calendar``).
    package var calendarName: String?
    /// The calendar of its own the input is, when inputs are read apart
    /// (``LoadOptions/separateCalendars``).
    package var separateCalendar: String?
    /// What the VEVENTs of one series share: the UID, within its calendar when inputs are
    /// read apart; nil without a UID.
    package var seriesKey: String? {
        uid.map { uid in separateCalendar.map { "\($0)/\(uid)" } ?? uid }
    }
    package var sequence = 0
    /// The VEVENT itself, kept only when the stream is asked to (``CalendarStream``'s
    /// `keepingComponents`): what ``WrittenEvents`` compares property by property.
    package var component: ICalComponent?
    package var stamp: ICalDateTime?
    package var start: TimeProperty?
    package var end: TimeProperty?
    package var duration: (value: CalendarDuration, line: Int)?
    package var recurrenceID: TimeProperty?
    package var recurrenceRange: String?
    package var rules: [RuleProperty] = []
    package var recurrenceDates: [DateListProperty] = []
    package var exceptionDates: [DateListProperty] = []
    /// EXRULE (RFC 2445; deprecated by RFC 5545 but still written by some producers).
    package var exceptionRules: [RuleProperty] = []
    package var summary = ""
    package var location: String?
    package var description: String?
    package var status: (value: String, line: Int)?
    package var transparency: (value: String, line: Int)?
    /// Outlook's X-MICROSOFT-CDO-BUSYSTATUS, when it names a kind.
    package var shownAs: BusyKind?
    package var categories: [String] = []
    package var organizer: Participant?
    package var attendees: [Participant] = []
    package var resources: [String] = []
    package var url: String?
    package var color: String?
    /// Where a VTODO's DUE (RFC 5545 §3.8.2.3) is: its DUE is read as its start or its end
    /// (``placeTask(due:)``), so only which is kept.
    package private(set) var dueLies = TaskDetails.Due.none
    /// A VTODO's COMPLETED, in seconds since the epoch (a UTC time).
    package var completed: Int?
    /// A VTODO's PERCENT-COMPLETE and PRIORITY as written (an absurd one clamped, to stay out
    /// of range), kept small, as every event's source carries them; the mapper checks their
    /// ranges.
    package var percentComplete: (value: Int32, line: Int32)?
    package var priority: (value: Int32, line: Int32)?
    /// Its VALARMs, read only when asked for (``LoadOptions/readsAlarms``).
    package var alarms: [Alarm] = []
    /// Whether it has a DTSTART that reads: without one it cannot be placed (which the
    /// checks of the stream said, ``RequiredPropertyCheck`` and ``ValueCheck``).
    var isPlaceable: Bool { start != nil && !hasNegativeTimedDuration }

    /// Whether a timed event ends before it starts by a negative DURATION, which places
    /// nothing (``NegativeDurationCheck``).
    package var hasNegativeTimedDuration: Bool {
        guard end == nil, let duration, duration.value.isNegative,
            case .dateTime? = start?.value
        else { return false }
        return true
    }

    /// Whether the VEVENT describes a series (RRULE or RDATE).
    package var isRecurring: Bool { !rules.isEmpty || !recurrenceDates.isEmpty }

    /// Every TZID its times name.
    package var zoneNames: [String] {
        [start?.tzid, end?.tzid, recurrenceID?.tzid].compactMap { $0 }
            + (recurrenceDates + exceptionDates).compactMap(\.tzid)
    }

    /// Reads what mapping needs of `component`; its problems are the checks' to say
    /// (``ComponentChecker``). Of a property given more than once where RFC 5545 allows one,
    /// the first is read.
    package init(_ component: ICalComponent, file: String, calendar: Int) {
        kind = ComponentKind(name: component.name) ?? .event
        self.file = file
        line = component.line
        self.calendar = calendar
        if let property = component.property("UID") {
            uid = property.value?.text.flatMap { $0.isEmpty ? nil : $0 }
            groupKey = SeriesPlan.key(uidValue: property.rawValueBytes)
        }
        var seen = Occurrences.Seen(in: component.name)
        var due: TimeProperty?
        for property in component.properties {
            guard let known = property.known else {
                if shownAs == nil, property.name == "X-MICROSOFT-CDO-BUSYSTATUS" {
                    shownAs = property.value?.text.flatMap(BusyKind.init(microsoftBusyStatus:))
                }
                continue
            }
            guard seen.isFirst(known) else { continue }
            let values = property.values
            guard let value = values.first else { continue }
            if known == .due {
                if kind == .todo { due = Self.time(property, value) }
                continue
            }
            read(known, property, value, values)
        }
        placeTask(due: due)
    }

    /// Gives a VTODO the times it is placed by: a start from its DTSTART, else its DUE, and
    /// an end from its DUE when it starts at its DTSTART (RFC 5545 §3.6.2, as
    /// recurring-ical-events and ics-query read it). A VJOURNAL keeps its DTSTART alone.
    private mutating func placeTask(due: TimeProperty?) {
        switch kind {
        case .event:
            return
        case .todo:
            guard let due else { return }
            if start == nil {
                start = due
                dueLies = .atStart
            } else {
                end = due
                dueLies = .atEnd
            }
        case .journal:
            end = nil
            duration = nil
        }
    }

    private mutating func read(
        _ known: KnownProperty, _ property: ICalProperty, _ value: ICalValue, _ values: [ICalValue]
    ) {
        switch known {
        case .dtstart: start = Self.time(property, value)
        case .dtend: end = Self.time(property, value)
        case .recurrenceID:
            recurrenceID = Self.time(property, value)
            recurrenceRange = property.parameter("RANGE")?.uppercased()
        case .duration:
            if case .duration(let duration) = value { self.duration = (duration, property.line) }
        case .sequence:
            if case .integer(let number) = value { sequence = number }
        case .dtstamp:
            if case .dateTime(let time) = value { stamp = time }
        case .rrule, .exrule:
            guard case .recurrence(let rule) = value else { return }
            let read = RuleProperty(rule: rule, name: property.name, line: property.line)
            if known == .rrule { rules.append(read) } else { exceptionRules.append(read) }
        case .rdate, .exdate:
            let read = DateListProperty(
                values: values, tzid: property.parameter("TZID"), line: property.line)
            if known == .rdate {
                recurrenceDates.append(read)
            } else {
                exceptionDates.append(read)
            }
        case .summary: summary = value.text ?? ""
        case .location: location = Self.nonEmpty(value.text)
        case .description: description = Self.nonEmpty(value.text)
        case .status: status = value.text.map { ($0.uppercased(), property.line) }
        case .transp: transparency = value.text.map { ($0.uppercased(), property.line) }
        case .categories: categories += Self.texts(values)
        case .resources: resources += Self.texts(values)
        case .url: url = Self.nonEmpty(value.text)
        case .color: color = Self.nonEmpty(value.text)
        case .completed:
            if case .dateTime(.dateTime(let time, _)) = value {
                completed = time.secondsSinceEpoch
            }
        case .percentComplete:
            if case .integer(let number) = value {
                percentComplete = (Int32(clamping: number), Int32(clamping: property.line))
            }
        case .priority:
            if case .integer(let number) = value {
                priority = (Int32(clamping: number), Int32(clamping: property.line))
            }
        case .organizer: organizer = Self.participant(property, value)
        case .attendee: Self.participant(property, value).map { attendees.append($0) }
        default: break
        }
    }

    private static func time(_ property: ICalProperty, _ value: ICalValue) -> TimeProperty? {
        guard case .dateTime(let value) = value else { return nil }
        let original: OriginalTime
        switch value {
        case .date(let date): original = .date(date)
        case .dateTime(let time, true): original = .utc(time)
        case .dateTime(let time, false):
            let tzid = property.parameter("TZID").flatMap { $0.isEmpty ? nil : $0 }
            original = tzid.map { .zoned(time, tzid: $0) } ?? .floating(time)
        }
        return TimeProperty(original: original, line: property.line)
    }

    private static func texts(_ values: [ICalValue]) -> [String] {
        values.compactMap { nonEmpty($0.text?.trimmingCharacters()) }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    private static func participant(_ property: ICalProperty, _ value: ICalValue) -> Participant? {
        guard var address = value.text, !address.isEmpty else { return nil }
        if address.utf8.count > 7,
            address.utf8.prefix(7).elementsEqual(
                "mailto:".utf8, by: { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 })
        {
            address = String(address.dropFirst(7))
        }
        return Participant(
            address: address, name: property.parameter("CN"),
            role: property.parameter("ROLE")?.uppercased(),
            status: property.parameter("PARTSTAT")?.uppercased())
    }
}
