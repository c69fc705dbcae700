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
    /// The header Outlook writes and Google Calendar imports, in order.
    public static let columns = [
        "Subject", "Start Date", "Start Time", "End Date", "End Time", "All Day Event",
        "Description", "Location",
    ]

    /// The names of the columns read, in one language of Outlook's export (each the names
    /// it is found under; a name a header holds twice, as French has `Début` for the date and
    /// the time, is `Début#2` the second time), the values that mean yes in its all-day column
    /// and free in its Show-time-as column (compared without case), and whether its dates
    /// put the day first (`03/12/2026` is 3 December).
    struct Names: Sendable {
        let language: String
        var subject: [String]
        var startDate: [String]
        var startTime: [String]
        var endDate: [String]
        var endTime: [String]
        var allDay: [String]
        var description = ["Description"]
        var location = ["Location"]
        var categories = ["Categories"]
        var showTimeAs = ["Show time as"]
        var yes = ["true"]
        var free = ["free"]
        var dayFirst = false
    }

    /// The languages read: English, what Outlook, Google Calendar and this tool write, and
    /// the headers other programs read and write as Outlook's export in German, French,
    /// Spanish and Dutch (the README lists them with their sources).
    static let languages: [Names] = [
        Names(
            language: "English", subject: ["Subject"], startDate: ["Start Date"],
            startTime: ["Start Time"], endDate: ["End Date"], endTime: ["End Time"],
            allDay: ["All Day Event"], yes: ["true", "yes", "1"]),
        Names(
            language: "German", subject: ["Betreff"], startDate: ["Beginnt am"],
            startTime: ["Beginnt um"], endDate: ["Endet am"], endTime: ["Endet um"],
            allDay: ["Ganztägiges Ereignis"], description: ["Beschreibung"], location: ["Ort"],
            categories: ["Kategorien"], showTimeAs: ["Zeitspanne zeigen als"],
            yes: ["wahr", "ein", "true", "1"], free: ["frei", "free"], dayFirst: true),
        Names(
            language: "French", subject: ["Objet"], startDate: ["Début"],
            startTime: ["Début#2"], endDate: ["Fin"], endTime: ["Fin#2"],
            allDay: ["Journée entière"], location: ["Emplacement"], categories: ["Catégories"],
            showTimeAs: ["Afficher la disponibilité"], yes: ["vrai", "true", "1"],
            dayFirst: true),
        Names(
            language: "Spanish", subject: ["Asunto"], startDate: ["Fecha de comienzo"],
            startTime: ["Comienzo"], endDate: ["Fecha de finalización"],
            endTime: ["Finalización"], allDay: ["Todo el día"],
            yes: ["verdadero", "true", "1"], dayFirst: true),
        Names(
            language: "Dutch", subject: ["Onderwerp"], startDate: ["Begindatum"],
            startTime: ["Begintijd"], endDate: ["Einddatum"], endTime: ["Eindtijd"],
            allDay: [
                "Evenement, duurt hele dag", "Gebeurtenis, duurt hele dag",
                "Gebeurtenis duurt hele dag",
            ],
            description: ["Beschrijving"], location: ["Locatie"],
            categories: ["Categorieën"], showTimeAs: ["Tijd weergeven als"],
            yes: ["waar", "true", "1"], dayFirst: true),
    ]

    /// The language a header row is Outlook's shape in: one with its subject and start
    /// date columns (names compared as ``folded(_:)`` says).
    static func names(_ header: [String]) -> Names? {
        let written = Set(header.map { Self.folded($0) })
        return languages.first { names in
            names.subject.contains { written.contains(Self.folded($0)) }
                && names.startDate.contains { written.contains(Self.folded($0)) }
        }
    }

    /// The keys of a header's columns: each name ``folded(_:)``, a name met again with `#2`
    /// (`#3`, …) after it.
    static func keys(_ header: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return header.map { name in
            let key = folded(name)
            seen[key, default: 0] += 1
            return seen[key] == 1 ? key : "\(key)#\(seen[key] ?? 1)"
        }
    }

    /// A column name compared: trimmed, lower case, umlauts as two letters and other
    /// accents left out, as exports without them write (`Ganztaegiges`, `Categorieen`).
    static func folded(_ name: String) -> String {
        var text = name.trimmingCharacters().lowercased()
        for (letter, spelled) in [("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")] {
            text = text.replacingOccurrences(of: letter, with: spelled)
        }
        return String(
            String.UnicodeScalarView(
                text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                    !(0x300...0x36F).contains($0.value)
                }))
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

    /// An event draft from a row keyed by column name (``folded(_:)``) in the columns of
    /// `names`; times are floating.
    static func draft(_ row: [String: String], names: Names) throws(RecordImport.Problem)
        -> EventDraft
    {
        let columns = [
            "Subject": names.subject, "Start Date": names.startDate,
            "Start Time": names.startTime, "End Date": names.endDate, "End Time": names.endTime,
            "All Day Event": names.allDay, "Description": names.description,
            "Location": names.location, "Categories": names.categories,
            "Show time as": names.showTimeAs,
        ]
        func field(_ name: String) -> String? {
            for column in columns[name] ?? [] {
                guard let text = row[Self.folded(column)]?.trimmingCharacters(), !text.isEmpty
                else { continue }
                return text
            }
            return nil
        }
        guard let startText = field("Start Date"),
            let startDate = parseDate(startText, dayFirst: names.dayFirst)
        else {
            throw RecordImport.Problem(
                message: "its \(names.startDate[0]) '\(field("Start Date") ?? "")' is not a date")
        }
        let allDay = names.yes.contains(field("All Day Event")?.lowercased() ?? "")
        var endDate: CivilDate?
        if let text = field("End Date") {
            guard let date = parseDate(text, dayFirst: names.dayFirst) else {
                throw RecordImport.Problem(
                    message: "its \(names.endDate[0]) '\(text)' is not a date")
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
            let startSeconds = try parsed(field("Start Time"), names.startTime[0]) ?? 0
            let begin = try local(startDate, startSeconds)
            let endSeconds = try parsed(field("End Time"), names.endTime[0]) ?? startSeconds
            start = .floating(begin)
            end = .floating(max(begin, try local(endDate ?? startDate, endSeconds)))
        }
        let title = field("Subject") ?? ""
        var draft = EventDraft(
            uid: "", start: start, end: end, title: title)
        draft.description = field("Description")
        draft.location = field("Location")
        draft.categories = field("Categories").map(RecordImport.Fields.list) ?? []
        if names.free.contains(field("Show time as")?.lowercased() ?? "") {
            draft.transparency = .transparent
        }
        return draft
    }

    /// The name a zone's times are written with: `UTC`, an IANA name, or nil when the zone
    /// has none the database knows (a TZ rule string).
    static func zoneName(_ zone: TargetZone, database: ZoneInfoDatabase) -> String? {
        if ZoneInfoDatabase.utcAliases.contains(zone.name.uppercased()) { return "UTC" }
        return database.zone(named: zone.name) != nil ? zone.name : nil
    }

    /// `draft` with its floating times read in `zone`: Outlook's rows name none, and are
    /// exported on the wall clock of the exporting machine.
    static func zoned(_ draft: EventDraft, in zone: TargetZone, database: ZoneInfoDatabase)
        -> EventDraft
    {
        guard let name = zoneName(zone, database: database) else { return draft }
        func zoned(_ time: OriginalTime) -> OriginalTime {
            guard case .floating(let local) = time else { return time }
            return name == "UTC" ? .utc(local) : .zoned(local, tzid: name)
        }
        var draft = draft
        draft.start = zoned(draft.start)
        draft.end = draft.end.map(zoned)
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

    /// `YYYY-MM-DD`, `DD.MM.YYYY`, and `MM/DD/YYYY` or, where dates put the day first,
    /// `DD/MM/YYYY` and `DD-MM-YYYY` (also without leading zeros).
    static func parseDate(_ text: String, dayFirst: Bool = false) -> CivilDate? {
        if let date = try? CivilDate(parsing: text) { return date }
        let forms: [(String, [Int])] =
            dayFirst
            ? [("/", [0, 1, 2]), (".", [0, 1, 2]), ("-", [0, 1, 2])]
            : [("/", [1, 0, 2]), (".", [0, 1, 2])]
        for (separator, order) in forms {
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
