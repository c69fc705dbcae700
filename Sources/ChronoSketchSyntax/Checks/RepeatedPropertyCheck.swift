import ChronoSketchCore

/// A property given again where RFC 5545 §3.6 allows it once (``Occurrences``), said at the
/// line of each repeat. Readers use the first.
struct RepeatedPropertyCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        guard context.reportsShape(of: component.name) else { return }
        var seen = Occurrences.Seen(in: component.name)
        for index in component.properties.indices {
            guard let known = component.properties[index].known, !seen.isFirst(known) else {
                continue
            }
            let property = component.properties[index]
            let first = component.properties.first { $0.known == known }?.line ?? component.line
            findings.report(
                .warning, .repeatedProperty, line: property.line,
                "\(component.name) has \(property.name) more than once (first at line \(first)), which RFC 5545 allows once",
                assumption: context.scope.assumption(otherwise: "the first is used"))
        }
    }
}
