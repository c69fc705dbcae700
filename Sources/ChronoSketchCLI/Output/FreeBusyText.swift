import ChronoSketchCore
import ChronoSketchLayout

/// The busy time of `ics freebusy` for a person, day by day.
///
/// ```
/// Busy · Times in Europe/Berlin
///
/// Tuesday 8 December 2026
///   14:30–15:30  Interview: backend engineer, 1:1 with Mira
///   23:00–24:00  Release 4.2 deployment
///
/// 120 min busy from 2026-12-08 to 2026-12-09
/// ```
enum FreeBusyText {
    /// - Parameters:
    ///   - titles: the title of each event by id.
    ///   - person: whose time it is, named in the heading.
    static func report(
        _ periods: [BusyPeriod], titles: [String: String], person: String? = nil,
        from: LocalDateTime, to: LocalDateTime, zone: String, language: Language
    ) -> String {
        let busy = language.busyWord
        let whose = person.map { " · \($0.replacingNewlines())" } ?? ""
        var text =
            "\(busy.prefix(1).uppercased() + busy.dropFirst())\(whose) · \(language.timesIn(zone))\n"
        let labels = periods.map {
            AgendaFormatter.timeLabel(.timed(start: $0.start, end: $0.end), language)
        }
        let width = labels.map(\.count).max() ?? 0
        var currentDate: CivilDate?
        for (period, label) in zip(periods, labels) {
            if period.start.date != currentDate {
                currentDate = period.start.date
                text += "\n" + language.longDate(period.start.date) + "\n"
            }
            let names = period.ids.map { (titles[$0] ?? $0).replacingNewlines() }
            text +=
                "  \(label.padding(toLength: width, withPad: " ", startingAt: 0))  "
                + names.joined(separator: ", ") + "\n"
        }
        func shown(_ time: LocalDateTime) -> String {
            time.secondOfDay == 0 ? time.date.description : time.description
        }
        let total = periods.reduce(0) { $0 + $1.minutes }
        text +=
            "\n\(total) min \(busy) \(language.fromWord) \(shown(from)) \(language.toWord) \(shown(to))\n"
        return text
    }
}
