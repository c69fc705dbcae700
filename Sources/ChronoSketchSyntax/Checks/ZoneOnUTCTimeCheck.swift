import ChronoSketchCore

/// A TZID on a UTC time (`DTSTART;TZID=Europe/Berlin:20240101T090000Z`): RFC 5545 §3.3.5
/// says a UTC time "MUST NOT" have one. The Z wins.
struct ZoneOnUTCTimeCheck: ComponentCheck {
    /// Properties whose values are dates or date-times a TZID may qualify (§3.2.19).
    static let timeProperties = PropertySet([
        .dtstart, .dtend, .due, .recurrenceID, .rdate, .exdate,
    ])

    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        for index in component.properties.indices {
            guard let known = component.properties[index].known,
                Self.timeProperties.contains(known)
            else { continue }
            let property = component.properties[index]
            guard let tzid = property.parameter("TZID"),
                context.reports(property, in: component.name),
                property.values.contains(where: {
                    if case .dateTime(.dateTime(_, true)) = $0 { true } else { false }
                })
            else { continue }
            findings.report(
                .warning, .zoneOnUTCTime, line: property.line,
                "\(property.name) has TZID=\(tzid) and a UTC time (ending in Z)",
                assumption: "read as UTC")
        }
    }
}
