import ChronoSketchCore

/// The values of a property and what went wrong reading them.
public struct ValueReading: Sendable, Hashable {
    /// Every value, in order; empty when ``error`` is set.
    public var values: [ICalValue]
    /// Why the value could not be read, quoting it.
    public var error: Problem?
    /// What was assumed while reading it (a VALUE type that does not fit the value).
    public var warnings: [Problem]

    /// The warnings, then the error.
    public var problems: [Problem] { warnings + (error.map { [$0] } ?? []) }
}

/// Reads property values by their type (RFC 5545 §3.3), from the text as written: the only
/// place values are interpreted.
///
/// DATE, DATE-TIME, PERIOD, DURATION, UTC-OFFSET and RECUR are range-checked here; libical is
/// only ever given a RECUR this has read (for its iterator), so nothing it would read out of
/// bounds (`99999999T250000`) or loop on reaches it.
enum ValueReader {
    /// How a property's value is read.
    enum Kind: Sendable, Equatable {
        case text, textList, dateTime, dateTimeList, dateTimeOrPeriodList, periodList, duration
        case durationOrDateTime, utcOffset, integer, recurrence, uri, geo, other
    }

    /// The value kind of a property's default type (RFC 5545 §3.8, RFC 7986, RFC 9073,
    /// RFC 9074); nil for a property of no known type. Non-standard (`X-`) properties default to
    /// TEXT (§3.8.8.2).
    static func defaultKind(of property: ICalProperty) -> Kind? {
        guard let known = property.known else { return property.name.hasPrefix("X-") ? .text : nil }
        switch known {
        case .calscale, .method, .prodid, .version, .class, .comment, .description, .location,
            .status, .summary, .transp, .tzid, .tzname, .contact, .relatedTo, .uid, .action,
            .name, .color, .locationType, .participantType, .resourceType, .tzidAliasOf,
            .busytype, .proximity, .refid:
            return .text
        case .categories, .resources: return .textList
        case .dtstart, .dtend, .due, .recurrenceID, .dtstamp, .created, .lastModified, .completed,
            .acknowledged, .tzuntil:
            return .dateTime
        case .exdate: return .dateTimeList
        case .rdate: return .dateTimeOrPeriodList
        case .freebusy: return .periodList
        case .duration, .refreshInterval: return .duration
        case .trigger: return .durationOrDateTime
        case .tzoffsetfrom, .tzoffsetto: return .utcOffset
        case .percentComplete, .priority, .sequence, .repeat: return .integer
        case .rrule, .exrule: return .recurrence
        case .attach, .tzurl, .url, .source, .image, .conference, .attendee, .organizer,
            .calendarAddress, .link, .concept:
            return .uri
        case .geo: return .geo
        // No default type (RFC 9073 §6.5, §6.6): read as written unless VALUE names one.
        case .requestStatus, .structuredData, .styledDescription: return .other
        }
    }

    /// The kind a property is read as: the VALUE parameter's type where it names one (a list
    /// property stays a list), else the default.
    static func kind(of property: ICalProperty) -> Kind {
        let standard = defaultKind(of: property)
        guard let declared = property.parameter("VALUE")?.uppercased() else {
            return standard ?? .other
        }
        let isList =
            standard == .dateTimeList || standard == .dateTimeOrPeriodList
            || standard == .periodList || property.name.hasPrefix("X-")
        switch declared {
        case "TEXT": return standard == .textList ? .textList : .text
        case "DATE", "DATE-TIME": return isList ? .dateTimeList : .dateTime
        case "PERIOD": return .periodList
        case "DURATION": return .duration
        case "UTC-OFFSET": return .utcOffset
        case "INTEGER": return .integer
        case "RECUR": return .recurrence
        case "URI", "CAL-ADDRESS": return .uri
        default: return .other
        }
    }

    static func read(_ property: ICalProperty) -> ValueReading {
        guard property.isProperty else {
            return ValueReading(
                values: [], error: Problem(.notAProperty, "Line is not a property"), warnings: [])
        }
        let raw = property.rawValueBytes
        var warnings: [Problem] = []
        do throws(ValueError) {
            let kind = kind(of: property)
            let values = try read(raw, as: kind)
            if kind == .durationOrDateTime, case .dateTime? = values.first {
                warnings.append(
                    Problem(
                        .valueTypeMismatch,
                        "\(property.name) is a date-time without VALUE=DATE-TIME ('\(String(decoding: raw.trimmingBlanks, as: UTF8.self))'); read as written"
                    ))
            }
            if let period = values.lazy.compactMap(\.period).first(where: {
                $0.start.isDate || $0.end?.isDate == true
            }) {
                warnings.append(
                    Problem(
                        .periodOfDates,
                        "\(property.name) has a period of dates ('\(period.text)'), where RFC 5545 §3.3.9 needs date-times; read as the days it names"
                    ))
            }
            if let declared = property.parameter("VALUE")?.uppercased(),
                declared == "DATE" || declared == "DATE-TIME",
                let mismatch = values.first(where: { $0.isDate != (declared == "DATE") })
            {
                warnings.append(
                    Problem(
                        .valueTypeMismatch,
                        "VALUE=\(declared) but \(property.name) is \(mismatch.isDate == true ? "a date" : "a date-time") ('\(String(decoding: raw.trimmingBlanks, as: UTF8.self))'); read as written"
                    ))
            }
            return ValueReading(values: values, error: nil, warnings: warnings)
        } catch {
            return ValueReading(
                values: [], error: Problem(.invalidValue, "\(error.message) in \(property.name)"),
                warnings: [])
        }
    }

    /// Why a value could not be read.
    struct ValueError: Error {
        let message: String
    }

    private static let comma = UInt8(ascii: ",")
    private static let slash = UInt8(ascii: "/")

    private static func read(_ raw: ArraySlice<UInt8>, as kind: Kind) throws(ValueError)
        -> [ICalValue]
    {
        switch kind {
        case .text:
            return [.text(TextValue.unescape(raw))]
        case .textList:
            return TextValue.list(raw).map(ICalValue.text)
        case .uri:
            return [.uri(String(decoding: raw, as: UTF8.self))]
        case .other:
            return [.other(String(decoding: raw, as: UTF8.self))]
        case .dateTime:
            return [.dateTime(try dateTime(raw.trimmingBlanks))]
        case .dateTimeList:
            return try items(raw).map { item throws(ValueError) in .dateTime(try dateTime(item)) }
        case .dateTimeOrPeriodList:
            return try items(raw).map { item throws(ValueError) in
                item.contains(slash) ? .period(try period(item)) : .dateTime(try dateTime(item))
            }
        case .periodList:
            return try items(raw).map { item throws(ValueError) in .period(try period(item)) }
        case .duration:
            return [.duration(try duration(raw.trimmingBlanks))]
        case .durationOrDateTime:
            let item = raw.trimmingBlanks
            return [
                isDuration(item) ? .duration(try duration(item)) : .dateTime(try dateTime(item))
            ]
        case .utcOffset:
            do {
                return [.utcOffset(try ICalDateTimeText.utcOffset(raw.trimmingBlanks))]
            } catch {
                throw ValueError(message: error.description)
            }
        case .integer:
            let text = String(decoding: raw.trimmingBlanks, as: UTF8.self)
            guard let number = Int(text), let _ = Int32(exactly: number) else {
                throw ValueError(message: "Invalid integer '\(text)'")
            }
            return [.integer(number)]
        case .geo:
            let parts = raw.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard parts.count == 2, let latitude = float(parts[0]), let longitude = float(parts[1])
            else {
                throw ValueError(
                    message:
                        "Invalid position '\(String(decoding: raw, as: UTF8.self))': expected latitude;longitude"
                )
            }
            return [.geo(latitude: latitude, longitude: longitude)]
        case .recurrence:
            do {
                return [
                    .recurrence(
                        try RecurrenceRule(
                            parsing: String(decoding: raw.trimmingBlanks, as: UTF8.self)))
                ]
            } catch {
                throw ValueError(message: error.description)
            }
        }
    }

    /// A FLOAT (RFC 5545 §3.3.7): an optional sign, digits, and optionally `.` and digits.
    private static func float(_ text: ArraySlice<UInt8>) -> Double? {
        let text = text.trimmingBlanks
        var digits =
            text.first == UInt8(ascii: "+") || text.first == UInt8(ascii: "-")
            ? text.dropFirst() : text
        if let dot = digits.firstIndex(of: UInt8(ascii: ".")) {
            guard digits[(dot + 1)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                dot + 1 < digits.endIndex
            else { return nil }
            digits = digits[..<dot]
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The comma-separated items of a list, each without blanks around it.
    private static func items(_ raw: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        raw.split(separator: comma, omittingEmptySubsequences: false).map(\.trimmingBlanks)
    }

    private static func dateTime(_ item: ArraySlice<UInt8>) throws(ValueError) -> ICalDateTime {
        do {
            return try ICalDateTimeText.parse(item)
        } catch {
            throw ValueError(message: error.description)
        }
    }

    private static func isDuration(_ item: ArraySlice<UInt8>) -> Bool {
        guard let first = item.first else { return false }
        return first == UInt8(ascii: "P") || first == UInt8(ascii: "-")
            || first == UInt8(ascii: "+")
    }

    private static func duration(_ item: ArraySlice<UInt8>) throws(ValueError) -> CalendarDuration {
        do {
            return try CalendarDuration(rfc5545: String(decoding: item, as: UTF8.self))
        } catch {
            throw ValueError(message: error.description)
        }
    }

    private static func period(_ item: ArraySlice<UInt8>) throws(ValueError) -> ICalPeriod {
        let parts = item.split(separator: slash, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ValueError(
                message:
                    "Invalid period '\(String(decoding: item, as: UTF8.self))': expected start/end")
        }
        let start = try dateTime(parts[0])
        if isDuration(parts[1]) {
            return ICalPeriod(start: start, end: nil, duration: try duration(parts[1]))
        }
        return ICalPeriod(start: start, end: try dateTime(parts[1]), duration: nil)
    }
}

extension ICalValue {
    /// The period, when the value is one.
    var period: ICalPeriod? {
        if case .period(let period) = self { return period }
        return nil
    }

    /// Whether the value is a DATE; nil for values that are not dates or date-times.
    var isDate: Bool? {
        switch self {
        case .dateTime(let value): value.isDate
        case .period(let period): period.start.isDate
        default: nil
        }
    }
}
