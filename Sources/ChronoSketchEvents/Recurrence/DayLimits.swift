import ChronoSketchCore
import ChronoSketchSyntax

/// BYMONTHDAY and BYYEARDAY of a DAILY rule applied in Swift when one counts from the end
/// (RFC 5545 §3.3.10: "-10 represents the tenth to the last day of the month"; for DAILY both
/// limit the days), which libical 3.0.16 does not give (fixed in libical 4.0). libical is asked
/// for the rule without them and its days are kept when they are among those named.
struct DayLimits {
    /// The rule libical iterates: BYMONTHDAY and BYYEARDAY removed.
    let candidates: RecurrenceRule
    private let monthDays: [Int]
    private let yearDays: [Int]

    init?(_ rule: RecurrenceRule) {
        let monthDays = rule.values("BYMONTHDAY").compactMap { Int($0) }
        let yearDays = rule.values("BYYEARDAY").compactMap { Int($0) }
        guard rule.frequency == .daily, (monthDays + yearDays).contains(where: { $0 < 0 }),
            let candidates = rule.removing(["BYMONTHDAY", "BYYEARDAY"])
        else { return nil }
        self.candidates = candidates
        self.monthDays = monthDays
        self.yearDays = yearDays
    }

    /// Whether `date` is one of the days the limits name.
    func admits(_ date: CivilDate) -> Bool {
        let monthLength = CivilDate.daysIn(month: date.month, year: date.year)
        let yearLength = CivilDate.isLeapYear(date.year) ? 366 : 365
        func named(_ days: [Int], _ day: Int, of length: Int) -> Bool {
            days.isEmpty || days.contains { $0 > 0 ? $0 == day : length + $0 + 1 == day }
        }
        return named(monthDays, date.day, of: monthLength)
            && named(yearDays, date.dayOfYear, of: yearLength)
    }
}
