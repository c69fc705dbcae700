import ChronoSketchCore
import ChronoSketchSyntax

/// A rule of a calendar scale other than the Gregorian (RFC 7529's RSCALE: HEBREW, CHINESE,
/// ISLAMIC-CIVIL, …), expanded by libical's iterator with ICU's calendars, one step of the walk
/// per instance read. The rules of the Gregorian calendar are expanded in Swift
/// (``CalendarRule``, ``WeekNumberRule``, ``SubDailyRule``); these keep libical 3.0.16's
/// bounds: INTERVAL in 16 bits, and no instance after the year 2582.
struct OtherScaleRule: RuleExpansion {
    private let iterator: LibicalRecurrenceIterator
    private let isDate: Bool
    /// Whether libical ended the rule (its iterator ran out, or gave a time after its last
    /// year) rather than the walk.
    private(set) var iteratorEnded = false

    /// The largest INTERVAL libical keeps.
    static let largestInterval = 32_767

    /// The expansion of `rule` from `start`, UNTIL given as `until` on the series' clock; nil
    /// when libical cannot take the rule.
    init?(_ rule: RecurrenceRule, start: ICalDateTime, until: ICalDateTime?) {
        guard rule.interval <= Self.largestInterval,
            let iterator = LibicalRecurrenceIterator(
                rule: rule, until: until, start: start, counting: false)
        else { return nil }
        self.iterator = iterator
        isDate = start.isDate
    }

    mutating func expand(_ walk: inout RuleWalk) {
        // Nothing before the range need be read when nothing is counted.
        if walk.count == nil, walk.range.lowerBound > walk.origin {
            let lower = walk.range.lowerBound
            _ = iterator.skip(to: isDate ? .date(lower.date) : .dateTime(lower, isUTC: false))
        }
        while walk.step() {
            guard let time = iterator.next()?.wallClock,
                time.date.year <= LibicalRecurrenceIterator.lastYear
            else {
                iteratorEnded = true
                return
            }
            guard walk.offer(time) else { return }
        }
    }
}
