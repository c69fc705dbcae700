import ChronoSketchCore

/// A VTIMEZONE without a STANDARD or DAYLIGHT observance, which RFC 5545 §3.6.5 requires:
/// it says nothing about its zone's offsets.
struct ObservanceCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        guard context.scope == .conformance, component.name == "VTIMEZONE",
            !component.components.contains(where: { $0.name == "STANDARD" || $0.name == "DAYLIGHT" }
            )
        else { return }
        findings.report(
            .error, .timeZoneWithoutObservance, line: component.line,
            "VTIMEZONE has no STANDARD or DAYLIGHT observance")
    }
}
