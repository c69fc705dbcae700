import ChronoSketchCore

/// The properties RFC 5545 §3.6 requires in a component.
///
/// A VEVENT without DTSTART cannot be placed, so every scope says it: an error, or a warning
/// in an iTIP message (METHOD), where §3.6.1 lets a VEVENT omit it. One without UID goes by
/// its file and line, which every scope says too (an error for `validate`). The others only
/// `validate` and `info` report.
struct RequiredPropertyCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        if component.name == "VEVENT" {
            if let start = component.property("DTSTART") {
                // A DTSTART whose VALUE names another type reads, but places nothing.
                if start.isUnderstood, !Self.isTime(start.value) {
                    findings.report(
                        .error, ValueReader.notATime(start.rawValue), line: start.line,
                        otherwise: context.scope.assumption(otherwise: "event skipped"))
                }
            } else {
                findings.report(
                    context.method == nil ? .error : .warning, .eventWithoutStart,
                    line: component.line, "VEVENT has no DTSTART\(requires(context))",
                    assumption: context.scope.assumption(otherwise: "event skipped"))
            }
            // Of an event skipped, only `validate` says more.
            let placed = component.property("DTSTART") != nil && !context.skipsEvent
            if placed || context.scope == .conformance,
                component.property("UID")?.rawValueBytes.isEmpty ?? true
            {
                findings.report(
                    context.scope == .conformance ? .error : .warning, .eventWithoutUID,
                    line: component.line,
                    "VEVENT has no UID\(context.scope == .conformance ? ", which RFC 5545 requires" : "")",
                    assumption: context.scope.assumption(otherwise: "it goes by its file and line"))
            }
        }
        guard context.scope == .conformance else { return }
        for name in Self.required(component.name) where component.property(name) == nil {
            findings.report(
                .error, .missingProperty, line: component.line,
                "\(component.name) has no \(name), which RFC 5545 requires")
        }
    }

    /// `, which RFC 5545 requires` where `validate` says so.
    private func requires(_ context: CheckContext) -> String {
        context.scope == .conformance && context.method == nil ? ", which RFC 5545 requires" : ""
    }

    private static func isTime(_ value: ICalValue?) -> Bool {
        if case .dateTime? = value { return true }
        return false
    }

    /// What a component requires besides a VEVENT's DTSTART.
    private static func required(_ name: String) -> [String] {
        switch name {
        case "VCALENDAR": ["PRODID", "VERSION"]
        case "VEVENT": ["DTSTAMP"]
        case "VTODO", "VJOURNAL": ["UID", "DTSTAMP"]
        case "VTIMEZONE": ["TZID"]
        case "STANDARD", "DAYLIGHT": ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO"]
        case "VALARM": ["ACTION", "TRIGGER"]
        default: []
        }
    }
}
