import ChronoSketchCore
import ChronoSketchSyntax

/// A rule of FREQ=HOURLY, MINUTELY or SECONDLY, expanded in Swift (RFC 5545 §3.3.10).
///
/// libical 3.0.16 walks these rules one step of their frequency at a time inside a single
/// call, with no budget: `FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO` walks 28 years of
/// minutes before each leap Monday. It also applies INTERVAL beside BY parts wrongly
/// (`FREQ=HOURLY;BYHOUR=3,6;INTERVAL=7` gives 06:00 on DTSTART's day; fixed in libical 4.0).
/// Here the day parts are a test of each day, the time of day is walked an hour, a minute, a
/// second at a time only inside the hours and minutes the rule allows, and every step counts
/// against the series' budget.
///
/// For these frequencies every BY part but those of a smaller unit limits (RFC 5545 §3.3.10's
/// table): HOURLY keeps the hours of BYHOUR and expands BYMINUTE and BYSECOND (DTSTART's
/// minute and second when they are not given), MINUTELY keeps the hours and minutes given and
/// expands BYSECOND, SECONDLY keeps what all three give. An instance falls on a whole number
/// of INTERVALs from DTSTART. BYSETPOS picks among the instances of one hour (HOURLY) or one
/// minute (MINUTELY).
struct SubDailyRule: Sendable {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let months: Set<Int>?
    let monthDays: [Int]?
    let yearDays: [Int]?
    let weekNumbers: [Int]?
    let weekdays: Set<Weekday>?
    let hours: Set<Int>?
    let minutes: [Int]?
    let seconds: [Int]?
    let setPositions: [Int]?
    let weekStart: Weekday
    /// What of the rule was read otherwise than written, worded for a warning.
    let notes: [String]

    /// The rule read for Swift's expansion; nil for a daily or longer frequency, and for a
    /// rule of another calendar scale (RSCALE), which libical expands.
    init?(_ rule: RecurrenceRule) {
        guard rule.frequency < .daily, !rule.has("RSCALE") else { return nil }
        func numbers(_ name: String) -> [Int]? {
            guard rule.has(name) else { return nil }
            return rule.values(name).compactMap { Int($0) }
        }
        frequency = rule.frequency
        interval = rule.interval
        months = numbers("BYMONTH").map(Set.init)
        monthDays = numbers("BYMONTHDAY")
        yearDays = numbers("BYYEARDAY")
        weekNumbers = numbers("BYWEEKNO")
        hours = numbers("BYHOUR").map(Set.init)
        minutes = numbers("BYMINUTE").map { Array(Set($0)).sorted() }
        // A leap second (60) is the last second of its minute, as libical reads it.
        seconds = numbers("BYSECOND").map { Array(Set($0.map { min($0, 59) })).sorted() }
        setPositions = numbers("BYSETPOS")
        weekStart = rule.values("WKST").first.flatMap(Weekday.init(icalendarCode:)) ?? .monday
        var notes: [String] = []
        if rule.has("BYDAY") {
            let items = rule.values("BYDAY")
            weekdays = Set(items.compactMap { Weekday(icalendarCode: $0.suffix(2)) })
            if items.contains(where: { $0.count > 2 }) {
                notes.append(
                    "BYDAY has an ordinal, which RFC 5545 allows only with MONTHLY and YEARLY rules; read as the weekday alone"
                )
            }
        } else {
            weekdays = nil
        }
        self.notes = notes
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
        if let monthDays {
            let length = date.daysInMonth
            guard monthDays.contains(where: { $0 == date.day || $0 == date.day - length - 1 })
            else { return false }
        }
        if let yearDays {
            let day = date.dayOfYear
            let length = CivilDate.isLeapYear(date.year) ? 366 : 365
            guard yearDays.contains(where: { $0 == day || $0 == day - length - 1 }) else {
                return false
            }
        }
        if let weekNumbers {
            let (week, weeks) = Self.week(of: date, weekStart: weekStart)
            guard weekNumbers.contains(where: { $0 == week || $0 == week - weeks - 1 }) else {
                return false
            }
        }
        return true
    }

    /// The week of its week-year `date` lies in and how many weeks that year has: week 1 is
    /// the first week (starting on `weekStart`) with at least four days of the year, so the
    /// one holding 4 January (RFC 5545 §3.3.10, BYWEEKNO).
    static func week(of date: CivilDate, weekStart: Weekday) -> (week: Int, weeks: Int) {
        func firstWeek(_ year: Int) -> Int {
            let fourth = (try? CivilDate(year: year, month: 1, day: 4))?.daysSinceEpoch ?? 0
            let weekday = (try? CivilDate(daysSinceEpoch: fourth))?.weekday ?? weekStart
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

    /// Why an expansion stopped before the rule ended.
    enum Stop: Equatable {
        /// More steps than the budget.
        case budget(steps: Int, at: LocalDateTime)
        /// More instances in the range than the cap.
        case cap
    }

    /// The instances from `origin` (DTSTART on the series' clock) that fall in `range`.
    /// - Parameters:
    ///   - until: the last time an instance may have (UNTIL on the series' clock).
    ///   - count: how many instances the rule gives (COUNT), counted from `origin`, which
    ///     counts as the first even when the rule does not give it (RFC 5545 §3.3.10).
    ///   - budget: the most steps (days looked at, hours and minutes walked, times tried).
    ///   - cap: the most instances listed; one more stops with ``Stop/cap``.
    /// - Complexity: O(steps), at most `budget`.
    func instances(
        from origin: LocalDateTime, in range: ClosedRange<LocalDateTime>, until: LocalDateTime?,
        count: Int?, budget: Int, cap: Int
    ) -> (instances: [LocalDateTime], stop: Stop?) {
        let unit = unitSeconds
        let originUnit = LocalDateTime.floorDivide(origin.secondsSinceEpoch, unit)
        var last = range.upperBound
        if let until, until < last { last = until }
        // A counted rule is counted from DTSTART; an endless one starts at the range.
        var day = count == nil ? max(origin.date, range.lowerBound.date) : origin.date
        var steps = 0
        var given = 0
        var found: [LocalDateTime] = []
        while day <= last.date {
            steps += 1
            if allows(day) {
                for time in times(on: day, originUnit: originUnit, origin: origin, steps: &steps)
                where time >= origin {
                    if time > last { return (found, nil) }
                    if given == 0, time != origin { given = 1 }
                    if let count, given >= count { return (found, nil) }
                    given += 1
                    if time >= range.lowerBound {
                        found.append(time)
                        if found.count > cap { return (found, .cap) }
                    }
                }
            }
            if steps >= budget {
                return (found, .budget(steps: steps, at: LocalDateTime(startOf: day)))
            }
            guard let next = try? day.adding(days: 1) else { break }
            day = next
        }
        return (found, nil)
    }

    /// The times of one allowed day, in order: the units of the frequency that fall a whole
    /// number of INTERVALs from DTSTART and that the limits keep, each with what BYMINUTE and
    /// BYSECOND expand it to, cut by BYSETPOS.
    private func times(
        on day: CivilDate, originUnit: Int, origin: LocalDateTime, steps: inout Int
    ) -> [LocalDateTime] {
        let dayStart = LocalDateTime(startOf: day).secondsSinceEpoch
        var times: [LocalDateTime] = []
        /// The units in `[first, first + length)` (seconds of the day) that INTERVAL reaches.
        func aligned(_ first: Int, _ length: Int, _ body: (Int) -> Void) {
            let unit = unitSeconds
            let start = (dayStart + first) / unit
            let offset = ((originUnit - start) % interval + interval) % interval
            var index = start + offset
            while index < start + length / unit {
                steps += 1
                body(index * unit - dayStart)
                index += interval
            }
        }
        func time(_ secondOfDay: Int) -> LocalDateTime? {
            try? LocalDateTime(
                date: day, hour: secondOfDay / 3_600, minute: secondOfDay / 60 % 60,
                second: secondOfDay % 60)
        }
        let secondsGiven = seconds ?? [origin.second]
        switch frequency {
        case .hourly:
            let minutesGiven = minutes ?? [origin.minute]
            aligned(0, 86_400) { hour in
                guard hours?.contains(hour / 3_600) ?? true else { return }
                var period: [LocalDateTime] = []
                for minute in minutesGiven {
                    for second in secondsGiven {
                        if let value = time(hour + minute * 60 + second) { period.append(value) }
                    }
                }
                times += picked(period)
            }
        case .minutely:
            for hour in 0..<24 where hours?.contains(hour) ?? true {
                steps += 1
                aligned(hour * 3_600, 3_600) { minute in
                    guard minutes?.contains(minute / 60 % 60) ?? true else { return }
                    times += picked(secondsGiven.compactMap { time(minute + $0) })
                }
            }
        default:
            for hour in 0..<24 where hours?.contains(hour) ?? true {
                steps += 1
                for minute in 0..<60 where minutes?.contains(minute) ?? true {
                    steps += 1
                    aligned(hour * 3_600 + minute * 60, 60) { second in
                        guard seconds?.contains(second % 60) ?? true else { return }
                        if let value = time(second) { times += picked([value]) }
                    }
                }
            }
        }
        return times
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

extension Weekday {
    /// The weekday of a two-letter RFC 5545 code (`MO`).
    init?(icalendarCode code: some StringProtocol) {
        guard let day = Weekday.allCases.first(where: { $0.icalendarCode == code.uppercased() })
        else { return nil }
        self = day
    }
}
