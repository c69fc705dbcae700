import ChronoSketchCore

/// What the reader found in a property's line: parameters without a value or given twice,
/// too many parameters, and the repairs it made (Apple's `\;` in a parameter, Outlook's quote
/// around a TZID and its value), each said as the repair it is. A repair changes what every
/// reader of the line sees, so every command says it, of any line.
struct PropertyLineCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        for index in component.properties.indices
        where !component.properties[index].lineProblems.isEmpty {
            let property = component.properties[index]
            guard property.isProperty else { continue }
            let reported = context.reports(property, in: component.name)
            for problem in property.lineProblems
            where reported || (problem.code == .repairedLine && !context.skipsEvent) {
                var said = problem
                switch (problem.code, context.scope) {
                case (.repairedLine, _):
                    break
                case (.parameterWithoutValue, .copy):
                    said.assumption = "kept as written in .ics, left out of jCal"
                case (.parameterWithoutValue, _):
                    said.assumption = "the parameter is ignored"
                case (_, .copy):
                    // What reading would choose (the first of two parameters) is not what a
                    // copy does: it keeps the line.
                    said.assumption = "kept as written"
                default:
                    break
                }
                findings.report(.warning, said, line: property.line, otherwise: nil)
            }
        }
    }
}
