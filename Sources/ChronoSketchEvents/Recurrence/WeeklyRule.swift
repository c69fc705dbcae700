import ChronoSketchCore
import ChronoSketchSyntax

/// A WEEKLY rule with an INTERVAL above 1, expanded in Swift: libical 3.0.16 counts its
/// intervals in weeks of its own rather than from WKST, so with a Sunday in BYDAY or another
/// WKST it lands in the wrong weeks (libical 4.0.3's expectations and python-dateutil agree on
/// RFC 5545's reading).
///
/// RFC 5545 §3.3.10: the weeks start on WKST (Monday by default); every INTERVAL-th week from
/// DTSTART's is an interval; BYDAY expands it to those weekdays (DTSTART's without BYDAY),
/// BYHOUR, BYMINUTE and BYSECOND to those times (DTSTART's without them), BYMONTH limits it,
/// BYSETPOS picks from each interval's set, and DTSTART counts as the first occurrence. A rule
/// with any other part (BYDAY ordinals, RSCALE, …) is left to libical.
struct WeeklyRule: IntervalRule {
    private let interval: Int
    private let weekStart: Weekday
    private let weekdays: [Weekday]
    private let months: Set<Int>
    private let times: TimesOfDay
    private let positions: [Int]

    init?(_ rule: RecurrenceRule, origin: ICalDateTime) {
        let known: Set<String> = [
            "FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST", "BYDAY", "BYMONTH", "BYHOUR", "BYMINUTE",
            "BYSECOND", "BYSETPOS",
        ]
        guard rule.frequency == .weekly, rule.interval > 1,
            rule.parts.allSatisfy({ known.contains($0.name) || $0.name.hasPrefix("X-") })
        else { return nil }
        guard rule.byDay.allSatisfy({ $0.ordinal == 0 }), !rule.byMonth.contains(where: \.isLeap)
        else { return nil }
        interval = rule.interval
        weekStart = rule.weekStart ?? .monday
        weekdays =
            rule.byDay.isEmpty ? [origin.wallClock.date.weekday] : rule.byDay.map(\.weekday)
        months = Set(rule.byMonth.map(\.month))
        times = TimesOfDay(rule, origin: origin)
        positions = rule.bySetPos
    }

    func intervalStart(holding date: CivilDate) -> CivilDate? {
        try? date.adding(days: -weekStart.days(until: date.weekday))
    }

    func intervalStart(after start: CivilDate) -> CivilDate? {
        try? start.adding(days: 7 * interval)
    }

    func intervalStart(from first: CivilDate, reaching date: CivilDate) -> CivilDate {
        let weeks = first.days(to: date) / 7
        return (try? first.adding(days: 7 * (weeks / interval * interval))) ?? first
    }

    /// The set of one interval: the week starting on `first`, in order.
    func members(ofIntervalFrom first: CivilDate, walk: inout RuleWalk) -> [LocalDateTime]? {
        var dates = Set<CivilDate>()
        for day in weekdays {
            guard walk.step() else { return nil }
            if let date = try? first.adding(days: weekStart.days(until: day)),
                months.isEmpty || months.contains(date.month)
            {
                dates.insert(date)
            }
        }
        return times.times(on: dates.sorted(), picking: positions, walk: &walk)
    }
}
