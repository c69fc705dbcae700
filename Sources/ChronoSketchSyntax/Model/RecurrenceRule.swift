import ChronoSketchCore
import Foundation

/// A RECUR value (RFC 5545 §3.3.10, RFC 7529 RSCALE and SKIP), read once from the text as
/// written and checked before it is expanded: known parts only, numbers in range, `INTERVAL`
/// and `COUNT` from 1 to 2^31−1, a valid `UNTIL`.
///
/// Each part is kept typed (``byDay``, ``byMonth``, the numeric BY lists, ``weekStart``), which
/// is what expansion reads; ``parts`` keeps the parts' order and their values as written (names
/// upper-cased), so the rule can be written again as it came, in `.ics` and in jCal. A rule made
/// from its fields (``init(frequency:interval:count:until:byMonth:byDay:byMonthDay:)``) or
/// derived from another (``removing(_:)``, ``adding(_:)``) writes its new parts in RFC 5545 form.
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

        /// The FREQ value that names it.
        public var name: String { RecurrenceRule.frequencies[rawValue] }
    }

    /// One item of BYDAY: a weekday, with the ordinal that picks one of its days in the month
    /// or year (`-1SU`, `2MO`) or 0 for every such weekday.
    public struct WeekdayNumber: Sendable, Hashable, CustomStringConvertible {
        /// ±1…53, or 0 when the item has none.
        public let ordinal: Int
        public let weekday: Weekday

        /// An item from its parts.
        public init(_ weekday: Weekday, ordinal: Int = 0) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        /// `MO`, `-1SU`, `2TU`.
        public var description: String {
            (ordinal == 0 ? "" : String(ordinal)) + weekday.icalendarCode
        }
    }

    /// One item of BYMONTH: a month, and whether it is the leap month after it (RFC 7529 `5L`).
    public struct MonthNumber: Sendable, Hashable, CustomStringConvertible {
        /// 1…13.
        public let month: Int
        public let isLeap: Bool

        /// An item from its parts.
        public init(_ month: Int, isLeap: Bool = false) {
            self.month = month
            self.isLeap = isLeap
        }

        /// `3`, `5L`.
        public var description: String { String(month) + (isLeap ? "L" : "") }
    }

    /// FREQ.
    public let frequency: Frequency
    /// Every other part, typed, and the parts as written: held by reference, so that a rule
    /// (and every ``ICalValue``, which may hold one) stays a few words long.
    private let storage: Storage

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var fields: Fields { storage.fields }

    /// The rule's parts in order, their values as written.
    public var parts: [Part] { fields.parts }
    /// INTERVAL, 1 when missing.
    public var interval: Int { fields.interval }
    /// COUNT; nil when missing.
    public var count: Int? { fields.count }
    /// UNTIL; nil when missing.
    public var until: ICalDateTime? { fields.until }
    /// BYSECOND; empty when missing.
    public var bySecond: [Int] { fields.bySecond }
    /// BYMINUTE; empty when missing.
    public var byMinute: [Int] { fields.byMinute }
    /// BYHOUR; empty when missing.
    public var byHour: [Int] { fields.byHour }
    /// BYDAY; empty when missing.
    public var byDay: [WeekdayNumber] { fields.byDay }
    /// BYMONTHDAY (negative counting from the end); empty when missing.
    public var byMonthDay: [Int] { fields.byMonthDay }
    /// BYYEARDAY (negative counting from the end); empty when missing.
    public var byYearDay: [Int] { fields.byYearDay }
    /// BYWEEKNO (negative counting from the end); empty when missing.
    public var byWeekNo: [Int] { fields.byWeekNo }
    /// BYMONTH; empty when missing.
    public var byMonth: [MonthNumber] { fields.byMonth }
    /// BYSETPOS; empty when missing.
    public var bySetPos: [Int] { fields.bySetPos }
    /// WKST; nil when missing (Monday, RFC 5545 §3.3.10).
    public var weekStart: Weekday? { fields.weekStart }
    /// RSCALE (RFC 7529), upper-cased; nil when missing.
    public var scale: String? { fields.scale }
    /// SKIP (RFC 7529), upper-cased; nil when missing.
    public var skip: String? { fields.skip }

    /// The FREQ values, in the order of ``Frequency``.
    fileprivate static let frequencies = [
        "SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY",
    ]

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
        var fields = Fields()
        var frequency: Frequency?
        for part in rule.split(separator: Self.semicolon) {
            guard let equals = part.firstIndex(of: Self.equals), equals + 1 < part.endIndex else {
                throw invalid("'\(Self.text(part))' is not NAME=VALUE")
            }
            let value = part[(equals + 1)...].uppercased
            let name = Self.text(part[..<equals].uppercased)
            let items = { value.split(separator: Self.comma, omittingEmptySubsequences: false) }
            switch name {
            case "FREQ":
                guard
                    let known = Self.frequencies.firstIndex(where: { value.elementsEqual($0.utf8) })
                else {
                    throw invalid("unknown FREQ '\(Self.text(value))'")
                }
                frequency = Frequency(rawValue: known)
            case "INTERVAL":
                guard let number = Self.number(value, digits: 10),
                    (1...Int(Int32.max)).contains(number)
                else {
                    throw invalid("INTERVAL must be a whole number from 1 to 2147483647")
                }
                fields.interval = number
            case "COUNT":
                guard let number = Self.number(value, digits: 10),
                    (1...Int(Int32.max)).contains(number)
                else {
                    throw invalid("COUNT must be a whole number from 1 to 2147483647")
                }
                fields.count = number
            case "UNTIL":
                do {
                    fields.until = try ICalDateTimeText.parse(value)
                } catch {
                    throw invalid(error.description)
                }
            case "WKST":
                guard let day = Self.weekday(value) else {
                    throw invalid("unknown WKST '\(Self.text(value))'")
                }
                fields.weekStart = day
            case "BYDAY":
                fields.byDay = []
                for item in items() {
                    guard item.count >= 2, let day = Self.weekday(item.suffix(2)) else {
                        throw invalid("'\(Self.text(item))' in BYDAY is not a weekday")
                    }
                    let ordinal = item.dropLast(2)
                    var number = 0
                    if !ordinal.isEmpty {
                        guard let signed = Self.signedNumber(ordinal), signed != 0,
                            abs(signed) <= 53
                        else {
                            throw invalid(
                                "'\(Self.text(item))' in BYDAY has an ordinal outside ±1…53")
                        }
                        number = signed
                    }
                    fields.byDay.append(WeekdayNumber(day, ordinal: number))
                }
            case "BYMONTH":
                fields.byMonth = []
                for item in items() {
                    let isLeap = item.last == UInt8(ascii: "L")
                    guard let month = Self.number(isLeap ? item.dropLast() : item),
                        (1...13).contains(month)
                    else {
                        throw invalid("'\(Self.text(item))' in BYMONTH is not a month")
                    }
                    fields.byMonth.append(MonthNumber(month, isLeap: isLeap))
                }
            case "RSCALE":
                fields.scale = Self.text(value)
            case "SKIP":
                fields.skip = Self.text(value)
            default:
                if let range = Self.numericParts[name] {
                    var numbers: [Int] = []
                    for item in items() {
                        guard let number = Self.signedNumber(item),
                            (range.minimum...range.maximum).contains(
                                range.signed ? abs(number) : number),
                            range.signed || number >= 0
                        else {
                            throw invalid("'\(Self.text(item))' in \(name) is out of range")
                        }
                        numbers.append(number)
                    }
                    fields.setNumbers(numbers, for: name)
                } else if !name.hasPrefix("X-") {
                    throw invalid("unknown part '\(name)'")
                }
            }
            fields.parts.append(Part(name: name, value: Self.text(part[(equals + 1)...])))
        }
        guard let frequency else { throw invalid("FREQ is missing") }
        self.init(frequency: frequency, fields: fields)
    }

    /// A rule made from its fields, its parts written in RFC 5545 form in the order FREQ,
    /// INTERVAL (when above 1), BYMONTH, BYMONTHDAY, BYDAY, COUNT, UNTIL.
    public init(
        frequency: Frequency, interval: Int = 1, count: Int? = nil, until: ICalDateTime? = nil,
        byMonth: [MonthNumber] = [], byDay: [WeekdayNumber] = [], byMonthDay: [Int] = []
    ) {
        var fields = Fields()
        fields.parts = [Part(name: "FREQ", value: frequency.name)]
        if interval != 1 { fields.add(.interval(interval)) }
        if !byMonth.isEmpty { fields.add(.byMonth(byMonth)) }
        if !byMonthDay.isEmpty { fields.add(.byMonthDay(byMonthDay)) }
        if !byDay.isEmpty { fields.add(.byDay(byDay)) }
        if let count { fields.add(.count(count)) }
        if let until { fields.add(.until(until)) }
        self.init(frequency: frequency, fields: fields)
    }

    private init(frequency: Frequency, fields: Fields) {
        self.frequency = frequency
        storage = Storage(fields)
    }

    /// What a rule holds besides its FREQ.
    private struct Fields: Sendable {
        var parts: [Part] = []
        var interval = 1
        var count: Int?
        var until: ICalDateTime?
        var bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = []
        var byDay: [WeekdayNumber] = []
        var byMonthDay: [Int] = [], byYearDay: [Int] = [], byWeekNo: [Int] = []
        var byMonth: [MonthNumber] = []
        var bySetPos: [Int] = []
        var weekStart: Weekday?
        var scale: String?
        var skip: String?

        mutating func setNumbers(_ numbers: [Int], for name: String) {
            switch name {
            case "BYSECOND": bySecond = numbers
            case "BYMINUTE": byMinute = numbers
            case "BYHOUR": byHour = numbers
            case "BYMONTHDAY": byMonthDay = numbers
            case "BYYEARDAY": byYearDay = numbers
            case "BYWEEKNO": byWeekNo = numbers
            default: bySetPos = numbers
            }
        }

        /// Sets a part and appends it, written in RFC 5545 form.
        mutating func add(_ part: Addition) {
            func list(_ items: [some CustomStringConvertible]) -> String {
                items.map(\.description).joined(separator: ",")
            }
            let value: String
            switch part {
            case .interval(let number): (interval, value) = (number, String(number))
            case .count(let number): (count, value) = (number, String(number))
            case .until(let time): (until, value) = (time, time.description)
            case .byMonth(let months): (byMonth, value) = (months, list(months))
            case .byDay(let days): (byDay, value) = (days, list(days))
            case .byMonthDay(let days): (byMonthDay, value) = (days, list(days))
            case .byHour(let hours): (byHour, value) = (hours, list(hours))
            case .byMinute(let minutes): (byMinute, value) = (minutes, list(minutes))
            case .bySecond(let seconds): (bySecond, value) = (seconds, list(seconds))
            }
            parts.append(Part(name: part.name, value: value))
        }

        /// Clears the part named `name` and takes it out of the parts.
        mutating func remove(_ name: String) {
            parts.removeAll { $0.name == name }
            switch name {
            case "INTERVAL": interval = 1
            case "COUNT": count = nil
            case "UNTIL": until = nil
            case "BYDAY": byDay = []
            case "BYMONTH": byMonth = []
            case "WKST": weekStart = nil
            case "RSCALE": scale = nil
            case "SKIP": skip = nil
            default: if Self.numericNames.contains(name) { setNumbers([], for: name) }
            }
        }

        private static let numericNames: Set<String> = [
            "BYSECOND", "BYMINUTE", "BYHOUR", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS",
        ]
    }

    /// A part added to a rule by ``adding(_:)`` or given to the fields' initializer.
    public enum Addition: Sendable, Hashable {
        case interval(Int), count(Int), until(ICalDateTime)
        case byMonth([MonthNumber]), byDay([WeekdayNumber]), byMonthDay([Int])
        case byHour([Int]), byMinute([Int]), bySecond([Int])

        /// The part's name.
        public var name: String {
            switch self {
            case .interval: "INTERVAL"
            case .count: "COUNT"
            case .until: "UNTIL"
            case .byMonth: "BYMONTH"
            case .byDay: "BYDAY"
            case .byMonthDay: "BYMONTHDAY"
            case .byHour: "BYHOUR"
            case .byMinute: "BYMINUTE"
            case .bySecond: "BYSECOND"
            }
        }
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

    private static func weekday(_ bytes: ArraySlice<UInt8>) -> Weekday? {
        Weekday.allCases.first { bytes.elementsEqual($0.icalendarCode.utf8) }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The rule without the parts named in `names`, the rest as they were.
    package func removing(_ names: Set<String>) -> RecurrenceRule {
        var fields = fields
        for name in names { fields.remove(name) }
        return RecurrenceRule(frequency: frequency, fields: fields)
    }

    /// The rule with `additions` appended (each replacing a part of its name).
    package func adding(_ additions: [Addition]) -> RecurrenceRule {
        var fields = fields
        for addition in additions {
            fields.remove(addition.name)
            fields.add(addition)
        }
        return RecurrenceRule(frequency: frequency, fields: fields)
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
                days, byYearDay.allSatisfy { abs($0) == 366 } ? 1461 : 366)
        }
        if has("BYWEEKNO") { days = max(days, 7 * 366) }
        if neverMatches { return nil }
        return days * perDay / max(1, interval)
    }

    /// BYMONTHDAY values that exist in none of the BYMONTH months, or BYDAY ordinals beyond any
    /// month or year: the rule has no instance at all.
    package var neverMatches: Bool {
        let months = byMonth.map(\.month)
        let days = byMonthDay
        if !days.isEmpty, !months.isEmpty {
            let longest =
                months.map { CivilDate.daysIn(month: min(max($0, 1), 12), year: 2024) }.max() ?? 31
            if days.allSatisfy({ abs($0) > longest }) { return true }
        }
        let limit = frequency == .monthly || (frequency == .yearly && !months.isEmpty) ? 5 : 53
        if !byDay.isEmpty, byDay.allSatisfy({ $0.ordinal != 0 && abs($0.ordinal) > limit }) {
            return true
        }
        return false
    }

    private var onlyLeapDay: Bool {
        let months = byMonth.map { $0.isLeap ? 0 : $0.month }
        let days = byMonthDay
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
