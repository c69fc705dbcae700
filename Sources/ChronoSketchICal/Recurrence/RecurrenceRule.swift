import ChronoSketchCore

/// The parts of an RRULE (RFC 5545 §3.3.10) that series expansion reasons about before it
/// hands the rule to libical's iterator.
struct RecurrenceRule: Sendable {
    enum Frequency: Int, Sendable, Comparable {
        case secondly, minutely, hourly, daily, weekly, monthly, yearly

        static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Steps of this frequency in a day, for the sub-daily ones.
        var stepsPerDay: Int? {
            switch self {
            case .secondly: 86_400
            case .minutely: 1440
            case .hourly: 24
            default: nil
            }
        }
    }

    /// The rule's parts in order, upper-cased names, values as written.
    private(set) var parts: [(name: String, value: String)]
    let frequency: Frequency
    let interval: Int
    let count: Int?
    let until: ICalDateTime?

    /// Reads a rule the guards have already accepted.
    init?(_ text: String) {
        var parts: [(name: String, value: String)] = []
        for piece in text.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            parts.append((pair[0].uppercased(), String(pair[1])))
        }
        self.parts = parts
        let value = { (name: String) in parts.first { $0.name == name }?.value }
        switch value("FREQ")?.uppercased() {
        case "SECONDLY": frequency = .secondly
        case "MINUTELY": frequency = .minutely
        case "HOURLY": frequency = .hourly
        case "DAILY": frequency = .daily
        case "WEEKLY": frequency = .weekly
        case "MONTHLY": frequency = .monthly
        case "YEARLY": frequency = .yearly
        default: return nil
        }
        interval = value("INTERVAL").flatMap { Int($0) } ?? 1
        count = value("COUNT").flatMap { Int($0) }
        until = value("UNTIL").flatMap { try? ICalDateTimeText.parse($0) }
    }

    func values(_ name: String) -> [Substring] {
        parts.first { $0.name == name }?.value.split(separator: ",") ?? []
    }

    func has(_ name: String) -> Bool { parts.contains { $0.name == name } }

    /// Whether the rule has neither COUNT nor UNTIL.
    var isUnbounded: Bool { count == nil && until == nil }

    /// The rule as text for libical's iterator: `UNTIL` replaced, and COUNT left out when the
    /// rule also has an UNTIL (libical refuses both; the caller counts instead).
    func iteratorText(until: ICalDateTime?) -> String {
        parts.compactMap { part in
            switch part.name {
            case "UNTIL": until.map { "UNTIL=\($0)" }
            case "COUNT" where self.until != nil: nil
            default: "\(part.name)=\(part.value)"
            }
        }.joined(separator: ";")
    }

    /// The largest number of FREQ steps libical may take inside one call between two instances,
    /// for the sub-daily frequencies it walks step by step; nil when no bound is known (the
    /// rule can never match).
    ///
    /// libical 3.0.16 has no budget inside `icalrecur_iterator_next`: a SECONDLY rule limited
    /// to February 29 walks four years of seconds per instance.
    var worstStepsBetweenInstances: Int? {
        guard let perDay = frequency.stepsPerDay else { return 0 }
        var days = 1
        if has("BYDAY") { days = max(days, 7) }
        if has("BYMONTHDAY") { days = max(days, onlyLeapDay ? 1461 : 62) }
        if has("BYMONTH") { days = max(days, 366) }
        if has("BYYEARDAY") {
            days = max(
                days, values("BYYEARDAY").allSatisfy { abs(Int($0) ?? 0) == 366 } ? 1461 : 366)
        }
        if has("BYWEEKNO") { days = max(days, 7 * 366) }
        if neverMatches { return nil }
        return days * perDay / max(1, interval)
    }

    /// BYMONTHDAY values that exist in none of the BYMONTH months, or BYDAY ordinals beyond any
    /// month or year: the rule has no instance at all.
    var neverMatches: Bool {
        let months = values("BYMONTH").compactMap { Int($0.hasSuffix("L") ? $0.dropLast() : $0) }
        let days = values("BYMONTHDAY").compactMap { Int($0) }
        if !days.isEmpty, !months.isEmpty {
            let longest =
                months.map { CivilDate.daysIn(month: min(max($0, 1), 12), year: 2024) }.max() ?? 31
            if days.allSatisfy({ abs($0) > longest }) { return true }
        }
        let limit = frequency == .monthly || (frequency == .yearly && !months.isEmpty) ? 5 : 53
        let ordinals = values("BYDAY").compactMap { Int($0.dropLast(2)) }
        if !ordinals.isEmpty, ordinals.count == values("BYDAY").count,
            ordinals.allSatisfy({ abs($0) > limit })
        {
            return true
        }
        return false
    }

    private var onlyLeapDay: Bool {
        let months = values("BYMONTH").compactMap { Int($0) }
        let days = values("BYMONTHDAY").compactMap { Int($0) }
        return months == [2] && !days.isEmpty && days.allSatisfy { $0 == 29 || $0 == -1 }
            && days.contains(29)
    }

    /// Rule features libical 3.0.16 is known to expand differently from RFC 5545 (libical
    /// fixed them later; its own regression data shows the differences), worded for a warning.
    var libicalCaveats: [String] {
        var caveats: [String] = []
        if has("BYWEEKNO") { caveats.append("BYWEEKNO") }
        if frequency < .daily, has("BYSETPOS") { caveats.append("BYSETPOS with FREQ=\(name)") }
        if frequency < .daily,
            ["BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYMONTH"].contains(where: has)
        {
            caveats.append("FREQ=\(name) with day or month limits")
        }
        if frequency == .daily || frequency == .hourly,
            (values("BYMONTHDAY") + values("BYYEARDAY")).contains(where: { $0.hasPrefix("-") })
        {
            caveats.append("negative BYMONTHDAY or BYYEARDAY with FREQ=\(name)")
        }
        let days = values("BYDAY").map { $0.uppercased() }
        if Set(days).count != days.count { caveats.append("repeated BYDAY values") }
        return caveats
    }

    private var name: String {
        switch frequency {
        case .secondly: "SECONDLY"
        case .minutely: "MINUTELY"
        case .hourly: "HOURLY"
        case .daily: "DAILY"
        case .weekly: "WEEKLY"
        case .monthly: "MONTHLY"
        case .yearly: "YEARLY"
        }
    }
}
