import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Why a jCal document could not be read.
public struct JCalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The message.
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
            copy.components = ComponentList(component.components.map(holdable))
            return copy
        }
        return ICalDocument(components: document.components.map(holdable))
    }

    /// One VCALENDAR as one jCal component; several (or bare components) as an array of them.
    public static func encode(_ document: ICalDocument) -> JSONValue {
        var json = JSONWriter()
        write(document, into: &json)
        return (try? JSONParser.parse(json.bytes)) ?? .array([])
    }

    /// ``encode(_:)`` written into `json`, a component at a time.
    static func write(_ document: ICalDocument, into json: inout JSONWriter) {
        let isArray = document.components.count != 1
        if isArray { json.beginArray() }
        for component in document.components {
            var walk = ComponentWalk(component, order: .propertiesFirst)
            write(&walk, into: &json, upTo: .max)
        }
        if isArray { json.endArray() }
    }

    /// Writes the steps of `walk` (made with ``ComponentWalk/Order/propertiesFirst``) as
    /// jCal, a component as `[name, [properties], [components]]`, until it is done or `json`
    /// holds `limit` bytes.
    static func write(_ walk: inout ComponentWalk, into json: inout JSONWriter, upTo limit: Int) {
        while json.bytes.count < limit, let step = walk.next() {
            switch step {
            case .begin(let component):
                json.beginArray()
                json.string(component.name.lowercased())
                json.beginArray()
            case .property(let property):
                if property.isProperty { json.value(Self.property(property)) }
            case .components:
                json.endArray()
                json.beginArray()
            case .end:
                json.endArray()
                json.endArray()
            }
        }
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

    /// The jCal type and values of a property (RFC 7265 §3.5.1, §3.6, §5.1): the VALUE
    /// parameter's type, else the property's default; `unknown`, with the text as written,
    /// for a property of no known type (an X- property without VALUE among them), for a value
    /// that does not read by its type and for a list that mixes types (dates and date-times
    /// in one RDATE), which jCal has no form for.
    private static func typedValues(_ property: ICalProperty) -> (String, [JSONValue]) {
        let asWritten = ("unknown", [JSONValue.string(property.rawValue)])
        let declared = property.declaredType
        if declared == nil, property.known == nil { return asWritten }
        let reading = property.reading
        let kind = ValueReader.kind(of: property)
        guard reading.error == nil, kind != .unknown else { return asWritten }
        var valueType: ValueType?
        var values: [JSONValue] = []
        for value in reading.values {
            let (itemType, item): (ValueType, JSONValue)
            switch value {
            case .text(let text): (itemType, item) = (.text, .string(text))
            case .dateTime(.date(let date)): (itemType, item) = (.date, .string(date.description))
            case .dateTime(let time): (itemType, item) = (.dateTime, .string(dateTimeText(time)))
            case .period(let period):
                let end = period.end.map(dateTimeText) ?? period.duration?.description ?? "PT0S"
                (itemType, item) = (
                    .period, .array([.string(dateTimeText(period.start)), .string(end)])
                )
            case .duration(let duration):
                (itemType, item) = (.duration, .string(duration.description))
            case .utcOffset(let offset):
                (itemType, item) = (
                    .utcOffset, .string(ICalWriter.utcOffset(offset, separator: ":"))
                )
            case .integer(let number): (itemType, item) = (.integer, .integer(number))
            case .float(let number): (itemType, item) = (.float, .double(number))
            case .time(let time): (itemType, item) = (.time, .string(timeText(time)))
            case .boolean(let flag): (itemType, item) = (.boolean, .bool(flag))
            case .binary(let text): (itemType, item) = (.binary, .string(text))
            case .recurrence(let rule): (itemType, item) = (.recur, recurrence(rule))
            case .geo(let latitude, let longitude):
                (itemType, item) = (.float, .array([.double(latitude), .double(longitude)]))
            case .requestStatus(let parts):
                (itemType, item) = (.text, .array(parts.map(JSONValue.string)))
            case .uri(let text): (itemType, item) = (kind.type, .string(text))
            case .other: return asWritten
            }
            // A list mixing types (dates and date-times in one RDATE) has no jCal form.
            guard valueType == nil || valueType == itemType else { return asWritten }
            valueType = itemType
            values.append(item)
        }
        return ((valueType ?? kind.type).rawValue, values)
    }

    /// `12:30:00`, or `12:30:00Z` in UTC (RFC 7265 §3.6.12).
    private static func timeText(_ time: ICalTime) -> String {
        ASCIIDigits.padded(time.hour, 2) + ":" + ASCIIDigits.padded(time.minute, 2) + ":"
            + ASCIIDigits.padded(time.second, 2) + (time.isUTC ? "Z" : "")
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
