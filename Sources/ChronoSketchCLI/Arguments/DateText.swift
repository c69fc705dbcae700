import ChronoSketchCore
import Foundation

/// Dates and times as the command line takes them, counted from a given today.
///
/// A day is `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`, `+3d`, `-2d`, `+1w`, a weekday
/// (`monday` or `mon`: the next one, today when today is one), `this-week`, `next-week`,
/// `last-week` (the week's first day), `this-month`, `next-month`, `last-month` (the 1st).
/// A time adds `THH:MM` or ` HH:MM` to any of them (`2026-09-08T14:00`, `tomorrow 9:30`);
/// a day alone means its 00:00. `now`, and `+15m`, `-30m`, `+2h` from it, are times (as a
/// day, `now` is today). Names are read without case.
struct DateText: Sendable {
    let today: CivilDate
    /// The wall-clock time `now` names.
    let now: LocalDateTime

    /// Dates counted from `today`, `now` being its 00:00 unless given.
    init(today: CivilDate, now: LocalDateTime? = nil, weekStart: Weekday) {
        self.today = today
        self.now = now ?? LocalDateTime(startOf: today)
        self.weekStart = weekStart
    }
    /// The first day of a week, for `this-week` and `next-week`.
    let weekStart: Weekday

    static let forms =
        "YYYY-MM-DD, YYYY-MM-DDTHH:MM, today, tomorrow, yesterday, +Nd, -Nd, +Nw, a weekday, this-week, next-week, this-month, next-month, now, +Nm or +Nh"

    /// The words for a day, as shell completion offers them.
    static let words =
        [
            "today", "tomorrow", "yesterday", "this-week", "next-week", "last-week",
            "this-month", "next-month", "last-month", "now",
        ] + weekdayNames.map(\.0)

    private static let weekdayNames: [(String, Weekday)] = [
        ("monday", .monday), ("tuesday", .tuesday), ("wednesday", .wednesday),
        ("thursday", .thursday), ("friday", .friday), ("saturday", .saturday),
        ("sunday", .sunday),
    ]

    /// Whether `text` is one of the forms of a date or time, whatever today is.
    static func isDate(_ text: String) -> Bool {
        guard let day = try? CivilDate(year: 2000, month: 1, day: 1) else { return false }
        return DateText(today: day, weekStart: .monday).point(text) != nil
    }

    /// A day, or nil when `text` is none of the day forms.
    func day(_ text: String) -> CivilDate? {
        let word = text.lowercased()
        if word.count == 10, let date = try? CivilDate(parsing: word) { return date }
        switch word {
        case "today", "now": return today
        case "tomorrow": return try? today.adding(days: 1)
        case "yesterday": return try? today.adding(days: -1)
        case "this-week": return weekBegin(0)
        case "next-week": return weekBegin(1)
        case "last-week": return weekBegin(-1)
        case "this-month": return monthBegin(0)
        case "next-month": return monthBegin(1)
        case "last-month": return monthBegin(-1)
        default: break
        }
        if let weekday = Self.weekday(word) {
            return try? today.adding(days: today.weekday.days(until: weekday))
        }
        return offset(word)
    }

    /// A point in time: a day's 00:00, or a day with a time of day.
    func point(_ text: String) -> LocalDateTime? {
        let word = text.lowercased()
        if word == "now" { return now }
        if let minutes = Self.minutes(word) { return try? now.adding(seconds: 60 * minutes) }
        if let day = day(text) { return LocalDateTime(startOf: day) }
        if let time = try? LocalDateTime(parsing: text) { return time }
        for separator in ["T", "t", " "] {
            guard let range = text.range(of: separator, options: .backwards) else { continue }
            guard let day = day(String(text[..<range.lowerBound])),
                let minutes = ClockText.minutes(String(text[range.upperBound...])), minutes < 1_440
            else { continue }
            return try? LocalDateTime(date: day, hour: minutes / 60, minute: minutes % 60)
        }
        return nil
    }

    private func weekBegin(_ weeks: Int) -> CivilDate? {
        let back = weekStart.days(until: today.weekday)
        return try? today.adding(days: weeks * 7 - back)
    }

    private func monthBegin(_ months: Int) -> CivilDate? {
        guard let first = try? CivilDate(year: today.year, month: today.month, day: 1) else {
            return nil
        }
        return try? first.adding(months: months)
    }

    /// `+3d`, `-2d`, `+1w`, `3d`.
    private func offset(_ word: String) -> CivilDate? {
        guard let unit = word.last, unit == "d" || unit == "w" else { return nil }
        var number = word.dropLast()
        var sign = 1
        if number.first == "+" || number.first == "-" {
            sign = number.first == "-" ? -1 : 1
            number = number.dropFirst()
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }),
            let count = Int(number), count <= 3_660_000
        else { return nil }
        return try? today.adding(days: sign * count * (unit == "w" ? 7 : 1))
    }

    /// `+15m`, `-30m`, `+2h`: minutes from now (a sign is needed, so `15m` is no time).
    private static func minutes(_ word: String) -> Int? {
        guard let sign = word.first, sign == "+" || sign == "-", let unit = word.last,
            unit == "m" || unit == "h"
        else { return nil }
        let number = word.dropFirst().dropLast()
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }),
            let count = Int(number), count <= 100_000_000
        else { return nil }
        return (sign == "-" ? -1 : 1) * count * (unit == "h" ? 60 : 1)
    }

    private static func weekday(_ word: String) -> Weekday? {
        weekdayNames.first { $0.0 == word || ($0.0.prefix(3) == word) }?.1
    }
}
