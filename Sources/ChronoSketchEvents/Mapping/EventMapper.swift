import ChronoSketchCore
import ChronoSketchSyntax

/// Whether `X-WR-TIMEZONE` gives floating date-times a zone.
public enum WRTimezonePolicy: String, Sendable, Hashable, CaseIterable {
    /// Floating date-times in a calendar with `X-WR-TIMEZONE` are read in that zone.
    case apply
    /// `X-WR-TIMEZONE` is ignored.
    case ignore
}

/// A DTSTART, DTEND or RECURRENCE-ID after its zone was resolved.
enum ResolvedTime {
    case date(CivilDate)
    case floating(LocalDateTime)
    /// An instant, with the zone whose wall clock nominal days follow.
    case instant(utc: Int, zone: any ZoneRules)
}

/// Turns ``EventSource``s into ``CalendarEvent``s by the rules of SPEC §3.
///
/// All-day events stay on their dates; floating times stay as written; UTC and zoned times
/// become wall-clock times in the target zone. Every assumption is written to the log the
/// caller passes, with the line of the property it concerns. One mapper serves every input of
/// a load: it remembers which unknown or guessed TZIDs each input has already been told about.
package final class EventMapper {
    let target: TargetZone
    let wrPolicy: WRTimezonePolicy
    let resolver: ZoneResolver
    /// TZIDs already reported as unknown, so each is reported once per file.
    private var unknownZones: Set<UnknownZone> = []
    /// TZIDs already reported as read by a guess.
    private var reportedZones: Set<UnknownZone> = []
    /// The VTIMEZONEs already reported for times outside their years, by file name and TZID.
    private var reportedSpans: Set<[String]> = []

    private struct UnknownZone: Hashable {
        var file: Int
        var tzid: String
    }

    init(target: TargetZone, wrPolicy: WRTimezonePolicy, database: ZoneInfoDatabase) {
        self.target = target
        self.wrPolicy = wrPolicy
        resolver = ZoneResolver(database: database)
    }

    /// Maps one VEVENT; nil when it cannot be placed (the reason is in `log`).
    /// - Parameter recurrenceId: the recurrence id to give it, when it overrides an instance
    ///   of a series (in the series' terms); by default its RECURRENCE-ID as written.
    func map(
        _ source: EventSource, fileIndex: Int, scope: CalendarScope,
        recurrenceId: OriginalTime? = nil,
        log: inout DiagnosticLog
    ) -> CalendarEvent? {
        // One that cannot be placed was reported by the checks as it was read.
        guard source.isPlaceable, let startProperty = source.start else { return nil }
        let context = Context(source: source, fileIndex: fileIndex, scope: scope)
        let uid = source.uid ?? fallbackUID(source)
        let (start, startZone) = resolveNamed(startProperty, context, log: &log)
        let interval: EventInterval
        var instants: InstantInterval?
        let zone: String?
        var due = source.dueLies
        do {
            switch start {
            case .date(let date):
                interval = try .allDay(start: date, end: allDayEnd(date, source, log: &log))
                zone = nil
            case .floating, .instant:
                guard let bounds = try timedBounds(start, source, context, log: &log) else {
                    return nil
                }
                interval = .timed(start: bounds.start, end: bounds.end)
                instants = bounds.instants
                // A DUE before the DTSTART was swapped with it: it is the start now.
                if bounds.swapped, due == .atEnd { due = .atStart }
                zone = bounds.instants == nil ? nil : target.name
            }
        } catch {
            log.fail(source, ValueReader.unplaceable(error), source.line)
            return nil
        }
        do {
            return try event(
                from: source, uid: uid,
                recurrenceId: recurrenceId ?? source.recurrenceID?.original,
                interval: interval, instants: instants, zone: zone,
                sourceZone: instants == nil ? nil : startZone,
                originalStart: startProperty.original,
                location: SourceLocation(file: source.file, line: source.line), due: due,
                log: &log)
        } catch {
            log.fail(source, ValueReader.unplaceable(error), source.line)
            return nil
        }
    }

    /// The one place an event is made: times as mapped, everything else from `template` (the
    /// VEVENT itself, or for an instance the master or the override that changes it).
    /// - Throws: when the event's fields do not make an event (a blank UID).
    func event(
        from template: EventSource, uid: String, recurrenceId: OriginalTime?,
        interval: EventInterval,
        instants: InstantInterval?, zone: String?, sourceZone: String?,
        originalStart: OriginalTime, location: SourceLocation, due: TaskDetails.Due? = nil,
        log: inout DiagnosticLog
    ) throws -> CalendarEvent {
        var event = try CalendarEvent(
            uid: uid, recurrenceId: recurrenceId, title: template.summary, interval: interval,
            instants: instants, zone: zone, location: template.location,
            description: template.description,
            status: status(template, log: &log), transparency: transparency(template, log: &log),
            shownAs: template.shownAs,
            categories: template.categories, organizer: template.organizer,
            attendees: template.attendees, resources: template.resources, url: template.url,
            color: template.color, source: location, originalStart: originalStart,
            sequence: template.sequence, hasUID: template.uid != nil,
            calendar: template.calendarName, separateCalendar: template.separateCalendar,
            sourceZone: sourceZone)
        if !template.alarms.isEmpty { event.alarms = template.alarms }
        if template.kind != .event {
            event.component = template.kind
            event.task = Self.taskDetails(template, due: due ?? template.dueLies, log: &log)
        }
        return event
    }

    /// What a VTODO or a VJOURNAL says beyond an event: its status, completion and priority,
    /// each in its range (one outside is said and left out; PRIORITY 0 is none).
    package static func taskDetails(
        _ template: EventSource, due: TaskDetails.Due, log: inout DiagnosticLog
    ) -> TaskDetails {
        TaskDetails(
            due: due, completed: template.completed,
            percentComplete: inRange(
                "PERCENT-COMPLETE", template.percentComplete, template, &log),
            priority: inRange("PRIORITY", template.priority, template, &log).flatMap {
                $0 == 0 ? nil : $0
            },
            status: taskStatus(template, log: &log))
    }

    // MARK: - Times

    struct Context {
        var source: EventSource
        var fileIndex: Int
        var scope: CalendarScope
    }

    /// Resolves a time's zone: TZID, else `X-WR-TIMEZONE` for floating times, else floating.
    func resolve(_ time: TimeProperty, _ context: Context, log: inout DiagnosticLog) -> ResolvedTime
    {
        resolveNamed(time, context, log: &log).time
    }

    /// ``resolve(_:_:log:)``, with the zone the time was written in, as read
    /// (``CalendarEvent/sourceZone``), found in the same resolution: `UTC`, the IANA name a
    /// TZID denotes, else the TZID of the VTIMEZONE that defines it, or for a floating time
    /// read in X-WR-TIMEZONE that zone's; nil for dates, floating times and TZIDs that name
    /// no zone.
    func resolveNamed(_ time: TimeProperty, _ context: Context, log: inout DiagnosticLog) -> (
        time: ResolvedTime, zone: String?
    ) {
        switch time.original {
        case .date(let date):
            return (.date(date), nil)
        case .utc(let wallClock):
            return (.instant(utc: wallClock.secondsSinceEpoch, zone: FixedOffsetZone.utc), "UTC")
        case .zoned(let wallClock, let tzid):
            guard let found = zoneNamed(tzid, context, log: &log) else {
                if unknownZones.insert(UnknownZone(file: context.fileIndex, tzid: tzid)).inserted {
                    log.warn(
                        context.source, .unknownTimeZone, time.line,
                        "Unknown time zone '\(tzid)'", "times with this TZID are kept floating")
                }
                return (.floating(wallClock), nil)
            }
            return (
                instant(wallClock, in: found.zone, line: time.line, context.source, log: &log),
                found.name
            )
        case .floating(let wallClock):
            if wrPolicy == .apply, let wrName = context.scope.wrTimezone,
                let found = zoneNamed(wrName, context, log: &log)
            {
                return (
                    instant(wallClock, in: found.zone, line: time.line, context.source, log: &log),
                    found.name
                )
            }
            return (.floating(wallClock), nil)
        }
    }

    /// The zone a TZID names, reporting once per file a name read by a guess (a dash for a
    /// slash).
    func zoneNamed(_ tzid: String, _ context: Context, log: inout DiagnosticLog)
        -> ZoneResolver.Found?
    {
        guard
            let found = resolver.zone(
                tzid, file: context.fileIndex, calendar: context.source.calendar,
                scope: context.scope)
        else { return nil }
        if case .dashed(let name) = found.source,
            reportedZones.insert(UnknownZone(file: context.fileIndex, tzid: tzid)).inserted
        {
            log.warn(
                context.source, .guessedTimeZone, context.source.start?.line ?? context.source.line,
                "TZID '\(tzid)' names no VTIMEZONE and no zone", "read as \(name)")
        }
        return found
    }

    /// The instant a wall-clock time denotes in `zone`, reporting gaps and folds.
    func instant(
        _ wallClock: LocalDateTime, in zone: any ZoneRules, line: Int, _ source: EventSource,
        log: inout DiagnosticLog
    ) -> ResolvedTime {
        let (utc, resolution) = zone.resolve(local: wallClock.secondsSinceEpoch)
        reportOutsideSpan(utc, of: zone, line: line, source, log: &log)
        switch resolution {
        case .unique:
            break
        case .gap(let shift):
            let shown = (try? wallClock.adding(seconds: shift))?.description ?? "later"
            log.warn(
                source, .nonexistentTime, line,
                "\(wallClock) does not exist in \(zone.identifier) (clocks move forward)",
                "read as \(shown)")
        case .fold:
            log.warn(
                source, .ambiguousTime, line,
                "\(wallClock) occurs twice in \(zone.identifier) (clocks move back)",
                "read as the first occurrence")
        }
        return .instant(utc: utc, zone: zone)
    }

    /// Says when a time lies outside the years a VTIMEZONE speaks for: read with the IANA
    /// zone it names (``BoundedZone``), or with its first or last offset when it names none.
    private func reportOutsideSpan(
        _ utc: Int, of zone: any ZoneRules, line: Int, _ source: EventSource,
        log: inout DiagnosticLog
    ) {
        let span: ClosedRange<Int>
        let assumption: String
        if let bounded = zone as? BoundedZone {
            span = bounded.span
            assumption = "outside them the IANA zone it names is used"
        } else if let embedded = zone as? EmbeddedZone, let defined = embedded.definedSpan {
            span = defined
            assumption = "its first or last offset is used, as it stands"
        } else {
            return
        }
        guard !span.contains(utc), reportedSpans.insert([source.file, zone.identifier]).inserted
        else { return }
        func day(_ seconds: Int) -> String {
            (try? LocalDateTime(secondsSinceEpoch: seconds))?.date.description ?? "?"
        }
        log.warn(
            source,
            ZoneOnsetCheck.outsideSpan(
                from: day(span.lowerBound), to: day(span.upperBound), of: zone.identifier,
                assumption), line)
    }

    /// The target-zone wall clock of a resolved time.
    func wallClock(_ time: ResolvedTime) throws(CivilTimeError) -> LocalDateTime {
        switch time {
        case .date(let date): LocalDateTime(startOf: date)
        case .floating(let wallClock): wallClock
        case .instant(let utc, _):
            try LocalDateTime(secondsSinceEpoch: target.rules.localSeconds(forUTC: utc))
        }
    }

    /// The exclusive end of an all-day event: DTEND, else DURATION in whole days, else one day
    /// (RFC 5545 §3.6.1). An end not after the start becomes one day.
    func allDayEnd(_ start: CivilDate, _ source: EventSource, log: inout DiagnosticLog)
        throws(CivilTimeError)
        -> CivilDate
    {
        var end = try start.adding(days: 1)
        if let dtend = source.end {
            switch dtend.value {
            case .date(let date):
                end = date
            case .dateTime(let time, _):
                end = time.secondOfDay == 0 ? time.date : try time.date.adding(days: 1)
                log.warn(
                    source, .mixedTimes, dtend.line,
                    "DTEND \(time) is a date-time but DTSTART is a date",
                    "read as the date \(end)")
            }
        } else if let duration = source.duration, !duration.value.isNegative {
            // A negative one is read as one day (``NegativeDurationCheck`` said so).
            var days = duration.value.days
            if duration.value.seconds != 0 {
                let extra = (duration.value.seconds.magnitude + 86_399) / 86_400
                days += duration.value.seconds > 0 ? Int(extra) : -Int(extra)
                log.warn(
                    source, .partialDayDuration, duration.line,
                    "DURATION \(duration.value) of an all-day event is not whole days",
                    "rounded to \(days) day\(days == 1 ? "" : "s")")
            }
            end = try start.adding(days: days)
        }
        if end <= start, source.duration?.value.isNegative != true || source.end != nil {
            let next = try start.adding(days: 1)
            log.warn(
                source,
                NegativeDurationCheck.endNotAfterStart("\(end)", "\(start)"),
                source.end?.line ?? source.duration?.line ?? source.line)
            end = next
        }
        return end
    }

    /// Start and end of a timed event in the target zone, with its instants when it has them
    /// (UTC or zoned, not floating); nil when the event is an error.
    func timedBounds(
        _ start: ResolvedTime, _ source: EventSource, _ context: Context, log: inout DiagnosticLog
    ) throws(CivilTimeError) -> Bounds? {
        let (start, end) = try endpoints(start, source, context, log: &log)
        return try bounds(start, end, source, log: &log)
    }

    /// A timed event's start and end as resolved: DTEND (a date read as its midnight, as the
    /// start's kind), else start + DURATION, else the start; a floating one of the two read
    /// in the other's zone.
    func endpoints(
        _ start: ResolvedTime, _ source: EventSource, _ context: Context, log: inout DiagnosticLog
    ) throws(CivilTimeError) -> (start: ResolvedTime, end: ResolvedTime) {
        var end = start
        if let dtend = source.end {
            end = resolve(dtend, context, log: &log)
            if case .date(let date) = end {
                end = sameKind(as: start, wallClock: LocalDateTime(startOf: date))
                log.warn(
                    source, .mixedTimes, dtend.line,
                    "DTEND \(date) is a date but DTSTART is a date-time",
                    "read as \(date)T00:00")
            }
        } else if let duration = source.duration {
            end = try adding(duration.value, to: start)
        }
        var start = start
        if let matched = matching(start, end) {
            log.warn(
                source, .mixedTimes, source.end?.line ?? source.line,
                "DTSTART and DTEND mix floating and zoned times",
                "the floating one read in \(matched.zoneName ?? "the other's zone")")
            (start, end) = (matched.start, matched.end)
        }
        return (start, end)
    }

    /// Where resolved `start` and `end` place an event; when the end is before the start,
    /// the two swapped (said).
    func bounds(
        _ start: ResolvedTime, _ end: ResolvedTime, _ source: EventSource,
        log: inout DiagnosticLog
    ) throws(CivilTimeError) -> Bounds? {
        if let bounds = try placed(start, end) { return bounds }
        // A DTEND before its DTSTART, most often a slip of the producer: the two are swapped
        // (as recurring-ical-events and Google Calendar read it), so the event keeps its length.
        log.warn(
            source,
            NegativeDurationCheck.endBeforeStart(
                source.end?.original.text ?? "?", source.start?.original.text ?? "?",
                endName: source.dueLies == .atEnd ? "DUE" : "DTEND"),
            source.end?.line ?? source.line)
        var swapped = try placed(end, start)
        swapped?.swapped = true
        return swapped
    }

    /// A resolved start and end on the target zone's wall clock, with their instants when
    /// both are UTC or zoned. An event that spans a fall-back change of the target zone (05:45Z
    /// to 06:45Z is 01:45 to 01:45 in New York) keeps its length on the wall clock instead of
    /// ending where it starts or before. Nil when the end is before the start.
    func placed(_ start: ResolvedTime, _ end: ResolvedTime) throws(CivilTimeError) -> Bounds? {
        let startTime = try wallClock(start)
        var endTime = try wallClock(end)
        guard case .instant(let startUTC, _) = start, case .instant(let endUTC, _) = end else {
            return endTime < startTime ? nil : Bounds(start: startTime, end: endTime, instants: nil)
        }
        guard endUTC >= startUTC else { return nil }
        if endUTC > startUTC, endTime <= startTime {
            endTime = try startTime.adding(seconds: endUTC - startUTC)
        }
        return Bounds(
            start: startTime, end: endTime,
            instants: try InstantInterval(start: startUTC, end: endUTC))
    }

    /// A timed event's wall-clock start and end in the target zone, and its instants.
    struct Bounds {
        var start: LocalDateTime
        var end: LocalDateTime
        var instants: InstantInterval?
        /// Whether the end was before the start, and the two were swapped.
        var swapped = false
    }

    /// Says that an EXDATE of a floating series gives UTC times, which are compared with the
    /// series' wall-clock times as written: the kinds mix, as a DTEND's may with its DTSTART.
    func reportUTCExceptions(line: Int, _ source: EventSource, log: inout DiagnosticLog) {
        log.warn(
            source, .mixedTimes, line, "EXDATE in UTC on a floating series",
            "compared with the series' wall-clock times as written")
    }

    /// A start and end of which one is floating and the other zoned, made alike: the floating
    /// one is read in the other's zone (as python's icalendar and most readers do). Nil when
    /// they are alike already.
    func matching(_ start: ResolvedTime, _ end: ResolvedTime) -> (
        start: ResolvedTime, end: ResolvedTime, zoneName: String?
    )? {
        switch (start, end) {
        case (.instant(_, let zone), .floating(let wallClock)):
            return (start, sameKind(as: start, wallClock: wallClock), zone.identifier)
        case (.floating(let wallClock), .instant(_, let zone)):
            return (sameKind(as: end, wallClock: wallClock), end, zone.identifier)
        default:
            return nil
        }
    }

    /// A wall-clock time read the way `reference` was: floating, or in its zone.
    func sameKind(as reference: ResolvedTime, wallClock: LocalDateTime) -> ResolvedTime {
        switch reference {
        case .instant(_, let zone):
            .instant(utc: zone.utcSeconds(forLocal: wallClock.secondsSinceEpoch), zone: zone)
        default:
            .floating(wallClock)
        }
    }

    /// Adds a duration: whole days on the wall clock of the time's zone, then exact seconds
    /// (RFC 5545 §3.3.6), so `P1D` keeps 09:00 across a DST change and `PT24H` does not.
    func adding(_ duration: CalendarDuration, to time: ResolvedTime) throws(CivilTimeError)
        -> ResolvedTime
    {
        switch time {
        case .date(let date):
            return .date(try date.adding(days: duration.days))
        case .floating(let wallClock):
            return .floating(
                try wallClock.adding(days: duration.days).adding(seconds: duration.seconds))
        case .instant(let utc, let zone):
            var moved = utc
            if duration.days != 0 {
                let local = try LocalDateTime(secondsSinceEpoch: zone.localSeconds(forUTC: utc))
                    .adding(days: duration.days)
                moved = zone.utcSeconds(forLocal: local.secondsSinceEpoch)
            }
            let (sum, overflow) = moved.addingReportingOverflow(duration.seconds)
            guard !overflow else { throw .outOfRange("DURATION \(duration)") }
            return .instant(utc: sum, zone: zone)
        }
    }

    // MARK: - Series clocks

    /// Whether a RECURRENCE-ID names the instant (or date) `original` was written for.
    func names(
        _ recurrence: TimeProperty, _ original: OriginalTime, _ override: PendingEvent,
        log: inout DiagnosticLog
    ) -> Bool {
        let context = Context(
            source: override.source, fileIndex: override.fileIndex, scope: override.scope)
        let value: ICalDateTime
        var tzid: String?
        switch original {
        case .date(let date): value = .date(date)
        case .floating(let time): value = .dateTime(time, isUTC: false)
        case .utc(let time): value = .dateTime(time, isUTC: true)
        case .zoned(let time, let zone):
            value = .dateTime(time, isUTC: false)
            tzid = zone
        }
        let frame: SeriesFrame =
            switch value {
            case .date: .dates
            default: .zoned(FixedOffsetZone.utc, written: nil)
            }
        return framePoint(recurrence.value, tzid: recurrence.tzid, frame: frame, context, log: &log)
            == framePoint(value, tzid: tzid, frame: frame, context, log: &log)
    }

    /// A DATE or DATE-TIME value on the series' clock: an instant (UTC or another zone) at its
    /// wall-clock time in the series' zone, a floating time as written.
    func framePoint(
        _ value: ICalDateTime, tzid: String?, frame: SeriesFrame, _ context: Context,
        log: inout DiagnosticLog
    )
        -> FramePoint
    {
        switch value {
        case .date(let date):
            return .date(date)
        case .dateTime(let time, let isUTC):
            var utc: Int?
            if isUTC {
                utc = time.secondsSinceEpoch
            } else if let tzid, let zone = zoneNamed(tzid, context, log: &log)?.zone {
                utc = zone.utcSeconds(forLocal: time.secondsSinceEpoch)
            }
            switch frame {
            case .dates:
                return .date(time.date)
            case .floating:
                return .wall(time)
            case .zoned(let zone, _):
                guard let utc,
                    let local = try? LocalDateTime(
                        secondsSinceEpoch: zone.localSeconds(forUTC: utc))
                else { return .wall(time) }
                return .wall(local)
            }
        }
    }

    // MARK: - Other properties

    func status(_ source: EventSource, log: inout DiagnosticLog) -> EventStatus? {
        guard source.kind == .event, let (value, line) = source.status else { return nil }
        guard let status = EventStatus(rawValue: value) else {
            log.warn(
                source, .unknownEnumeration, line, "Unknown STATUS '\(value)' for a VEVENT",
                "STATUS ignored")
            return nil
        }
        return status
    }

    /// A task's PRIORITY or PERCENT-COMPLETE when it is in its range; one outside is said and
    /// left out.
    static func inRange(
        _ name: String, _ number: (value: Int32, line: Int32)?, _ source: EventSource,
        _ log: inout DiagnosticLog
    ) -> Int? {
        guard let number else { return nil }
        if let problem = FeedProfile.outOfRange(name, Int(number.value)) {
            log.warn(source, problem.code, Int(number.line), problem.message, "left out")
            return nil
        }
        return Int(number.value)
    }

    /// The STATUS of a VTODO or a VJOURNAL, when it is one RFC 5545 §3.8.1.11 gives that
    /// component.
    static func taskStatus(_ source: EventSource, log: inout DiagnosticLog) -> String? {
        guard let (value, line) = source.status else { return nil }
        guard source.kind.statuses.contains(value) else {
            log.warn(
                source, .unknownEnumeration, line,
                "Unknown STATUS '\(value)' for a \(source.kind.rawValue)", "STATUS ignored")
            return nil
        }
        return value
    }

    func transparency(_ source: EventSource, log: inout DiagnosticLog) -> Transparency {
        guard let (value, line) = source.transparency else { return .opaque }
        guard let transparency = Transparency(rawValue: value) else {
            log.warn(
                source, .unknownEnumeration, line, "Unknown TRANSP '\(value)'", "read as OPAQUE")
            return .opaque
        }
        return transparency
    }

    /// What an event without UID goes by: its file and line (``RequiredPropertyCheck`` said
    /// it has none).
    func fallbackUID(_ source: EventSource) -> String {
        "\(source.file):\(source.line)"
    }
}

extension DiagnosticLog {
    /// Logs an assumption made about `source`.
    mutating func warn(
        _ source: EventSource, _ code: DiagnosticCode, _ line: Int, _ message: String,
        _ assumption: String?
    ) {
        append(
            Diagnostic(
                .warning, code, file: source.file, line: line, uid: source.uid, message: message,
                assumption: assumption))
    }

    /// Logs `problem` about `source`, at `line`.
    mutating func warn(_ source: EventSource, _ problem: Problem, _ line: Int) {
        warn(source, problem.code, line, problem.message, problem.assumption)
    }

    /// Logs why `source` is skipped: `problem`, at `line`.
    mutating func fail(_ source: EventSource, _ problem: Problem, _ line: Int) {
        fail(source, problem.code, line, problem.message)
    }

    /// Logs why `source` is skipped.
    mutating func fail(
        _ source: EventSource, _ code: DiagnosticCode, _ line: Int, _ message: String
    ) {
        append(
            Diagnostic(
                .error, code, file: source.file, line: line, uid: source.uid, message: message,
                assumption: "event skipped"))
    }
}
