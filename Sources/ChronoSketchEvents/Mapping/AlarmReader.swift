import ChronoSketchCore
import ChronoSketchSyntax

/// Reads the VALARMs of an event or a task (RFC 5545 §3.6.6), saying what keeps one from
/// going off as written: a missing TRIGGER, REPEAT without DURATION or the other way round, an
/// absurd REPEAT, a trigger related to a time the component does not have.
package enum AlarmReader {
    /// What the alarms are read for: when they go off (a listing, with its bounds), or to be
    /// written as they are (a series record).
    package enum Use: Sendable {
        case listing, record
    }

    /// The alarms of `component`, which `source` was read from.
    package static func alarms(
        of component: ICalComponent, source: EventSource, for use: Use = .listing,
        log: inout DiagnosticLog
    ) -> [Alarm] {
        var alarms: [Alarm] = []
        for child in component.components where child.name == "VALARM" {
            if let alarm = alarm(child, source: source, use, log: &log) { alarms.append(alarm) }
        }
        return alarms
    }

    /// What becomes of an alarm without a TRIGGER that reads.
    private static func untriggered(_ use: Use) -> String {
        use == .listing
            ? "alarm not listed: nothing says when it goes off"
            : "left out of the record, which gives each alarm its trigger; .ics and jCal keep it"
    }

    private static func alarm(
        _ component: ICalComponent, source: EventSource, _ use: Use, log: inout DiagnosticLog
    ) -> Alarm? {
        guard let property = component.property("TRIGGER"), let value = property.value else {
            log.warn(
                source, .alarmMisuse, component.line,
                component.property("TRIGGER") == nil
                    ? "VALARM has no TRIGGER" : "VALARM's TRIGGER does not read",
                untriggered(use))
            return nil
        }
        let trigger: Alarm.Trigger
        switch value {
        case .duration(let duration):
            let relatedTo = property.parameter("RELATED")?.uppercased()
            let toEnd = relatedTo == "END"
            if let relatedTo, !toEnd, relatedTo != "START" {
                log.warn(
                    source, .alarmMisuse, property.line,
                    "TRIGGER's RELATED=\(relatedTo) is neither START nor END",
                    "read from the start, RELATED's default")
            }
            trigger = .relative(duration, toEnd: toEnd)
            related(toEnd: toEnd, source: source, line: property.line, log: &log)
        case .dateTime(.dateTime(let time, true)):
            trigger = .absolute(time.secondsSinceEpoch)
        case .dateTime(.dateTime(let time, false)):
            trigger = .floating(time)
        case .dateTime(.date(let date)):
            trigger = .floating(LocalDateTime(startOf: date))
        default:
            log.warn(
                source, .alarmMisuse, property.line, "VALARM's TRIGGER does not read",
                untriggered(use))
            return nil
        }
        var alarm = Alarm(
            trigger: trigger,
            action: component.property("ACTION")?.value?.text?.uppercased(),
            description: component.property("DESCRIPTION")?.value?.text,
            summary: component.property("SUMMARY")?.value?.text, line: component.line)
        repetitions(of: &alarm, component, source: source, use, log: &log)
        if use == .listing, case .relative(let duration, _) = trigger,
            abs(duration.days) + (abs(duration.seconds) + alarm.repeatSpan) / 86_400
                >= Alarm.reachDays
        {
            log.warn(
                source, .alarmMisuse, property.line,
                "TRIGGER goes off more than \(Alarm.reachDays) days from its occurrence",
                "listed only for occurrences within \(Alarm.reachDays) days of the window asked for"
            )
        }
        return alarm
    }

    /// REPEAT and DURATION, which RFC 5545 gives together or not at all.
    private static func repetitions(
        of alarm: inout Alarm, _ component: ICalComponent, source: EventSource, _ use: Use,
        log: inout DiagnosticLog
    ) {
        let count = component.property("REPEAT")
        let interval = component.property("DURATION")
        guard count != nil || interval != nil else { return }
        guard let count, let interval else {
            log.warn(
                source, .alarmMisuse, (count ?? interval)?.line ?? component.line,
                count == nil
                    ? "VALARM has DURATION but no REPEAT" : "VALARM has REPEAT but no DURATION",
                "it goes off once; RFC 5545 gives the two together")
            return
        }
        guard case .integer(let times)? = count.value, times >= 0 else {
            log.warn(
                source, .alarmMisuse, count.line, "REPEAT is not a whole number of 0 or more",
                "it goes off once")
            return
        }
        guard case .duration(let duration)? = interval.value, !duration.isNegative,
            duration.days * 86_400 + duration.seconds > 0
        else {
            log.warn(
                source, .alarmMisuse, interval.line,
                "DURATION of a repeating VALARM is not a positive duration", "it goes off once")
            return
        }
        // A record writes REPEAT as it is; a listing lists a bounded number.
        if use == .listing, times > Alarm.repeatLimit {
            log.warn(
                source, .alarmMisuse, count.line,
                "REPEAT \(times) is more than \(Alarm.repeatLimit)",
                "it goes off again \(Alarm.repeatLimit) times")
        }
        alarm.repeatCount = use == .listing ? min(times, Alarm.repeatLimit) : times
        alarm.repeatInterval = duration.days * 86_400 + duration.seconds
    }

    /// Says a trigger related to a time its task does not have (RFC 5545 §3.8.6.3: START
    /// needs DTSTART, END needs DUE or DTSTART and DURATION), and what it is read from.
    private static func related(
        toEnd: Bool, source: EventSource, line: Int, log: inout DiagnosticLog
    ) {
        guard source.kind == .todo else { return }
        if !toEnd, source.dueLies == .atStart {
            log.warn(
                source, .alarmMisuse, line,
                "TRIGGER is related to the start of a VTODO without DTSTART",
                "read from its DUE")
        } else if toEnd, source.dueLies == .none, source.duration == nil {
            log.warn(
                source, .alarmMisuse, line,
                "TRIGGER is related to the end of a VTODO without DUE or DURATION",
                "read from its DTSTART")
        }
    }
}
