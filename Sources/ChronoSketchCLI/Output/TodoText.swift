import ChronoSketchCore
import ChronoSketchFormats

/// The text view of `ics todos`: a line per task, with when it is due said relative to today.
///
/// ```
/// Times in Europe/Berlin
///
/// [ ] 2 days overdue  Mon 7 Dec 17:00  P1  Write the quarterly report  40%
/// [ ] in 23 days      Fri 1 Jan 2027   P2  Pay the rent
/// [ ] no due date                      P9  Clear the attic
/// ```
enum TodoText {
    static func format(
        _ tasks: [TaskEntry], zone: String, now: LocalDateTime, language: Language
    ) -> String {
        guard !tasks.isEmpty else { return language.noTasks + "\n" }
        let tagged = Set(tasks.compactMap(\.calendar)).count > 1
        let rows = tasks.map { task in
            (
                mark: task.isDone ? "[x]" : "[ ]",
                when: relative(task, now: now, language),
                date: (task.due ?? task.start).map { moment($0, now.date.year, language) } ?? "",
                rest: rest(task, tagged: tagged, language)
            )
        }
        let whenWidth = rows.map(\.when.count).max() ?? 0
        let dateWidth = rows.map(\.date.count).max() ?? 0
        var text = language.timesIn(zone) + "\n\n"
        for row in rows {
            let line =
                "\(row.mark) \(pad(row.when, whenWidth))  \(pad(row.date, dateWidth))  \(row.rest)"
            text += String(line.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
        }
        return text
    }

    /// `P1  Write the report  40%  [work]`: the priority, the title, how far along an open
    /// task is, and its calendar when the tasks come from several.
    private static func rest(_ task: TaskEntry, tagged: Bool, _ language: Language) -> String {
        let details = task.details
        var text = details.priority.map { "P\($0)" } ?? "  "
        let title = task.title.replacingNewlines()
        text += "  " + (title.isEmpty ? language.noTitle : title)
        if !task.isDone, let percent = details.percentComplete, percent > 0 {
            text += "  \(percent)%"
        }
        if tagged, let calendar = task.calendar { text += "  [\(calendar.replacingNewlines())]" }
        return text
    }

    /// `Mon 7 Dec 17:00`, or the date alone for a DATE; with its year when it is not `year`.
    private static func moment(_ moment: TaskEntry.Moment, _ year: Int, _ language: Language)
        -> String
    {
        switch moment {
        case .date(let date): language.shortDate(date, besideYear: year)
        case .time(let time): language.shortDate(time.date, besideYear: year) + " " + time.timeText
        }
    }

    /// When the task is due, counted in days from today: `3 days overdue`, `today`,
    /// `tomorrow`, `in 5 days`; a done task's past DUE as `2 days ago`.
    static func relative(_ task: TaskEntry, now: LocalDateTime, _ language: Language) -> String {
        guard let due = task.due else { return language.noDueDate }
        let days = now.date.days(to: due.date)
        if days < 0 {
            return task.isDone ? language.daysAgo(-days) : language.daysOverdue(-days)
        }
        if task.isOverdue(at: now) { return language.overdueWord }
        return language.inDays(days)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

extension Language {
    var noTasks: String { self == .de ? "Keine Aufgaben." : "No tasks." }
    var noDueDate: String { self == .de ? "ohne Fälligkeit" : "no due date" }
    var overdueWord: String { self == .de ? "überfällig" : "overdue" }
    /// Said of a task at its DUE in the agenda.
    var dueWord: String { self == .de ? "fällig" : "due" }

    /// `1 day overdue`, `3 days overdue`.
    func daysOverdue(_ days: Int) -> String {
        switch self {
        case .en: days == 1 ? "1 day overdue" : "\(days) days overdue"
        case .de: days == 1 ? "1 Tag überfällig" : "\(days) Tage überfällig"
        }
    }

    /// `yesterday`, `3 days ago`.
    func daysAgo(_ days: Int) -> String {
        switch self {
        case .en: days == 1 ? "yesterday" : "\(days) days ago"
        case .de: days == 1 ? "gestern" : "vor \(days) Tagen"
        }
    }

    /// `today`, `tomorrow`, `in 5 days`.
    func inDays(_ days: Int) -> String {
        switch (self, days) {
        case (.en, 0): "today"
        case (.en, 1): "tomorrow"
        case (.en, _): "in \(days) days"
        case (.de, 0): "heute"
        case (.de, 1): "morgen"
        case (.de, _): "in \(days) Tagen"
        }
    }
}
