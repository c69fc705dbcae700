import ChronoSketchCore
import ChronoSketchSyntax

/// A YEARLY rule with BYYEARDAY (and no BYWEEKNO), expanded in Swift: libical 3.0.16 cannot
/// expand it beside BYMONTH or BYMONTHDAY, nor a negative day with BYHOUR.
///
/// RFC 5545 §3.3.10: BYYEARDAY expands each year to those days ("-1 represents the last day of
/// the year"); BYMONTH, BYMONTHDAY and BYDAY (weekdays without ordinals) then limit them, as
/// libical 4.0 and python-dateutil read the parts together; BYHOUR, BYMINUTE and BYSECOND
/// expand each day to those times (DTSTART's without them); BYSETPOS picks from the year's
/// set; every INTERVAL-th year from DTSTART's is an interval.
struct YearDayRule: IntervalRule {
    private let interval: Int
    private let yearDays: [Int]
    private let weekdays: Set<Weekday>
    private let months: Set<Int>
    private let monthDays: [Int]
    private let times: TimesOfDay
    private let positions: [Int]

    init?(_ rule: RecurrenceRule, origin: ICalDateTime) {
        let known: Set<String> = [
            "FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST", "BYYEARDAY", "BYDAY", "BYMONTH",
            "BYMONTHDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "BYSETPOS",
        ]
        guard rule.frequency == .yearly, rule.has("BYYEARDAY"),
            rule.parts.allSatisfy({ known.contains($0.name) || $0.name.hasPrefix("X-") })
        else { return nil }
        guard rule.byDay.allSatisfy({ $0.ordinal == 0 }), !rule.byYearDay.isEmpty,
            !rule.byMonth.contains(where: \.isLeap)
        else { return nil }
        interval = rule.interval
        yearDays = rule.byYearDay
        weekdays = Set(rule.byDay.map(\.weekday))
        months = Set(rule.byMonth.map(\.month))
        monthDays = rule.byMonthDay
        times = TimesOfDay(rule, origin: origin)
        positions = rule.bySetPos
    }

    func intervalStart(holding date: CivilDate) -> CivilDate? {
        try? CivilDate(year: date.year, month: 1, day: 1)
    }

    func intervalStart(after start: CivilDate) -> CivilDate? {
        try? CivilDate(year: start.year + interval, month: 1, day: 1)
    }

    func intervalStart(from first: CivilDate, reaching date: CivilDate) -> CivilDate {
        let years = max(0, date.year - first.year)
        return (try? CivilDate(year: first.year + years / interval * interval, month: 1, day: 1))
            ?? first
    }

    func members(ofIntervalFrom first: CivilDate, walk: inout RuleWalk) -> [LocalDateTime]? {
        let length = CivilDate.isLeapYear(first.year) ? 366 : 365
        var dates = Set<CivilDate>()
        for number in yearDays where number != 0 && abs(number) <= length {
            guard walk.step() else { return nil }
            guard let date = try? first.adding(days: number > 0 ? number - 1 : length + number),
                months.isEmpty || months.contains(date.month),
                weekdays.isEmpty || weekdays.contains(date.weekday),
                DayLimits.admits(date, monthDays: monthDays, yearDays: [])
            else { continue }
            dates.insert(date)
        }
        return times.times(on: dates.sorted(), picking: positions, walk: &walk)
    }
}
