/// A floating wall-clock time: a ``CivilDate`` plus hour 0…23, minute 0…59 and second 0…59.
///
/// It is never an instant: it has no zone and knows nothing of daylight saving time.
/// Text form `YYYY-MM-DDTHH:mm`, with `:ss` only when the seconds are not zero.
/// `24:00`, offsets (`Z`, `+01:00`) and out-of-range fields are rejected.
public struct LocalDateTime: Sendable, Hashable, Comparable, TextCoded, CustomStringConvertible,
    LosslessStringConvertible
{
    /// The day.
    public let date: CivilDate
    /// Seconds since the start of the day, 0…86 399.
    let seconds: Int32

    /// 0…23.
    public var hour: Int { Int(seconds) / 3600 }
    /// 0…59.
    public var minute: Int { Int(seconds) / 60 % 60 }
    /// 0…59.
    public var second: Int { Int(seconds) % 60 }

    /// Creates a wall-clock time, checking every field.
    /// - Throws: ``CivilTimeError/invalidDateTime(text:reason:)`` when a field is out of range.
    public init(date: CivilDate, hour: Int, minute: Int, second: Int = 0) throws(CivilTimeError) {
        if let reason = LocalDateTime.problem(hour: hour, minute: minute, second: second) {
            throw .invalidDateTime(
                text: LocalDateTime.format(date, hour, minute, second), reason: reason)
        }
        self.init(unchecked: date, hour, minute, second)
    }

    init(unchecked date: CivilDate, _ hour: Int, _ minute: Int, _ second: Int) {
        self.date = date
        seconds = Int32(hour * 3600 + minute * 60 + second)
    }

    /// Midnight at the start of `date`.
    public init(startOf date: CivilDate) {
        self.init(unchecked: date, 0, 0, 0)
    }

    /// Reads the strict text form `YYYY-MM-DDTHH:mm` or `YYYY-MM-DDTHH:mm:ss`.
    /// - Throws: ``CivilTimeError`` quoting the text, for `24:00`, an offset or a bad field.
    public init(parsing text: String) throws(CivilTimeError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19 else {
            throw .invalidDateTime(
                text: text, reason: LocalDateTime.shapeReason(bytes))
        }
        guard bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes.count == 16 || bytes[16] == UInt8(ascii: ":"),
            let hour = ASCIIDigits.value(bytes, 11, 2), let minute = ASCIIDigits.value(bytes, 14, 2)
        else {
            throw .invalidDateTime(text: text, reason: "expected YYYY-MM-DDTHH:mm[:ss]")
        }
        let second = bytes.count == 19 ? ASCIIDigits.value(bytes, 17, 2) : 0
        guard let second else {
            throw .invalidDateTime(text: text, reason: "expected YYYY-MM-DDTHH:mm[:ss]")
        }
        let date: CivilDate
        do {
            date = try CivilDate(parsing: String(text.prefix(10)))
        } catch {
            throw .invalidDateTime(text: text, reason: LocalDateTime.dateReason(error))
        }
        if let reason = LocalDateTime.problem(hour: hour, minute: minute, second: second) {
            throw .invalidDateTime(text: text, reason: reason)
        }
        self.init(unchecked: date, hour, minute, second)
    }

    /// Reads RFC 5545's floating form `YYYYMMDDTHHMMSS` (RFC 5545 §3.3.5, form #1).
    /// A trailing `Z` is not accepted here: UTC times are the bridge's to interpret.
    /// - Throws: ``CivilTimeError/invalidDateTime(text:reason:)`` quoting the text.
    public init(basicFormat text: some StringProtocol) throws(CivilTimeError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 15, bytes[8] == UInt8(ascii: "T"),
            let hour = ASCIIDigits.value(bytes, 9, 2), let minute = ASCIIDigits.value(bytes, 11, 2),
            let second = ASCIIDigits.value(bytes, 13, 2)
        else {
            throw .invalidDateTime(text: String(text), reason: "expected YYYYMMDDTHHMMSS")
        }
        let date: CivilDate
        do {
            date = try CivilDate(basicFormat: text.prefix(8))
        } catch {
            throw .invalidDateTime(text: String(text), reason: LocalDateTime.dateReason(error))
        }
        if let reason = LocalDateTime.problem(hour: hour, minute: minute, second: second) {
            throw .invalidDateTime(text: String(text), reason: reason)
        }
        self.init(unchecked: date, hour, minute, second)
    }

    /// Reads the text form (``init(parsing:)``); nil when it is not one.
    public init?(_ description: String) {
        guard let value = try? LocalDateTime(parsing: description) else { return nil }
        self = value
    }

    /// Seconds since 1970-01-01T00:00 on the same wall clock.
    public var secondsSinceEpoch: Int {
        date.daysSinceEpoch * 86_400 + secondOfDay
    }

    /// Seconds since the start of the day, 0…86 399.
    public var secondOfDay: Int { Int(seconds) }

    /// Minutes since the start of the day, 0…1439 (seconds dropped).
    public var minuteOfDay: Int { hour * 60 + minute }

    /// The wall-clock time `seconds` after 1970-01-01T00:00.
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` outside 0001-01-01…9999-12-31.
    public init(secondsSinceEpoch seconds: Int) throws(CivilTimeError) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let date = try CivilDate(daysSinceEpoch: days)
        let rest = seconds - days * 86_400
        self.init(unchecked: date, rest / 3600, rest % 3600 / 60, rest % 60)
    }

    /// The wall-clock time `count` seconds later on a clock that never jumps.
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` when the result leaves 1…9999.
    public func adding(seconds count: Int) throws(CivilTimeError) -> LocalDateTime {
        let (sum, overflow) = secondsSinceEpoch.addingReportingOverflow(count)
        guard !overflow else { throw .outOfRange("\(self) plus \(count) seconds") }
        return try LocalDateTime(secondsSinceEpoch: sum)
    }

    /// The same time of day `count` days later.
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` when the result leaves 1…9999.
    public func adding(days count: Int) throws(CivilTimeError) -> LocalDateTime {
        LocalDateTime(unchecked: try date.adding(days: count), hour, minute, second)
    }

    /// The text form `YYYY-MM-DDTHH:mm`, or `YYYY-MM-DDTHH:mm:ss` when seconds are not zero.
    public var description: String { LocalDateTime.format(date, hour, minute, second) }

    /// RFC 5545's floating form `YYYYMMDDTHHMMSS`.
    public var basicFormat: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(15)
        date.appendBasic(to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        ASCIIDigits.append(hour, width: 2, to: &bytes)
        ASCIIDigits.append(minute, width: 2, to: &bytes)
        ASCIIDigits.append(second, width: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3339 in UTC, this wall clock read as UTC: `YYYY-MM-DDTHH:mm:ssZ`.
    public var utcText: String {
        DateText.make(
            year: date.year, month: date.month, day: date.day, hour: hour, minute: minute,
            second: second, utc: true)
    }

    /// `HH:mm`, or `HH:mm:ss` when seconds are not zero.
    public var timeText: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8)
        appendTime(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Orders times by day, then time of day.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        return lhs.seconds < rhs.seconds
    }

    static func problem(hour: Int, minute: Int, second: Int) -> String? {
        if hour == 24 && minute == 0 && second == 0 {
            return "24:00 is not a time of day; write 00:00 of the next day"
        }
        if !(0...23).contains(hour) { return "hour \(hour) is outside 0…23" }
        if !(0...59).contains(minute) { return "minute \(minute) is outside 0…59" }
        if !(0...59).contains(second) { return "second \(second) is outside 0…59" }
        return nil
    }

    private static func shapeReason(_ bytes: [UInt8]) -> String {
        let offsetMarkers: Set<UInt8> = [
            UInt8(ascii: "Z"), UInt8(ascii: "z"), UInt8(ascii: "+"), UInt8(ascii: "-"),
        ]
        if bytes.count > 16, bytes[16...].contains(where: { offsetMarkers.contains($0) }) {
            return "a floating time takes no offset or zone"
        }
        return "expected YYYY-MM-DDTHH:mm[:ss]"
    }

    private static func dateReason(_ error: CivilTimeError) -> String {
        if case .invalidDate(_, let reason) = error { return reason }
        return error.description
    }

    static func format(_ date: CivilDate, _ hour: Int, _ minute: Int, _ second: Int) -> String {
        guard (0...99).contains(hour), (0...99).contains(minute), (0...99).contains(second) else {
            return date.description + "T" + ASCIIDigits.padded(hour, 2) + ":"
                + ASCIIDigits.padded(minute, 2) + ":" + ASCIIDigits.padded(second, 2)
        }
        return DateText.make(
            year: date.year, month: date.month, day: date.day, hour: hour, minute: minute,
            second: second == 0 ? nil : second)
    }

    /// Appends `HH:mm`, and `:ss` when the seconds are not zero.
    private func appendTime(to bytes: inout [UInt8]) {
        Self.appendTime(hour, minute, second, to: &bytes)
    }

    private static func appendTime(
        _ hour: Int, _ minute: Int, _ second: Int, to bytes: inout [UInt8]
    ) {
        ASCIIDigits.append(hour, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        ASCIIDigits.append(minute, width: 2, to: &bytes)
        if second != 0 {
            bytes.append(UInt8(ascii: ":"))
            ASCIIDigits.append(second, width: 2, to: &bytes)
        }
    }
}
