import ChronoSketchCore
import ChronoSketchSyntax

/// Proleptic Gregorian calendar arithmetic on days and seconds since 1970-01-01.
enum ZoneCalendar {
    static let secondsPerDay = 86_400
    /// Days in 400 Gregorian years; a multiple of 7, so weekdays repeat with the same period.
    static let daysPerEra = GregorianCalendar.daysPerEra
    /// Seconds in 400 Gregorian years: calendar rules repeat exactly after this many seconds.
    static let secondsPerEra = daysPerEra * secondsPerDay
    /// Instants handled without saturation, about ±146 billion years.
    static let instantLimit = 1 << 62

    /// Limits an instant to ±``instantLimit`` so offsets and day windows can be added safely.
    static func clampInstant(_ seconds: Int) -> Int {
        min(max(seconds, -instantLimit), instantLimit)
    }

    /// Division rounding toward negative infinity.
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// Remainder with the sign of the divisor.
    static func floorModulo(_ value: Int, _ divisor: Int) -> Int {
        let remainder = value % divisor
        return (remainder != 0 && (remainder < 0) != (divisor < 0))
            ? remainder + divisor : remainder
    }

    static func isLeapYear(_ year: Int) -> Bool { GregorianCalendar.isLeapYear(year) }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        GregorianCalendar.daysIn(month: month, year: year)
    }

    /// Days from 1970-01-01 to the given date; month 1…12, day may run past the month's end.
    static func days(year: Int, month: Int, day: Int) -> Int {
        GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// The date `days` days after 1970-01-01.
    static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        GregorianCalendar.components(daysSinceEpoch: days)
    }

    /// The calendar year containing an instant, reading the instant as UTC.
    static func year(ofSeconds seconds: Int) -> Int {
        date(fromDays: floorDivide(seconds, secondsPerDay)).year
    }

    /// The weekday of a day counted from 1970-01-01, 0 = Sunday … 6 = Saturday.
    static func weekday(ofDays days: Int) -> Int {
        floorModulo(days + 4, 7)
    }
}
