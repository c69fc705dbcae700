import ChronoSketchCore

/// Why a jCal document could not be read.
public struct JCalError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// jCal (RFC 7265): iCalendar as JSON, both ways.
///
/// A component is `[name, [properties], [components]]`, a property
/// `[name, {parameters}, type, value, …]`, names lower-cased. Values that read by their type
/// are written in their jCal form (`"2026-09-08T09:00:00Z"`, recurrence rules as objects with
/// their parts in the order written, text unescaped exactly); values that do not, and X-
/// properties without a VALUE parameter, are written as type `unknown` with their text as
/// written, so nothing is lost. Lines that are not properties have no jCal form and are left
/// out. Reading jCal rebuilds the iCalendar text and reads it like any `.ics` input.
public enum JCal {
    // MARK: - Writing

    /// What of a document jCal holds: everything but lines that are not properties and lines
    /// outside every component, which `.ics` keeps as written and jCal has no form for.
    public static func holdable(_ document: ICalDocument) -> ICalDocument {
        func holdable(_ component: ICalComponent) -> ICalComponent {
            var copy = component
            copy.properties = component.properties.filter(\.isProperty)
            copy.components = component.components.map(holdable)
            return copy
        }
        return ICalDocument(components: document.components.map(holdable))
    }

    /// One VCALENDAR as one jCal component; several (or bare components) as an array of them.
    public static func encode(_ document: ICalDocument) -> JSONValue {
        let components = document.components.map(component)
        return components.count == 1 ? components[0] : .array(components)
    }

    static func component(_ component: ICalComponent) -> JSONValue {
        .array([
            .string(component.name.lowercased()),
            .array(component.properties.filter(\.isProperty).map(property)),
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
        let reading = property.reading
        let asWritten = ("unknown", [JSONValue.string(property.rawValue)])
        guard reading.error == nil, !(isX && declared == nil) else { return asWritten }
        let standard = property.known.map(ValueTypes.defaultType)
        let type = declared ?? standard ?? "unknown"
        var valueType: String?
        var values: [JSONValue] = []
        for value in reading.values {
            let (itemType, item): (String, JSONValue)
            switch value {
            case .text(let text):
                guard type == "text" else { return asWritten }
                (itemType, item) = ("text", .string(text))
            case .dateTime(.date(let date)):
                (itemType, item) = ("date", .string(date.description))
            case .dateTime(.dateTime(let time, let isUTC)):
                (itemType, item) = ("date-time", .string(extended(time, isUTC: isUTC)))
            case .period(let period):
                (itemType, item) = ("period", .string(periodText(period)))
            case .duration(let duration):
                (itemType, item) = ("duration", .string(duration.description))
            case .utcOffset(let offset):
                (itemType, item) = ("utc-offset", .string(offsetText(offset)))
            case .integer(let number):
                (itemType, item) = ("integer", .integer(number))
            case .recurrence(let rule):
                (itemType, item) = ("recur", recurrence(rule))
            case .geo(let latitude, let longitude):
                (itemType, item) = ("float", .array([.double(latitude), .double(longitude)]))
            case .uri(let text):
                (itemType, item) = (type, .string(text))
            case .other:
                return otherValues(property, type: type)
            }
            // A list mixing types (dates and date-times in one RDATE) has no jCal form.
            guard valueType == nil || valueType == itemType else { return asWritten }
            valueType = itemType
            values.append(item)
        }
        return (valueType ?? type, values)
    }

    /// Values of the types not read by ``ValueReader``: BOOLEAN and BINARY where the jCal
    /// form gives the text back as written, everything else (REQUEST-STATUS, TIME, FLOAT, a
    /// type of no name RFC 5545 knows) as written, with type `unknown` (RFC 7265 §5).
    private static func otherValues(_ property: ICalProperty, type: String) -> (String, [JSONValue])
    {
        let raw = property.rawValue
        if property.name == "REQUEST-STATUS", type == "text" {
            // Code, description and data, each a TEXT (RFC 7265 §3.4.1.3).
            let parts = TextValue.list(property.rawValueBytes, separator: UInt8(ascii: ";"))
            return ("text", [.array(parts.map(JSONValue.string))])
        }
        switch (type, raw) {
        case ("boolean", "TRUE"): return ("boolean", [.bool(true)])
        case ("boolean", "FALSE"): return ("boolean", [.bool(false)])
        case ("binary", _): return ("binary", [.string(raw)])
        default: return ("unknown", [.string(raw)])
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

    /// A RECUR value as a jCal object (RFC 7265 §3.6.10): parts in the order written, lists as
    /// arrays, numbers as numbers where they read back the same, UNTIL as a jCal date or
    /// date-time.
    private static func recurrence(_ rule: RecurrenceRule) -> JSONValue {
        var members: [JSONMember] = []
        for part in rule.parts {
            let name = part.name.lowercased()
            let items = part.value.split(separator: ",", omittingEmptySubsequences: false).map {
                item -> JSONValue in
                if name == "until", let value = try? ICalDateTimeText.parse(item) {
                    return .string(dateTimeText(value))
                }
                if name != "wkst", name != "freq", let number = Int(item), String(number) == item {
                    return .integer(number)
                }
                return .string(String(item))
            }
            members.append(JSONMember(name, items.count == 1 ? items[0] : .array(items)))
        }
        return .object(members)
    }

}

/// The default value types of the properties ``KnownProperty`` names, by jCal type name.
enum ValueTypes {
    static func defaultType(of property: String) -> String? {
        KnownProperty(name: property).map(defaultType)
    }

    static func defaultType(of property: KnownProperty) -> String {
        switch property {
        case .calscale, .method, .prodid, .version, .categories, .class, .comment, .description,
            .location, .resources, .status, .summary, .transp, .tzid, .tzname, .contact,
            .relatedTo, .uid, .action, .requestStatus, .name, .color, .locationType,
            .participantType, .resourceType, .tzidAliasOf, .busytype, .proximity, .refid:
            "text"
        case .styledDescription, .structuredData: "unknown"
        case .attach, .tzurl, .url, .source, .image, .conference, .link, .concept: "uri"
        case .geo: "float"
        case .percentComplete, .priority, .sequence, .repeat: "integer"
        case .completed, .dtend, .due, .dtstart, .recurrenceID, .exdate, .rdate, .created,
            .dtstamp, .lastModified, .acknowledged, .tzuntil:
            "date-time"
        case .duration, .trigger, .refreshInterval: "duration"
        case .freebusy: "period"
        case .tzoffsetfrom, .tzoffsetto: "utc-offset"
        case .attendee, .organizer, .calendarAddress: "cal-address"
        case .rrule, .exrule: "recur"
        }
    }
}
