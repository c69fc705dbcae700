import ChronoSketchCore

/// Checks a calendar against RFC 5545 and reports every finding with its line.
///
/// Reports the reader's problems (structure, bytes, lines that are not properties), every value
/// that does not read by its type, names no RFC defines, the properties RFC 5545 requires (PRODID and VERSION in
/// VCALENDAR; UID, DTSTAMP and DTSTART in VEVENT; UID and DTSTAMP in VTODO and VJOURNAL; TZID
/// and an observance in VTIMEZONE; ACTION and TRIGGER in VALARM), DTEND with DURATION, and
/// everything mapping the events finds (an end before its start, TZIDs that do not resolve,
/// DST gaps, series limits).
public enum Validator {
    /// The findings for one input, in line order, the same problem said once with the number
    /// of further times and lines (``DiagnosticLog``).
    /// - Throws: ``InputError`` when the input cannot be read at all.
    public static func validate(
        _ input: InputSource, options: LoadOptions, database: ZoneInfoDatabase = .system
    ) throws(InputError) -> [Diagnostic] {
        // One read: each child of VCALENDAR is checked as the stream reads it and let go, the
        // calendar's own properties at its end, while the events are mapped as for
        // `ics events`.
        let checker = Checker(file: input.name)
        var options = options
        options.inspector = checker
        let loaded = try CalendarLoader.load([input], options: options, database: database)
        if let failure = loaded.unusableInputs.first { throw failure }
        var log = DiagnosticLog()
        log += checker.findings.diagnostics
        var messagesByLine: [Int: [String]] = [:]
        for finding in log.diagnostics {
            messagesByLine[finding.line ?? 0, default: []].append(finding.message)
        }
        for diagnostic in loaded.diagnostics {
            let said = messagesByLine[diagnostic.line ?? 0] ?? []
            if !said.contains(where: { same($0, diagnostic.message) }) { log.append(diagnostic) }
        }
        return log.diagnostics
    }

    /// The checks, fed the items of the input as they are read.
    private final class Checker: ComponentInspector, @unchecked Sendable {
        let file: String
        private(set) var findings = DiagnosticLog()
        private var calendar: ICalComponent?
        private var method: String?

        init(file: String) { self.file = file }

        func inspect(_ item: ReaderItem) {
            switch item {
            case .calendarBegin(let begun):
                calendar = begun
                method = nil
            case .calendarProperty(let property):
                calendar?.properties.append(property)
                if property.name == "METHOD", method == nil { method = property.rawValue }
            case .component(let component):
                check(component, file: file, parentMethod: method, findings: &findings)
            case .looseLine:
                break
            case .calendarEnd:
                if let finished = calendar {
                    check(finished, file: file, parentMethod: nil, findings: &findings)
                }
                calendar = nil
            }
        }
    }

    /// Two findings about the same thing: mapping repeats what the reader saw, and says in
    /// short what the RFC checks here say at more length (`VEVENT has no UID`).
    private static func same(_ first: String, _ second: String) -> Bool {
        first == second || first.hasPrefix(second + ",")
    }

    private static func check(
        _ component: ICalComponent, file: String, parentMethod: String?,
        findings: inout DiagnosticLog
    ) {
        let uid = component.property("UID")?.value?.text
        func report(
            _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ line: Int,
            _ message: String, _ assumption: String? = nil
        ) {
            findings.append(
                Diagnostic(
                    severity, code, file: file, line: line, uid: uid, message: message,
                    assumption: assumption))
        }
        let singleUse = Occurrences.singleUse(in: component.name)
        var seen: Set<KnownProperty> = []
        // Lines that are not properties were reported by the reader.
        for property in component.properties where property.isProperty {
            if let known = property.known, singleUse.contains(known), !seen.insert(known).inserted {
                let first = component.properties.first { $0.known == known }?.line ?? 0
                findings.append(
                    Occurrences.repeated(
                        property.name, in: component.name, firstLine: first, file: file,
                        line: property.line, uid: uid))
            }
            if property.name == "X-LIC-ERROR" {
                findings.append(Occurrences.libicalError(property, file: file, uid: uid))
            }
            if property.known == nil, !property.name.hasPrefix("X-") {
                report(
                    .warning, .unknownProperty, property.line,
                    "\(property.name) is no property of RFC 5545 or its extensions (private ones start with X-)",
                    "kept as written")
            }
            let reading = property.reading
            for problem in property.lineProblems + reading.warnings {
                report(.warning, problem.code, property.line, problem.message)
            }
            if let error = reading.error {
                report(.error, error.code, property.line, error.message, "\(property.name) ignored")
            }
        }
        let method =
            component.name == "VCALENDAR" ? component.property("METHOD")?.rawValue : parentMethod
        for name in required(component.name, method: method) where component.property(name) == nil {
            report(
                .error, .missingProperty, component.line,
                "\(component.name) has no \(name), which RFC 5545 requires")
        }
        if component.name == "VCALENDAR", let version = component.property("VERSION"),
            version.rawValue.trimmingCharacters() != "2.0"
        {
            report(
                .warning, .version, version.line, "VERSION is '\(version.rawValue)', not 2.0",
                "read as iCalendar 2.0")
        }
        if ["VEVENT", "VTODO"].contains(component.name), component.property("DURATION") != nil,
            let end = component.property(component.name == "VEVENT" ? "DTEND" : "DUE")
        {
            report(
                .error, .endAndDuration, end.line,
                "\(component.name) has both \(component.name == "VEVENT" ? "DTEND" : "DUE") and DURATION, which RFC 5545 forbids"
            )
        }
        if component.name == "VTIMEZONE",
            !component.components.contains(where: { $0.name == "STANDARD" || $0.name == "DAYLIGHT" }
            )
        {
            report(
                .error, .timeZoneWithoutObservance, component.line,
                "VTIMEZONE has no STANDARD or DAYLIGHT observance")
        }
        for child in component.components {
            check(child, file: file, parentMethod: method, findings: &findings)
        }
    }

    /// The properties RFC 5545 §3.6 requires in a component.
    private static func required(_ name: String, method: String?) -> [String] {
        switch name {
        case "VCALENDAR": ["PRODID", "VERSION"]
        case "VEVENT": method == nil ? ["UID", "DTSTAMP", "DTSTART"] : ["UID", "DTSTAMP"]
        case "VTODO", "VJOURNAL": ["UID", "DTSTAMP"]
        case "VTIMEZONE": ["TZID"]
        case "STANDARD", "DAYLIGHT": ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO"]
        case "VALARM": ["ACTION", "TRIGGER"]
        default: []
        }
    }
}
