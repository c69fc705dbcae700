import ChronoSketchCore

/// What Outlook and Exchange import otherwise than RFC 5545 writes it, beyond the rules of a
/// feed (``FeedProfile``), checked by `validate --profile outlook`; each rule from Microsoft's
/// [MS-OXCICAL], the specification of how they read iCalendar. Its rules run in the same pass
/// as every other (``ComponentChecker``).
///
/// - A VTIMEZONE is approximated by one yearly rule for the onset of standard time and one for
///   daylight time (§2.1.3.1.1.19): an observance whose RRULE is not `FREQ=YEARLY` with one
///   BYMONTH and either one weekday with its position or one BYMONTHDAY, an observance given by
///   RDATE (not read), or a zone with several rules of one kind (one is kept), is a
///   `outlook-time-zone` finding.
/// - Several VCALENDARs in one file are read only as a METHOD:PUBLISH calendar by some
///   versions and not at all by others (§2.1.3.1.1, note 1): `outlook-several-calendars`.
package struct OutlookProfile {
    private let file: String
    private var log = DiagnosticLog()
    /// The BEGIN line of each VCALENDAR read.
    private var calendars: [Int] = []

    package init(file: String) {
        self.file = file
    }

    /// Checks what `item` completes: each VTIMEZONE as read.
    package mutating func take(_ item: ReaderItem) {
        switch item {
        case .calendarBegin(let calendar):
            calendars.append(calendar.line)
        case .component(let component) where component.name == "VTIMEZONE":
            for finding in Self.zone(component, file: file) { log.append(finding) }
        case .component, .calendarProperty, .calendarEnd, .looseLine:
            break
        }
    }

    /// Every finding, once the input has ended (`validate` puts them in line order with the
    /// rest).
    package mutating func finishInput() -> [Diagnostic] {
        if calendars.count > 1 {
            log.append(
                Diagnostic(
                    .warning, .outlookSeveralCalendars, file: file, line: calendars[1],
                    message:
                        "The file holds \(calendars.count) VCALENDARs; Outlook reads several only in a METHOD:PUBLISH calendar, in some versions, and Exchange not at all (MS-OXCICAL §2.1.3.1.1)",
                    assumption: "`ics convert` merges them into one calendar"))
        }
        calendars = []
        defer { log = DiagnosticLog() }
        return log.diagnostics
    }

    /// The observances of a VTIMEZONE that Outlook cannot read as written.
    static func zone(_ zone: ICalComponent, file: String) -> [Diagnostic] {
        let tzid = zone.property("TZID")?.value?.text ?? ""
        var findings: [Diagnostic] = []
        func report(_ line: Int, _ message: String) {
            findings.append(
                Diagnostic(
                    .warning, .outlookTimeZone, file: file, line: line,
                    message: "VTIMEZONE '\(tzid)': \(message)",
                    assumption:
                        "Outlook approximates the zone by one yearly rule for each of standard and daylight time (MS-OXCICAL §2.1.3.1.1.19); `ics convert --vtimezone minimal` writes records' zones that way"
                ))
        }
        var rules: [String: Set<RecurrenceRule?>] = [:]
        var byDate: [Int] = []
        var unread: [(line: Int, text: String)] = []
        for observance in zone.components
        where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
            if let rdate = observance.property("RDATE") { byDate.append(rdate.line) }
            guard let property = observance.property("RRULE") else {
                rules[observance.name, default: []].insert(nil)
                continue
            }
            guard case .recurrence(let rule)? = property.value else { continue }
            if let problem = problem(rule) {
                unread.append((property.line, "\(observance.name) RRULE:\(rule.text) \(problem)"))
            }
            // One rule, whatever its years.
            rules[observance.name, default: []].insert(rule.removing(["UNTIL", "COUNT"]))
        }
        // Each kind of slip once per zone, with the count: a zone's whole history has dozens.
        if let first = unread.first {
            report(
                first.line,
                first.text
                    + (unread.count > 1
                        ? " (and \(unread.count - 1) more rules Outlook cannot read)" : ""))
        }
        if let first = byDate.first {
            report(
                first,
                byDate.count == 1
                    ? "an observance gives its onsets by RDATE, which Outlook does not read"
                    : "\(byDate.count) observances give their onsets by RDATE, which Outlook does not read"
            )
        }
        for (kind, found) in rules.sorted(by: { $0.key < $1.key }) where found.count > 1 {
            report(
                zone.line,
                "\(found.count) different \(kind) rules over the years; Outlook keeps one, so times in the years of the others may be an hour off"
            )
        }
        return findings
    }

    /// Why Outlook cannot take `rule` as a time zone's yearly onset; nil when it can.
    static func problem(_ rule: RecurrenceRule) -> String? {
        guard rule.frequency == .yearly, rule.interval == 1 else {
            return "is not yearly; Outlook reads only FREQ=YEARLY"
        }
        let names = Set(rule.parts.map(\.name)).subtracting(["FREQ", "UNTIL", "COUNT", "INTERVAL"])
        if let extra = names.subtracting(["BYMONTH", "BYDAY", "BYMONTHDAY"]).sorted().first {
            return "has \(extra), which Outlook does not read"
        }
        if rule.byMonth.count > 1 {
            return "names several months; Outlook reads one"
        }
        switch (rule.byDay, rule.byMonthDay) {
        case (let days, []) where !days.isEmpty:
            guard days.count == 1, days[0].ordinal != 0 else {
                let written = days.map(\.description).joined(separator: ",")
                return
                    "has BYDAY=\(written); Outlook reads one weekday with its position (2SU, -1SU)"
            }
            return nil
        case ([], let days) where !days.isEmpty:
            return days.count > 1 ? "names several days of the month; Outlook reads one" : nil
        case ([], []):
            return "names no day; Outlook reads BYDAY or BYMONTHDAY"
        default:
            return "has both BYDAY and BYMONTHDAY; Outlook reads one of them"
        }
    }
}
