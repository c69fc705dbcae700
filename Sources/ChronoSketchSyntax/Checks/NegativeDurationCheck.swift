import ChronoSketchCore

/// A VEVENT whose DURATION is negative ends before it starts. A timed one cannot be placed
/// (an error); an all-day one is read as one day, as an all-day end not after its start is.
struct NegativeDurationCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        guard component.name == "VEVENT", !context.skipsEvent, component.property("DTEND") == nil,
            let property = component.property("DURATION"),
            case .duration(let duration)? = property.value, duration.isNegative
        else { return }
        let allDay = component.property("DTSTART")?.value?.isDate == true
        findings.report(
            allDay ? .warning : .error, .endBeforeStart, line: property.line,
            "DURATION \(duration) is negative",
            assumption: context.scope.assumption(
                otherwise: allDay ? "read as a one-day event" : "event skipped"))
    }
}
