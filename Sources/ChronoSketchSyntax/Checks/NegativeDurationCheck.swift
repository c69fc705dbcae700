import ChronoSketchCore

/// A VEVENT whose DURATION is negative ends before it starts. A timed one cannot be placed
/// (an error); an all-day one is read as one day, as an all-day end not after its start is.
package struct NegativeDurationCheck: ComponentCheck {
    package func check(
        _ component: ICalComponent, in context: CheckContext, findings: inout Findings
    ) {
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

extension NegativeDurationCheck {
    /// An end the mapping finds not after its start (`end` and `start` as placed), read as a
    /// day.
    package static func endNotAfterStart(_ end: String, _ start: String) -> Problem {
        Problem(
            .endBeforeStart, "End \(end) is not after DTSTART \(start)",
            assumption: "read as a one-day event")
    }

    /// A DTEND before its DTSTART (both as written), which the mapping swaps.
    package static func endBeforeStart(_ end: String, _ start: String, endName: String = "DTEND")
        -> Problem
    {
        Problem(
            .endBeforeStart, "\(endName) \(end) is before DTSTART \(start)",
            assumption: "the two are swapped")
    }
}
