import ChronoSketchCore

/// A VCALENDAR whose VERSION is not 2.0, the only one RFC 5545 §3.7.4 defines.
struct VersionCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        guard context.scope == .conformance, component.name == "VCALENDAR",
            let version = component.property("VERSION"),
            version.rawValue.trimmingCharacters() != "2.0"
        else { return }
        findings.report(
            .warning, .version, line: version.line, "VERSION is '\(version.rawValue)', not 2.0",
            assumption: "read as iCalendar 2.0")
    }
}
