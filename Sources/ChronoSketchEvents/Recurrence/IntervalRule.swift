import ChronoSketchCore
import ChronoSketchSyntax

/// A rule expanded in Swift interval by interval (RFC 5545 §3.3.10: BYSETPOS "operates on a
/// set of recurrence instances in one interval of the recurrence rule"): each interval is
/// named by its first day, and gives its set of instances in order, BYSETPOS applied.
protocol IntervalRule: RuleExpansion {
    /// The first day of the interval that holds `date`.
    func intervalStart(holding date: CivilDate) -> CivilDate?
    /// The first day of the INTERVAL-th interval after the one starting on `start`.
    func intervalStart(after start: CivilDate) -> CivilDate?
    /// The first day of the first interval, counted from the one starting on `first`, that
    /// can hold an instance on or after `date`: intervals before it need not be walked when
    /// nothing is counted.
    func intervalStart(from first: CivilDate, reaching date: CivilDate) -> CivilDate
    /// The instances of the interval starting on `start`, in order; nil when the walk's
    /// steps ran out before the set was whole (a step per day tried and per time made).
    func members(ofIntervalFrom start: CivilDate, walk: inout RuleWalk) -> [LocalDateTime]?
}

extension IntervalRule {
    /// Walks the intervals from the one holding DTSTART (from the first that can reach the
    /// range when nothing is counted), a step each, and offers each one's instances.
    /// - Complexity: O(steps), at most the series' budget.
    func expand(_ walk: inout RuleWalk) {
        guard var interval = intervalStart(holding: walk.origin.date) else { return }
        if walk.count == nil, walk.range.lowerBound.date > interval {
            interval = intervalStart(from: interval, reaching: walk.range.lowerBound.date)
        }
        // A day SKIP=BACKWARD moves lies up to a day before its interval.
        let last = (try? walk.last.date.adding(days: 1)) ?? walk.last.date
        while interval <= last, walk.step() {
            guard let members = members(ofIntervalFrom: interval, walk: &walk) else { return }
            for time in members {
                guard walk.offer(time) else { return }
            }
            guard let next = intervalStart(after: interval) else { return }
            interval = next
        }
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
        func numbers(_ given: [Int], _ implied: Int) -> [Int] {
            origin.isDate ? [0] : given.isEmpty ? [implied] : Array(Set(given)).sorted()
        }
        hours = numbers(rule.byHour, wallClock.hour)
        minutes = numbers(rule.byMinute, wallClock.minute)
        seconds = numbers(rule.bySecond, wallClock.second)
    }

    /// Every time of every date, in order, a step of `walk` each, those at `positions` kept
    /// (BYSETPOS, ``SetPositions/pick(_:at:)``); nil when the steps ran out before the set was
    /// whole. A leap second (BYSECOND=60) is the second before.
    func times(
        on dates: some Sequence<CivilDate>, picking positions: [Int], walk: inout RuleWalk
    ) -> [LocalDateTime]? {
        var members: [LocalDateTime] = []
        for date in dates {
            for hour in hours {
                for minute in minutes {
                    for second in seconds {
                        guard walk.step() else { return nil }
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
}

/// BYSETPOS (RFC 5545 §3.3.10: it "operates on a set of recurrence instances in one interval
/// of the recurrence rule"; each value "corresponds to the nth occurrence within the set").
enum SetPositions {
    /// The members of one interval's set (in order) at `positions` (1 the first, -1 the last),
    /// in order, each once; all of them when there are no positions.
    static func pick(_ members: [LocalDateTime], at positions: [Int]) -> [LocalDateTime] {
        guard !positions.isEmpty else { return members }
        let indices = positions.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : members.count + position
            return members.indices.contains(index) ? index : nil
        }
        return Set(indices).sorted().map { members[$0] }
    }
}

/// Days and weeks named by number, BYMONTHDAY's, BYYEARDAY's and BYWEEKNO's: "-10 represents
/// the tenth to the last day of the month" (RFC 5545 §3.3.10).
enum DayNumbers {
    /// Whether `day` of a span of `length` days is among `numbers`; every day when there are
    /// none.
    static func contain(_ numbers: [Int], _ day: Int, of length: Int) -> Bool {
        numbers.isEmpty || numbers.contains { $0 > 0 ? $0 == day : length + $0 + 1 == day }
    }

    /// Whether `date` lies in one of the weeks `numbers` names (counted from the week-year's
    /// last when negative); every date when there are none.
    static func inWeeks(_ date: CivilDate, _ numbers: [Int], weekStart: Weekday) -> Bool {
        guard !numbers.isEmpty else { return true }
        let (week, weeks) = self.week(of: date, weekStart: weekStart)
        return numbers.contains { $0 == week || weeks + $0 + 1 == week }
    }

    /// The week of its week-year `date` lies in and how many weeks that year has: week 1 is
    /// the first week (starting on `weekStart`) with at least four days of the year, so the
    /// one holding 4 January (RFC 5545 §3.3.10, BYWEEKNO).
    static func week(of date: CivilDate, weekStart: Weekday) -> (week: Int, weeks: Int) {
        // Worked out in days, so that 9999's last week, which ends in 10000, has its length.
        func firstWeek(_ year: Int) -> Int {
            let fourth = GregorianCalendar.daysSinceEpoch(year: year, month: 1, day: 4)
            // 1970-01-01 was a Thursday.
            let weekday = Weekday(rawValue: ((fourth + 3) % 7 + 7) % 7 + 1) ?? weekStart
            return fourth - weekStart.days(until: weekday)
        }
        let day = date.daysSinceEpoch
        var year = date.year
        if day < firstWeek(year) {
            year -= 1
        } else if day >= firstWeek(year + 1) {
            year += 1
        }
        let start = firstWeek(year)
        return ((day - start) / 7 + 1, (firstWeek(year + 1) - start) / 7)
    }

    /// Whether `date` is among `monthDays` and `yearDays`.
    static func admit(_ date: CivilDate, monthDays: [Int], yearDays: [Int]) -> Bool {
        contain(monthDays, date.day, of: date.daysInMonth)
            && contain(yearDays, date.dayOfYear, of: CivilDate.isLeapYear(date.year) ? 366 : 365)
    }
}
