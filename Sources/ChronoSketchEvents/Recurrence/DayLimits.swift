import ChronoSketchCore
import ChronoSketchSyntax

/// BYYEARDAY of a DAILY rule, and BYMONTHDAY when one counts from the end (RFC 5545 §3.3.10:
/// "-10 represents the tenth to the last day of the month"), applied in Swift as limits of the
/// days: libical 3.0.16 does not give negative ones and refuses BYYEARDAY beside DAILY (which
/// the RFC's table leaves out; libical 4.0 and python-dateutil read it as a limit). libical is
/// asked for the rule without them and its days are kept when they are among those named.
struct DayLimits {
    /// The rule libical iterates: BYMONTHDAY and BYYEARDAY removed.
    let candidates: RecurrenceRule
    private let monthDays: [Int]
    private let yearDays: [Int]

    init?(_ rule: RecurrenceRule) {
        guard rule.frequency == .daily,
            !rule.byYearDay.isEmpty || rule.byMonthDay.contains(where: { $0 < 0 })
        else { return nil }
        candidates = rule.removing(["BYMONTHDAY", "BYYEARDAY"])
        monthDays = rule.byMonthDay
        yearDays = rule.byYearDay
    }

    /// Whether `date` is one of the days the limits name.
    func admits(_ date: CivilDate) -> Bool {
        Self.admits(date, monthDays: monthDays, yearDays: yearDays)
    }

    /// Whether `date` is among `monthDays` and `yearDays` (each counting from the end when
    /// negative, and naming every day when empty).
    static func admits(_ date: CivilDate, monthDays: [Int], yearDays: [Int]) -> Bool {
        func named(_ days: [Int], _ day: Int, of length: Int) -> Bool {
            days.isEmpty || days.contains { $0 > 0 ? $0 == day : length + $0 + 1 == day }
        }
        return named(monthDays, date.day, of: date.daysInMonth)
            && named(yearDays, date.dayOfYear, of: CivilDate.isLeapYear(date.year) ? 366 : 365)
    }
}
