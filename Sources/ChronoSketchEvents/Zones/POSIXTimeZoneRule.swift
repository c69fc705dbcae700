import ChronoSketchSyntax

/// A POSIX TZ string, as in the TZ environment variable and TZif footers (RFC 8536 §3.3).
///
/// Grammar: `std offset [dst [offset] [,start[/time],end[/time]]]`. Names are three or more
/// letters, or quoted as `<+0330>` with letters, digits, `+` and `-`. Offsets are
/// `[+-]hh[:mm[:ss]]` with the POSIX sign (positive is west: `EST5` is UTC-5). Days are `Jn`
/// (1…365, February 29 never counted), `n` (0…365, February 29 counted) or `Mm.w.d` (weekday
/// `d` of week `w` of month `m`, week 5 meaning the last). Times are `[+-]hhh[:mm[:ss]]` with
/// hours -167…167 (the RFC 8536 extension) and default to 02:00. The daylight-saving offset
/// defaults to one hour ahead of standard time, and a daylight-saving name without rules uses
/// the US rules `M3.2.0,M11.1.0`.
///
/// ```swift
/// let rule = try POSIXTimeZoneRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")
/// rule.offset(atUTC: 1_782_864_000)   // 7200 (2026-07-01, CEST)
/// ```
public struct POSIXTimeZoneRule: Sendable, Hashable, CustomStringConvertible {
    /// The day of the year on which a daylight-saving change happens.
    public enum Day: Sendable, Hashable {
        /// `Jn`: day 1…365, never counting February 29, so `J60` is always March 1.
        case julian(Int)
        /// `n`: zero-based day 0…365, counting February 29.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `weekday` (0 = Sunday) of week `week` (1…5, 5 = last) of `month`.
        case monthWeek(month: Int, week: Int, weekday: Int)
    }

    /// A daylight-saving change: a day and a wall-clock time on it.
    public struct Change: Sendable, Hashable {
        /// The day of the change.
        public let day: Day
        /// Seconds after the day's midnight, on the clock in effect before the change
        /// (-167 h … 167 h, so the change may fall on a neighbouring day).
        public let time: Int

        /// Creates a change from a day and seconds after that day's midnight.
        public init(day: Day, time: Int) {
            self.day = day
            self.time = time
        }
    }

    /// The daylight-saving part of a rule.
    public struct DaylightSaving: Sendable, Hashable {
        /// The abbreviation, such as `CEST` or `+11`.
        public let abbreviation: String
        /// The UTC offset during daylight-saving time, in seconds east.
        public let offset: Int
        /// When daylight-saving time begins each year, on standard time.
        public let start: Change
        /// When daylight-saving time ends each year, on daylight-saving time.
        public let end: Change
    }

    /// The TZ string as given.
    public let text: String
    /// The abbreviation of standard time, such as `CET` or `+0330`.
    public let standardAbbreviation: String
    /// The UTC offset of standard time, in seconds east.
    public let standardOffset: Int
    /// The daylight-saving rules, or `nil` when the string names standard time only.
    public let daylightSaving: DaylightSaving?

    /// Daylight-saving intervals `[start, until)` that begin in the years ``tableFirstYear``…,
    /// one per year, enough to answer for any instant once it is reduced into 1970…2369.
    private let intervals: [DaylightInterval]

    /// The US rules a daylight-saving name without explicit rules follows.
    static let defaultStart = Change(day: .monthWeek(month: 3, week: 2, weekday: 0), time: 7_200)
    static let defaultEnd = Change(day: .monthWeek(month: 11, week: 1, weekday: 0), time: 7_200)

    /// The year of `intervals[0]`; lookups consult the two years before the reduced instant's year.
    static let tableFirstYear = 1968
    /// The year of the last entry in `intervals`, one after the last year a lookup consults.
    static let tableLastYear = 2370

    /// Rule-based transitions are produced only for instants in the years 0…10000.
    static let firstTransitionInstant =
        ZoneCalendar.days(year: 0, month: 1, day: 1) * ZoneCalendar.secondsPerDay
    static let lastTransitionInstant =
        ZoneCalendar.days(year: 10_001, month: 1, day: 1) * ZoneCalendar.secondsPerDay

    /// Reads a TZ string.
    /// - Throws: ``ZoneError/invalidTZString(text:reason:)`` quoting the text and naming the
    ///   first problem, for example `Invalid TZ string 'EST': missing UTC offset after 'EST'`.
    public init(parsing text: String) throws(ZoneError) {
        var parser = TZStringParser(text: text)
        guard !parser.isAtEnd else { throw parser.failure("the string is empty") }
        let standardName = try parser.abbreviation(role: "standard time")
        guard !parser.isAtEnd else {
            throw parser.failure("missing UTC offset after '\(standardName)'")
        }
        let standardOffset = try parser.offset(role: "standard time")
        self.text = text
        self.standardAbbreviation = standardName
        self.standardOffset = standardOffset
        guard !parser.isAtEnd else {
            daylightSaving = nil
            intervals = []
            return
        }

        let daylightName = try parser.abbreviation(role: "daylight-saving time")
        var daylightOffset = standardOffset + 3_600
        if parser.startsOffset {
            daylightOffset = try parser.offset(role: "daylight-saving time")
        }
        var start = Self.defaultStart
        var end = Self.defaultEnd
        if !parser.isAtEnd {
            try parser.expectComma(before: "start rule")
            start = try parser.change(role: "start")
            try parser.expectComma(before: "end rule")
            end = try parser.change(role: "end")
            guard parser.isAtEnd else {
                throw parser.failure("unexpected '\(parser.remainder)' after the end rule")
            }
        }
        let rules = DaylightSaving(
            abbreviation: daylightName, offset: daylightOffset, start: start, end: end)
        daylightSaving = rules
        intervals = (Self.tableFirstYear...Self.tableLastYear).map { year in
            Self.daylightInterval(rules, standardOffset: standardOffset, year: year)
        }
    }

    /// Two rules are equal when their texts are; every other property derives from the text.
    public static func == (lhs: POSIXTimeZoneRule, rhs: POSIXTimeZoneRule) -> Bool {
        lhs.text == rhs.text
    }

    /// Hashes the rule's text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// The TZ string.
    public var description: String { text }

    /// The UTC offset, in seconds east, in effect at an instant.
    /// - Complexity: O(1), without allocation.
    public func offset(atUTC seconds: Int) -> Int {
        if let daylightSaving, isDaylightSaving(atUTC: seconds) {
            return daylightSaving.offset
        }
        return standardOffset
    }

    /// The abbreviation in effect at an instant, such as `CEST`.
    public func abbreviation(atUTC seconds: Int) -> String {
        if let daylightSaving, isDaylightSaving(atUTC: seconds) {
            return daylightSaving.abbreviation
        }
        return standardAbbreviation
    }

    /// Whether daylight-saving time is in effect at an instant.
    ///
    /// The Gregorian calendar repeats every 400 years, so the instant is first moved into
    /// 1970…2369 by whole 400-year periods; any `Int` gives an answer.
    /// - Complexity: O(1), without allocation.
    public func isDaylightSaving(atUTC seconds: Int) -> Bool {
        guard !intervals.isEmpty else { return false }
        let reduced = ZoneCalendar.floorModulo(seconds, ZoneCalendar.secondsPerEra)
        let first = ZoneCalendar.year(ofSeconds: reduced) - 2 - Self.tableFirstYear
        for index in first...(first + 3) where intervals[index].contains(reduced) {
            return true
        }
        return false
    }

    /// Every change with `from <= utc < to`, in order; rule-based changes are produced only
    /// within the years 0…10000.
    ///
    /// A rule whose daylight-saving time lasts all year (such as `EST5EDT,0/0,J365/25`) has
    /// no changes.
    /// - Complexity: O(years in the range).
    public func transitions(fromUTC from: Int, toUTC to: Int) -> [ZoneTransition] {
        guard let daylightSaving else { return [] }
        let lower = max(from, Self.firstTransitionInstant)
        let upper = min(to, Self.lastTransitionInstant)
        guard lower < upper else { return [] }

        var result: [ZoneTransition] = []
        func consider(_ instant: Int) {
            guard lower <= instant, instant < upper else { return }
            let before = isDaylightSaving(atUTC: instant - 1)
            let after = isDaylightSaving(atUTC: instant)
            guard before != after else { return }
            result.append(
                ZoneTransition(
                    utc: instant,
                    offsetBefore: before ? daylightSaving.offset : standardOffset,
                    offsetAfter: after ? daylightSaving.offset : standardOffset,
                    abbreviation: after ? daylightSaving.abbreviation : standardAbbreviation,
                    isDaylightSaving: after))
        }
        let firstYear = ZoneCalendar.year(ofSeconds: lower) - 1
        let lastYear = ZoneCalendar.year(ofSeconds: upper) + 1
        for year in firstYear...lastYear {
            consider(Self.startInstant(daylightSaving, standardOffset: standardOffset, year: year))
            consider(Self.endInstant(daylightSaving, year: year))
        }
        result.sort { $0.utc < $1.utc }
        var previous: Int?
        result.removeAll { transition in
            defer { previous = transition.utc }
            return transition.utc == previous
        }
        return result
    }

    /// The period in effect at an instant.
    func period(atUTC seconds: Int) -> ZoneOffsetPeriod {
        if let daylightSaving, isDaylightSaving(atUTC: seconds) {
            return ZoneOffsetPeriod(
                offset: daylightSaving.offset, abbreviation: daylightSaving.abbreviation,
                isDaylightSaving: true)
        }
        return ZoneOffsetPeriod(
            offset: standardOffset, abbreviation: standardAbbreviation, isDaylightSaving: false)
    }

    /// The instant daylight-saving time starts in a year; the start time is on standard time.
    static func startInstant(_ rules: DaylightSaving, standardOffset: Int, year: Int) -> Int {
        localDay(rules.start.day, year: year) * ZoneCalendar.secondsPerDay + rules.start.time
            - standardOffset
    }

    /// The instant daylight-saving time ends in a year; the end time is on daylight-saving time.
    static func endInstant(_ rules: DaylightSaving, year: Int) -> Int {
        localDay(rules.end.day, year: year) * ZoneCalendar.secondsPerDay + rules.end.time
            - rules.offset
    }

    /// The daylight-saving interval that begins in a year. When the end comes before the start
    /// in the year (southern hemisphere), the interval runs to the next year's end.
    static func daylightInterval(_ rules: DaylightSaving, standardOffset: Int, year: Int)
        -> DaylightInterval
    {
        let start = startInstant(rules, standardOffset: standardOffset, year: year)
        let end = endInstant(rules, year: year)
        return DaylightInterval(
            start: start, until: start < end ? end : endInstant(rules, year: year + 1))
    }

    /// The day, counted from 1970-01-01, that a rule day denotes in a year.
    static func localDay(_ day: Day, year: Int) -> Int {
        switch day {
        case .julian(let number):
            let skipsLeapDay = ZoneCalendar.isLeapYear(year) && number >= 60
            return ZoneCalendar.days(year: year, month: 1, day: 1) + number - 1
                + (skipsLeapDay ? 1 : 0)
        case .zeroBased(let number):
            return ZoneCalendar.days(year: year, month: 1, day: 1) + number
        case .monthWeek(let month, let week, let weekday):
            let first = ZoneCalendar.days(year: year, month: month, day: 1)
            let firstMatch =
                first + ZoneCalendar.floorModulo(weekday - ZoneCalendar.weekday(ofDays: first), 7)
            var day = firstMatch + (week - 1) * 7
            let pastMonth = first + ZoneCalendar.daysInMonth(month, year: year)
            while day >= pastMonth { day -= 7 }
            return day
        }
    }
}

/// A cursor over the ASCII bytes of a TZ string.
private struct TZStringParser {
    let text: String
    let bytes: [UInt8]
    var index = 0

    init(text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    var remainder: String { String(decoding: bytes[min(index, bytes.count)...], as: UTF8.self) }

    /// Whether an offset (sign or digit) starts at the cursor.
    var startsOffset: Bool {
        guard let byte = current else { return false }
        return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || Self.isDigit(byte)
    }

    func failure(_ reason: String) -> ZoneError {
        .invalidTZString(text: text, reason: reason)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Reads an unquoted (letters) or quoted (`<…>`) abbreviation of at least three characters.
    mutating func abbreviation(role: String) throws(ZoneError) -> String {
        if current == UInt8(ascii: "<") {
            index += 1
            let start = index
            while let byte = current, byte != UInt8(ascii: ">") {
                guard
                    Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+")
                        || byte == UInt8(ascii: "-")
                else { throw failure("unexpected '\(remainder)' in the quoted \(role) name") }
                index += 1
            }
            guard current == UInt8(ascii: ">") else {
                throw failure("the quoted \(role) name is not closed with '>'")
            }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            guard name.utf8.count >= 3 else {
                throw failure("the \(role) name '<\(name)>' is shorter than 3 characters")
            }
            return name
        }
        let start = index
        while let byte = current, Self.isLetter(byte) { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !name.isEmpty else {
            throw failure(
                isAtEnd ? "missing \(role) name" : "expected a \(role) name at '\(remainder)'")
        }
        guard name.utf8.count >= 3 else {
            throw failure("the \(role) name '\(name)' is shorter than 3 letters")
        }
        return name
    }

    /// Reads a POSIX offset `[+-]hh[:mm[:ss]]` (hours 0…24, positive west) as seconds east.
    mutating func offset(role: String) throws(ZoneError) -> Int {
        -(try signedClock(maxHours: 24, maxHourDigits: 2, what: "the \(role) offset"))
    }

    /// Reads `,` or throws.
    mutating func expectComma(before what: String) throws(ZoneError) {
        guard current == UInt8(ascii: ",") else {
            throw failure(
                isAtEnd
                    ? "missing the \(what)" : "expected ',' before the \(what) at '\(remainder)'")
        }
        index += 1
    }

    /// Reads `date[/time]`.
    mutating func change(role: String) throws(ZoneError) -> POSIXTimeZoneRule.Change {
        let day = try self.day(role: role)
        var time = 7_200
        if current == UInt8(ascii: "/") {
            index += 1
            time = try signedClock(maxHours: 167, maxHourDigits: 3, what: "the \(role) time")
        }
        return POSIXTimeZoneRule.Change(day: day, time: time)
    }

    /// Reads `Jn`, `n` or `Mm.w.d`.
    mutating func day(role: String) throws(ZoneError) -> POSIXTimeZoneRule.Day {
        switch current {
        case UInt8(ascii: "J"):
            index += 1
            guard let number = number(maxDigits: 3), (1...365).contains(number) else {
                throw failure("the \(role) day 'Jn' needs n in 1…365")
            }
            return .julian(number)
        case UInt8(ascii: "M"):
            index += 1
            guard let month = number(maxDigits: 2), (1...12).contains(month) else {
                throw failure("the \(role) rule 'Mm.w.d' needs a month 1…12")
            }
            guard current == UInt8(ascii: "."), advance(), let week = number(maxDigits: 1),
                (1...5).contains(week)
            else { throw failure("the \(role) rule 'Mm.w.d' needs a week 1…5") }
            guard current == UInt8(ascii: "."), advance(), let weekday = number(maxDigits: 1),
                (0...6).contains(weekday)
            else { throw failure("the \(role) rule 'Mm.w.d' needs a weekday 0…6") }
            return .monthWeek(month: month, week: week, weekday: weekday)
        case let byte? where Self.isDigit(byte):
            guard let number = number(maxDigits: 3), (0...365).contains(number) else {
                throw failure("the \(role) day 'n' needs n in 0…365")
            }
            return .zeroBased(number)
        default:
            throw failure(
                isAtEnd
                    ? "missing the \(role) rule"
                    : "expected 'J', 'M' or a day number for the \(role) rule at '\(remainder)'")
        }
    }

    /// Steps over one byte; always true, for use inside conditions.
    private mutating func advance() -> Bool {
        index += 1
        return true
    }

    /// Reads 1…`maxDigits` decimal digits; fails on none or on more digits than allowed.
    private mutating func number(maxDigits: Int) -> Int? {
        var value = 0
        var count = 0
        while let byte = current, Self.isDigit(byte) {
            guard count < maxDigits else { return nil }
            value = value * 10 + Int(byte - 0x30)
            count += 1
            index += 1
        }
        return count == 0 ? nil : value
    }

    /// Reads `[+-]h[h…][:mm[:ss]]` as signed seconds.
    private mutating func signedClock(maxHours: Int, maxHourDigits: Int, what: String)
        throws(ZoneError) -> Int
    {
        var sign = 1
        if current == UInt8(ascii: "+") {
            index += 1
        } else if current == UInt8(ascii: "-") {
            sign = -1
            index += 1
        }
        guard let hours = number(maxDigits: maxHourDigits) else {
            throw failure(
                isAtEnd ? "missing hours in \(what)" : "expected hours in \(what) at '\(remainder)'"
            )
        }
        guard hours <= maxHours else {
            throw failure("\(what) has \(hours) hours; at most \(maxHours) are allowed")
        }
        var seconds = hours * 3_600
        if current == UInt8(ascii: ":") {
            index += 1
            guard let minutes = number(maxDigits: 2), minutes < 60 else {
                throw failure("\(what) needs minutes 0…59 after ':'")
            }
            seconds += minutes * 60
            if current == UInt8(ascii: ":") {
                index += 1
                guard let secs = number(maxDigits: 2), secs < 60 else {
                    throw failure("\(what) needs seconds 0…59 after ':'")
                }
                seconds += secs
            }
        }
        return sign * seconds
    }
}

/// A half-open stretch `[start, until)` of daylight-saving time, in UTC seconds.
struct DaylightInterval: Sendable, Hashable {
    let start: Int
    let until: Int

    func contains(_ instant: Int) -> Bool {
        start <= instant && instant < until
    }
}
