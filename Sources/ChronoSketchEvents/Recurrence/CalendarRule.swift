import ChronoSketchCore
import ChronoSketchSyntax

/// A DAILY, WEEKLY, MONTHLY or YEARLY rule, expanded in Swift interval by interval (a YEARLY
/// rule with BYWEEKNO counts its intervals in week-years: ``WeekNumberRule``).
///
/// RFC 5545 §3.3.10's table says what each BY part does at each frequency. Each interval (a
/// day, a week from WKST, a month, a year; every INTERVAL-th from DTSTART's) is expanded to
/// its days:
/// - DAILY: the day itself; WEEKLY: BYDAY's weekdays of the week (DTSTART's without BYDAY).
/// - MONTHLY: BYMONTHDAY's days, limited by BYDAY; without BYMONTHDAY, BYDAY's weekdays of the
///   month ("1MO" its first Monday, "-1FR" its last Friday); without either, DTSTART's day.
/// - YEARLY: BYYEARDAY's days; else BYMONTHDAY's days of the months of BYMONTH (DTSTART's month
///   without it, as libical 4.0.3 expects); else BYDAY's weekdays of the months of BYMONTH, or
///   of the whole year without it, an ordinal counting within the month or the year; else
///   DTSTART's day of those months.
///
/// Every other day part is a limit: BYMONTH at every frequency but YEARLY; BYMONTHDAY and BYDAY
/// of a DAILY rule; and the parts RFC 5545 leaves out of a frequency (BYWEEKNO outside
/// YEARLY, BYYEARDAY in a DAILY, WEEKLY or MONTHLY rule, BYMONTHDAY in a WEEKLY one), which
/// are said and read as limits, as python-dateutil reads them. A part read as a limit drops
/// the day DTSTART would otherwise imply. BYHOUR, BYMINUTE and BYSECOND expand each day to
/// those times (DTSTART's without them); BYSETPOS picks from the interval's whole set.
///
/// A day that does not exist (BYMONTHDAY=31 in April, 29 February in another year) is left out
/// (§3.3.10: "Recurrence rules may generate recurrence instances with an invalid date … MUST
/// be ignored"); with `RSCALE=GREGORIAN`, `SKIP=BACKWARD` moves it to the day before that
/// exists and `SKIP=FORWARD` to the day after (RFC 7529 §4.1), before BYDAY limits it.
struct CalendarRule: IntervalRule {
    /// How a day that does not exist is handled (RFC 7529's SKIP).
    enum Skip {
        case omit, backward, forward
    }

    private let frequency: RecurrenceRule.Frequency
    private let interval: Int
    private let weekStart: Weekday
    private let months: [RecurrenceRule.MonthNumber]
    private let monthDays: [Int]
    private let yearDays: [Int]
    private let weekNumbers: [Int]
    private let weekdays: [RecurrenceRule.WeekdayNumber]
    /// DTSTART's day, when no day part names the days.
    private let impliedDay: CivilDate?
    /// DTSTART's month, for a YEARLY rule whose BYMONTHDAY names no month.
    private let originMonth: Int
    private let skip: Skip
    private let times: TimesOfDay
    private let positions: [Int]

    /// The rule read for Swift's expansion from `origin` (DTSTART on the series' clock); nil
    /// for a sub-daily frequency and for a YEARLY rule with BYWEEKNO.
    init?(_ rule: RecurrenceRule, origin: ICalDateTime, skip: Skip = .omit) {
        guard rule.frequency >= .daily, !(rule.frequency == .yearly && !rule.byWeekNo.isEmpty)
        else { return nil }
        frequency = rule.frequency
        interval = rule.interval
        weekStart = rule.weekStart ?? .monday
        months = rule.byMonth
        monthDays = rule.byMonthDay
        yearDays = rule.byYearDay
        weekNumbers = rule.byWeekNo
        weekdays = rule.byDay
        self.skip = skip
        times = TimesOfDay(rule, origin: origin)
        positions = rule.bySetPos
        let namesDays =
            !rule.byDay.isEmpty || !rule.byMonthDay.isEmpty || !rule.byYearDay.isEmpty
            || !rule.byWeekNo.isEmpty
        impliedDay = namesDays ? nil : origin.wallClock.date
        originMonth = origin.wallClock.date.month
    }

    // MARK: - Intervals

    func intervalStart(holding date: CivilDate) -> CivilDate? {
        switch frequency {
        case .daily: date
        case .weekly: try? date.adding(days: -weekStart.days(until: date.weekday))
        case .monthly: date.firstOfMonth
        default: try? CivilDate(year: date.year, month: 1, day: 1)
        }
    }

    func intervalStart(after start: CivilDate) -> CivilDate? {
        advanced(start, by: 1)
    }

    func intervalStart(from first: CivilDate, reaching date: CivilDate) -> CivilDate {
        // One interval early: a day moved by SKIP may fall in the interval before its own.
        let units: Int
        switch frequency {
        case .daily: units = first.days(to: date) - 1
        case .weekly: units = first.days(to: date) / 7 - 1
        case .monthly: units = (date.year - first.year) * 12 + date.month - first.month - 1
        default: units = date.year - first.year - 1
        }
        guard units >= interval else { return first }
        return advanced(first, by: units / interval) ?? first
    }

    /// The start of the interval `count` INTERVALs after the one starting on `start`; nil past
    /// the last representable year.
    private func advanced(_ start: CivilDate, by count: Int) -> CivilDate? {
        let (steps, overflow) = interval.multipliedReportingOverflow(by: count)
        guard !overflow, steps <= 10_000 * 366 else { return nil }
        switch frequency {
        case .daily: return try? start.adding(days: steps)
        case .weekly: return try? start.adding(days: 7 * steps)
        case .monthly:
            let month = start.year * 12 + start.month - 1 + steps
            return try? CivilDate(year: month / 12, month: month % 12 + 1, day: 1)
        default: return try? CivilDate(year: start.year + steps, month: 1, day: 1)
        }
    }

    func members(ofIntervalFrom first: CivilDate, walk: inout RuleWalk) -> [LocalDateTime]? {
        guard var dates = days(ofIntervalFrom: first, walk: &walk) else { return nil }
        dates.sort()
        var unique: [CivilDate] = []
        unique.reserveCapacity(dates.count)
        for date in dates where unique.last != date { unique.append(date) }
        return times.times(on: unique, picking: positions, walk: &walk)
    }

    // MARK: - Days

    /// The days of one interval the rule gives, unordered, a step of `walk` each made; nil when
    /// the steps ran out.
    private func days(ofIntervalFrom first: CivilDate, walk: inout RuleWalk) -> [CivilDate]? {
        var made: [CivilDate] = []
        var stepsLeft = true
        /// Keeps `date` when the limits admit it; false once the steps ran out.
        func take(_ date: CivilDate?, limitedBy limits: Limits) -> Bool {
            guard walk.step() else {
                stepsLeft = false
                return false
            }
            if let date, admits(date, limits) { made.append(date) }
            return true
        }
        switch frequency {
        case .daily:
            _ = take(first, limitedBy: .daily)
        case .weekly:
            let names =
                weekdays.isEmpty
                ? impliedDay.map { [$0.weekday] } ?? Weekday.allCases
                : weekdays.map(\.weekday)
            for name in names {
                guard take(try? first.adding(days: weekStart.days(until: name)), limitedBy: .weekly)
                else { break }
            }
        case .monthly:
            guard inMonths(first.month) else { return [] }
            for date in monthDates(year: first.year, month: first.month) {
                guard take(date, limitedBy: .monthly) else { break }
            }
        default:
            for date in yearDates(first.year) {
                guard take(date, limitedBy: .yearly) else { break }
            }
        }
        return stepsLeft ? made : nil
    }

    /// Which day parts limit the days an interval expands to.
    private enum Limits {
        case daily, weekly, monthly, yearly
    }

    /// Whether the parts that limit at this frequency admit `date`.
    private func admits(_ date: CivilDate, _ limits: Limits) -> Bool {
        switch limits {
        case .daily:
            return inMonths(date.month)
                && DayNumbers.admit(date, monthDays: monthDays, yearDays: yearDays)
                && onWeekdays(date, withinYear: false) && inWeeks(date)
        case .weekly:
            return inMonths(date.month)
                && DayNumbers.admit(date, monthDays: monthDays, yearDays: yearDays) && inWeeks(date)
        case .monthly:
            // BYDAY expands the month when BYMONTHDAY is absent, and limits it otherwise.
            return (monthDays.isEmpty || onWeekdays(date, withinYear: false))
                && DayNumbers.admit(date, monthDays: [], yearDays: yearDays) && inWeeks(date)
        case .yearly:
            if !yearDays.isEmpty {
                return inMonths(date.month)
                    && DayNumbers.admit(date, monthDays: monthDays, yearDays: [])
                    && onWeekdays(date, withinYear: months.isEmpty)
            }
            return monthDays.isEmpty || onWeekdays(date, withinYear: months.isEmpty)
        }
    }

    /// The days of one month the rule expands it to: BYMONTHDAY's, BYDAY's, or DTSTART's day.
    private func monthDates(year: Int, month: Int) -> [CivilDate] {
        if !monthDays.isEmpty {
            return monthDays.compactMap { day(numbered: $0, inMonth: month, of: year) }
        }
        if !weekdays.isEmpty {
            guard let first = try? CivilDate(year: year, month: month, day: 1) else { return [] }
            return weekdays.flatMap { dates(of: $0, from: first, length: first.daysInMonth) }
        }
        if let impliedDay {
            return day(numbered: impliedDay.day, inMonth: month, of: year).map { [$0] } ?? []
        }
        // Only parts read as limits name the days: every day of the month is a candidate.
        guard let first = try? CivilDate(year: year, month: month, day: 1) else { return [] }
        return (0..<first.daysInMonth).compactMap { try? first.adding(days: $0) }
    }

    /// The days of one year the rule expands it to.
    private func yearDates(_ year: Int) -> [CivilDate] {
        let length = CivilDate.isLeapYear(year) ? 366 : 365
        if !yearDays.isEmpty {
            return yearDays.compactMap { dayOfYear($0, of: year, length: length) }
        }
        // BYMONTH, or DTSTART's month when a day is named by BYMONTHDAY or implied.
        let chosen: [(month: Int, moved: Int)]
        if !months.isEmpty {
            chosen = months.compactMap { month(of: $0) }
        } else if weekdays.isEmpty || !monthDays.isEmpty, let impliedMonth {
            chosen = [(impliedMonth, 0)]
        } else {
            chosen = []
        }
        if !monthDays.isEmpty || weekdays.isEmpty {
            return chosen.flatMap { month in
                monthDates(year: year, month: month.month).map { shifted($0, by: month.moved) }
            }
        }
        if !months.isEmpty {
            return chosen.flatMap { month -> [CivilDate] in
                guard let first = try? CivilDate(year: year, month: month.month, day: 1) else {
                    return []
                }
                return weekdays.flatMap { dates(of: $0, from: first, length: first.daysInMonth) }
            }
        }
        guard let first = try? CivilDate(year: year, month: 1, day: 1) else { return [] }
        return weekdays.flatMap { dates(of: $0, from: first, length: length) }
    }

    /// DTSTART's month, for a YEARLY rule whose days do not say it.
    private var impliedMonth: Int? {
        impliedDay != nil || !monthDays.isEmpty ? originMonth : nil
    }

    /// The days of `weekday` in the span of `length` days from `first`: all of them, or the
    /// one its ordinal names (counted from the end when negative).
    private func dates(
        of weekday: RecurrenceRule.WeekdayNumber, from first: CivilDate, length: Int
    ) -> [CivilDate] {
        let offset = first.weekday.days(until: weekday.weekday)
        let count = (length - offset + 6) / 7
        let ordinal = weekday.ordinal
        if ordinal == 0 {
            return (0..<count).compactMap { try? first.adding(days: offset + 7 * $0) }
        }
        let index = ordinal > 0 ? ordinal - 1 : count + ordinal
        guard (0..<count).contains(index) else { return [] }
        return (try? first.adding(days: offset + 7 * index)).map { [$0] } ?? []
    }

    // MARK: - Days that do not exist

    /// The `number`-th day of a month (from its end when negative), or where SKIP moves it
    /// when the month has no such day.
    private func day(numbered number: Int, inMonth month: Int, of year: Int) -> CivilDate? {
        let length = CivilDate.daysIn(month: month, year: year)
        let day = number > 0 ? number : length + number + 1
        if (1...length).contains(day) { return try? CivilDate(year: year, month: month, day: day) }
        guard let first = try? CivilDate(year: year, month: month, day: 1) else { return nil }
        switch (skip, day > length) {
        case (.omit, _): return nil
        // Past the month's end: its last day, or the next month's first.
        case (.backward, true): return try? first.adding(days: length - 1)
        case (.forward, true): return try? first.adding(days: length)
        // Before its start: the last day of the month before, or its first.
        case (.backward, false): return try? first.adding(days: -1)
        case (.forward, false): return first
        }
    }

    /// The `number`-th day of a year (from its end when negative), or where SKIP moves it.
    private func dayOfYear(_ number: Int, of year: Int, length: Int) -> CivilDate? {
        guard let first = try? CivilDate(year: year, month: 1, day: 1) else { return nil }
        let index = number > 0 ? number - 1 : length + number
        if (0..<length).contains(index) { return try? first.adding(days: index) }
        switch (skip, index >= length) {
        case (.omit, _): return nil
        case (.backward, true): return try? first.adding(days: length - 1)
        case (.forward, true): return try? first.adding(days: length)
        case (.backward, false): return try? first.adding(days: -1)
        case (.forward, false): return first
        }
    }

    /// A month of BYMONTH as a Gregorian month, and how SKIP moves its days: a leap month
    /// ("5L"), which the Gregorian calendar never has, is left out, or read as the month
    /// before it (BACKWARD: 5) or after it (FORWARD: 6, its days a month later).
    private func month(of number: RecurrenceRule.MonthNumber) -> (month: Int, moved: Int)? {
        guard number.month <= 12 else { return nil }
        guard number.isLeap else { return (number.month, 0) }
        switch skip {
        case .omit: return nil
        case .backward: return (number.month, 0)
        case .forward: return (number.month, 1)
        }
    }

    /// `date` moved on by `months` months (a leap month's days read FORWARD), its day kept or
    /// the month's last.
    private func shifted(_ date: CivilDate, by months: Int) -> CivilDate {
        months == 0 ? date : (try? date.adding(months: months)) ?? date
    }

    // MARK: - Limits

    private func inMonths(_ month: Int) -> Bool {
        months.isEmpty || months.contains { self.month(of: $0)?.month == month }
    }

    private func inWeeks(_ date: CivilDate) -> Bool {
        DayNumbers.inWeeks(date, weekNumbers, weekStart: weekStart)
    }

    /// Whether `date` is on one of BYDAY's weekdays; an ordinal counts within the month, or
    /// within the year when `withinYear`.
    private func onWeekdays(_ date: CivilDate, withinYear: Bool) -> Bool {
        guard !weekdays.isEmpty else { return true }
        return weekdays.contains { name in
            guard name.weekday == date.weekday else { return false }
            guard name.ordinal != 0 else { return true }
            let (index, length) =
                withinYear
                ? (date.dayOfYear, CivilDate.isLeapYear(date.year) ? 366 : 365)
                : (date.day, date.daysInMonth)
            return name.ordinal > 0
                ? (index - 1) / 7 + 1 == name.ordinal
                : (length - index) / 7 + 1 == -name.ordinal
        }
    }
}
