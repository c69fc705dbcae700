import ChronoSketchCore

/// What a published calendar (a feed that Google, Outlook, Apple Calendar and Thunderbird
/// subscribe to) must be beyond what `ics` itself reads without a word: the rules of RFC 5545
/// that lenient readers forgive and strict ones do not, checked by `validate --profile feed`
/// in the same pass as every other rule (``ComponentChecker``).
///
/// Each finding has a code of its own: lines that end in LF alone or run past 75 octets
/// unfolded (§3.1), a TZID without its VTIMEZONE (§3.2.19 MUST), a METHOD other than PUBLISH
/// (RFC 5546: the file becomes an invitation to answer), an override whose series is not in
/// the calendar, a PRIORITY or PERCENT-COMPLETE out of range (§3.8.1.9, §3.8.1.8), a URI that
/// does not parse (RFC 3986). Missing DTSTAMPs and UIDs used twice without RECURRENCE-ID are
/// what every validation reports already.
package struct FeedProfile {
    private let file: String
    /// What the rules found as the input was read, each problem said once with its count
    /// (``DiagnosticLog``).
    private var log = DiagnosticLog()
    private var calendar = CalendarState()

    package init(file: String) {
        self.file = file
    }

    /// Checks what `item` completes: a property as read, a calendar at its end.
    package mutating func take(_ item: ReaderItem) {
        switch item {
        case .calendarBegin:
            finishCalendar()
        case .calendarProperty(let property):
            calendar.check(property, in: "VCALENDAR", file: file, log: &log)
            if property.name == "METHOD", let method = property.value?.text,
                method.uppercased() != "PUBLISH"
            {
                log.append(
                    Diagnostic(
                        .warning, .methodInFeed, file: file, line: property.line,
                        message:
                            "METHOD:\(method) makes the calendar an iTIP message (RFC 5546), which calendar clients open as an invitation or reply to answer, not as a calendar to subscribe to",
                        assumption: "a feed has no METHOD, or METHOD:PUBLISH"))
            }
        case .component(let component):
            calendar.take(component, file: file, log: &log)
        case .calendarEnd:
            finishCalendar()
        case .looseLine:
            break
        }
    }

    /// Every finding once the input has ended, those of its lines first (`validate` puts
    /// them in line order with the rest): `lines` is how its lines ended and ran, nil when it
    /// was not read as `.ics` text (jCal, records).
    package mutating func finishInput(lines: LineShape?) -> [Diagnostic] {
        finishCalendar()
        defer { log = DiagnosticLog() }
        return (lines.map { Self.findings(of: $0, file: file) } ?? []) + log.diagnostics
    }

    private mutating func finishCalendar() {
        for finding in calendar.findings(file: file) { log.append(finding) }
        calendar = CalendarState()
    }

    /// Line ends and lengths, as the reader counted them.
    static func findings(of shape: LineShape, file: String) -> [Diagnostic] {
        let (bare, long, longest) = (shape.bareLineFeeds, shape.longLines, shape.longest)
        let found: [(line: Int?, code: DiagnosticCode, message: String, assumption: String)] = [
            (
                shape.firstBareLineFeed, .bareLineFeed,
                "\(bare) line\(bare == 1 ? " ends" : "s end") in LF alone, where RFC 5545 §3.1 ends every line with CRLF",
                "`ics convert` writes CRLF"
            ),
            (
                shape.firstLongLine, .unfoldedLine,
                "\(long) line\(long == 1 ? " is" : "s are") longer than \(LineShape.foldingWidth) octets (the longest \(longest)), which RFC 5545 §3.1 folds",
                "`ics convert` folds them"
            ),
        ]
        return found.compactMap { finding in
            finding.line.map {
                Diagnostic(
                    .warning, finding.code, file: file, line: $0, message: finding.message,
                    assumption: finding.assumption)
            }
        }
    }

    /// What one VCALENDAR defines and uses, judged at its end.
    private struct CalendarState {
        var zones: Set<String> = []
        /// Each TZID used, with its first line and how often.
        var used: [String: (line: Int, count: Int)] = [:]
        var masters: Set<String> = []
        var overrides: [(uid: String, line: Int)] = []

        mutating func take(_ component: ICalComponent, file: String, log: inout DiagnosticLog) {
            if component.name == "VTIMEZONE" {
                if let tzid = component.property("TZID")?.value?.text { zones.insert(tzid) }
                for property in component.properties {
                    check(property, in: component.name, file: file, log: &log)
                }
                return
            }
            if component.name == "VEVENT" || component.name == "VTODO"
                || component.name == "VJOURNAL",
                let uid = component.property("UID")?.value?.text
            {
                if let recurrence = component.property("RECURRENCE-ID") {
                    overrides.append((uid, recurrence.line))
                } else {
                    masters.insert(uid)
                }
            }
            for property in component.properties {
                if let tzid = property.parameter("TZID") {
                    let seen = used[tzid]
                    used[tzid] = (seen?.line ?? property.line, (seen?.count ?? 0) + 1)
                }
                check(property, in: component.name, file: file, log: &log)
            }
            for child in component.components {
                take(child, file: file, log: &log)
            }
        }

        /// The values a feed reader parses: PRIORITY and PERCENT-COMPLETE in range, URL,
        /// SOURCE and TZURL URIs (a calendar's own URL and SOURCE too, RFC 7986 §5.5, §5.8).
        func check(
            _ property: ICalProperty, in component: String, file: String,
            log: inout DiagnosticLog
        ) {
            func report(_ code: DiagnosticCode, _ message: String) {
                log.append(
                    Diagnostic(.warning, code, file: file, line: property.line, message: message))
            }
            switch property.name {
            case "PRIORITY", "PERCENT-COMPLETE":
                if case .integer(let value)? = property.value,
                    let problem = FeedProfile.outOfRange(property.name, value)
                {
                    report(problem.code, problem.message)
                }
            case "URL", "SOURCE", "TZURL":
                if let text = property.value?.text, !PropertyTokenizer.isURI(Array(text.utf8)[...])
                {
                    report(.invalidURI, "\(property.name) '\(text)' is no URI (RFC 3986)")
                }
            default:
                break
            }
        }

        func findings(file: String) -> [Diagnostic] {
            var findings: [Diagnostic] = []
            for (tzid, use) in used where !zones.contains(tzid) && tzid != "UTC" {
                findings.append(
                    Diagnostic(
                        .warning, .zoneWithoutDefinition, file: file, line: use.line,
                        message:
                            "TZID '\(tzid)' (\(use.count) time\(use.count == 1 ? "" : "s")) has no VTIMEZONE in its calendar, which RFC 5545 §3.2.19 requires",
                        assumption:
                            "a reader without a zone of that name cannot place those times; `ics convert` from records writes one"
                    ))
            }
            for override in overrides where !masters.contains(override.uid) {
                findings.append(
                    Diagnostic(
                        .warning, .overrideWithoutMaster, file: file, line: override.line,
                        message:
                            "RECURRENCE-ID of '\(override.uid)' changes an instance of a series that is not in the calendar",
                        assumption: "a subscriber shows it as an event of its own, or not at all"))
            }
            return findings
        }
    }
}

extension FeedProfile {
    /// A PRIORITY or a PERCENT-COMPLETE outside its range (RFC 5545 §3.8.1.9, §3.8.1.8), as
    /// the profile says it and a listing of tasks says it when it leaves the value out; nil
    /// when `value` is in range or `name` is neither.
    package static func outOfRange(_ name: String, _ value: Int) -> Problem? {
        switch name {
        case "PRIORITY" where !(0...9).contains(value):
            Problem(
                .valueOutOfRange,
                "PRIORITY \(value) is outside 0 to 9, the range of RFC 5545 §3.8.1.9")
        case "PERCENT-COMPLETE" where !(0...100).contains(value):
            Problem(
                .valueOutOfRange,
                "PERCENT-COMPLETE \(value) is outside 0 to 100, the range of RFC 5545 §3.8.1.8")
        default:
            nil
        }
    }
}
