import ChronoSketchCore
import ChronoSketchSyntax

/// A rule expanded in Swift interval by interval (RFC 5545 §3.3.10: BYSETPOS "operates on a
/// set of recurrence instances in one interval of the recurrence rule"): each interval is
/// named by its first day, and gives its set of instances in order, BYSETPOS applied.
protocol IntervalRule {
    /// The first day of the interval that holds `date`.
    func intervalStart(holding date: CivilDate) -> CivilDate?
    /// The first day of the INTERVAL-th interval after the one starting on `start`.
    func intervalStart(after start: CivilDate) -> CivilDate?
    /// The first day of the first interval, counted from the one starting on `first`, that
    /// can hold an instance on or after `date`: intervals before it need not be walked when
    /// nothing is counted.
    func intervalStart(from first: CivilDate, reaching date: CivilDate) -> CivilDate
    /// The instances of the interval starting on `start`, in order.
    func members(ofIntervalFrom start: CivilDate) -> [LocalDateTime]
}

extension IntervalRule {
    /// The instances from `origin` (DTSTART on the series' clock) in `range`, up to `until`
    /// and `count` (DTSTART counted first when `countsOrigin`: "The DTSTART property value
    /// always counts as the first occurrence"), looking at `budget` intervals at most;
    /// `budgetSpent` when that stopped it.
    func instances(
        from origin: LocalDateTime, in range: ClosedRange<LocalDateTime>, until: LocalDateTime?,
        count: Int?, countsOrigin: Bool, budget: Int, cap: Int
    ) -> (instances: [LocalDateTime], budgetSpent: Bool) {
        guard var interval = intervalStart(holding: origin.date) else { return ([], false) }
        var last = range.upperBound
        if let until, until < last { last = until }
        if count == nil, range.lowerBound.date > interval {
            interval = intervalStart(from: interval, reaching: range.lowerBound.date)
        }
        var found: [LocalDateTime] = []
        var given = 0
        var walked = 0
        while interval <= last.date {
            walked += 1
            if walked > budget { return (found, true) }
            for time in members(ofIntervalFrom: interval) where time >= origin {
                if time > last { return (found, false) }
                if given == 0, countsOrigin, time != origin { given = 1 }
                if let count, given >= count { return (found, false) }
                given += 1
                if time >= range.lowerBound {
                    found.append(time)
                    if found.count > cap { return (found, false) }
                }
            }
            guard let next = intervalStart(after: interval) else { break }
            interval = next
        }
        return (found, false)
    }
}

/// The times of day a rule gives each of its days: BYHOUR, BYMINUTE and BYSECOND expand them,
/// DTSTART's where they are absent (RFC 5545 §3.3.10), midnight for a DATE series.
struct TimesOfDay {
    private let hours: [Int]
    private let minutes: [Int]
    private let seconds: [Int]

    init(_ rule: RecurrenceRule, origin: ICalDateTime) {
        let wallClock = origin.wallClock
        func numbers(_ name: String, _ implied: Int) -> [Int] {
            let given = rule.values(name).compactMap { Int($0) }
            return origin.isDate ? [0] : given.isEmpty ? [implied] : Array(Set(given)).sorted()
        }
        hours = numbers("BYHOUR", wallClock.hour)
        minutes = numbers("BYMINUTE", wallClock.minute)
        seconds = numbers("BYSECOND", wallClock.second)
    }

    /// Every time of every date, in order; a leap second (BYSECOND=60) is the second before.
    func times(on dates: some Sequence<CivilDate>) -> [LocalDateTime] {
        var members: [LocalDateTime] = []
        for date in dates {
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
        return members
    }
}
