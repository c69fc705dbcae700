import ChronoSketchCore

/// A property name that no RFC defines and that is not private (`X-`): RFC 5545 §3.8.8.1
/// lets IANA register more, so it is kept, but it is most often a typo.
struct UnknownPropertyCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        guard context.scope == .conformance else { return }
        for property in component.properties
        where property.isProperty && property.known == nil && !property.name.hasPrefix("X-") {
            findings.report(
                .warning, .unknownProperty, line: property.line,
                "\(property.name) is no property of RFC 5545 or its extensions (private ones start with X-)",
                assumption: "kept as written")
        }
    }
}
