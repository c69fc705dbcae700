import ChronoSketchCore

/// DTEND (DUE in a VTODO) beside DURATION, which RFC 5545 §3.6.1 and §3.6.2 forbid, and a
/// VTODO's DURATION without DTSTART, which §3.6.2 forbids too. Readers use the end, and a
/// task's DURATION has nothing to count from without DTSTART.
struct EndAndDurationCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        guard !context.skipsEvent else { return }
        let checksTask = context.scope == .conformance || context.readsTasks
        if component.name == "VTODO", checksTask,
            let duration = component.property("DURATION"), component.property("DTSTART") == nil,
            component.property("DUE") == nil
        {
            findings.report(
                context.scope == .conformance ? .error : .warning, .endAndDuration,
                line: duration.line,
                "VTODO has DURATION but no DTSTART, which RFC 5545 requires with it",
                assumption: context.scope.assumption(otherwise: "DURATION ignored"))
        }
        let endName: String
        switch (component.name, checksTask) {
        case ("VEVENT", _): endName = "DTEND"
        case ("VTODO", true): endName = "DUE"
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
