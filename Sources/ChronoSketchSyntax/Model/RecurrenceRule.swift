import ChronoSketchCore
import Foundation

/// A RECUR value (RFC 5545 §3.3.10, RFC 7529 RSCALE and SKIP), read once from the text as
/// written and checked before libical's iterator is given it: known parts only, numbers with at
/// most nine digits and in range, `INTERVAL` and `COUNT` at least 1, a valid `UNTIL`.
///
/// The parts keep their order and their values as written (names upper-cased), so the rule
/// can be written again as it came, in `.ics` and in jCal.
public struct RecurrenceRule: Sendable, Hashable {
    /// One `NAME=VALUE` part.
    public struct Part: Sendable, Hashable {
        /// Upper-cased.
        public var name: String
        /// As written.
        public var value: String
    }

    /// The FREQ of a rule, ordered from the shortest step to the longest.
    public enum Frequency: Int, Sendable, Comparable {
        /// SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY.
        case secondly, minutely, hourly, daily, weekly, monthly, yearly

        /// Orders frequencies from SECONDLY to YEARLY.
        public static func < (lhs: Frequency, rhs: Frequency) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

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

    /// The rule's parts in order.
    public let parts: [Part]
    /// FREQ.
    public let frequency: Frequency
    /// INTERVAL, 1 when missing.
    public let interval: Int
    /// COUNT; nil when missing.
    public let count: Int?
    /// UNTIL; nil when missing.
    public let until: ICalDateTime?

    /// The FREQ values, in the order of ``Frequency``.
    private static let frequencies = [
        "SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY",
    ]
    private static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// Ranges of the numeric BY parts; `signed` allows the mirrored negative values.
    private static let numericParts: [String: (minimum: Int, maximum: Int, signed: Bool)] = [
        "BYSECOND": (0, 60, false), "BYMINUTE": (0, 59, false), "BYHOUR": (0, 23, false),
        "BYMONTHDAY": (1, 31, true), "BYYEARDAY": (1, 366, true), "BYWEEKNO": (1, 53, true),
        "BYSETPOS": (1, 366, true),
    ]
    private static let semicolon = UInt8(ascii: ";")
    private static let equals = UInt8(ascii: "=")
    private static let comma = UInt8(ascii: ",")

    /// Reads and checks a rule.
    /// - Throws: ``RecurrenceRuleError`` quoting the rule and naming what is wrong.
    public init(parsing text: some StringProtocol) throws(RecurrenceRuleError) {
        try self.init(parsing: ArraySlice(text.utf8))
    }

    /// Reads and checks a rule from its UTF-8 bytes, part by part, without copying what reads
    /// well: names and values are compared without case in place.
    /// - Throws: ``RecurrenceRuleError`` quoting the rule and naming what is wrong.
    package init(parsing rule: ArraySlice<UInt8>) throws(RecurrenceRuleError) {
        func invalid(_ reason: String) -> RecurrenceRuleError {
            RecurrenceRuleError(rule: String(decoding: rule, as: UTF8.self), reason: reason)
        }
        var parts: [Part] = []
        var frequency: Frequency?
        var interval = 1
        var count: Int?
        var until: ICalDateTime?
        for part in rule.split(separator: Self.semicolon) {
            guard let equals = part.firstIndex(of: Self.equals), equals + 1 < part.endIndex else {
                throw invalid("'\(Self.text(part))' is not NAME=VALUE")
            }
            let nameBytes = part[..<equals]
            let value = part[(equals + 1)...].uppercased
            let name = Self.text(nameBytes.uppercased)
            switch name {
            case "FREQ":
                guard
                    let known = Self.frequencies.firstIndex(where: { value.elementsEqual($0.utf8) })
                else {
                    throw invalid("unknown FREQ '\(Self.text(value))'")
                }
                frequency = Frequency(rawValue: known)
            case "INTERVAL":
                // libical keeps INTERVAL in a 16-bit field.
                guard let number = Self.number(value, digits: 5), (1...32_767).contains(number)
                else {
                    throw invalid("INTERVAL must be a whole number from 1 to 32767")
                }
                interval = number
            case "COUNT":
                guard let number = Self.number(value, digits: 10),
                    (1...Int(Int32.max)).contains(number)
                else {
                    throw invalid("COUNT must be a whole number from 1 to 2147483647")
                }
                count = number
            case "UNTIL":
                do {
                    until = try ICalDateTimeText.parse(value)
                } catch {
                    throw invalid(error.description)
                }
            case "WKST":
                guard Self.isWeekday(value) else {
                    throw invalid("unknown WKST '\(Self.text(value))'")
                }
            case "BYDAY":
                for item in value.split(separator: Self.comma, omittingEmptySubsequences: false) {
                    guard item.count >= 2, Self.isWeekday(item.suffix(2)) else {
                        throw invalid("'\(Self.text(item))' in BYDAY is not a weekday")
                    }
                    let ordinal = item.dropLast(2)
                    if !ordinal.isEmpty {
                        guard let number = Self.signedNumber(ordinal), number != 0,
                            abs(number) <= 53
                        else {
                            throw invalid(
                                "'\(Self.text(item))' in BYDAY has an ordinal outside ±1…53")
                        }
                    }
                }
            case "BYMONTH":
                for item in value.split(separator: Self.comma, omittingEmptySubsequences: false) {
                    let digits = item.last == UInt8(ascii: "L") ? item.dropLast() : item
                    guard let month = Self.number(digits), (1...13).contains(month) else {
                        throw invalid("'\(Self.text(item))' in BYMONTH is not a month")
                    }
                }
            case "RSCALE", "SKIP":
                break
            default:
                if let range = Self.numericParts[name] {
                    for item in value.split(separator: Self.comma, omittingEmptySubsequences: false)
                    {
                        guard let number = Self.signedNumber(item),
                            (range.minimum...range.maximum).contains(
                                range.signed ? abs(number) : number),
                            range.signed || number >= 0
                        else {
                            throw invalid("'\(Self.text(item))' in \(name) is out of range")
                        }
                    }
                } else if !name.hasPrefix("X-") {
                    throw invalid("unknown part '\(name)'")
                }
            }
            parts.append(Part(name: name, value: Self.text(part[(equals + 1)...])))
        }
        guard let frequency else { throw invalid("FREQ is missing") }
        self.parts = parts
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
    }

    /// Whether two rules say the same: the same parts in the same order, an UNTIL compared by
    /// the time it names (jCal writes it in its extended form).
    public static func == (lhs: RecurrenceRule, rhs: RecurrenceRule) -> Bool {
        lhs.parts.count == rhs.parts.count && lhs.until == rhs.until
            && zip(lhs.parts, rhs.parts).allSatisfy {
                $0.name == $1.name && ($0.name == "UNTIL" || $0.value == $1.value)
            }
    }

    /// Hashes what ``==`` compares (UNTIL by the parts around it alone).
    public func hash(into hasher: inout Hasher) {
        for part in parts {
            hasher.combine(part.name)
            if part.name != "UNTIL" { hasher.combine(part.value) }
        }
        hasher.combine(until)
    }

    /// The rule as written: its parts joined by `;`.
    public var text: String {
        parts.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
    }

    /// A rule that does not read as written but does once a known slip of its producer is
    /// undone, with what was undone: `\;` and `\,` (the rule escaped as if it were TEXT),
    /// and a COUNT below 1 beside an UNTIL (a producer's "no count"). Nil when the text reads
    /// as it is, or does not read even so.
    static func repairing(_ text: String) -> (rule: RecurrenceRule, repairs: [String])? {
        guard (try? RecurrenceRule(parsing: text)) == nil else { return nil }
        var repaired = text
        var repairs: [String] = []
        if repaired.contains("\\;") || repaired.contains("\\,") {
            repaired = repaired.replacingOccurrences(of: "\\;", with: ";")
                .replacingOccurrences(of: "\\,", with: ",")
            repairs.append("is written with text escapes ('\\;')")
        }
        var parts = repaired.split(separator: ";", omittingEmptySubsequences: false)
        let names = parts.map { $0.prefix { $0 != "=" }.uppercased() }
        if names.contains("UNTIL"), let index = names.firstIndex(of: "COUNT"),
            let count = Int(parts[index].drop { $0 != "=" }.dropFirst()), count < 1
        {
            parts.remove(at: index)
            repaired = parts.joined(separator: ";")
            repairs.append("has COUNT=\(count) beside UNTIL (the COUNT is ignored)")
        }
        guard !repairs.isEmpty, let rule = try? RecurrenceRule(parsing: repaired) else {
            return nil
        }
        return (rule, repairs)
    }

    private static func number(_ bytes: ArraySlice<UInt8>, digits: Int = 9) -> Int? {
        ASCIIDigits.value(of: bytes, maximumDigits: digits)
    }

    private static func signedNumber(_ bytes: ArraySlice<UInt8>) -> Int? {
        switch bytes.first {
        case UInt8(ascii: "-"): number(bytes.dropFirst()).map { -$0 }
        case UInt8(ascii: "+"): number(bytes.dropFirst())
        default: number(bytes)
        }
    }

    private static func isWeekday(_ bytes: ArraySlice<UInt8>) -> Bool {
        weekdays.contains { bytes.elementsEqual($0.utf8) }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The rule without the parts named in `names`; nil when what is left is no rule.
    package func removing(_ names: Set<String>) -> RecurrenceRule? {
        try? RecurrenceRule(
            parsing: parts.filter { !names.contains($0.name) }.map { "\($0.name)=\($0.value)" }
                .joined(separator: ";"))
    }

    package func values(_ name: String) -> [Substring] {
        parts.first { $0.name == name }?.value.uppercased().split(separator: ",") ?? []
    }

    package func has(_ name: String) -> Bool { parts.contains { $0.name == name } }

    /// Whether the rule has neither COUNT nor UNTIL.
    package var isUnbounded: Bool { count == nil && until == nil }

    /// The largest number of FREQ steps libical may take inside one call between two instances,
    /// for the sub-daily frequencies it walks step by step; nil when no bound is known (the
    /// rule can never match).
    ///
    /// libical 3.0.16 has no budget inside `icalrecur_iterator_next`: a SECONDLY rule limited
    /// to February 29 walks four years of seconds per instance.
    package var worstStepsBetweenInstances: Int? {
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
    package var neverMatches: Bool {
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
}

/// Why a RECUR value cannot be used.
public struct RecurrenceRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule as written.
    public let rule: String
    /// What is wrong with it.
    public let reason: String

    /// `Invalid recurrence rule '…': reason`.
    public var description: String { "Invalid recurrence rule '\(rule)': \(reason)" }
}
