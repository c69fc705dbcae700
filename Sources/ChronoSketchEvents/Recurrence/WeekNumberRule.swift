import ChronoSketchCore
import ChronoSketchSyntax

/// A YEARLY rule with BYWEEKNO, expanded in Swift: libical 3.0.16 places week numbers
/// differently (fixed in libical 4.0, whose regression data this follows).
///
/// RFC 5545 §3.3.10: "Week number one of the calendar year is the first week that contains at
/// least four (4) days in that calendar year", weeks starting on WKST (Monday by default), so
/// a year's weeks may begin in the December before it and end in the January after; a
/// negative number counts from the year's last week. Each interval is such a week-year,
/// counted from the one that holds DTSTART (libical 4.0.3's "The first date belongs to 2009, so
/// after 6 years it will be 2015"). BYDAY expands each week to those weekdays; without BYDAY,
/// BYMONTHDAY or BYYEARDAY, to DTSTART's weekday (libical 4.0.3: "Tuesday in the first two weeks
/// of the year" from a Tuesday DTSTART). BYMONTH, BYMONTHDAY and BYYEARDAY limit the days;
/// BYHOUR, BYMINUTE and BYSECOND expand them; BYSETPOS picks from the week-year's set. BYDAY
/// ordinals, which §3.3.10 forbids beside BYWEEKNO, are dropped before (``SeriesExpander``).
struct WeekNumberRule: IntervalRule {
    private let interval: Int
    private let weekStart: Weekday
    private let weeks: [Int]
    private let weekdays: [Weekday]
    private let months: Set<Int>
    private let monthDays: [Int]
    private let yearDays: [Int]
    private let times: TimesOfDay
    private let positions: [Int]

    init?(_ rule: RecurrenceRule, origin: ICalDateTime) {
        guard rule.frequency == .yearly, !rule.byWeekNo.isEmpty,
            !rule.byMonth.contains(where: \.isLeap)
        else { return nil }
        interval = rule.interval
        weekStart = rule.weekStart ?? .monday
        weeks = rule.byWeekNo
        months = Set(rule.byMonth.map(\.month))
        monthDays = rule.byMonthDay
        yearDays = rule.byYearDay
        weekdays =
            !rule.byDay.isEmpty
            ? rule.byDay.map(\.weekday)
            : monthDays.isEmpty && yearDays.isEmpty
                ? [origin.wallClock.date.weekday] : Weekday.allCases
        times = TimesOfDay(rule, origin: origin)
        positions = rule.bySetPos
    }

    /// The first day of week one of `year`: the week holding 4 January, which has at least
    /// four days in the year.
    private func firstWeek(of year: Int) -> CivilDate? {
        guard let fourth = try? CivilDate(year: year, month: 1, day: 4) else { return nil }
        return try? fourth.adding(days: -weekStart.days(until: fourth.weekday))
    }

    /// The week-year a week-year's first day opens (it may be in the December before).
    private func year(openedBy start: CivilDate) -> Int {
        start.month == 12 ? start.year + 1 : start.year
    }

    func intervalStart(holding date: CivilDate) -> CivilDate? {
        for year in [date.year + 1, date.year, date.year - 1] {
            if let first = firstWeek(of: year), first <= date { return first }
        }
        return nil
    }

    func intervalStart(after start: CivilDate) -> CivilDate? {
        firstWeek(of: year(openedBy: start) + interval)
    }

    func intervalStart(from first: CivilDate, reaching date: CivilDate) -> CivilDate {
        let opened = year(openedBy: first)
        // The week-year before the date's may still hold it (its last days are in January).
        let years = max(0, date.year - 1 - opened)
        return firstWeek(of: opened + years / interval * interval) ?? first
    }

    func members(ofIntervalFrom first: CivilDate, walk: inout RuleWalk) -> [LocalDateTime]? {
        // The year's last week holds 28 December, the week before the one holding 4 January.
        guard let december = try? CivilDate(year: year(openedBy: first), month: 12, day: 28)
        else { return [] }
        let count = first.days(to: december) / 7 + 1
        var dates = Set<CivilDate>()
        for number in weeks where number != 0 && abs(number) <= count {
            let week = number > 0 ? number : count + number + 1
            for day in weekdays {
                guard walk.step() else { return nil }
                guard
                    let date = try? first.adding(
                        days: 7 * (week - 1) + weekStart.days(until: day)),
                    admits(date)
                else { continue }
                dates.insert(date)
            }
        }
        return times.times(on: dates.sorted(), picking: positions, walk: &walk)
    }

    /// Whether `date` is in the months and among the days the rule limits it to.
    private func admits(_ date: CivilDate) -> Bool {
        (months.isEmpty || months.contains(date.month))
            && DayNumbers.admit(date, monthDays: monthDays, yearDays: yearDays)
    }
}
