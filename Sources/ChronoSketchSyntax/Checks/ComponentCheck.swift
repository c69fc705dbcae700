import ChronoSketchCore

/// One rule about a component, run by ``ComponentChecker`` on every component read.
///
/// A check looks at one component's own properties; its children are checked on their own,
/// each with the name of the component around it.
package protocol ComponentCheck: Sendable {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings)
}

/// Where a component sits, as a check needs it.
package struct CheckContext {
    package var scope: CheckScope
    /// The name and BEGIN line of the component around it; nil for VCALENDAR and for
    /// components outside any calendar.
    package var parent: (name: String, line: Int)?
    /// The METHOD of its calendar: an iTIP message (RFC 5546), where RFC 5545 §3.6.1 lets a
    /// VEVENT omit DTSTART.
    var method: String?
    /// Whether it is a VEVENT that `events` skips, having no DTSTART that reads as a time:
    /// then only why it is skipped is said.
    var skipsEvent = false
    /// The first onset of each VTIMEZONE of its calendar read so far, by TZID.
    var zoneOnsets: [String: LocalDateTime] = [:]
    /// Whether the VTODOs are read, beside the VEVENTs (`--component VTODO`): what keeps one
    /// from being placed as written is then said outside `validate` too.
    var readsTasks = false

    /// Whether the problems of `property`'s line and value are reported (``CheckScope``).
    func reports(_ property: ICalProperty, in component: String) -> Bool {
        skipsEvent ? property.known == .dtstart : scope.reports(property, in: component)
    }

    /// Whether the rules about the component's shape apply (``CheckScope``).
    func reportsShape(of component: String) -> Bool {
        !skipsEvent && scope.reportsShape(of: component)
    }
}

/// What the checks found in one input, each finding with its file and the UID of the
/// component checked.
package struct Findings {
    let file: String
    /// The UID of the component being checked, read only when something is found.
    var uidProperty: ICalProperty?
    private var uid: String? { uidProperty?.value?.text }
    private(set) var log = DiagnosticLog()

    init(file: String) { self.file = file }

    package mutating func report(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, line: Int, _ message: String,
        assumption: String? = nil
    ) {
        log.append(
            Diagnostic(
                severity, code, file: file, line: line, uid: uid, message: message,
                assumption: assumption))
    }

    /// `problem` at `line`, said with its own assumption, else with `otherwise`.
    mutating func report(
        _ severity: Diagnostic.Severity, _ problem: Problem, line: Int, otherwise: String?
    ) {
        log.append(
            Diagnostic(severity, problem, file: file, line: line, uid: uid, otherwise: otherwise))
    }

    /// Hands over what was found so far.
    mutating func take() -> DiagnosticLog {
        defer { log = DiagnosticLog() }
        return log
    }

    /// Takes what `other` found, said of the UID of ``uidProperty``.
    mutating func take(_ other: inout Findings) {
        let found = other.take()
        for diagnostic in found.diagnostics { log.append(diagnostic.said(ofUID: uid)) }
    }
}
