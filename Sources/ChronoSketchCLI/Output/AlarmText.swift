import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats

/// The text view of `ics alarms`: a line per time an alarm goes off.
///
/// ```
/// Times in Europe/Berlin
///
/// Mon 7 Dec 16:00  DISPLAY  Write the quarterly report: Report due in an hour
/// ```
enum AlarmText {
    static func format(_ triggers: [AlarmTrigger], zone: TargetZone, language: Language)
        -> String
    {
        guard !triggers.isEmpty else { return language.noAlarms + "\n" }
        // The year is said of the times that are not in the first one's.
        let year = (try? zone.wallClock(atUTC: triggers[0].instant))?.date.year ?? 0
        let rows = triggers.map { trigger in
            let time = try? zone.wallClock(atUTC: trigger.instant)
            return (
                when: time.map {
                    language.shortDate($0.date, besideYear: year) + " " + $0.timeText
                } ?? "",
                action: trigger.alarm.action ?? "",
                what: what(trigger, language)
            )
        }
        let whenWidth = rows.map(\.when.count).max() ?? 0
        let actionWidth = rows.map(\.action.count).max() ?? 0
        var text = language.timesIn(zone.name) + "\n\n"
        for row in rows {
            text +=
                pad(row.when, whenWidth) + "  " + pad(row.action, actionWidth) + "  "
                + row.what + "\n"
        }
        return text
    }

    /// `Title: description`, the description left out when it is the title, and which
    /// repetition it is.
    private static func what(_ trigger: AlarmTrigger, _ language: Language) -> String {
        let title = trigger.occurrence.title.replacingNewlines()
        var text = title.isEmpty ? language.noTitle : title
        let said = (trigger.alarm.description ?? trigger.alarm.summary)?.replacingNewlines()
        if let said, !said.isEmpty, said != title { text += ": " + said }
        if trigger.repetition > 0 {
            text += " (\(language.repetition(trigger.repetition, of: trigger.alarm.repeatCount)))"
        }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

extension Language {
    var noAlarms: String { self == .de ? "Keine Erinnerungen." : "No alarms." }

    /// `again, 1 of 3`.
    func repetition(_ number: Int, of count: Int) -> String {
        self == .de ? "Wiederholung \(number) von \(count)" : "again, \(number) of \(count)"
    }
}
