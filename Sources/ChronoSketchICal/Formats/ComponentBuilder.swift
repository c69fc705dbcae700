import ChronoSketchCore

/// Builds the components of events imported from records (JSON, NDJSON, CSV), line by line,
/// as `.ics` writes them: TEXT escaped (RFC 5545 §3.3.11), parameter values quoted where they
/// hold `;`, `:` or `,` and caret-encoded (RFC 6868), a `VALUE=DATE` for dates, a TZID for zoned
/// times.
enum ComponentBuilder {
    /// A VEVENT for `draft`, stamped with `stamp` (UTC), its lines numbered from `line`.
    static func vevent(_ draft: EventDraft, stamp: LocalDateTime, line: Int) -> ICalComponent {
        var lines = Lines(first: line)
        lines.add("UID", text: draft.uid)
        lines.add("DTSTAMP", time: .utc(stamp))
        if let recurrence = draft.recurrenceId { lines.add("RECURRENCE-ID", time: recurrence) }
        lines.add("DTSTART", time: draft.start)
        if let end = draft.end { lines.add("DTEND", time: end) }
        lines.add("SUMMARY", text: draft.title)
        if let location = draft.location { lines.add("LOCATION", text: location) }
        if let description = draft.description { lines.add("DESCRIPTION", text: description) }
        if let status = draft.status { lines.add("STATUS", value: status.rawValue) }
        if draft.transparency == .transparent { lines.add("TRANSP", value: "TRANSPARENT") }
        for category in draft.categories { lines.add("CATEGORIES", text: category) }
        for resource in draft.resources { lines.add("RESOURCES", text: resource) }
        if let organizer = draft.organizer { lines.add("ORGANIZER", participant: organizer) }
        for attendee in draft.attendees { lines.add("ATTENDEE", participant: attendee) }
        if let url = draft.url { lines.add("URL", value: clean(url)) }
        if let color = draft.color { lines.add("COLOR", text: color) }
        if draft.sequence != 0 { lines.add("SEQUENCE", value: String(draft.sequence)) }
        return ICalComponent(name: "VEVENT", properties: lines.properties, line: line)
    }

    /// Properties made from their parts, each read back as the reader reads a line.
    private struct Lines {
        var properties: [ICalProperty] = []
        let first: Int

        init(first: Int) { self.first = first }

        mutating func add(_ name: String, parameters: [(String, String)] = [], value: String) {
            var text = name
            for (parameter, parameterValue) in parameters {
                text += ";" + parameter + "=" + ComponentBuilder.parameterText(parameterValue)
            }
            text += ":" + value
            let line = first + 1 + properties.count
            guard
                case .property(let property) = LineReading(
                    ContentLine(bytes: Array(text.utf8), line: line), limits: ReadLimits())
            else { return }
            properties.append(property)
        }

        mutating func add(_ name: String, text: String) {
            add(name, value: ComponentBuilder.escaped(text))
        }

        mutating func add(_ name: String, time: DraftTime) {
            switch time {
            case .date(let date):
                add(name, parameters: [("VALUE", "DATE")], value: date.basicFormat)
            case .floating(let local): add(name, value: local.basicFormat)
            case .utc(let local): add(name, value: local.basicFormat + "Z")
            case .zoned(let local, let tzid):
                add(name, parameters: [("TZID", tzid)], value: local.basicFormat)
            }
        }

        mutating func add(_ name: String, participant: Participant) {
            var parameters: [(String, String)] = []
            if let cn = participant.name { parameters.append(("CN", clean(cn))) }
            if let role = participant.role { parameters.append(("ROLE", role)) }
            if let status = participant.status { parameters.append(("PARTSTAT", status)) }
            let address =
                participant.address.contains(":")
                ? participant.address : "mailto:" + participant.address
            add(name, parameters: parameters, value: ComponentBuilder.clean(address))
        }
    }

    /// TEXT as written after the colon (RFC 5545 §3.3.11): backslash, semicolon and comma
    /// escaped, a line break as `\n`; NUL, a carriage return, a backspace and a form feed, which
    /// a content line cannot hold, are left out.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", ";", ",":
                result.append("\\")
                result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\0", "\r", "\u{08}", "\u{0C}": break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A parameter value as written (RFC 5545 §3.2, RFC 6868): quoted when empty or holding
    /// `;`, `:` or `,`; a line break, a caret and a double quote caret-encoded; other controls
    /// written as a space.
    static func parameterText(_ value: String) -> String {
        let quoted = value.isEmpty || value.contains(where: { $0 == ";" || $0 == ":" || $0 == "," })
        var result = quoted ? "\"" : ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": result += "^n"
            case "^": result += "^^"
            case "\"": result += "^'"
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return quoted ? result + "\"" : result
    }

    /// Text without NUL, which no content line holds.
    static func clean(_ text: String) -> String {
        text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "") : text
    }
}
