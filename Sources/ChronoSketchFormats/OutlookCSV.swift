import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// The calendar CSV shape Outlook exports and Google Calendar imports.
///
/// Columns: `Subject, Start Date, Start Time, End Date, End Time, All Day Event, Description,
/// Location` (others, such as `Categories`, are read when present). Written with US dates
/// `MM/DD/YYYY` and 12-hour times `9:30 AM`, CRLF line ends; read also with ISO dates
/// `YYYY-MM-DD`, dotted dates `DD.MM.YYYY` and 24-hour times.
///
/// All-day ends: Outlook writes the day after the event with an End Time of 12:00 AM
/// (exclusive), Google's import takes the last day of the event with no End Time (inclusive).
/// So an all-day row whose End Time is empty reads its End Date as the last day; one whose End
/// Time is midnight reads it as the day after. Written rows use Outlook's form.
public enum OutlookCSV {
    public static let columns = [
        "Subject", "Start Date", "Start Time", "End Date", "End Time", "All Day Event",
        "Description", "Location",
    ]

    /// Whether a header row is this shape.
    static func matches(_ header: [String]) -> Bool {
        let names = Set(header.map { $0.trimmingCharacters() })
        return names.contains("Subject") && names.contains("Start Date")
    }

    /// One event as a row of ``columns``.
    public static func row(_ event: CalendarEvent) -> [String] {
        let allDay = event.interval.isAllDay
        let start = event.interval.start
        let end = event.interval.end
        return [
            event.title, date(start.date), allDay ? "12:00 AM" : time(start), date(end.date),
            allDay ? "12:00 AM" : time(end), allDay ? "True" : "False", event.description ?? "",
            event.location ?? "",
        ]
    }

    private static func date(_ date: CivilDate) -> String {
        ASCIIDigits.padded(date.month, 2) + "/" + ASCIIDigits.padded(date.day, 2) + "/"
            + ASCIIDigits.padded(date.year, 4)
    }

    private static func time(_ time: LocalDateTime) -> String {
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        var text = "\(hour):" + ASCIIDigits.padded(time.minute, 2)
        if time.second != 0 { text += ":" + ASCIIDigits.padded(time.second, 2) }
        return text + (time.hour < 12 ? " AM" : " PM")
    }

    /// An event draft from a row keyed by column name; times are floating.
    static func draft(_ row: [String: String]) throws(RecordImport.Problem) -> EventDraft {
        func field(_ name: String) -> String? {
            guard let text = row[name]?.trimmingCharacters(), !text.isEmpty else { return nil }
            return text
        }
        guard let startText = field("Start Date"), let startDate = parseDate(startText) else {
            throw RecordImport.Problem(
                message: "its Start Date '\(field("Start Date") ?? "")' is not a date")
        }
        let allDay = ["true", "yes", "1"].contains(field("All Day Event")?.lowercased() ?? "")
        var endDate: CivilDate?
        if let text = field("End Date") {
            guard let date = parseDate(text) else {
                throw RecordImport.Problem(message: "its End Date '\(text)' is not a date")
            }
            endDate = date
        }
        let start: OriginalTime
        let end: OriginalTime
        if allDay {
            let last = endDate ?? startDate
            let exclusive = field("End Time").flatMap(parseTime) == 0 && last > startDate
            start = .date(startDate)
            end = .date(exclusive ? last : (try? last.adding(days: 1)) ?? last)
        } else {
            let startSeconds = try parsed(field("Start Time"), "Start Time") ?? 0
            let begin = try local(startDate, startSeconds)
            let endSeconds = try parsed(field("End Time"), "End Time") ?? startSeconds
            start = .floating(begin)
            end = .floating(max(begin, try local(endDate ?? startDate, endSeconds)))
        }
        let title = field("Subject") ?? ""
        var draft = EventDraft(
            uid: RecordImport.generatedUID(title, start, end), start: start, end: end, title: title)
        draft.description = field("Description")
        draft.location = field("Location")
        draft.categories = field("Categories").map(RecordImport.Fields.list) ?? []
        if field("Show time as")?.lowercased() == "free" { draft.transparency = .transparent }
        return draft
    }

    private static func parsed(_ text: String?, _ column: String) throws(RecordImport.Problem)
        -> Int?
    {
        guard let text else { return nil }
        guard let seconds = parseTime(text) else {
            throw RecordImport.Problem(message: "its \(column) '\(text)' is not a time")
        }
        return seconds
    }

    private static func local(_ date: CivilDate, _ seconds: Int) throws(RecordImport.Problem)
        -> LocalDateTime
    {
        do {
            return try LocalDateTime(
                date: date, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
        } catch {
            throw RecordImport.Problem(message: "\(error)")
        }
    }

    /// `MM/DD/YYYY` (also without leading zeros), `YYYY-MM-DD` or `DD.MM.YYYY`.
    static func parseDate(_ text: String) -> CivilDate? {
        if let date = try? CivilDate(parsing: text) { return date }
        for (separator, order) in [("/", [1, 0, 2]), (".", [0, 1, 2])] {
            let parts = text.split(separator: Character(separator)).map { Int($0) }
            guard parts.count == 3, let day = parts[order[0]], let month = parts[order[1]],
                let year = parts[order[2]]
            else { continue }
            return try? CivilDate(year: year, month: month, day: day)
        }
        return nil
    }

    /// `9:30 AM`, `9:30:15 pm`, `21:30` or `21:30:15`, as seconds since midnight.
    static func parseTime(_ text: String) -> Int? {
        var clock = text.uppercased()
        var shift: Int?
        for (suffix, hours) in [("AM", 0), ("PM", 12)] where clock.hasSuffix(suffix) {
            clock = String(clock.dropLast(2)).trimmingCharacters()
            shift = hours
        }
        let parts = clock.split(separator: ":").map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }),
            var hour = parts[0], let minute = parts[1]
        else { return nil }
        let second = parts.count == 3 ? parts[2] ?? 0 : 0
        if let shift {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + shift
        }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            return nil
        }
        return hour * 3600 + minute * 60 + second
    }
}
