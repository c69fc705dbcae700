import ChronoSketchCore
import ChronoSketchLayout

/// The language of weekday and month names (`--lang`), which also sets the default week start.
enum Language: String, CaseIterable, Sendable {
    case en, de

    /// Monday for German (and ISO 8601), Sunday for English.
    var weekStart: Weekday { self == .de ? .monday : .sunday }

    func weekdayName(_ weekday: Weekday) -> String {
        let names =
            self == .de
            ? ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
            : ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        return names[weekday.rawValue - 1]
    }

    func monthName(_ month: Int) -> String {
        let names =
            self == .de
            ? [
                "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
                "Oktober", "November", "Dezember",
            ]
            : [
                "January", "February", "March", "April", "May", "June", "July", "August",
                "September", "October", "November", "December",
            ]
        return names[month - 1]
    }

    /// `Tuesday 8 September 2026` or `Dienstag, 8. September 2026`.
    func longDate(_ date: CivilDate) -> String {
        switch self {
        case .en: "\(weekdayName(date.weekday)) \(date.day) \(monthName(date.month)) \(date.year)"
        case .de: "\(weekdayName(date.weekday)), \(date.day). \(monthName(date.month)) \(date.year)"
        }
    }

    /// `Tue 8 Sep` or `Di 8. Sep`.
    func shortDate(_ date: CivilDate) -> String {
        let weekday = weekdayAbbreviation(date.weekday)
        let month = String(monthName(date.month).prefix(3))
        switch self {
        case .en: return "\(weekday) \(date.day) \(month)"
        case .de: return "\(weekday) \(date.day). \(month)"
        }
    }

    /// ``shortDate(_:)``, with its year when it is not `year`: `Fri 1 Jan 2027`.
    func shortDate(_ date: CivilDate, besideYear year: Int) -> String {
        date.year == year ? shortDate(date) : "\(shortDate(date)) \(date.year)"
    }

    var allDayLabel: String { self == .de ? "ganztägig" : "all day" }
    var untilWord: String { self == .de ? "bis" : "until" }
    /// Said of an event on a day after its first, in the agenda.
    var continuesWord: String { self == .de ? "Fortsetzung" : "continues" }
    /// Said of an all-day event on its last day, in the agenda.
    var lastDayWords: String { self == .de ? "letzter Tag" : "last day" }
    var cancelledWord: String { self == .de ? "abgesagt" : "cancelled" }
    var tentativeWord: String { self == .de ? "vorläufig" : "tentative" }
    var declinedWord: String { self == .de ? "abgelehnt" : "declined" }
    var noTitle: String { self == .de ? "(ohne Titel)" : "(no title)" }

    func timesIn(_ zone: String) -> String {
        self == .de ? "Zeiten in \(zone)" : "Times in \(zone)"
    }

    /// `Mon` or `Mo`.
    func weekdayAbbreviation(_ weekday: Weekday) -> String {
        String(weekdayName(weekday).prefix(self == .de ? 2 : 3))
    }

    /// `Week 37 of 2026` or `KW 37/2026`.
    func weekHeading(_ week: Int, year: Int) -> String {
        self == .de ? "KW \(week)/\(year)" : "Week \(week) of \(year)"
    }

    /// `rows by attendee` or `Zeilen nach attendee`.
    func rowsBy(_ key: String) -> String {
        self == .de ? "Zeilen nach \(key)" : "rows by \(key)"
    }

    func groupedBy(_ key: String) -> String {
        self == .de ? "gruppiert nach \(key)" : "grouped by \(key)"
    }

    /// `Ranges per day from 12:00` or `Zeiträume je Tag ab 12:00`.
    func rangesHeading(_ period: RangePeriod, from boundary: String) -> String {
        switch self {
        case .en: "Ranges per \(period == .day ? "day" : "week") from \(boundary)"
        case .de: "Zeiträume je \(period == .day ? "Tag" : "Woche") ab \(boundary)"
        }
    }

    /// A column date without weekday or year: `Sep 8` or `8.9.`.
    func dayAndMonth(_ date: CivilDate) -> String {
        switch self {
        case .en: "\(monthName(date.month).prefix(3)) \(date.day)"
        case .de: "\(date.day).\(date.month)."
        }
    }

    /// What a timeline row stands for: `attendee` or `Teilnehmer`.
    func keyName(_ key: EventKey) -> String {
        guard self == .de else { return key.rawValue }
        switch key {
        case .attendee: return "Teilnehmer"
        case .person: return "Person"
        case .organizer: return "Organisator"
        case .location: return "Ort"
        case .resource: return "Ressource"
        case .category: return "Kategorie"
        case .status: return "Status"
        case .file: return "Datei"
        }
    }

    /// `overlap`, `buffer`, `blocked` or `Überschneidung`, `Puffer`, `gesperrt`.
    func kindName(_ kind: ConflictKind) -> String {
        guard self == .de else { return kind.rawValue }
        switch kind {
        case .overlap: return "Überschneidung"
        case .buffer: return "Puffer"
        case .blocked: return blockedWord
        }
    }

    /// What `◀ ▶` on a week bar mean.
    var continuesIntoOtherWeek: String {
        self == .de ? "geht in einer anderen Woche weiter" : "goes on into another week"
    }

    /// What `…` in a week time means.
    var continuesOnOtherDay: String {
        self == .de ? "beginnt oder endet an einem anderen Tag" : "begins or ends on another day"
    }

    /// The word before the busiest day's time in a heatmap legend.
    var maximumWord: String { self == .de ? "Maximum" : "max" }

    /// A row or group label of a timeline: a status in the view's words (`abgesagt` for
    /// CANCELLED), anything else as written.
    func label(_ text: String, of key: EventKey?) -> String {
        guard key == .status, let status = EventStatus(rawValue: text.uppercased()) else {
            return text
        }
        switch status {
        case .cancelled: return cancelledWord
        case .tentative: return tentativeWord
        case .confirmed: return self == .de ? "bestätigt" : "confirmed"
        }
    }

    /// The heading of a picture's colour legend.
    func legendHeading(_ key: EventPalette.Key) -> String {
        switch (self, key) {
        case (.en, .calendar): "Calendars"
        case (.en, .category): "Categories"
        case (.de, .calendar): "Kalender"
        case (.de, .category): "Kategorien"
        }
    }

    /// The legend label of events without a category.
    var noCategory: String { self == .de ? "(ohne Kategorie)" : "(no category)" }

    /// The label of a row whose events have no value for its key.
    var noValue: String { self == .de ? "(ohne)" : "(none)" }

    var conflictsHeading: String { self == .de ? "Konflikte" : "Conflicts" }
    var blockedWord: String { self == .de ? "gesperrt" : "blocked" }

    /// `No conflicts among 12 busy events (2 free).`
    func noConflicts(busy: Int, free: Int) -> String {
        self == .de
            ? (busy == 1
                ? "Keine Konflikte: 1 belegter Termin (\(free) frei)."
                : "Keine Konflikte zwischen \(busy) belegten Terminen (\(free) frei).")
            : busy == 1
                ? "No conflicts: 1 busy event (\(free) free)."
                : "No conflicts among \(busy) busy events (\(free) free)."
    }

    /// `3 conflicts (2 overlap, 1 buffer) in 2 clusters; 12 busy events, 2 free`.
    func conflictSummary(_ count: Int, kinds: String, clusters: Int, busy: Int, free: Int)
        -> String
    {
        switch self {
        case .en:
            "\(count) conflict\(count == 1 ? "" : "s") (\(kinds)) in \(clusters) cluster\(clusters == 1 ? "" : "s"); \(busy) busy event\(busy == 1 ? "" : "s"), \(free) free"
        case .de:
            "\(count) Konflikt\(count == 1 ? "" : "e") (\(kinds)) in \(clusters) Gruppe\(clusters == 1 ? "" : "n"); \(busy) belegte\(busy == 1 ? "r Termin" : " Termine"), \(free) frei"
        }
    }

    var busyWord: String { self == .de ? "belegt" : "busy" }
    /// `from` and `to` of a span of time (`von … bis …`).
    var fromWord: String { self == .de ? "von" : "from" }
    var toWord: String { self == .de ? "bis" : "to" }
    var freeWord: String { self == .de ? "frei" : "free" }

    /// `5 of 16 slots free`.
    func slotSummary(free: Int, of total: Int) -> String {
        self == .de ? "\(free) von \(total) Zeitfenstern frei" : "\(free) of \(total) slots free"
    }

    var freeSlotsTitle: String { self == .de ? "Freie Zeitfenster" : "Free slots" }

    /// `4 free slots in 5 days`.
    func freeSlotSummary(_ count: Int, days: Int) -> String {
        if self == .de {
            return
                "\(count) freie\(count == 1 ? "s" : "") Zeitfenster an \(days) Tag\(days == 1 ? "" : "en")"
        }
        return "\(count) free slot\(count == 1 ? "" : "s") in \(days) day\(days == 1 ? "" : "s")"
    }

    /// `+3 more`.
    func more(_ count: Int) -> String { self == .de ? "+\(count) weitere" : "+\(count) more" }
    var busyHoursHeading: String { self == .de ? "Belegte Stunden" : "Busy hours" }
    var lessWord: String { self == .de ? "weniger" : "less" }
    var moreWord: String { self == .de ? "mehr" : "more" }

    /// `2 h 30 min busy`, `free`.
    func busyTime(_ minutes: Int) -> String {
        guard minutes > 0 else { return freeWord }
        var parts: [String] = []
        if minutes >= 60 { parts.append("\(minutes / 60) h") }
        if minutes % 60 > 0 { parts.append("\(minutes % 60) min") }
        return parts.joined(separator: " ") + (self == .de ? " belegt" : " busy")
    }

    /// `3 events`.
    func eventCount(_ count: Int) -> String {
        switch self {
        case .en: "\(count) event\(count == 1 ? "" : "s")"
        case .de: "\(count) Termin\(count == 1 ? "" : "e")"
        }
    }

    var noEvents: String { self == .de ? "Keine Termine." : "No events." }

    /// `No events from Sat 5 Dec to Fri 11 Dec 2026.`, `No events on Sat 5 Dec 2026.`: the
    /// days searched, the last one included.
    func noEvents(in days: Range<CivilDate>) -> String {
        let last = (try? days.upperBound.adding(days: -1)) ?? days.lowerBound
        let end = "\(shortDate(last)) \(last.year)"
        if days.lowerBound.days(to: days.upperBound) <= 1 {
            return self == .de ? "Keine Termine am \(end)." : "No events on \(end)."
        }
        let start =
            shortDate(days.lowerBound)
            + (days.lowerBound.year == last.year ? "" : " \(days.lowerBound.year)")
        return self == .de
            ? "Keine Termine von \(start) bis \(end)." : "No events from \(start) to \(end)."
    }
}
