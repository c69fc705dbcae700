import ChronoSketchCore

/// A property given again where RFC 5545 §3.6 allows it once (``Occurrences``), said at the
/// line of each repeat. Readers use the first.
struct RepeatedPropertyCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        var seen = Occurrences.Seen(in: component.name)
        for index in component.properties.indices {
            Self.check(
                component.properties[index], of: component, seen: &seen, in: context,
                findings: &findings)
        }
    }

    /// Checks one property of `component` read after those `seen` holds (the properties that
    /// may occur once seen so far); `component` holds at least the first of each of those.
    static func check(
        _ property: ICalProperty, of component: ICalComponent, seen: inout Occurrences.Seen,
        in context: CheckContext, findings: inout Findings
    ) {
        guard let known = property.known, context.reportsShape(of: component.name),
            !seen.isFirst(known)
        else { return }
        let first = component.properties.first { $0.known == known }?.line ?? component.line
        findings.report(
            .warning, .repeatedProperty, line: property.line,
            "\(component.name) has \(property.name) more than once (first at line \(first)), which RFC 5545 allows once",
            assumption: context.scope.assumption(otherwise: "the first is used"))
    }
}
