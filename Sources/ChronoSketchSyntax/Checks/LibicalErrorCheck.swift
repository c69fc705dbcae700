import ChronoSketchCore

/// An `X-LIC-ERROR` line in the input: libical writes one where it could not read a property,
/// so an earlier program lost something there.
struct LibicalErrorCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        guard context.reportsShape(of: component.name) else { return }
        for index in component.properties.indices
        where component.properties[index].known == nil
            && component.properties[index].name == "X-LIC-ERROR"
        {
            let property = component.properties[index]
            let kind = property.parameter("X-LIC-ERRORTYPE").map { " (\($0))" } ?? ""
            findings.report(
                .warning, .libicalError, line: property.line,
                "X-LIC-ERROR\(kind) was already in the input: '\(property.value?.text ?? property.rawValue)'",
                assumption:
                    "an earlier libical-based program could not read a property here; kept as written"
            )
        }
    }
}
