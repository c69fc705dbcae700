import ChronoSketchCore

/// Why a jCal document could not be read.
public struct JCalError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// jCal (RFC 7265): iCalendar as JSON, both ways.
///
/// A component is `[name, [properties], [components]]`, a property
/// `[name, {parameters}, type, value, …]`, names lower-cased. Values libical understood are
/// written in their jCal form (`"2026-09-08T09:00:00Z"`, recurrence rules as objects, text
/// unescaped); values it did not understand, and X- properties without a VALUE parameter, are
/// written as type `unknown` with their text as written, so nothing is lost. Reading jCal
/// rebuilds the iCalendar text and reads it like any `.ics` input.
public enum JCal {
    // MARK: - Writing

    /// One VCALENDAR as one jCal component; several (or bare components) as an array of them.
    public static func encode(_ document: ICalDocument) -> JSONValue {
        let components = document.components.map(component)
        return components.count == 1 ? components[0] : .array(components)
    }

    static func component(_ component: ICalComponent) -> JSONValue {
        .array([
            .string(component.name.lowercased()),
            .array(component.properties.filter { $0.name != "X-LIC-ERROR" }.map(property)),
            .array(component.components.map(self.component)),
        ])
    }

    static func property(_ property: ICalProperty) -> JSONValue {
        let (type, values) = typedValues(property)
        // A value kept as written ("unknown") keeps its VALUE parameter too: without it the
        // line read back could split differently.
        var parameters: [JSONMember] = []
        for parameter in property.parameters where parameter.name != "VALUE" || type == "unknown" {
            let values = parameter.values.map(JSONValue.string)
            parameters.append(
                JSONMember(
                    parameter.name.lowercased(), values.count == 1 ? values[0] : .array(values)))
        }
        return .array(
            [.string(property.name.lowercased()), .object(parameters), .string(type)] + values)
    }

    /// The jCal type and values of a property.
    private static func typedValues(_ property: ICalProperty) -> (String, [JSONValue]) {
        let declared = property.parameter("VALUE")?.lowercased()
        let isX = property.name.hasPrefix("X-")
        guard property.isUnderstood, !(isX && declared == nil) else {
            return ("unknown", [.string(property.rawValue)])
        }
        let standard = ValueTypes.defaultType(of: property.name)
        var type = declared ?? standard ?? "unknown"
        var values: [JSONValue] = []
        for value in property.values {
            switch value {
            case .text(let text):
                // Text where another type belongs (a calendar property read as written, say
                // DTEND on VCALENDAR) is no value of that type, and a property of no known
                // type keeps its text with its escapes: both are kept as written.
                guard type == "text" else { return ("unknown", [.string(property.rawValue)]) }
                values.append(.string(text))
            case .dateTime(.date(let date)):
                type = "date"
                values.append(.string(date.description))
            case .dateTime(.dateTime(let time, let isUTC)):
                type = "date-time"
                values.append(.string(extended(time, isUTC: isUTC)))
            case .period(let period):
                type = "period"
                values.append(.string(periodText(period)))
            case .duration(let duration):
                type = "duration"
                values.append(.string(duration.description))
            case .utcOffset(let offset):
                type = "utc-offset"
                values.append(.string(offsetText(offset)))
            case .integer(let number):
                type = "integer"
                values.append(.integer(number))
            case .recurrence(let text):
                type = "recur"
                values.append(recurrence(text))
            case .uri(let text):
                values.append(.string(text))
            case .other, .empty:
                return otherValues(property, type: type)
            }
        }
        return (type, values)
    }

    /// Values libical keeps in its own types (enumerations, GEO, booleans, …): read from the
    /// text as written, by the property's type.
    private static func otherValues(_ property: ICalProperty, type: String) -> (String, [JSONValue])
    {
        let raw = property.rawValue
        switch type {
        case "float":
            let parts = raw.split(separator: ";", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { Double($0.trimmingSpaces) }
            guard numbers.count == parts.count else { return ("unknown", [.string(raw)]) }
            return (
                "float",
                numbers.count == 1 ? [.double(numbers[0])] : [.array(numbers.map(JSONValue.double))]
            )
        case "boolean":
            switch raw.uppercased() {
            case "TRUE": return ("boolean", [.bool(true)])
            case "FALSE": return ("boolean", [.bool(false)])
            default: return ("unknown", [.string(raw)])
            }
        case "text":
            // An enumeration such as TRANSP or STATUS: a comma, semicolon or backslash in it is
            // no TEXT escape but a broken value, kept as written (RFC 7265 §5.3, "unknown"),
            // as is one with blanks around it.
            if raw.contains(where: { $0 == "," || $0 == ";" || $0 == "\\" })
                || raw.first == " " || raw.first == "\t" || raw.last == " " || raw.last == "\t"
            {
                return ("unknown", [.string(raw)])
            }
            return ("text", [.string(raw)])
        case "integer":
            return Int(raw).map { ("integer", [.integer($0)]) } ?? ("unknown", [.string(raw)])
        case "unknown":
            return ("unknown", [.string(raw)])
        default:
            return (type, [.string(raw)])
        }
    }

    private static func extended(_ time: LocalDateTime, isUTC: Bool) -> String {
        let date = time.date.description
        let clock =
            ASCIIDigits.padded(time.hour, 2) + ":" + ASCIIDigits.padded(time.minute, 2) + ":"
            + ASCIIDigits.padded(time.second, 2)
        return date + "T" + clock + (isUTC ? "Z" : "")
    }

    private static func dateTimeText(_ value: ICalDateTime) -> String {
        switch value {
        case .date(let date): date.description
        case .dateTime(let time, let isUTC): extended(time, isUTC: isUTC)
        }
    }

    private static func periodText(_ period: ICalPeriod) -> String {
        let start = dateTimeText(period.start)
        if let end = period.end { return start + "/" + dateTimeText(end) }
        return start + "/" + (period.duration?.description ?? "PT0S")
    }

    private static func offsetText(_ offset: Int) -> String {
        let magnitude = abs(offset)
        var text =
            (offset < 0 ? "-" : "+") + ASCIIDigits.padded(magnitude / 3600, 2) + ":"
            + ASCIIDigits.padded(magnitude % 3600 / 60, 2)
        if magnitude % 60 != 0 { text += ":" + ASCIIDigits.padded(magnitude % 60, 2) }
        return text
    }

    /// A RECUR value as a jCal object (RFC 7265 §3.6.10): parts in their order, lists as arrays,
    /// numbers as numbers, UNTIL as a jCal date or date-time.
    private static func recurrence(_ text: String) -> JSONValue {
        var members: [JSONMember] = []
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = pair[0].lowercased()
            let items = pair[1].split(separator: ",").map { item -> JSONValue in
                if name == "until", let value = try? ICalDateTimeText.parse(item) {
                    return .string(dateTimeText(value))
                }
                if let number = Int(item), name != "wkst", name != "freq" {
                    return .integer(number)
                }
                return .string(String(item))
            }
            members.append(JSONMember(name, items.count == 1 ? items[0] : .array(items)))
        }
        return .object(members)
    }

    // MARK: - Reading

    /// The iCalendar text a jCal document stands for.
    /// - Throws: ``JCalError`` naming what is not jCal.
    public static func icalendarText(_ json: JSONValue) throws(JCalError) -> String {
        var lines: [String] = []
        if case .array(let items) = json, case .string? = items.first {
            try appendComponent(json, to: &lines)
        } else if case .array(let components) = json {
            for component in components { try appendComponent(component, to: &lines) }
        } else {
            throw JCalError(
                message: "A jCal document is a component array such as [\"vcalendar\", [], []]")
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    private static func appendComponent(_ json: JSONValue, to lines: inout [String])
        throws(JCalError)
    {
        guard case .array(let items) = json, items.count == 3, case .string(let name) = items[0],
            case .array(let properties) = items[1], case .array(let components) = items[2]
        else {
            throw JCalError(message: "A jCal component is [name, [properties], [components]]")
        }
        lines.append("BEGIN:" + name.uppercased())
        for property in properties { lines.append(try propertyLine(property)) }
        for component in components { try appendComponent(component, to: &lines) }
        lines.append("END:" + name.uppercased())
    }

    private static func propertyLine(_ json: JSONValue) throws(JCalError) -> String {
        guard case .array(let items) = json, items.count >= 3, case .string(let rawName) = items[0],
            case .object(let parameters) = items[1], case .string(let type) = items[2]
        else {
            throw JCalError(message: "A jCal property is [name, {parameters}, type, value…]")
        }
        let name = rawName.uppercased()
        var line = name
        for parameter in parameters {
            let values: [String]
            switch parameter.value {
            case .string(let text): values = [text]
            case .array(let list): values = list.compactMap(\.string)
            default: values = [scalarText(parameter.value)]
            }
            line +=
                ";" + parameter.key.uppercased() + "="
                + values.map(quotedParameter).joined(separator: ",")
        }
        if type != "unknown", type != ValueTypes.defaultType(of: name) {
            line += ";VALUE=" + type.uppercased()
        }
        let values = items.dropFirst(3).map { valueText($0, type: type) }
        let separator = name == "GEO" || name == "REQUEST-STATUS" ? ";" : ","
        var value = values.joined(separator: separator)
        // A line break in a value of another type (only jCal from elsewhere has one) would
        // end the content line.
        if value.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            value = value.replacingOccurrences(of: "\r\n", with: "\\n")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(
                    of: "\r", with: "\\n")
        }
        return line + ":" + value
    }

    private static func valueText(_ value: JSONValue, type: String) -> String {
        switch (type, value) {
        case ("text", .string(let text)):
            return escaped(text)
        case ("date", .string(let text)), ("date-time", .string(let text)):
            return basic(text)
        case ("period", .string(let text)):
            return text.split(separator: "/").map { basic(String($0)) }.joined(separator: "/")
        case ("utc-offset", .string(let text)):
            return text.replacingOccurrences(of: ":", with: "")
        case ("recur", .object(let parts)):
            return parts.map { part in
                let items = part.value.array ?? [part.value]
                let text = items.map { item -> String in
                    part.key == "until" ? basic(scalarText(item)) : scalarText(item)
                }.joined(separator: ",")
                return part.key.uppercased() + "=" + text
            }.joined(separator: ";")
        case ("boolean", .bool(let flag)):
            return flag ? "TRUE" : "FALSE"
        case (_, .array(let parts)):
            return parts.map { valueText($0, type: type) }.joined(separator: ";")
        default:
            return scalarText(value)
        }
    }

    private static func scalarText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "TRUE" : "FALSE"
        default: ""
        }
    }

    /// `2026-09-08T09:00:00Z` as `20260908T090000Z`, `2026-09-08` as `20260908`.
    private static func basic(_ text: String) -> String {
        text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    }

    /// RFC 5545 §3.3.11 TEXT escaping.
    ///
    /// libical drops white space at either end of a value as written, so a tab there is
    /// written `\t` and a space at the start `\ ` (both of which it reads back as written). No
    /// value read has a space at the end (see ``LibicalValueReader``).
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let body = text.firstIndex { !isBlank($0) }.map { $0...(text.lastIndex { !isBlank($0) }!) }
        for index in text.indices {
            let character = text[index]
            if isBlank(character), !(body?.contains(index) ?? false) {
                if character == "\t" {
                    result += "\\t"
                    continue
                }
                if body.map({ index < $0.lowerBound }) ?? true {
                    result += "\\ "
                    continue
                }
            }
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n": result += "\\n"
            // libical reads `\r` as a carriage return and writes one so; bare, it would end
            // the line.
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result
    }

    /// A parameter value, RFC 6868 caret-encoded where it holds a line break, a double quote
    /// or a caret, and quoted where it holds `:`, `;` or `,`.
    private static func quotedParameter(_ value: String) -> String {
        var value = value
        if value.contains(where: { $0 == "^" || $0 == "\"" || $0.isNewline }) {
            value = value.replacingOccurrences(of: "^", with: "^^")
                .replacingOccurrences(of: "\"", with: "^'")
                .replacingOccurrences(of: "\r\n", with: "^n")
                .replacingOccurrences(of: "\n", with: "^n")
                .replacingOccurrences(of: "\r", with: "^n")
        }
        return value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," })
            ? "\"" + value + "\"" : value
    }
}

/// The default value types of RFC 5545 and RFC 7986 properties, by jCal type name.
enum ValueTypes {
    static func defaultType(of property: String) -> String? {
        switch property {
        case "CALSCALE", "METHOD", "PRODID", "VERSION", "CATEGORIES", "CLASS", "COMMENT",
            "DESCRIPTION", "LOCATION", "RESOURCES", "STATUS", "SUMMARY", "TRANSP", "TZID",
            "TZNAME", "CONTACT", "RELATED-TO", "UID", "ACTION", "REQUEST-STATUS", "NAME", "COLOR":
            "text"
        case "ATTACH", "TZURL", "URL", "SOURCE", "IMAGE", "CONFERENCE":
            "uri"
        case "GEO":
            "float"
        case "PERCENT-COMPLETE", "PRIORITY", "SEQUENCE", "REPEAT":
            "integer"
        case "COMPLETED", "DTEND", "DUE", "DTSTART", "RECURRENCE-ID", "EXDATE", "RDATE", "CREATED",
            "DTSTAMP", "LAST-MODIFIED", "ACKNOWLEDGED":
            "date-time"
        case "DURATION", "TRIGGER", "REFRESH-INTERVAL":
            "duration"
        case "FREEBUSY":
            "period"
        case "TZOFFSETFROM", "TZOFFSETTO":
            "utc-offset"
        case "ATTENDEE", "ORGANIZER":
            "cal-address"
        case "RRULE", "EXRULE":
            "recur"
        default:
            nil
        }
    }
}
