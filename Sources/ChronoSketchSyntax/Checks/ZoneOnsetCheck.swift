import ChronoSketchCore

/// A zoned time before the first onset of its VTIMEZONE (RFC 5545 §3.6.5: a VTIMEZONE holds
/// the observances of every time that uses it): what offset it has then, the VTIMEZONE does
/// not say, and readers differ — `ics` takes the IANA zone the TZID names, libical and
/// others the first observance's TZOFFSETFROM. A merge that kept a VTIMEZONE made for later
/// years would move such an event by its zone's change of offset.
///
/// Said by `validate` and `info`, over the VTIMEZONEs of the calendar read before the time.
package struct ZoneOnsetCheck: ComponentCheck {
    package func check(
        _ component: ICalComponent, in context: CheckContext, findings: inout Findings
    ) {
        guard context.scope == .conformance, !context.zoneOnsets.isEmpty,
            component.name != "VTIMEZONE"
        else { return }
        for property in component.properties {
            guard let known = property.known, ZoneOnUTCTimeCheck.timeProperties.contains(known),
                let tzid = property.parameter("TZID"), let onset = context.zoneOnsets[tzid],
                let earliest = property.values.compactMap(\.localTime).min(), earliest < onset
            else { continue }
            findings.report(
                .warning, .outsideTimeZoneSpan, line: property.line,
                "\(property.name) comes before the first onset of VTIMEZONE '\(tzid)' (\(onset))",
                assumption:
                    "its offset then is the IANA zone's where the TZID names one; other readers take the first observance's"
            )
        }
    }
}

extension ICalValue {
    /// The wall-clock time of a date-time that is not UTC (a period's start): what a TZID
    /// qualifies; nil for a date, a UTC time or another type.
    package var localTime: LocalDateTime? {
        switch self {
        case .dateTime(.dateTime(let local, false)): local
        case .period(let period):
            if case .dateTime(let local, false) = period.start { local } else { nil }
        default: nil
        }
    }
}

extension ICalComponent {
    /// The first onset of a VTIMEZONE: the earliest DTSTART of its observances; nil when it
    /// has none that reads.
    package var firstOnset: LocalDateTime? {
        components.compactMap { observance -> LocalDateTime? in
            guard observance.name == "STANDARD" || observance.name == "DAYLIGHT",
                case .dateTime(.dateTime(let local, _))? = observance.property("DTSTART")?.value
            else { return nil }
            return local
        }.min()
    }

    /// Whether a VTIMEZONE's last observance goes on for ever: one repeats (RRULE), or there
    /// is only one onset.
    package var goesOn: Bool {
        let observances = components.filter { $0.name == "STANDARD" || $0.name == "DAYLIGHT" }
        return observances.contains { $0.property("RRULE") != nil } || observances.count < 2
    }
}

extension ZoneOnsetCheck {
    /// Times, as the mapping places them, outside `from` to `to`, the years VTIMEZONE `tzid`
    /// speaks for; `assumption` says which offset they get.
    package static func outsideSpan(from: String, to: String, of tzid: String, _ assumption: String)
        -> Problem
    {
        Problem(
            .outsideTimeZoneSpan,
            "Times outside \(from) to \(to), the years VTIMEZONE '\(tzid)' covers",
            assumption: assumption)
    }
}
