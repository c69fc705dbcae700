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
struct WeeklyRule {
    private let interval: Int
    private let weekStart: Weekday
    private let weekdays: [Weekday]
    private let months: Set<Int>
    private let hours: [Int]
    private let minutes: [Int]
    private let seconds: [Int]
    private let positions: [Int]

    init?(_ rule: RecurrenceRule, origin: ICalDateTime) {
        let known: Set<String> = [
            "FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST", "BYDAY", "BYMONTH", "BYHOUR", "BYMINUTE",
            "BYSECOND", "BYSETPOS",
        ]
        guard rule.frequency == .weekly, rule.interval > 1,
            rule.parts.allSatisfy({ known.contains($0.name) || $0.name.hasPrefix("X-") })
        else { return nil }
        let days = rule.values("BYDAY").map { Weekday(icalendarCode: $0) }
        guard !days.contains(nil) else { return nil }
        let wallClock = origin.wallClock
        interval = rule.interval
        weekStart = rule.values("WKST").first.flatMap { Weekday(icalendarCode: $0) } ?? .monday
        weekdays = days.isEmpty ? [wallClock.date.weekday] : days.compactMap { $0 }
        months = Set(rule.values("BYMONTH").compactMap { Int($0) })
        func numbers(_ name: String, _ implied: Int) -> [Int] {
            let given = rule.values(name).compactMap { Int($0) }
            return origin.isDate ? [0] : given.isEmpty ? [implied] : Array(Set(given)).sorted()
        }
        hours = numbers("BYHOUR", wallClock.hour)
        minutes = numbers("BYMINUTE", wallClock.minute)
        seconds = numbers("BYSECOND", wallClock.second)
        positions = rule.values("BYSETPOS").compactMap { Int($0) }
    }

    /// The set of one interval: the week starting on `first`, in order.
    private func set(ofWeekFrom first: CivilDate) -> [LocalDateTime] {
        var dates = Set<CivilDate>()
        for day in weekdays {
            if let date = try? first.adding(days: weekStart.days(until: day)),
                months.isEmpty || months.contains(date.month)
            {
                dates.insert(date)
            }
        }
        var members: [LocalDateTime] = []
        for date in dates.sorted() {
            for hour in hours {
                for minute in minutes {
                    for second in seconds {
                        if let time = try? LocalDateTime(
                            date: date, hour: hour, minute: minute, second: min(second, 59))
                        {
                            members.append(time)
                        }
                    }
                }
            }
        }
        members.sort()
        return SetPositions.pick(members, at: positions)
    }

    /// The instances from `origin` (DTSTART on the series' clock) in `range`, up to `until`
    /// and `count` (DTSTART counted first when `countsOrigin`), looking at `budget` weeks at
    /// most; `budgetSpent` when that stopped it.
    func instances(
        from origin: LocalDateTime, in range: ClosedRange<LocalDateTime>, until: LocalDateTime?,
        count: Int?, countsOrigin: Bool, budget: Int, cap: Int
    ) -> (instances: [LocalDateTime], budgetSpent: Bool) {
        guard
            var week = try? origin.date.adding(days: -weekStart.days(until: origin.date.weekday))
        else { return ([], false) }
        var last = range.upperBound
        if let until, until < last { last = until }
        // Without COUNT, the weeks before the range need not be walked.
        if count == nil, range.lowerBound.date > week {
            let weeks = (range.lowerBound.date.daysSinceEpoch - week.daysSinceEpoch) / 7
            let skipped = weeks / interval * interval
            week = (try? week.adding(days: 7 * skipped)) ?? week
        }
        var found: [LocalDateTime] = []
        var given = 0
        var weeks = 0
        while week <= last.date {
            weeks += 1
            if weeks > budget { return (found, true) }
            for time in set(ofWeekFrom: week) where time >= origin {
                if time > last { return (found, false) }
                if given == 0, countsOrigin, time != origin { given = 1 }
                if let count, given >= count { return (found, false) }
                given += 1
                if time >= range.lowerBound {
                    found.append(time)
                    if found.count > cap { return (found, false) }
                }
            }
            guard let next = try? week.adding(days: 7 * interval) else { break }
            week = next
        }
        return (found, false)
    }
}
