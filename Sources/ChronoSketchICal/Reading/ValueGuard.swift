import ChronoSketchCore

/// Checks value syntax and ranges before libical sees a line.
///
/// libical 3.0.16 does arithmetic on dates without range checks (`99999999T250000` reads past
/// an array in `icaltime`) and sizes loops from rule parts, so every DATE, DATE-TIME, PERIOD,
/// DURATION, UTC-OFFSET and RECUR value is checked here first. A value that fails is never
/// handed to libical.
enum ValueGuard {
    enum Kind: Sendable, Equatable {
        case dateOrDateTime, period, dateTimeOrPeriod, duration, durationOrDateTime, utcOffset
        case recurrence
    }

    /// The value kind to check for a property name (RFC 5545 §3.8, RFC 7986, RFC 9074), or
    /// nil for a property whose value is not checked.
    private static func kind(of property: String) -> Kind? {
        switch property {
        case "DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "DTSTAMP", "CREATED", "LAST-MODIFIED",
            "COMPLETED", "ACKNOWLEDGED", "EXDATE":
            .dateOrDateTime
        case "RDATE": .dateTimeOrPeriod
        case "FREEBUSY": .period
        case "DURATION", "REFRESH-INTERVAL": .duration
        case "TRIGGER": .durationOrDateTime
        case "TZOFFSETFROM", "TZOFFSETTO": .utcOffset
        case "RRULE", "EXRULE": .recurrence
        default: nil
        }
    }

    private static let comma = UInt8(ascii: ",")
    private static let slash = UInt8(ascii: "/")

    /// Why the value cannot be handed to libical, or nil when it can.
    static func problem(property: String, valueType: String?, value: ArraySlice<UInt8>) -> String? {
        guard var kind = kind(of: property) else { return nil }
        switch valueType {
        case "PERIOD" where kind == .dateTimeOrPeriod: kind = .period
        case "DATE-TIME" where kind == .durationOrDateTime: kind = .dateOrDateTime
        default: break
        }
        if kind == .recurrence {
            return RecurrenceGuard.problem(Substring(String(decoding: value, as: UTF8.self)))
                .map { "\($0) in \(property)" }
        }
        let isList = property == "EXDATE" || property == "RDATE" || property == "FREEBUSY"
        let items =
            isList ? value.split(separator: comma, omittingEmptySubsequences: false) : [value]
        for item in items {
            if let reason = problem(kind: kind, item: trimmed(item)) {
                return "\(reason) in \(property)"
            }
        }
        return nil
    }

    /// Whether every comma-separated item is a DATE or DATE-TIME.
    static func isDateTimeList(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.split(separator: comma, omittingEmptySubsequences: false).allSatisfy {
            (try? ICalDateTimeText.parse(trimmed($0))) != nil
        }
    }

    /// Without leading and trailing spaces and tabs (libical strips them from values).
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var result = bytes
        while let first = result.first, first == 0x20 || first == 0x09 {
            result = result.dropFirst()
        }
        while let last = result.last, last == 0x20 || last == 0x09 { result = result.dropLast() }
        return result
    }

    private static func problem(kind: Kind, item: ArraySlice<UInt8>) -> String? {
        do {
            switch kind {
            case .dateOrDateTime:
                _ = try ICalDateTimeText.parse(item)
            case .duration:
                _ = try duration(item)
            case .durationOrDateTime:
                if isDuration(item) {
                    _ = try duration(item)
                } else {
                    _ = try ICalDateTimeText.parse(item)
                }
            case .period:
                return periodProblem(item)
            case .dateTimeOrPeriod:
                if item.contains(slash) { return periodProblem(item) }
                _ = try ICalDateTimeText.parse(item)
            case .utcOffset:
                _ = try ICalDateTimeText.utcOffset(item)
            case .recurrence:
                return nil
            }
        } catch {
            return error.description
        }
        return nil
    }

    private static func isDuration(_ item: ArraySlice<UInt8>) -> Bool {
        guard let first = item.first else { return false }
        return first == UInt8(ascii: "P") || first == UInt8(ascii: "-")
            || first == UInt8(ascii: "+")
    }

    private static func duration(_ item: ArraySlice<UInt8>) throws(CivilTimeError)
        -> CalendarDuration
    {
        try CalendarDuration(rfc5545: String(decoding: item, as: UTF8.self))
    }

    private static func periodProblem(_ item: ArraySlice<UInt8>) -> String? {
        let parts = item.split(separator: slash, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            return "Invalid period '\(String(decoding: item, as: UTF8.self))': expected start/end"
        }
        do {
            _ = try ICalDateTimeText.parse(parts[0])
            if isDuration(parts[1]) {
                _ = try duration(parts[1])
            } else {
                _ = try ICalDateTimeText.parse(parts[1])
            }
        } catch {
            return error.description
        }
        return nil
    }
}

/// Reads the DATE and DATE-TIME texts libical accepts: RFC 5545's basic forms
/// (`YYYYMMDD`, `YYYYMMDDTHHMMSS`, with `Z` for UTC) and the extended forms libical also takes
/// (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS[Z]`), with every field range-checked.
enum ICalDateTimeText {
    /// - Throws: ``CivilTimeError`` quoting the text.
    static func parse(_ text: some StringProtocol) throws(CivilTimeError) -> ICalDateTime {
        try parse(ArraySlice(text.utf8))
    }

    /// - Throws: ``CivilTimeError`` quoting the text.
    static func parse(_ text: ArraySlice<UInt8>) throws(CivilTimeError) -> ICalDateTime {
        // Field offsets in the basic form, and in the extended form with its separators.
        let extended = text.count == 10 || text.count == 19 || text.count == 20
        let base = text.startIndex
        func field(_ basic: Int, _ count: Int) -> Int? {
            guard extended else { return digits(text, base + basic, count) }
            let shift =
                switch basic {
                case 0: 0
                case 4: 1
                case 6, 9: 2
                case 11: 3
                default: 4
                }
            return digits(text, base + basic + shift, count)
        }
        func fail(_ reason: String) -> CivilTimeError {
            .invalidDateTime(text: String(decoding: text, as: UTF8.self), reason: reason)
        }
        if extended {
            let separators: [(Int, UInt8)] = [
                (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (13, UInt8(ascii: ":")),
                (16, UInt8(ascii: ":")),
            ]
            for (offset, separator) in separators where offset < text.count {
                guard text[base + offset] == separator else {
                    throw fail("expected YYYYMMDDTHHMMSS")
                }
            }
        }
        let length = extended ? text.count - (text.count == 10 ? 2 : 4) : text.count
        guard length == 8 || length == 15 || length == 16, let year = field(0, 4),
            let month = field(4, 2), let day = field(6, 2)
        else {
            throw fail("expected YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ")
        }
        let date: CivilDate
        do {
            date = try CivilDate(year: year, month: month, day: day)
        } catch .invalidDate(_, let reason) {
            throw length == 8
                ? .invalidDate(text: String(decoding: text, as: UTF8.self), reason: reason)
                : fail(reason)
        }
        if length == 8 { return .date(date) }
        let timeMarker = text[base + (extended ? 10 : 8)]
        guard timeMarker == UInt8(ascii: "T"), let hour = field(9, 2), let minute = field(11, 2),
            let second = field(13, 2), length == 15 || text[text.endIndex - 1] == UInt8(ascii: "Z")
        else {
            throw fail("expected YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ")
        }
        do {
            // A leap second (RFC 5545 §3.3.12) reads as :59.
            let time = try LocalDateTime(
                date: date, hour: hour, minute: minute, second: second == 60 ? 59 : second)
            return .dateTime(time, isUTC: length == 16)
        } catch .invalidDateTime(_, let reason) {
            throw fail(reason)
        }
    }

    /// Reads a UTC-OFFSET (`+0100`, `-053000`; RFC 5545 §3.3.14) as seconds east of UTC.
    /// - Throws: ``CivilTimeError`` quoting the text.
    static func utcOffset(_ text: ArraySlice<UInt8>) throws(CivilTimeError) -> Int {
        let base = text.startIndex
        guard text.count == 5 || text.count == 7,
            text[base] == UInt8(ascii: "+") || text[base] == UInt8(ascii: "-"),
            let hours = digits(text, base + 1, 2), let minutes = digits(text, base + 3, 2),
            let seconds = text.count == 7 ? digits(text, base + 5, 2) : 0,
            hours < 24, minutes < 60, seconds < 60
        else {
            throw .invalidDateTime(
                text: String(decoding: text, as: UTF8.self),
                reason: "expected a UTC offset such as +0100")
        }
        let magnitude = hours * 3600 + minutes * 60 + seconds
        return text[base] == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    private static func digits(_ bytes: ArraySlice<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start >= bytes.startIndex, start + count <= bytes.endIndex else { return nil }
        var result = 0
        for index in start..<(start + count) {
            let byte = bytes[index]
            guard byte >= 48, byte <= 57 else { return nil }
            result = result * 10 + Int(byte - 48)
        }
        return result
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" {
            result = result.dropFirst()
        }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
