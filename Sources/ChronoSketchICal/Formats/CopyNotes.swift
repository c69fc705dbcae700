import ChronoSketchCore

/// What `convert` says about the components it copies: the problems `ics events` reports
/// about a VEVENT's lines and values (a parameter or a property given twice, a VALUE type that
/// does not fit, an X-LIC-ERROR of an earlier program, a VEVENT inside another component),
/// each with the assumption that the copy keeps it as written.
enum CopyNotes {
    static let keptAsWritten = "kept as written"

    /// Notes on `component` and the components inside it.
    /// - Complexity: O(p) in the properties, reading no value but those with a VALUE
    ///   parameter, so that a copy stays about as fast as reading.
    static func note(_ component: ICalComponent, file: String, log: inout DiagnosticLog) {
        var seen = Occurrences.SeenInEvent()
        let isEvent = component.name == "VEVENT"
        func uid() -> String? { component.property("UID")?.rawValue }
        // Fields are read in place: a copy of each property would cost more than the checks.
        for index in component.properties.indices {
            guard let known = component.properties[index].known else {
                let property = component.properties[index]
                if property.name == "X-LIC-ERROR" {
                    log.append(Occurrences.libicalError(property, file: file, uid: uid()))
                }
                if property.isProperty {
                    note(property.lineProblems, of: property, file: file, uid: uid(), log: &log)
                }
                continue
            }
            if isEvent, !seen.isFirst(known) {
                let property = component.properties[index]
                let first = component.properties.first { $0.known == known }?.line ?? 0
                log.append(
                    Occurrences.repeated(
                        property.name, in: "VEVENT", firstLine: first, file: file,
                        line: property.line, uid: uid(), assumption: keptAsWritten))
                continue
            }
            guard !component.properties[index].parameters.isEmpty else { continue }
            let property = component.properties[index]
            var problems = property.lineProblems
            if property.parameter("VALUE") != nil { problems += property.reading.problems }
            note(problems, of: property, file: file, uid: uid(), log: &log)
        }
        for child in component.components {
            if child.name == "VEVENT" {
                log.append(
                    Diagnostic(
                        .warning, .eventInsideComponent, file: file, line: child.line,
                        message:
                            "VEVENT inside a \(component.name) (opened at line \(component.line))",
                        assumption: keptAsWritten))
            }
            note(child, file: file, log: &log)
        }
    }

    private static func note(
        _ problems: [Problem], of property: ICalProperty, file: String, uid: String?,
        log: inout DiagnosticLog
    ) {
        for problem in problems {
            log.append(
                Diagnostic(
                    .warning, problem, file: file, line: property.line, uid: uid,
                    assumption: keptAsWritten))
        }
    }
}
