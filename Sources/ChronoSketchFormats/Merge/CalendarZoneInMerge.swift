import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// A calendar's `X-WR-TIMEZONE` made explicit for a merge: the merged calendar cannot carry
/// one calendar-wide zone for inputs that had different ones (or none), so each input's
/// floating date-times are written in its own zone, with a TZID, and keep the instant they
/// had when the input was read alone.
///
/// What changes is what `ics` reads that zone to mean (SPEC §3): a floating DTSTART, DTEND,
/// DUE, RECURRENCE-ID, RDATE or EXDATE gets the zone's TZID (`Z` for a UTC zone), and the UTC
/// DTSTART of a series, expanded on the zone's wall clock, is written as that wall clock with
/// the TZID. Dates, UTC times of single events and times with a TZID are instants already.
struct CalendarZoneInMerge {
    /// The TZID written.
    let tzid: String
    /// Whether the zone is UTC: floating times are then written with `Z`.
    let isUTC: Bool
    let rules: any ZoneRules
    /// The IANA name whose VTIMEZONE is written when the merged calendar has none for
    /// ``tzid``; nil when the calendar's own VTIMEZONE is the zone.
    let databaseName: String?

    /// The zone `name` denotes as seen from a calendar with these VTIMEZONEs; nil when it
    /// names none.
    init?(
        name: String, zones: [String: ICalComponent], resolver: ZoneResolver, input: Int,
        calendar: Int
    ) {
        guard
            let found = resolver.zone(
                name, file: input, calendar: calendar, scope: CalendarScope(zones: zones))
        else { return nil }
        self.rules = found.zone
        switch found.source {
        case .embedded:
            tzid = name
            databaseName = nil
        case .database:
            tzid = name
            databaseName = name
        case .windows(let iana), .prefixed(let iana), .dashed(let iana):
            tzid = iana
            databaseName = iana
        }
        isUTC = ZoneInfoDatabase.utcAliases.contains(tzid.uppercased())
    }

    /// The properties whose floating date-times take the zone.
    private static let timeProperties: Set<KnownProperty> = [
        .dtstart, .dtend, .due, .recurrenceID, .rdate, .exdate,
    ]

    /// `component` with its times made explicit; its sub-components (alarms) are left as they
    /// are. Whether anything changed is returned beside it.
    func applied(to component: ICalComponent) -> (component: ICalComponent, changed: Bool) {
        let isSeries = component.properties.contains { $0.known == .rrule || $0.known == .rdate }
        var result = component
        var changed = false
        for index in result.properties.indices {
            if let rewritten = applied(to: result.properties[index], inSeries: isSeries) {
                result.properties[index] = rewritten
                changed = true
            }
        }
        return (result, changed)
    }

    /// The property written in the zone, or nil when it stays as it is.
    private func applied(to property: ICalProperty, inSeries: Bool) -> ICalProperty? {
        guard let known = property.known, Self.timeProperties.contains(known),
            property.parameter("TZID") == nil
        else { return nil }
        let values = property.values
        guard !values.isEmpty else { return nil }
        let starts = values.map { value -> ICalDateTime? in
            switch value {
            case .dateTime(let time): time
            case .period(let period): period.start
            default: nil
            }
        }
        if starts.allSatisfy({ if case .dateTime(_, false)? = $0 { true } else { false } }) {
            return isUTC ? inUTC(property, values) : withTZID(property, values)
        }
        // A series' UTC DTSTART is expanded on the zone's wall clock: written so.
        guard !isUTC, inSeries, known == .dtstart, values.count == 1,
            case .dateTime(.dateTime(let utc, true)) = values[0],
            let local = try? LocalDateTime(
                secondsSinceEpoch: rules.localSeconds(forUTC: utc.secondsSinceEpoch))
        else { return nil }
        return withTZID(property, [.dateTime(.dateTime(local, isUTC: false))])
    }

    private func withTZID(_ property: ICalProperty, _ values: [ICalValue]) -> ICalProperty {
        ICalProperty(
            name: property.name,
            parameters: [ICalParameter(name: "TZID", values: [tzid])] + property.parameters,
            values: values, line: property.line)
    }

    /// Floating date-times (and period starts and ends) written as UTC.
    private func inUTC(_ property: ICalProperty, _ values: [ICalValue]) -> ICalProperty {
        func utc(_ time: ICalDateTime) -> ICalDateTime {
            if case .dateTime(let wallClock, false) = time {
                .dateTime(wallClock, isUTC: true)
            } else {
                time
            }
        }
        let written = values.map { value -> ICalValue in
            switch value {
            case .dateTime(let time): .dateTime(utc(time))
            case .period(let period):
                .period(
                    ICalPeriod(
                        start: utc(period.start), end: period.end.map(utc),
                        duration: period.duration))
            default: value
            }
        }
        return ICalProperty(
            name: property.name, parameters: property.parameters, values: written,
            line: property.line)
    }

    /// The VTIMEZONE to write for ``tzid`` when the merged calendar has none yet.
    var definition: ICalComponent? {
        guard !isUTC, let databaseName else { return nil }
        return LibicalTimezone.component(named: databaseName)
    }
}
