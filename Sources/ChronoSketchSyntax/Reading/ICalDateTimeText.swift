import ChronoSketchCore

/// Reads DATE and DATE-TIME texts: RFC 5545's basic forms (`YYYYMMDD`, `YYYYMMDDTHHMMSS`, with
/// `Z` for UTC) and the ISO 8601 extended forms some producers write (`YYYY-MM-DD`,
/// `YYYY-MM-DDTHH:MM:SS[Z]`), with every field range-checked.
package enum ICalDateTimeText {
    /// - Throws: ``CivilTimeError`` quoting the text.
    package static func parse(_ text: some StringProtocol) throws(CivilTimeError) -> ICalDateTime {
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
        ASCIIDigits.value(bytes, start, count)
    }
}
