/// An RFC 5545 duration (§3.3.6): whole days that follow the wall clock, plus exact seconds.
///
/// Weeks and days are nominal: `P1D` added to 09:00 on the day before a DST change gives
/// 09:00 the next day, while `PT24H` gives 08:00 or 10:00 on that wall clock. Both parts carry
/// the duration's sign.
public struct CalendarDuration: Sendable, Hashable, CustomStringConvertible {
    /// Nominal days (weeks count as seven days).
    public let days: Int
    /// Exact seconds (hours, minutes and seconds).
    public let seconds: Int

    /// A duration from its days and seconds, as given.
    public init(days: Int = 0, seconds: Int = 0) {
        self.days = days
        self.seconds = seconds
    }

    /// Reads an RFC 5545 duration such as `P1W`, `-PT15M` or `P1DT2H30M`.
    ///
    /// Each number may have at most nine digits, so no arithmetic on it can overflow.
    /// - Throws: ``CivilTimeError/invalidDuration(text:reason:)`` quoting the text.
    public init(rfc5545 text: some StringProtocol) throws(CivilTimeError) {
        let bytes = Array(text.utf8)
        var index = 0
        var negative = false
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        func fail(_ reason: String) -> CivilTimeError {
            .invalidDuration(text: String(text), reason: reason)
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "P") else {
            throw fail("expected 'P' after the sign")
        }
        index += 1
        var days = 0
        var seconds = 0
        var inTime = false
        var sawField = false
        var lastUnitRank = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "T") {
                guard !inTime else { throw fail("'T' appears twice") }
                inTime = true
                index += 1
                continue
            }
            var digits = 0
            var number = 0
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                number = number * 10 + Int(bytes[index] - 48)
                digits += 1
                index += 1
                guard digits <= 9 else { throw fail("a number has more than nine digits") }
            }
            guard digits > 0, index < bytes.count else {
                throw fail("expected a number and a unit")
            }
            let unit = bytes[index]
            index += 1
            let rank: Int
            switch (unit, inTime) {
            case (UInt8(ascii: "W"), false): rank = 1; days += number * 7
            case (UInt8(ascii: "D"), false): rank = 2; days += number
            case (UInt8(ascii: "H"), true): rank = 3; seconds += number * 3600
            case (UInt8(ascii: "M"), true): rank = 4; seconds += number * 60
            case (UInt8(ascii: "S"), true): rank = 5; seconds += number
            default: throw fail("unexpected unit '\(Character(Unicode.Scalar(unit)))'")
            }
            guard rank > lastUnitRank else { throw fail("units out of order") }
            lastUnitRank = rank
            sawField = true
        }
        guard sawField else { throw fail("no weeks, days, hours, minutes or seconds") }
        if inTime && lastUnitRank < 3 {
            throw fail("'T' is not followed by hours, minutes or seconds")
        }
        self.init(days: negative ? -days : days, seconds: negative ? -seconds : seconds)
    }

    /// Whether it points back in time.
    public var isNegative: Bool { days < 0 || seconds < 0 }
    /// Whether it is no time at all.
    public var isZero: Bool { days == 0 && seconds == 0 }

    /// The length in seconds when every day has 86 400 of them.
    public var nominalSeconds: Int { days * 86_400 + seconds }

    /// The RFC 5545 text form, whole weeks written as `W`: `P1W`, `-PT15M`, `P1DT2H`.
    public var description: String {
        if isZero { return "PT0S" }
        var text = isNegative ? "-P" : "P"
        let dayCount = days.magnitude
        let secondCount = seconds.magnitude
        if secondCount == 0, dayCount % 7 == 0 { return text + "\(dayCount / 7)W" }
        if dayCount > 0 { text += "\(dayCount)D" }
        if secondCount > 0 {
            text += "T"
            if secondCount / 3600 > 0 { text += "\(secondCount / 3600)H" }
            if secondCount % 3600 / 60 > 0 { text += "\(secondCount % 3600 / 60)M" }
            if secondCount % 60 > 0 { text += "\(secondCount % 60)S" }
        }
        return text
    }
}
