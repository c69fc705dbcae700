/// A day of the proleptic Gregorian calendar, years 1…9999, with no time and no zone.
///
/// Text form `YYYY-MM-DD` (strict); ``init(basicFormat:)`` reads RFC 5545's `YYYYMMDD`
/// (RFC 5545 §3.3.4). Arithmetic that would leave 1…9999 throws instead of wrapping.
///
/// ```swift
/// let leap = try CivilDate(year: 2024, month: 2, day: 29)        // valid
/// let clamped = try CivilDate(year: 2026, month: 1, day: 31).adding(months: 1)  // 2026-02-28
/// ```
public struct CivilDate: Sendable, Hashable, Comparable, TextCoded, CustomStringConvertible,
    LosslessStringConvertible
{
    /// `year << 9 | month << 5 | day`: four bytes that order like the date itself.
    let packed: Int32

    /// The year, 1…9999.
    public var year: Int { Int(packed >> 9) }
    /// The month, 1…12.
    public var month: Int { Int(packed >> 5 & 0xF) }
    /// The day of the month, 1…31.
    public var day: Int { Int(packed & 0x1F) }

    /// The earliest supported day, 0001-01-01.
    public static let minimum = CivilDate(unchecked: 1, 1, 1)
    /// The latest supported day, 9999-12-31.
    public static let maximum = CivilDate(unchecked: 9999, 12, 31)
    /// 1970-01-01, where seconds since the epoch count from.
    public static let epoch = CivilDate(unchecked: 1970, 1, 1)

    /// Creates a date, checking that the day exists.
    /// - Throws: ``CivilTimeError/invalidDate(text:reason:)`` for a day that does not exist
    ///   (2026-02-30, 1900-02-29) or a year outside 1…9999.
    public init(year: Int, month: Int, day: Int) throws(CivilTimeError) {
        if let reason = CivilDate.problem(year: year, month: month, day: day) {
            throw .invalidDate(text: CivilDate.format(year, month, day), reason: reason)
        }
        self.init(unchecked: year, month, day)
    }

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        packed = Int32(truncatingIfNeeded: year << 9 | month << 5 | day)
    }

    /// Reads the strict text form `YYYY-MM-DD`.
    /// - Throws: ``CivilTimeError/invalidDate(text:reason:)`` quoting the text.
    public init(parsing text: String) throws(CivilTimeError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = ASCIIDigits.value(bytes, 0, 4), let month = ASCIIDigits.value(bytes, 5, 2),
            let day = ASCIIDigits.value(bytes, 8, 2)
        else {
            throw .invalidDate(text: text, reason: "expected YYYY-MM-DD")
        }
        if let reason = CivilDate.problem(year: year, month: month, day: day) {
            throw .invalidDate(text: text, reason: reason)
        }
        self.init(unchecked: year, month, day)
    }

    /// Reads RFC 5545's basic form `YYYYMMDD` (RFC 5545 §3.3.4).
    /// - Throws: ``CivilTimeError/invalidDate(text:reason:)`` quoting the text.
    public init(basicFormat text: some StringProtocol) throws(CivilTimeError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, let year = ASCIIDigits.value(bytes, 0, 4),
            let month = ASCIIDigits.value(bytes, 4, 2), let day = ASCIIDigits.value(bytes, 6, 2)
        else {
            throw .invalidDate(text: String(text), reason: "expected YYYYMMDD")
        }
        if let reason = CivilDate.problem(year: year, month: month, day: day) {
            throw .invalidDate(text: String(text), reason: reason)
        }
        self.init(unchecked: year, month, day)
    }

    /// Reads `YYYY-MM-DD`; nil when it is not a valid date.
    public init?(_ description: String) {
        guard let date = try? CivilDate(parsing: description) else { return nil }
        self = date
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// The date `days` days after 1970-01-01.
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` outside 0001-01-01…9999-12-31.
    public init(daysSinceEpoch days: Int) throws(CivilTimeError) {
        guard (CivilDate.minimumDay...CivilDate.maximumDay).contains(days) else {
            throw .outOfRange("day \(days) from 1970-01-01 is outside 0001-01-01…9999-12-31")
        }
        self = CivilDate.fromDays(days)
    }

    static let minimumDay = CivilDate.minimum.daysSinceEpoch
    static let maximumDay = CivilDate.maximum.daysSinceEpoch

    /// Converts a day number without a range check; callers guarantee the range.
    static func fromDays(_ days: Int) -> CivilDate {
        let (year, month, day) = GregorianCalendar.components(daysSinceEpoch: days)
        return CivilDate(unchecked: year, month, day)
    }

    /// The date `count` days later (earlier when negative).
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` when the result leaves 1…9999.
    public func adding(days count: Int) throws(CivilTimeError) -> CivilDate {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(count)
        guard !overflow else { throw .outOfRange("\(self) plus \(count) days") }
        return try CivilDate(daysSinceEpoch: sum)
    }

    /// The same day `count` months later, clamped to the last day of a shorter month:
    /// 2026-01-31 plus one month is 2026-02-28, and 2024-01-31 plus one month is 2024-02-29.
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` when the result leaves 1…9999.
    public func adding(months count: Int) throws(CivilTimeError) -> CivilDate {
        let (total, overflow) = (year * 12 + (month - 1)).addingReportingOverflow(count)
        guard !overflow else { throw .outOfRange("\(self) plus \(count) months") }
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        guard (1...9999).contains(newYear) else {
            throw .outOfRange("\(self) plus \(count) months")
        }
        let newDay = min(day, CivilDate.daysIn(month: newMonth, year: newYear))
        return CivilDate(unchecked: newYear, newMonth, newDay)
    }

    /// The same day `count` years later, with Feb 29 clamped to Feb 28 in common years.
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` when the result leaves 1…9999.
    public func adding(years count: Int) throws(CivilTimeError) -> CivilDate {
        let (months, overflow) = count.multipliedReportingOverflow(by: 12)
        guard !overflow else { throw .outOfRange("\(self) plus \(count) years") }
        return try adding(months: months)
    }

    /// Whole days from `self` to `other` (negative when `other` is earlier).
    public func days(to other: CivilDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// The day of the week (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        let index = ((daysSinceEpoch + 3) % 7 + 7) % 7
        return Weekday(rawValue: index + 1) ?? .monday
    }

    /// The day of the year, 1…366.
    public var dayOfYear: Int {
        daysSinceEpoch - CivilDate(unchecked: year, 1, 1).daysSinceEpoch + 1
    }

    /// The ISO 8601 week-numbering year and week (1…53). The week belongs to the year of
    /// its Thursday, so 2026-12-31 and 2027-01-01 both lie in week 53 of 2026.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = CivilDate.fromDays(daysSinceEpoch + 4 - weekday.rawValue)
        return (thursday.year, (thursday.dayOfYear - 1) / 7 + 1)
    }

    /// The first day of this date's month.
    public var firstOfMonth: CivilDate { CivilDate(unchecked: year, month, 1) }

    /// The number of days in this date's month.
    public var daysInMonth: Int { CivilDate.daysIn(month: month, year: year) }

    /// The text form `YYYY-MM-DD`.
    public var description: String { CivilDate.format(year, month, day) }

    /// RFC 5545's basic form `YYYYMMDD`.
    public var basicFormat: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8)
        appendBasic(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Orders dates by day.
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.packed < rhs.packed }

    /// Whether `year` has 29 February (the proleptic Gregorian calendar).
    public static func isLeapYear(_ year: Int) -> Bool { GregorianCalendar.isLeapYear(year) }

    /// The number of days of `month` in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        GregorianCalendar.daysIn(month: month, year: year)
    }

    static func problem(year: Int, month: Int, day: Int) -> String? {
        if !(1...9999).contains(year) { return "year \(year) is outside 1…9999" }
        if !(1...12).contains(month) { return "month \(month) does not exist" }
        let length = daysIn(month: month, year: year)
        if !(1...length).contains(day) {
            return "\(monthNames[month - 1]) \(year) has \(length) days"
        }
        return nil
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    static func format(_ year: Int, _ month: Int, _ day: Int) -> String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return ASCIIDigits.padded(year, 4) + "-" + ASCIIDigits.padded(month, 2) + "-"
                + ASCIIDigits.padded(day, 2)
        }
        return DateText.make(year: year, month: month, day: day)
    }

    /// Appends `YYYYMMDD`.
    func appendBasic(to bytes: inout [UInt8]) {
        ASCIIDigits.append(year, width: 4, to: &bytes)
        ASCIIDigits.append(month, width: 2, to: &bytes)
        ASCIIDigits.append(day, width: 2, to: &bytes)
    }
}

/// Fixed-width decimal fields in ASCII text.
public enum ASCIIDigits {
    /// The value of `count` ASCII digits starting at `start`, or nil if any is not a digit or
    /// they do not all lie in `bytes`: the one reader of decimal fields, for arrays and slices.
    @inlinable
    public static func value<Bytes: RandomAccessCollection>(
        _ bytes: Bytes, _ start: Int, _ count: Int
    ) -> Int? where Bytes.Element == UInt8, Bytes.Index == Int {
        guard start >= bytes.startIndex, count >= 0, start + count <= bytes.endIndex else {
            return nil
        }
        var result = 0
        for index in start..<(start + count) {
            let byte = bytes[index]
            guard byte >= 48, byte <= 57 else { return nil }
            result = result * 10 + Int(byte - 48)
        }
        return result
    }

    /// The value of `bytes`, one to `maximumDigits` ASCII digits and nothing else; nil else.
    @inlinable
    public static func value<Bytes: RandomAccessCollection>(
        of bytes: Bytes, maximumDigits: Int
    ) -> Int? where Bytes.Element == UInt8, Bytes.Index == Int {
        guard !bytes.isEmpty, bytes.count <= maximumDigits else { return nil }
        return value(bytes, bytes.startIndex, bytes.count)
    }

    /// `value` in decimal with its thousands grouped by commas: `163,805`, `-1,000`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    /// Appends a non-negative `value` in decimal, left-padded with zeros to `width`.
    @inline(__always)
    public static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(48 + rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// `value` in decimal, left-padded with zeros to `width` (a minus sign goes first).
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }
}
