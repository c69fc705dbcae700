import ChronoSketchCore

/// A VEVENT inside another component, most often one whose END is missing: readers take it
/// as an event of its own.
struct NestedEventCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        guard component.name == "VEVENT", let parent = context.parent, parent.name != "VCALENDAR"
        else { return }
        findings.report(
            .warning, .eventInsideComponent, line: component.line,
            "VEVENT inside a \(parent.name) (opened at line \(parent.line))",
            assumption: context.scope.assumption(otherwise: "read as an event of its own"))
    }
}
