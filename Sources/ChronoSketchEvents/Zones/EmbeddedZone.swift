import ChronoSketchCore
import ChronoSketchSyntax
import Foundation

/// The offsets of a VTIMEZONE embedded in a calendar (RFC 5545 §3.6.5).
///
/// Each STANDARD or DAYLIGHT observance starts at its DTSTART (a wall-clock time in
/// TZOFFSETFROM) and again at every RDATE and RRULE instance; the RRULEs are expanded
/// (``RuleWalk/instances(of:from:until:range:steps:)``) over a window of years that grows as
/// instants outside it are asked for.
/// Outlook's VTIMEZONEs start their rules in 1601, so a rule without COUNT is started at the
/// window rather than walked from its DTSTART.
final class EmbeddedZone: ZoneRules, @unchecked Sendable {
    let identifier: String

    private struct Observance {
        var start: ICalDateTime
        var offsetFrom: Int
        var offsetTo: Int
        var name: String?
        var isDaylight: Bool
        var rule: RecurrenceRule?
        /// The rule's UNTIL on this observance's wall clock (a UTC one moved by TZOFFSETFROM,
        /// because the walk compares it with wall-clock onsets).
        var until: ICalDateTime?
        /// Whether the rule has neither COUNT nor UNTIL.
        var isUnbounded = false
        var dates: [LocalDateTime]
    }

    private let observances: [Observance]
    private let lock = NSLock()
    private var changes: [ZoneTransition] = []
    /// The instants the expanded window covers; outside it, ``changes`` may miss rule onsets.
    private var covered = 0..<0
    private let hasRule: Bool

    /// Most steps one observance's rule takes in one expansion.
    private static let iterationBudget = 20_000
    /// Years expanded around the first instant asked for; the window doubles when it must
    /// grow.
    private static let margin = 3

    /// Reads the observances of `component`; nil when it has none that can be used.
    init?(_ component: ICalComponent, tzid: String) {
        identifier = tzid
        var observances: [Observance] = []
        for child in component.components where child.name == "STANDARD" || child.name == "DAYLIGHT"
        {
            guard case .dateTime(let start)? = child.property("DTSTART")?.value,
                case .utcOffset(let from)? = child.property("TZOFFSETFROM")?.value,
                case .utcOffset(let to)? = child.property("TZOFFSETTO")?.value
            else { continue }
            var dates: [LocalDateTime] = []
            for property in child.properties("RDATE") {
                for value in property.values {
                    switch value {
                    case .dateTime(let time): dates.append(time.wallClock)
                    case .period(let period): dates.append(period.start.wallClock)
                    default: break
                    }
                }
            }
            // Offsets change at most daily: a sub-daily rule (tens of thousands of steps a
            // year) or one that never matches is left out, and the
            // observance starts at its DTSTART alone.
            var rule: RecurrenceRule?
            if case .recurrence(let parsed)? = child.property("RRULE")?.value,
                parsed.frequency >= .daily, !parsed.neverMatches
            {
                rule = parsed
            }
            observances.append(
                Observance(
                    start: start, offsetFrom: from, offsetTo: to,
                    name: child.property("TZNAME")?.value?.text,
                    isDaylight: child.name == "DAYLIGHT",
                    rule: rule, until: rule?.until.map { Self.wallClock($0, offset: from) },
                    isUnbounded: rule?.isUnbounded ?? false, dates: dates))
        }
        guard !observances.isEmpty else { return nil }
        self.observances = observances
        // Onsets that end are all worked out at once; rules without an end, as they are asked for.
        hasRule = observances.contains { $0.isUnbounded }
        if !hasRule { expand(years: 1...9999) }
    }

    /// The instants from the first onset to the last, when the observances end (no RRULE
    /// without COUNT or UNTIL): the part of time the VTIMEZONE speaks for. Nil when it goes on
    /// forever, or has a single onset.
    var definedSpan: ClosedRange<Int>? {
        guard !hasRule, let first = changes.first, let last = changes.last, first.utc < last.utc
        else { return nil }
        return first.utc...last.utc
    }

    func offset(atUTC seconds: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        ensureCoverage(seconds)
        guard let first = changes.first else { return observances[0].offsetTo }
        let index = firstChange(after: seconds)
        return index == 0 ? first.offsetBefore : changes[index - 1].offsetAfter
    }

    func transitions(fromUTC from: Int, toUTC to: Int) -> [ZoneTransition] {
        lock.lock()
        defer { lock.unlock() }
        ensureCoverage(to)
        let start = firstChange(after: from - 1)
        let end = firstChange(after: to - 1)
        return start < end ? Array(changes[start..<end]) : []
    }

    /// The index of the first change later than `seconds` (binary search).
    private func firstChange(after seconds: Int) -> Int {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].utc <= seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Expands the window when `seconds` lies outside it.
    private func ensureCoverage(_ seconds: Int) {
        guard hasRule, !covered.contains(seconds) else { return }
        let year = Self.year(ofUTC: seconds)
        var low = max(1, year - Self.margin)
        var high = min(9999, year + Self.margin)
        if !covered.isEmpty {
            let coveredLow = Self.year(ofUTC: covered.lowerBound)
            let coveredHigh = Self.year(ofUTC: covered.upperBound - 1)
            let span = coveredHigh - coveredLow + 1
            if year < coveredLow { low = max(1, min(low, coveredLow - span)) }
            if year > coveredHigh { high = min(9999, max(high, coveredHigh + span)) }
            low = min(low, coveredLow - 1)
            high = max(high, coveredHigh)
        }
        expand(years: low...high)
    }

    /// Computes every onset in `years` (and every explicit one), replacing ``changes``.
    private func expand(years: ClosedRange<Int>) {
        var onsets: [ZoneTransition] = []
        for observance in observances {
            var wallClocks = [observance.start.wallClock] + observance.dates
            if let rule = observance.rule,
                let first = try? CivilDate(year: years.lowerBound, month: 1, day: 1),
                let last = try? LocalDateTime(
                    date: CivilDate(year: years.upperBound, month: 12, day: 31), hour: 23,
                    minute: 59, second: 59)
            {
                let from = max(LocalDateTime(startOf: first), observance.start.wallClock)
                wallClocks += RuleWalk.instances(
                    of: rule, from: observance.start, until: observance.until?.wallClock,
                    range: from...max(from, last), steps: Self.iterationBudget)
            }
            for wallClock in wallClocks {
                onsets.append(
                    ZoneTransition(
                        utc: wallClock.secondsSinceEpoch - observance.offsetFrom,
                        offsetBefore: observance.offsetFrom, offsetAfter: observance.offsetTo,
                        abbreviation: observance.name, isDaylightSaving: observance.isDaylight))
            }
        }
        onsets.sort { $0.utc < $1.utc }
        var unique: [ZoneTransition] = []
        unique.reserveCapacity(onsets.count)
        for onset in onsets where unique.last?.utc != onset.utc {
            unique.append(onset)
        }
        changes = unique
        let start = (try? CivilDate(year: years.lowerBound, month: 1, day: 1))?.daysSinceEpoch ?? 0
        let end = (try? CivilDate(year: years.upperBound, month: 12, day: 31))?.daysSinceEpoch ?? 0
        // The first year's onsets may fall after instants early in it, so it is not covered.
        covered = (start + 366) * 86_400..<(end + 1) * 86_400
    }

    private static func year(ofUTC seconds: Int) -> Int {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        guard let date = try? CivilDate(daysSinceEpoch: days) else {
            return seconds < 0 ? 1 : 9999
        }
        return date.year
    }

    /// A UTC `UNTIL` moved to the wall clock of `offset`; any other as it is.
    static func wallClock(_ until: ICalDateTime, offset: Int) -> ICalDateTime {
        guard case .dateTime(let time, true) = until, let local = try? time.adding(seconds: offset)
        else { return until }
        return .dateTime(local, isUTC: false)
    }
}
