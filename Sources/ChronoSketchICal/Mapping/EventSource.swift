import ChronoSketchCore

/// A DATE or DATE-TIME property with its zone and line.
struct TimeProperty: Sendable, Hashable {
    var value: ICalDateTime
    /// The TZID parameter; nil for dates, floating and UTC times.
    var tzid: String?
    var line: Int

    /// The value as written, in ``OriginalTime`` form.
    var original: OriginalTime {
        switch value {
        case .date(let date): .date(date)
        case .dateTime(let time, true): .utc(time)
        case .dateTime(let time, false): tzid.map { .zoned(time, tzid: $0) } ?? .floating(time)
        }
    }
}

/// What one VEVENT says, read from its properties before any zone is resolved.
struct EventSource: Sendable {
    var uid: String?
    /// ``SeriesPlan/key(uidValue:)`` of the first UID as written; nil without UID.
    var groupKey: Int?
    var file: String
    /// The line of `BEGIN:VEVENT`.
    var line: Int
    /// Which VCALENDAR of the file it came from.
    var calendar: Int
    var sequence = 0
    var stamp: ICalDateTime?
    var start: TimeProperty?
    var end: TimeProperty?
    var duration: (value: CalendarDuration, line: Int)?
    var recurrenceID: TimeProperty?
    var recurrenceRange: String?
    var rules: [ICalProperty] = []
    var recurrenceDates: [ICalProperty] = []
    var exceptionDates: [ICalProperty] = []
    /// EXRULE (RFC 2445; deprecated by RFC 5545 but still written by some producers).
    var exceptionRules: [ICalProperty] = []
    var summary = ""
    var location: String?
    var description: String?
    var status: (value: String, line: Int)?
    var transparency: (value: String, line: Int)?
    var categories: [String] = []
    var organizer: Participant?
    var attendees: [Participant] = []
    var resources: [String] = []
    var url: String?
    var color: String?
    /// Problems with properties that mapping reads, already worded.
    var diagnostics: [Diagnostic] = []
    /// Set when DTSTART is missing or unreadable: the event cannot be placed.
    var fatal: Diagnostic?

    /// Whether the VEVENT describes a series (RRULE or RDATE).
    var isRecurring: Bool { !rules.isEmpty || !recurrenceDates.isEmpty }

    /// Every TZID its times name.
    var zoneNames: [String] {
        [start?.tzid, end?.tzid, recurrenceID?.tzid].compactMap { $0 }
            + (recurrenceDates + exceptionDates).compactMap { $0.parameter("TZID") }
    }

    /// Properties whose problems change what `ics events` reports.
    private static let readProperties: Set<String> = [
        "UID", "DTSTART", "DTEND", "DURATION", "RECURRENCE-ID", "RRULE", "RDATE", "EXDATE",
        "EXRULE",
        "SUMMARY", "LOCATION", "DESCRIPTION", "STATUS", "TRANSP", "CATEGORIES", "ORGANIZER",
        "ATTENDEE", "RESOURCES", "URL", "COLOR", "SEQUENCE",
    ]

    /// - Parameter isMessage: whether the calendar is an iTIP message (it has METHOD), where
    ///   RFC 5545 §3.6.1 lets a VEVENT omit DTSTART; its absence is then only a warning.
    init(_ component: ICalComponent, file: String, calendar: Int, isMessage: Bool = false) {
        self.file = file
        line = component.line
        self.calendar = calendar
        let uidProperty = component.property("UID")
        uid = uidProperty?.value?.text.flatMap { $0.isEmpty ? nil : $0 }
        groupKey = uidProperty.map { SeriesPlan.key(uidValue: $0.contentLine[$0.valueStart...]) }
        for property in component.properties {
            if Self.isRuleWithCountAndUntil(property) {
                // libical refuses such a rule; series expansion reads it and says so.
                if property.name == "RRULE" {
                    rules.append(property)
                } else {
                    exceptionRules.append(property)
                }
                continue
            }
            if !property.problems.isEmpty, Self.readProperties.contains(property.name) {
                report(property)
            }
            guard property.isUnderstood else { continue }
            read(property)
        }
        if fatal == nil, start == nil {
            fatal = Diagnostic(
                isMessage ? .warning : .error, file: file, line: line, uid: uid,
                message: "VEVENT has no DTSTART", assumption: "event skipped")
        }
    }

    private mutating func report(_ property: ICalProperty) {
        let ignored = !property.isUnderstood
        let message = property.problems.joined(separator: "; ")
        if ignored, property.name == "DTSTART" {
            fatal = Diagnostic(
                .error, file: file, line: property.line, uid: uid, message: message,
                assumption: "event skipped")
            return
        }
        diagnostics.append(
            Diagnostic(
                .warning, file: file, line: property.line, uid: uid, message: message,
                assumption: ignored ? "\(property.name) ignored" : nil))
    }

    private mutating func read(_ property: ICalProperty) {
        switch property.name {
        case "DTSTART": start = Self.time(property)
        case "DTEND": end = Self.time(property)
        case "RECURRENCE-ID":
            recurrenceID = Self.time(property)
            recurrenceRange = property.parameter("RANGE")?.uppercased()
        case "DURATION":
            if case .duration(let value) = property.value { duration = (value, property.line) }
        case "SEQUENCE":
            if case .integer(let value) = property.value { sequence = value }
        case "DTSTAMP":
            if case .dateTime(let value) = property.value { stamp = value }
        case "RRULE": rules.append(property)
        case "RDATE": recurrenceDates.append(property)
        case "EXDATE": exceptionDates.append(property)
        case "EXRULE": exceptionRules.append(property)
        case "SUMMARY": summary = property.value?.text ?? ""
        case "LOCATION": location = Self.nonEmpty(property.value?.text)
        case "DESCRIPTION": description = Self.nonEmpty(property.value?.text)
        case "STATUS": status = property.value?.text.map { ($0.uppercased(), property.line) }
        case "TRANSP": transparency = property.value?.text.map { ($0.uppercased(), property.line) }
        case "CATEGORIES": categories += Self.texts(property)
        case "RESOURCES": resources += Self.texts(property)
        case "URL": url = Self.nonEmpty(property.value?.text)
        case "COLOR": color = Self.nonEmpty(property.value?.text)
        case "ORGANIZER": organizer = Self.participant(property)
        case "ATTENDEE": Self.participant(property).map { attendees.append($0) }
        default: break
        }
    }

    /// An RRULE or EXRULE with both COUNT and UNTIL (RFC 5545 forbids it, libical 3.0.16 refuses
    /// it, producers still write it) that passed the guards.
    private static func isRuleWithCountAndUntil(_ property: ICalProperty) -> Bool {
        guard property.name == "RRULE" || property.name == "EXRULE", !property.isUnderstood,
            RecurrenceGuard.problem(Substring(property.rawValue)) == nil,
            let rule = RecurrenceRule(property.rawValue)
        else { return false }
        return rule.count != nil && rule.until != nil
    }

    private static func time(_ property: ICalProperty) -> TimeProperty? {
        guard case .dateTime(let value) = property.value else { return nil }
        var tzid: String?
        if case .dateTime(_, false) = value {
            tzid = property.parameter("TZID").flatMap { $0.isEmpty ? nil : $0 }
        }
        return TimeProperty(value: value, tzid: tzid, line: property.line)
    }

    private static func texts(_ property: ICalProperty) -> [String] {
        property.values.compactMap { nonEmpty($0.text?.trimmingCharacters()) }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    private static func participant(_ property: ICalProperty) -> Participant? {
        guard var address = property.value?.text, !address.isEmpty else { return nil }
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
