internal import CLibical
import ChronoSketchCore
import ChronoSketchSyntax
import Glibc

/// A ``RecurrenceRule`` as libical's `icalrecurrencetype`, filled part by part from the rule
/// already read, as `icalrecurrencetype_from_string` would fill it from the rule's text.
///
/// Where libical's reading refuses a rule (a list longer than its array, RSCALE without
/// ICU, an unknown SKIP, COUNT beside UNTIL), so does this. X- parts, which libical refuses, are
/// left out: RFC 5545 §3.3.10 gives them no meaning for the instances.
enum LibicalRule {
    /// The struct for `rule`, with `until` in place of the rule's UNTIL and COUNT left out when
    /// the rule has an UNTIL or `counting` is false (the caller counts); nil when libical could
    /// not take it. A non-nil `rscale` is allocated with `malloc` and belongs to the caller.
    static func recurrence(_ rule: RecurrenceRule, until: ICalDateTime?, counting: Bool = true)
        -> icalrecurrencetype?
    {
        var recurrence = icalrecurrencetype()
        icalrecurrencetype_clear(&recurrence)
        recurrence.freq = frequency(rule.frequency)
        recurrence.interval = Int16(rule.interval)
        if let until {
            guard rule.until != nil || rule.count == nil else { return nil }
            recurrence.until = LibicalRecurrenceIterator.time(until)
            if case .dateTime(_, true) = until {
                recurrence.until.zone = icaltimezone_get_utc_timezone()
            }
        } else if counting, rule.until == nil, let count = rule.count {
            recurrence.count = Int32(count)
        }
        // libical orders BYDAY from the week's start after reading BYDAY and again after
        // WKST; the parts are taken in their written order so days end in the same order.
        for part in rule.parts {
            switch part.name {
            case "WKST":
                recurrence.week_start = weekday(rule.weekStart ?? .monday)
                sortDays(&recurrence)
            case "BYDAY":
                let days: [Int16] = rule.byDay.map { item in
                    let magnitude = Int(weekday(item.weekday).rawValue) + 8 * abs(item.ordinal)
                    return Int16(item.ordinal < 0 ? -magnitude : magnitude)
                }
                guard fill(&recurrence.by_day, with: days) else { return nil }
                sortDays(&recurrence)
            default:
                break
            }
        }
        let rscale = icalrecurrencetype_rscale_is_supported() != 0
        if rule.byMonth.contains(where: \.isLeap) || rule.skip != nil, !rscale { return nil }
        if let skip = rule.skip {
            guard let value = skips[skip] else { return nil }
            recurrence.skip = value
        }
        let months = rule.byMonth.map { Int16($0.month) | ($0.isLeap ? leapMonth : 0) }
        let lists: [(inout icalrecurrencetype) -> Bool] = [
            { fill(&$0.by_month, with: months) },
            { fill(&$0.by_second, with: rule.bySecond) },
            { fill(&$0.by_minute, with: rule.byMinute) },
            { fill(&$0.by_hour, with: rule.byHour) },
            { fill(&$0.by_month_day, with: rule.byMonthDay) },
            { fill(&$0.by_year_day, with: rule.byYearDay) },
            { fill(&$0.by_week_no, with: rule.byWeekNo) },
            { fill(&$0.by_set_pos, with: rule.bySetPos) },
        ]
        for list in lists where !list(&recurrence) { return nil }
        if let scale = rule.scale {
            guard rscale else { return nil }
            recurrence.rscale = strdup(scale)
        }
        return recurrence
    }

    /// The bit libical sets on a leap month (`5L`) of BYMONTH.
    private static let leapMonth: Int16 = 0x1000

    private static func weekday(_ day: Weekday) -> icalrecurrencetype_weekday {
        switch day {
        case .sunday: ICAL_SUNDAY_WEEKDAY
        case .monday: ICAL_MONDAY_WEEKDAY
        case .tuesday: ICAL_TUESDAY_WEEKDAY
        case .wednesday: ICAL_WEDNESDAY_WEEKDAY
        case .thursday: ICAL_THURSDAY_WEEKDAY
        case .friday: ICAL_FRIDAY_WEEKDAY
        case .saturday: ICAL_SATURDAY_WEEKDAY
        }
    }

    private static let skips: [String: icalrecurrencetype_skip] = [
        "BACKWARD": ICAL_SKIP_BACKWARD, "FORWARD": ICAL_SKIP_FORWARD, "OMIT": ICAL_SKIP_OMIT,
    ]

    private static func frequency(_ frequency: RecurrenceRule.Frequency)
        -> icalrecurrencetype_frequency
    {
        switch frequency {
        case .secondly: ICAL_SECONDLY_RECURRENCE
        case .minutely: ICAL_MINUTELY_RECURRENCE
        case .hourly: ICAL_HOURLY_RECURRENCE
        case .daily: ICAL_DAILY_RECURRENCE
        case .weekly: ICAL_WEEKLY_RECURRENCE
        case .monthly: ICAL_MONTHLY_RECURRENCE
        case .yearly: ICAL_YEARLY_RECURRENCE
        }
    }

    /// The end mark of a BY list that does not fill its array.
    private static let endOfList = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)

    /// Writes `values` into a BY array (a C array, imported as a tuple of `Int16`) followed by
    /// the end mark; false when they do not fit.
    private static func fill<Array>(_ array: inout Array, with values: [some BinaryInteger])
        -> Bool
    {
        guard !values.isEmpty else { return true }
        return withUnsafeMutableBytes(of: &array) { raw in
            let slots = raw.bindMemory(to: Int16.self)
            guard values.count < slots.count else { return false }
            for (index, value) in values.enumerated() { slots[index] = Int16(value) }
            slots[values.count] = endOfList
            return true
        }
    }

    /// Orders BYDAY from the week's start as libical's reader does after BYDAY and after WKST
    /// (its iterator expects that order), with libical's own exchange sort, so that days of the
    /// same weekday end in the same order too.
    private static func sortDays(_ recurrence: inout icalrecurrencetype) {
        let weekStart = Int(recurrence.week_start.rawValue)
        withUnsafeMutableBytes(of: &recurrence.by_day) { raw in
            let days = raw.bindMemory(to: Int16.self)
            func key(_ day: Int16) -> Int { (Int(abs(day)) % 8 - weekStart + 7) % 7 }
            var index = 0
            while index < days.count, days[index] != endOfList {
                for earlier in 0..<index where key(days[earlier]) > key(days[index]) {
                    days.swapAt(earlier, index)
                }
                index += 1
            }
        }
    }
}
