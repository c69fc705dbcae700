import ChronoSketchCore
import ChronoSketchSyntax

/// What a published calendar (a feed that Google, Outlook, Apple Calendar and Thunderbird
/// subscribe to) must be beyond what `ics` itself reads without a word: the rules of RFC 5545
/// that lenient readers forgive and strict ones do not, checked by `validate --profile feed`.
///
/// Each finding has a code of its own: lines that end in LF alone or run past 75 octets
/// unfolded (§3.1), a TZID without its VTIMEZONE (§3.2.19 MUST), a METHOD other than PUBLISH
/// (RFC 5546: the file becomes an invitation to answer), an override whose series is not in
/// the calendar, a PRIORITY or PERCENT-COMPLETE out of range (§3.8.1.9, §3.8.1.8), a URI that
/// does not parse (RFC 3986). Missing DTSTAMPs and UIDs used twice without RECURRENCE-ID are
/// what every validation reports already.
public enum FeedProfile {
    /// The findings of `input`, in line order (a second read of it: it must be readable twice).
    public static func check(_ input: InputSource, limits: ReadLimits) throws(InputError)
        -> [Diagnostic]
    {
        let name = input.name
        var findings = lines(try input.readAll(), file: name)
        var items = try ComponentSources.open(input, limits: limits, progress: nil)
        var calendar = CalendarState()
        func finish() {
            findings += calendar.findings(file: name)
            calendar = CalendarState()
        }
        while let item = try? items.next() {
            switch item {
            case .calendarBegin:
                finish()
            case .calendarProperty(let property):
                calendar.check(property, in: "VCALENDAR", file: name, findings: &findings)
                if property.name == "METHOD", let method = property.value?.text,
                    method.uppercased() != "PUBLISH"
                {
                    findings.append(
                        Diagnostic(
                            .warning, .methodInFeed, file: name, line: property.line,
                            message:
                                "METHOD:\(method) makes the calendar an iTIP message (RFC 5546), which calendar clients open as an invitation or reply to answer, not as a calendar to subscribe to",
                            assumption: "a feed has no METHOD, or METHOD:PUBLISH"))
                }
            case .component(let component):
                calendar.take(component, file: name, findings: &findings)
            case .calendarEnd:
                finish()
            case .looseLine:
                break
            }
        }
        finish()
        return findings.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    /// Line ends and lengths, read from the bytes.
    static func lines(_ bytes: [UInt8], file: String) -> [Diagnostic] {
        var bare = 0
        var firstBare: Int?
        var long = 0
        var firstLong: Int?
        var longest = 0
        var line = 1
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            let ending = index > start && bytes[index - 1] == 0x0D ? index - 1 : index
            if ending == index {
                bare += 1
                firstBare = firstBare ?? line
            }
            if ending - start > 75 {
                long += 1
                firstLong = firstLong ?? line
                longest = max(longest, ending - start)
            }
            line += 1
            start = index + 1
        }
        let found: [(line: Int?, code: DiagnosticCode, message: String, assumption: String)] = [
            (
                firstBare, .bareLineFeed,
                "\(bare) line\(bare == 1 ? " ends" : "s end") in LF alone, where RFC 5545 §3.1 ends every line with CRLF",
                "`ics convert` writes CRLF"
            ),
            (
                firstLong, .unfoldedLine,
                "\(long) line\(long == 1 ? " is" : "s are") longer than 75 octets (the longest \(longest)), which RFC 5545 §3.1 folds",
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

        mutating func take(_ component: ICalComponent, file: String, findings: inout [Diagnostic]) {
            if component.name == "VTIMEZONE" {
                if let tzid = component.property("TZID")?.value?.text { zones.insert(tzid) }
                for property in component.properties {
                    check(property, in: component.name, file: file, findings: &findings)
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
                check(property, in: component.name, file: file, findings: &findings)
            }
            for child in component.components {
                take(child, file: file, findings: &findings)
            }
        }

        /// The values a feed reader parses: PRIORITY and PERCENT-COMPLETE in range, URL,
        /// SOURCE and TZURL URIs (a calendar's own URL and SOURCE too, RFC 7986 §5.5, §5.8).
        func check(
            _ property: ICalProperty, in component: String, file: String,
            findings: inout [Diagnostic]
        ) {
            func report(_ code: DiagnosticCode, _ message: String) {
                findings.append(
                    Diagnostic(.warning, code, file: file, line: property.line, message: message))
            }
            switch property.name {
            case "PRIORITY":
                if case .integer(let value)? = property.value, !(0...9).contains(value) {
                    report(
                        .valueOutOfRange,
                        "PRIORITY \(value) is outside 0 to 9, the range of RFC 5545 §3.8.1.9")
                }
            case "PERCENT-COMPLETE":
                if case .integer(let value)? = property.value, !(0...100).contains(value) {
                    report(
                        .valueOutOfRange,
                        "PERCENT-COMPLETE \(value) is outside 0 to 100, the range of RFC 5545 §3.8.1.8"
                    )
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
