import ChronoSketchSyntax
internal import CLibical
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
        var calendarScale: String?
        for part in rule.parts {
            let value = part.value.uppercased()
            let items = value.split(separator: ",", omittingEmptySubsequences: false)
            var filled = true
            switch part.name {
            case "RSCALE":
                guard icalrecurrencetype_rscale_is_supported() != 0 else { return nil }
                calendarScale = value
            case "SKIP":
                guard icalrecurrencetype_rscale_is_supported() != 0,
                    let skip = skips[value]
                else { return nil }
                recurrence.skip = skip
            case "WKST":
                guard let day = weekdays[Substring(value)] else { return nil }
                recurrence.week_start = day
                sortDays(&recurrence)
            case "BYDAY":
                var days: [Int16] = []
                for item in items {
                    guard let day = weekdays[item.suffix(2)] else { return nil }
                    let ordinal = item.dropLast(2)
                    let position = ordinal.isEmpty ? 0 : Int(ordinal) ?? 0
                    let magnitude = Int(day.rawValue) + 8 * abs(position)
                    days.append(Int16(position < 0 ? -magnitude : magnitude))
                }
                filled = fill(&recurrence.by_day, with: days)
                sortDays(&recurrence)
            case "BYMONTH":
                var months: [Int16] = []
                for item in items {
                    let isLeap = item.hasSuffix("L")
                    guard let month = Int16(isLeap ? item.dropLast() : item) else { return nil }
                    if isLeap, icalrecurrencetype_rscale_is_supported() == 0 { return nil }
                    months.append(isLeap ? month | leapMonth : month)
                }
                filled = fill(&recurrence.by_month, with: months)
            case "BYSECOND", "BYMINUTE", "BYHOUR", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO",
                "BYSETPOS":
                let numbers = items.compactMap { Int16($0) }
                guard numbers.count == items.count else { return nil }
                switch part.name {
                case "BYSECOND": filled = fill(&recurrence.by_second, with: numbers)
                case "BYMINUTE": filled = fill(&recurrence.by_minute, with: numbers)
                case "BYHOUR": filled = fill(&recurrence.by_hour, with: numbers)
                case "BYMONTHDAY": filled = fill(&recurrence.by_month_day, with: numbers)
                case "BYYEARDAY": filled = fill(&recurrence.by_year_day, with: numbers)
                case "BYWEEKNO": filled = fill(&recurrence.by_week_no, with: numbers)
                default: filled = fill(&recurrence.by_set_pos, with: numbers)
                }
            default:
                // FREQ, INTERVAL, COUNT and UNTIL are set above; X- parts are left out.
                break
            }
            guard filled else { return nil }
        }
        if let calendarScale {
            recurrence.rscale = strdup(calendarScale)
        }
        return recurrence
    }

    /// The bit libical sets on a leap month (`5L`) of BYMONTH.
    private static let leapMonth: Int16 = 0x1000

    private static let weekdays: [Substring: icalrecurrencetype_weekday] = [
        "SU": ICAL_SUNDAY_WEEKDAY, "MO": ICAL_MONDAY_WEEKDAY, "TU": ICAL_TUESDAY_WEEKDAY,
        "WE": ICAL_WEDNESDAY_WEEKDAY, "TH": ICAL_THURSDAY_WEEKDAY, "FR": ICAL_FRIDAY_WEEKDAY,
        "SA": ICAL_SATURDAY_WEEKDAY,
    ]

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
    private static func fill<Array>(_ array: inout Array, with values: [Int16]) -> Bool {
        withUnsafeMutableBytes(of: &array) { raw in
            let slots = raw.bindMemory(to: Int16.self)
            guard values.count < slots.count else { return false }
            for (index, value) in values.enumerated() { slots[index] = value }
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
