import ChronoSketchCore
import ChronoSketchSyntax

/// A rule of FREQ=HOURLY, MINUTELY or SECONDLY, expanded in Swift (RFC 5545 §3.3.10).
///
/// A rule limited to rare days must not walk every second between them
/// (`FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO` has one leap Monday in 28 years), and
/// INTERVAL counts from DTSTART beside any BY part (`FREQ=HOURLY;BYHOUR=3,6;INTERVAL=7` has
/// no 06:00 on DTSTART's day, which libical 3.0.16 gives). Here the day parts are a test of
/// each day, the time of day is walked an hour, a minute, a
/// second at a time only inside the hours and minutes the rule allows, and every step counts
/// against the series' budget (``RuleWalk``).
///
/// For these frequencies every BY part but those of a smaller unit limits (RFC 5545 §3.3.10's
/// table): HOURLY keeps the hours of BYHOUR and expands BYMINUTE and BYSECOND (DTSTART's
/// minute and second when they are not given), MINUTELY keeps the hours and minutes given and
/// expands BYSECOND, SECONDLY keeps what all three give. An instance falls on a whole number
/// of INTERVALs from DTSTART. BYSETPOS picks among the instances of one hour (HOURLY) or one
/// minute (MINUTELY).
struct SubDailyRule: RuleExpansion, Sendable {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let months: Set<Int>?
    let monthDays: [Int]
    let yearDays: [Int]
    let weekNumbers: [Int]
    let weekdays: Set<Weekday>?
    let hours: Set<Int>?
    let minutes: [Int]?
    let seconds: [Int]?
    let setPositions: [Int]?
    let weekStart: Weekday

    /// The rule read for Swift's expansion (its BYDAY ordinals already dropped); nil for a
    /// daily or longer frequency.
    init?(_ rule: RecurrenceRule) {
        guard rule.frequency < .daily else { return nil }
        func numbers(_ given: [Int]) -> [Int]? { given.isEmpty ? nil : given }
        frequency = rule.frequency
        interval = rule.interval
        months = numbers(rule.byMonth.map(\.month)).map(Set.init)
        monthDays = rule.byMonthDay
        yearDays = rule.byYearDay
        weekNumbers = rule.byWeekNo
        hours = numbers(rule.byHour).map(Set.init)
        minutes = numbers(rule.byMinute).map { Array(Set($0)).sorted() }
        // A leap second (60) is the last second of its minute, as libical reads it.
        seconds = numbers(rule.bySecond).map { Array(Set($0.map { min($0, 59) })).sorted() }
        setPositions = numbers(rule.bySetPos)
        weekStart = rule.weekStart ?? .monday
        weekdays = rule.byDay.isEmpty ? nil : Set(rule.byDay.map(\.weekday))
    }

    /// How many units of the frequency a day has, and how long one is.
    private var unitSeconds: Int {
        switch frequency {
        case .hourly: 3_600
        case .minutely: 60
        default: 1
        }
    }

    /// Whether the day parts allow `date` (each one given must, RFC 5545 §3.3.10).
    func allows(_ date: CivilDate) -> Bool {
        if let months, !months.contains(date.month) { return false }
        if let weekdays, !weekdays.contains(date.weekday) { return false }
        return DayNumbers.admit(date, monthDays: monthDays, yearDays: yearDays)
            && DayNumbers.inWeeks(date, weekNumbers, weekStart: weekStart)
    }

    /// Walks the days from DTSTART's (from the range's first when nothing is counted), and in
    /// each day the rule allows the hours, minutes and times it allows, a step each, offering
    /// the instances in order.
    /// - Complexity: O(steps), at most the series' budget.
    func expand(_ walk: inout RuleWalk) {
        let origin = walk.origin
        let originUnit = LocalDateTime.floorDivide(origin.secondsSinceEpoch, unitSeconds)
        // A counted rule is counted from DTSTART; an endless one starts at the range.
        var day = walk.count == nil ? max(origin.date, walk.range.lowerBound.date) : origin.date
        while day <= walk.last.date, walk.step() {
            // A day no INTERVAL-th unit falls on gives nothing: on to the next one that does.
            let dayUnit = LocalDateTime(startOf: day).secondsSinceEpoch / unitSeconds
            let unit = dayUnit + ((originUnit - dayUnit) % interval + interval) % interval
            guard let reached = try? LocalDateTime(secondsSinceEpoch: unit * unitSeconds) else {
                return
            }
            if reached.date > day {
                day = reached.date
                continue
            }
            if allows(day), !offerTimes(on: day, originUnit: originUnit, walk: &walk) { return }
            guard let next = try? day.adding(days: 1) else { return }
            day = next
        }
    }

    /// Offers the times of one allowed day, in order: the units of the frequency that fall a
    /// whole number of INTERVALs from DTSTART and that the limits keep, each with what BYMINUTE
    /// and BYSECOND expand it to, cut by BYSETPOS. Every hour and minute walked and every time
    /// made is a step. False once the walk has stopped.
    private func offerTimes(on day: CivilDate, originUnit: Int, walk: inout RuleWalk) -> Bool {
        let origin = walk.origin
        let dayStart = LocalDateTime(startOf: day).secondsSinceEpoch
        /// Each unit in `[first, first + length)` (seconds of the day) that INTERVAL reaches,
        /// a step each, until `body` or the walk stops.
        func aligned(_ first: Int, _ length: Int, _ body: (Int) -> Bool) -> Bool {
            let unit = unitSeconds
            let start = (dayStart + first) / unit
            let offset = ((originUnit - start) % interval + interval) % interval
            var index = start + offset
            while index < start + length / unit {
                guard walk.step(), body(index * unit - dayStart) else { return false }
                index += interval
            }
            return true
        }
        func time(_ secondOfDay: Int) -> LocalDateTime? {
            try? LocalDateTime(
                date: day, hour: secondOfDay / 3_600, minute: secondOfDay / 60 % 60,
                second: secondOfDay % 60)
        }
        /// Makes the times of one period at `secondsOfDay`, a step each, and offers those
        /// BYSETPOS keeps.
        func offer(_ secondsOfDay: some Sequence<Int>) -> Bool {
            var period: [LocalDateTime] = []
            for secondOfDay in secondsOfDay {
                guard walk.step() else { return false }
                if let value = time(secondOfDay) { period.append(value) }
            }
            return picked(period).allSatisfy { walk.offer($0) }
        }
        let secondsGiven = seconds ?? [origin.second]
        switch frequency {
        case .hourly:
            let minutesGiven = minutes ?? [origin.minute]
            return aligned(0, 86_400) { hour in
                guard hours?.contains(hour / 3_600) ?? true else { return true }
                return offer(
                    minutesGiven.lazy.flatMap { minute in
                        secondsGiven.lazy.map { hour + minute * 60 + $0 }
                    })
            }
        // An INTERVAL of an hour or more reaches fewer units a day than the hours and minutes
        // the walk would try: its units are walked instead, each tested against the limits.
        case .minutely where interval >= 60:
            return aligned(0, 86_400) { minute in
                guard hours?.contains(minute / 3_600) ?? true,
                    minutes?.contains(minute / 60 % 60) ?? true
                else { return true }
                return offer(secondsGiven.lazy.map { minute + $0 })
            }
        case .secondly where interval >= 60:
            return aligned(0, 86_400) { second in
                guard hours?.contains(second / 3_600) ?? true,
                    minutes?.contains(second / 60 % 60) ?? true,
                    seconds?.contains(second % 60) ?? true
                else { return true }
                let period = time(second).map { [$0] } ?? []
                return picked(period).allSatisfy { walk.offer($0) }
            }
        case .minutely:
            for hour in 0..<24 where hours?.contains(hour) ?? true {
                guard walk.step() else { return false }
                let going = aligned(hour * 3_600, 3_600) { minute in
                    guard minutes?.contains(minute / 60 % 60) ?? true else { return true }
                    return offer(secondsGiven.lazy.map { minute + $0 })
                }
                guard going else { return false }
            }
        default:
            for hour in 0..<24 where hours?.contains(hour) ?? true {
                guard walk.step() else { return false }
                for minute in 0..<60 where minutes?.contains(minute) ?? true {
                    guard walk.step() else { return false }
                    let going = aligned(hour * 3_600 + minute * 60, 60) { second in
                        guard seconds?.contains(second % 60) ?? true else { return true }
                        // The unit is the time made: its step was taken.
                        let period = time(second).map { [$0] } ?? []
                        return picked(period).allSatisfy { walk.offer($0) }
                    }
                    guard going else { return false }
                }
            }
        }
        return true
    }

    /// The instances of one period that BYSETPOS keeps, in order (all of them without it).
    private func picked(_ period: [LocalDateTime]) -> [LocalDateTime] {
        guard let setPositions else { return period }
        return SetPositions.pick(period.sorted(), at: setPositions)
    }
}

extension LocalDateTime {
    /// Division rounding towards minus infinity.
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
