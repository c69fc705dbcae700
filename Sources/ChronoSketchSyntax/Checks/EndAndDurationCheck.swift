import ChronoSketchCore

/// DTEND (DUE in a VTODO) beside DURATION, which RFC 5545 §3.6.1 and §3.6.2 forbid. Readers
/// use the end.
struct EndAndDurationCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        guard !context.skipsEvent else { return }
        let endName: String
        switch (component.name, context.scope) {
        case ("VEVENT", _): endName = "DTEND"
        case ("VTODO", .conformance): endName = "DUE"
        default: return
        }
        guard component.property("DURATION") != nil, let end = component.property(endName) else {
            return
        }
        findings.report(
            context.scope == .conformance ? .error : .warning, .endAndDuration, line: end.line,
            "\(component.name) has both \(endName) and DURATION, which RFC 5545 forbids",
            assumption: context.scope.assumption(otherwise: "DURATION ignored"))
    }
}
