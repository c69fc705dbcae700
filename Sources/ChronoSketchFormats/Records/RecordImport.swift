import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Turns occurrence records back into events to write as `.ics`: the JSON, NDJSON and CSV that
/// `ics events` and `ics convert` write (``OccurrenceSchema``), and the CSV shape Outlook and
/// Google Calendar export (``OutlookCSV``).
enum RecordImport {
    /// One record's fields, from a JSON object or a CSV row.
    struct Fields {
        enum Storage {
            case json([JSONMember])
            case csv([String: String])
        }

        let storage: Storage
        /// `line 12` or `record 3`, for messages.
        let place: String
        let line: Int?

        func string(_ key: String) -> String? {
            switch storage {
            case .json(let members):
                switch members.first(where: { $0.key == key })?.value {
                case .string(let text)?: return text
                case .integer(let number)?: return String(number)
                case .bool(let flag)?: return flag ? "true" : "false"
                default: return nil
                }
            case .csv(let row):
                guard let text = row[key], !text.isEmpty else { return nil }
                return text
            }
        }

        /// The value `--uid-from` reads for `field`: the field of that name, else of that name
        /// in another case (`subject` for Outlook's `Subject`), else for `title` and `start`
        /// the draft's, whatever columns gave them (Outlook's `Subject` and `Start Date`).
        func uidPart(_ field: String, of draft: EventDraft) -> String? {
            if let key = key(matching: field) { return string(key) }
            switch field.lowercased() {
            case "title", "summary": return draft.title
            case "start", "dtstart": return draft.start.wallClock.description
            default: return nil
            }
        }

        /// Whether `--uid-from` finds `field` in the record (``uidPart(_:of:)``).
        func hasUIDPart(_ field: String) -> Bool {
            key(matching: field) != nil
                || ["title", "summary", "start", "dtstart"].contains(field.lowercased())
        }

        /// The record's name of `field`: the same, else the first the same without case.
        private func key(matching field: String) -> String? {
            if has(field) { return field }
            let lowered = field.lowercased()
            switch storage {
            case .json(let members): return members.first { $0.key.lowercased() == lowered }?.key
            case .csv(let row): return row.keys.sorted().first { $0.lowercased() == lowered }
            }
        }

        /// Whether the record has the field at all (a JSON member, a CSV column), even empty.
        func has(_ key: String) -> Bool {
            switch storage {
            case .json(let members): members.contains { $0.key == key }
            case .csv(let row): row[key] != nil
            }
        }

        func bool(_ key: String) -> Bool? {
            if case .json(let members) = storage,
                case .bool(let flag)? = members.first(where: { $0.key == key })?.value
            {
                return flag
            }
            switch string(key)?.lowercased() {
            case "true"?, "yes"?, "1"?: return true
            case "false"?, "no"?, "0"?: return false
            default: return nil
            }
        }

        func strings(_ key: String) -> [String] {
            if case .json(let members) = storage,
                case .array(let items)? = members.first(where: { $0.key == key })?.value
            {
                return items.compactMap(\.string)
            }
            return string(key).map(Self.list) ?? []
        }

        func participants(_ key: String) -> [Participant] {
            if case .json(let members) = storage,
                let value = members.first(where: { $0.key == key })?.value
            {
                let items = value.array ?? [value]
                return items.compactMap { item in
                    if let text = item.string { return Self.participant(text) }
                    guard let address = item["address"]?.string, !address.isEmpty else {
                        return nil
                    }
                    return Participant(
                        address: address, name: item["name"]?.string, role: item["role"]?.string,
                        status: item["status"]?.string)
                }
            }
            return strings(key).compactMap(Self.participant)
        }

        /// The fields of a JSON record whose values have a type the field cannot be read as
        /// (a title that is an array, an `allDay` that is a number, a category that is an
        /// object), each worded for a warning: each is left out of the event.
        func mistyped() -> [String] {
            guard case .json(let members) = storage else { return [] }
            var found: [String] = []
            for member in members {
                guard let expected = Self.types[member.key],
                    let problem = Self.problem(member.value, expected)
                else { continue }
                found.append("its \(member.key) is \(problem); left out")
            }
            return found
        }

        /// What each field the import reads takes.
        private enum Expected {
            case text, flag, number, texts, participants, alarms
        }

        private static let types: [String: Expected] = {
            var types: [String: Expected] = [
                "allDay": .flag, "sequence": .number, "percentComplete": .number,
                "priority": .number,
            ]
            for key in [
                "uid", "recurrenceId", "originalZone", "recurrenceRange", "title", "start", "end",
                "duration", "zone", "rrule", "status", "transparency", "location", "url",
                "color", "description", "component", "due", "completed",
            ] { types[key] = .text }
            types["alarms"] = .alarms
            for key in ["categories", "resources", "rdate", "exdate"] { types[key] = .texts }
            for key in ["organizer", "attendees"] { types[key] = .participants }
            return types
        }()

        /// Why `value` cannot be read as `expected`, nil when it can (null is a field not given).
        private static func problem(_ value: JSONValue, _ expected: Expected) -> String? {
            func kind(_ value: JSONValue) -> String {
                switch value {
                case .null: "null"
                case .bool: "true or false"
                case .integer, .double: "a number"
                case .string: "text"
                case .array: "an array"
                case .object: "an object"
                }
            }
            switch (expected, value) {
            case (_, .null), (.text, .string), (.text, .integer), (.text, .bool), (.flag, .bool),
                (.number, .integer), (.texts, .string), (.texts, .integer), (.texts, .bool),
                (.participants, .string):
                return nil
            case (.flag, .integer(let number)) where number == 0 || number == 1:
                return nil
            case (.flag, .string(let text)):
                return ["true", "false", "yes", "no", "1", "0"].contains(text.lowercased())
                    ? nil : "'\(text)', where true or false is expected"
            case (.number, .string(let text)):
                return Int(text) != nil ? nil : "'\(text)', where a whole number is expected"
            case (.texts, .array(let items)):
                return items.allSatisfy({ $0.string != nil })
                    ? nil : "an array holding other things than text, where texts are expected"
            case (.participants, .array(let items)):
                return items.allSatisfy(isParticipant)
                    ? nil
                    : "an array holding other things than addresses, where addresses are expected"
            case (.participants, .object):
                return isParticipant(value) ? nil : "an object without an address"
            case (.alarms, .array), (.alarms, .string):
                return nil
            default:
                let wanted =
                    switch expected {
                    case .text: "text"
                    case .flag: "true or false"
                    case .number: "a whole number"
                    case .texts: "an array of texts"
                    case .participants: "an address or an array of them"
                    case .alarms: "an array of alarms"
                    }
                return "\(kind(value)), where \(wanted) is expected"
            }
        }

        private static func isParticipant(_ value: JSONValue) -> Bool {
            if value.string != nil { return true }
            guard let address = value["address"]?.string else { return false }
            return !address.isEmpty
        }

        /// `a; b` as two items (the CSV form of a list).
        static func list(_ text: String) -> [String] {
            text.split(separator: ";").map { String(Substring($0).trimmingSpaces) }.filter {
                !$0.isEmpty
            }
        }

        /// `Name <address>` or a bare address.
        static func participant(_ text: String) -> Participant? {
            let trimmed = String(Substring(text).trimmingSpaces)
            guard !trimmed.isEmpty else { return nil }
            if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
                let name = String(Substring(trimmed[..<open]).trimmingSpaces)
                let address = String(
                    trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
                return Participant(address: address, name: name.isEmpty ? nil : name)
            }
            return Participant(address: trimmed)
        }
    }

    /// A record that cannot become an event.
    struct Problem: Error {
        let message: String
    }

    /// An event draft from a record of the occurrence schema.
    /// - Parameter knownZone: whether a zone name can be written with a VTIMEZONE.
    static func draft(_ fields: Fields, knownZone: (String) -> Bool) throws(Problem) -> EventDraft {
        // A task may have no time at all (RFC 5545 §3.6.2): its draft has none either.
        let undated =
            fields.string("start") == nil && fields.string("due") == nil
            && fields.string("component").flatMap(ComponentKind.init(componentName:)) == .todo
        guard let startText = fields.string("start") ?? (undated ? "0001-01-01" : nil) else {
            throw Problem(message: "it has no start")
        }
        let zone = fields.string("zone")
        let allDay = fields.bool("allDay") ?? (startText.count == 10)
        let start = try time(
            startText, allDay: allDay, zone: zone, knownZone: knownZone, field: "start")
        var end: OriginalTime?
        if let endText = fields.string("end") {
            end = try time(endText, allDay: allDay, zone: zone, knownZone: knownZone, field: "end")
        }
        var duration: CalendarDuration?
        if let text = fields.string("duration") {
            do {
                duration = try CalendarDuration(rfc5545: text)
            } catch {
                throw Problem(message: "its duration: \(error)")
            }
        }
        // An all-day occurrence record ends the next day; a series record says its end as
        // written (none: RFC 5545 §3.6.1's one day).
        if case .date(let first) = start, end == nil, duration == nil, !fields.has("rrule"),
            let next = try? first.adding(days: 1)
        {
            end = .date(next)
        }
        let title = fields.string("title") ?? ""
        // A record without a uid is given one once every record is read (assignUIDs).
        var draft = EventDraft(
            uid: fields.string("uid") ?? "", start: start, end: end, title: title)
        if let recurrence = fields.string("recurrenceId") {
            draft.recurrenceId = try recurrenceTime(
                recurrence, zone: fields.string("originalZone"), knownZone: knownZone)
            if let range = fields.string("recurrenceRange") {
                // RFC 5545 §3.2.13 defines THISANDFUTURE alone.
                guard range.uppercased() == "THISANDFUTURE" else {
                    throw Problem(
                        message:
                            "its recurrenceRange '\(range)' is not THISANDFUTURE, the one range RFC 5545 defines"
                    )
                }
                draft.recurrenceRange = "THISANDFUTURE"
            }
        }
        draft.description = fields.string("description")
        draft.location = fields.string("location")
        draft.url = fields.string("url")
        draft.color = fields.string("color")
        draft.status = fields.string("status").flatMap { EventStatus(rawValue: $0.uppercased()) }
        draft.transparency =
            fields.string("transparency").flatMap { Transparency(rawValue: $0.uppercased()) }
            ?? .opaque
        draft.categories = fields.strings("categories")
        draft.resources = fields.strings("resources")
        draft.organizer = fields.participants("organizer").first
        draft.attendees = fields.participants("attendees")
        draft.sequence = fields.string("sequence").flatMap { Int($0) } ?? 0
        draft.duration = duration
        if let text = fields.string("rrule") {
            do {
                draft.rule = try RecurrenceRule(parsing: text)
            } catch {
                throw Problem(message: "its rrule: \(error.description)")
            }
        }
        func listed(_ text: String, _ field: String) throws(Problem) -> OriginalTime {
            try time(text, allDay: false, zone: zone, knownZone: knownZone, field: field)
        }
        for text in fields.strings("rdate") {
            guard let slash = text.firstIndex(of: "/") else {
                draft.recurrenceDates.append(.time(try listed(text, "rdate")))
                continue
            }
            let first = try listed(String(text[..<slash]), "rdate")
            let rest = String(text[text.index(after: slash)...])
            if rest.hasPrefix("P") || rest.hasPrefix("+P") || rest.hasPrefix("-P") {
                guard let length = try? CalendarDuration(rfc5545: rest) else {
                    throw Problem(message: "its rdate '\(text)' ends in no duration")
                }
                draft.recurrenceDates.append(.period(first, end: nil, duration: length))
            } else {
                draft.recurrenceDates.append(
                    .period(first, end: try listed(rest, "rdate"), duration: nil))
            }
        }
        for text in fields.strings("exdate") {
            draft.exceptionDates.append(try listed(text, "exdate"))
        }
        try readTask(fields, into: &draft) { text, field throws(Problem) in
            try time(text, allDay: allDay, zone: zone, knownZone: knownZone, field: field)
        }
        draft.isUndated = undated
        if case .json(let members) = fields.storage,
            let value = members.first(where: { $0.key == "alarms" })?.value, !value.isNull
        {
            draft.alarms = try AlarmFields.read(value)
        } else if let text = fields.string("alarms") {
            guard let value = try? JSONParser.parse(Array(text.utf8)) else {
                throw Problem(message: "its alarms are not a JSON array")
            }
            draft.alarms = try AlarmFields.read(value)
        }
        return draft
    }

    /// The component a record names and, for a VTODO or a VJOURNAL, what it carries beyond an
    /// event's fields (RFC 5545 §3.6.2, §3.6.3).
    private static func readTask(
        _ fields: Fields, into draft: inout EventDraft,
        time: (String, String) throws(Problem) -> OriginalTime
    ) throws(Problem) {
        guard let name = fields.string("component") else { return }
        guard let kind = ComponentKind(componentName: name) else {
            throw Problem(message: "its component '\(name)' is none of VEVENT, VTODO and VJOURNAL")
        }
        draft.component = kind
        guard kind != .event else { return }
        draft.status = nil
        draft.transparency = .opaque
        draft.taskStatus = fields.string("status").map { $0.uppercased() }.flatMap {
            kind.statuses.contains($0) ? $0 : nil
        }
        guard kind == .todo else { return }
        if let text = fields.string("due") { draft.due = try time(text, "due") }
        if let text = fields.string("completed") {
            guard text.hasSuffix("Z"),
                let instant = try? LocalDateTime(parsing: String(text.dropLast()))
            else {
                throw Problem(
                    message: "its completed '\(text)' is not a UTC time (YYYY-MM-DDTHH:mm:ssZ)")
            }
            draft.completed = instant
        }
        draft.percentComplete = fields.string("percentComplete").flatMap { Int($0) }.flatMap {
            (0...100).contains($0) ? $0 : nil
        }
        draft.priority = fields.string("priority").flatMap { Int($0) }.flatMap {
            (1...9).contains($0) ? $0 : nil
        }
    }

    /// A start or end in the schema's text forms, on the record's zone.
    private static func time(
        _ text: String, allDay: Bool, zone: String?, knownZone: (String) -> Bool, field: String
    ) throws(Problem) -> OriginalTime {
        if allDay || text.count == 10 {
            guard let date = try? CivilDate(parsing: String(text.prefix(10))) else {
                throw Problem(message: "its \(field) '\(text)' is not a date (YYYY-MM-DD)")
            }
            return .date(date)
        }
        let local: LocalDateTime
        let utc = text.hasSuffix("Z")
        do {
            local = try LocalDateTime(parsing: utc ? String(text.dropLast()) : text)
        } catch {
            throw Problem(message: "its \(field): \(error)")
        }
        if utc { return .utc(local) }
        guard let zone, !zone.isEmpty else { return .floating(local) }
        if zone == "UTC" { return .utc(local) }
        guard knownZone(zone) else {
            throw Problem(message: "its zone '\(zone)' is not a known IANA zone")
        }
        return .zoned(local, tzid: zone)
    }

    /// A recurrence id in ``OriginalTime/text`` form, in the zone the original start had.
    private static func recurrenceTime(_ text: String, zone: String?, knownZone: (String) -> Bool)
        throws(Problem) -> OriginalTime
    {
        if text.hasSuffix("Z"), let local = try? LocalDateTime(parsing: String(text.dropLast())) {
            return .utc(local)
        }
        if let date = try? CivilDate(parsing: text) { return .date(date) }
        guard let local = try? LocalDateTime(parsing: text) else {
            throw Problem(message: "its recurrenceId '\(text)' is not a date or date-time")
        }
        if zone == "UTC" { return .utc(local) }
        if let zone, knownZone(zone) { return .zoned(local, tzid: zone) }
        return .floating(local)
    }

    /// The recurrence id of an override given the type and zone of its series' DTSTART
    /// (RFC 5545 §3.8.4.4: RECURRENCE-ID has the value type of DTSTART), where the record left
    /// them out: a floating id beside a zoned series takes its zone, a date-time id of an
    /// all-day series becomes its date, a date id of a timed series takes its time of day.
    static func matched(_ recurrence: OriginalTime, toSeriesStart start: OriginalTime)
        -> OriginalTime
    {
        switch (start, recurrence) {
        case (.zoned(_, let tzid), .floating(let local)): .zoned(local, tzid: tzid)
        case (.date, .floating(let local)), (.date, .zoned(let local, _)): .date(local.date)
        case (.floating(let time), .date(let date)): .floating(time.on(date))
        case (.zoned(let time, let tzid), .date(let date)): .zoned(time.on(date), tzid: tzid)
        case (.utc(let time), .date(let date)): .utc(time.on(date))
        default: recurrence
        }
    }

    /// Gives each draft without a UID one that stays when the event moves within its day: a
    /// hash (FNV-1a) of its title and start date (on its own clock), or of the `fields` named,
    /// with `-2`, `-3`… for the second and later records with the same values, numbered by
    /// start time (``numbers``) so that sorting the rows moves no UID; in the order of the
    /// records until the numbers are known.
    struct UIDMaker {
        let fields: [String]?
        /// The number of each record whose values another shares, by record index: its place
        /// among them by start time, then record order.
        var numbers: [Int: Int] = [:]
        /// How many records had each hash so far.
        private var seen: [UInt64: Int] = [:]

        init(from fields: [String]?, numbers: [Int: Int] = [:]) {
            self.fields = fields
            self.numbers = numbers
        }

        /// The hashes more than one record has given so far.
        var sharedHashes: Set<UInt64> { Set(seen.lazy.filter { $0.value > 1 }.map(\.key)) }

        /// What the UID of a draft without one is made from, hashed.
        func hash(_ draft: EventDraft, of record: Fields) -> UInt64 {
            let parts =
                fields.map { $0.map { record.uidPart($0, of: draft) ?? "" } }
                ?? [draft.title, draft.start.wallClock.date.description]
            return RecordImport.fnv1a(parts.joined(separator: "\u{1F}"))
        }

        /// Gives `draft`, of the record at `index`, a UID when it has none; returns whether it
        /// was given one.
        mutating func give(_ draft: inout EventDraft, of record: Fields, index: Int) -> Bool {
            guard draft.uid.isEmpty else { return false }
            let hash = hash(draft, of: record)
            let count = seen[hash, default: 0] + 1
            seen[hash] = count
            let number = numbers[index] ?? count
            let hex = String(hash, radix: 16)
            draft.uid =
                String(repeating: "0", count: 16 - hex.count) + hex
                + (number > 1 ? "-\(number)" : "") + "@chronosketch.imported"
            return true
        }
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        FNV1a.hash(text.utf8)
    }
}

extension LocalDateTime {
    /// The same time of day on `date`.
    fileprivate func on(_ date: CivilDate) -> LocalDateTime {
        (try? LocalDateTime(date: date, hour: hour, minute: minute, second: second)) ?? self
    }
}
