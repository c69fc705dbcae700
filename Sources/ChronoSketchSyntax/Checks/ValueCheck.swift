import ChronoSketchCore

/// Values that do not read by their type (RFC 5545 §3.3), and what reading them assumed (a
/// VALUE type that does not fit, a period of dates, a recurrence rule repaired).
///
/// A VEVENT whose DTSTART does not read cannot be placed: an error in every scope. Any other
/// value that does not read is an error for `validate` and a warning elsewhere, where the
/// property is ignored (or, by `convert`, kept as written).
struct ValueCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        // By index: most lines read well, and are looked at without being copied.
        for index in component.properties.indices
        where component.properties[index].valueCanHaveProblems
            && component.properties[index].valueHasProblems
        {
            let property = component.properties[index]
            guard property.isProperty, context.reports(property, in: component.name) else {
                continue
            }
            let reading = property.reading
            for problem in reading.warnings {
                findings.report(
                    .warning, problem, line: property.line,
                    otherwise: context.scope.assumption(otherwise: nil))
            }
            guard let error = reading.error else { continue }
            if component.name == "VEVENT", property.known == .dtstart {
                findings.report(
                    .error, error, line: property.line,
                    otherwise: context.scope.assumption(otherwise: "event skipped"))
            } else {
                findings.report(
                    context.scope == .conformance ? .error : .warning, error, line: property.line,
                    otherwise: context.scope.assumption(otherwise: "\(property.name) ignored"))
            }
        }
    }
}
