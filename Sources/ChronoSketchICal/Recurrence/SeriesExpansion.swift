import ChronoSketchCore

/// A VEVENT waiting for the rest of its series, with what it needs to be mapped later.
struct PendingEvent: Sendable {
    var source: EventSource
    var fileIndex: Int
    var scope: CalendarScope
}

/// A master VEVENT (with RRULE or RDATE) and the overrides of its instances, gathered by UID
/// across every input.
struct SeriesGroup: Sendable {
    var master: PendingEvent
    var overrides: [PendingEvent]
}

/// Where instances are generated, in the target zone's wall clock.
struct ExpansionWindow: Sendable {
    /// The window's start; nil from the series' start.
    var from: LocalDateTime?
    /// The window's exclusive end (`--to`).
    var to: LocalDateTime?
    /// Where rules without an end stop when there is no `--to`.
    var horizon: LocalDateTime

    /// The last time a rule's instances are generated up to.
    func end(unbounded: Bool) -> LocalDateTime {
        to ?? (unbounded ? horizon : LocalDateTime(startOf: .maximum))
    }
}

/// How a series places its instances (RFC 5545 §3.8.5.3: in the DTSTART's own zone).
enum SeriesFrame {
    /// All-day instances.
    case dates
    /// Floating wall-clock instances.
    case floating
    /// Wall-clock instances in a zone; `written` is the zone for ``OriginalTime`` (nil for a
    /// UTC series, which is kept in UTC).
    case zoned(any ZoneRules, written: String?)
}

/// A date or wall-clock time on a series' own clock.
enum FramePoint: Hashable {
    case date(CivilDate)
    case wall(LocalDateTime)

    var date: CivilDate {
        switch self {
        case .date(let date): date
        case .wall(let time): time.date
        }
    }
}

/// How long each instance lasts (RFC 5545 §3.8.5.3: DTEND gives the same exact duration to
/// every instance, DURATION the same nominal one).
enum InstanceLength {
    case days(Int)
    case exact(seconds: Int)
    case nominal(CalendarDuration)
}

/// One generated instance before it becomes an event.
private struct Instance {
    var start: FramePoint
    /// An RDATE PERIOD's own end.
    var end: FramePoint?
}

/// A RANGE=THISANDFUTURE override, applied to the later instances of its series.
private struct FutureChange {
    var from: FramePoint
    var shift: Int
    var length: InstanceLength
    var source: EventSource
}

extension EventMapper {
    /// Expands a series into its instances, applies EXDATE, RDATE and the overrides, and maps
    /// every instance and override that may overlap `window`.
    ///
    /// Instances are computed on the series' own clock with libical's iterator, so 09:00 stays
    /// 09:00 across a DST change, then converted to the target zone. libical 3.0.16's
    /// `icalcomponent_foreach_recurrence` would list an overridden instance at its old time
    /// and an RDATE equal to a rule instance twice; here overrides replace their instance and
    /// equal instances are one.
    /// - Parameter budget: instances all series may still give; reduced by this one's.
    /// - Complexity: O(k log k) in the instances generated, plus libical's iteration.
    mutating func expand(
        _ group: SeriesGroup, window: ExpansionWindow, limits: ExpansionLimits, budget: inout Int
    ) -> [CalendarEvent] {
        let master = group.master.source
        let context = Context(
            source: master, fileIndex: group.master.fileIndex, scope: group.master.scope)
        guard master.fatal == nil, let startProperty = master.start else {
            if let fatal = master.fatal { diagnostics.append(fatal) }
            return group.overrides.compactMap {
                map($0.source, fileIndex: $0.fileIndex, scope: $0.scope)
            }
        }
        diagnostics += master.diagnostics.diagnostics
        let uid = master.uid ?? missingUID(master)
        let start = resolve(startProperty, context)
        guard let (frame, origin) = seriesFrame(startProperty, start, context),
            let length = instanceLength(start, origin: origin, frame: frame, context)
        else {
            return group.overrides.compactMap {
                map($0.source, fileIndex: $0.fileIndex, scope: $0.scope)
            }
        }
        var instances = generate(
            from: origin, frame: frame, length: length, window: window, limits: limits,
            budget: budget, context)
        let excluded = exclusions(
            frame: frame, origin: origin, window: window, limits: limits, context)
        instances.removeAll {
            excluded.points.contains($0.start) || excluded.dates.contains($0.start.date)
        }

        var replaced = Set<FramePoint>()
        var replacedDates = Set<CivilDate>()
        var events: [CalendarEvent] = []
        var changes: [FutureChange] = []
        for override in group.overrides {
            guard let recurrence = override.source.recurrenceID else { continue }
            let point = framePoint(
                recurrence.value, tzid: recurrence.tzid, frame: frame, context)
            let matched =
                instances.contains { $0.start == point }
                || (point.isDate && instances.contains { $0.start.date == point.date })
            if point.isDate, !frame.isDates {
                replacedDates.insert(point.date)
            } else {
                replaced.insert(point)
            }
            if !matched, (window.from.map { point.date >= $0.date } ?? true),
                point.date < window.end(unbounded: true).date
            {
                warn(
                    override.source, recurrence.line,
                    "RECURRENCE-ID \(recurrence.original.text) matches no instance of series '\(uid)'",
                    "listed as an event of its own")
            }
            let text = instanceText(point, frame: frame)
            if let event = map(
                override.source, fileIndex: override.fileIndex, scope: override.scope,
                recurrenceId: text)
            {
                events.append(event)
                if override.source.recurrenceRange == "THISANDFUTURE",
                    let change = futureChange(from: point, override: override, frame: frame)
                {
                    changes.append(change)
                }
            }
        }
        changes.sort { $0.from.wallClock < $1.from.wallClock }

        for instance in instances
        where !replaced.contains(instance.start) && !replacedDates.contains(instance.start.date) {
            let change = changes.last { $0.from.wallClock < instance.start.wallClock }
            if let event = instanceEvent(
                instance, uid: uid, frame: frame, length: change?.length ?? length,
                shift: change?.shift ?? 0, template: change?.source ?? master,
                master: master, context)
            {
                events.append(event)
            }
        }
        budget -= instances.count
        return events
    }

    // MARK: - Frame and length

    /// The series' frame and its first instance on that frame's clock.
    ///
    /// A UTC DTSTART in a calendar with `X-WR-TIMEZONE` is expanded on that zone's wall clock
    /// (what Apple and Google mean), unless `--x-wr-timezone ignore`.
    private mutating func seriesFrame(
        _ property: TimeProperty, _ start: ResolvedTime, _ context: Context
    ) -> (SeriesFrame, FramePoint)? {
        switch (property.value, start) {
        case (.date(let date), _):
            return (.dates, .date(date))
        case (.dateTime(let wallClock, _), .floating):
            return (.floating, .wall(wallClock))
        case (.dateTime(let wallClock, true), .instant(let utc, _)):
            if wrPolicy == .apply, let name = context.scope.wrTimezone,
                let zone = zoneNamed(name, context),
                let local = try? LocalDateTime(secondsSinceEpoch: zone.localSeconds(forUTC: utc))
            {
                return (.zoned(zone, written: name), .wall(local))
            }
            return (.zoned(FixedOffsetZone.utc, written: nil), .wall(wallClock))
        case (.dateTime(let wallClock, false), .instant(_, let zone)):
            return (
                .zoned(zone, written: property.tzid ?? context.scope.wrTimezone), .wall(wallClock)
            )
        default:
            return nil
        }
    }

    /// The length every instance gets, checked the way a single event is (DTEND before DTSTART
    /// is an error that skips the series).
    private mutating func instanceLength(
        _ start: ResolvedTime, origin: FramePoint, frame: SeriesFrame, _ context: Context
    ) -> InstanceLength? {
        let source = context.source
        do {
            switch origin {
            case .date(let date):
                return .days(date.days(to: try allDayEnd(date, source)))
            case .wall:
                guard try timedBounds(start, source, context) != nil else { return nil }
                if let dtend = source.end {
                    var end = resolve(dtend, context)
                    if case .date(let date) = end {
                        end = sameKind(as: start, wallClock: LocalDateTime(startOf: date))
                    }
                    switch (start, end) {
                    case (.instant(let startUTC, _), .instant(let endUTC, _)):
                        return .exact(seconds: endUTC - startUTC)
                    default:
                        return .exact(
                            seconds: try wallClock(end).secondsSinceEpoch
                                - wallClock(start).secondsSinceEpoch)
                    }
                }
                if let duration = source.duration { return .nominal(duration.value) }
                return .exact(seconds: 0)
            }
        } catch {
            fail(source, source.line, "\(error)")
            return nil
        }
    }

    // MARK: - Generation

    /// DTSTART, every RRULE instance and every RDATE in the window, sorted, each once.
    private mutating func generate(
        from origin: FramePoint, frame: SeriesFrame, length: InstanceLength,
        window: ExpansionWindow, limits: ExpansionLimits, budget: Int, _ context: Context
    ) -> [Instance] {
        let source = context.source
        let range = generationRange(
            origin: origin, frame: frame, length: length, window: window, unbounded: false)
        var starts: [FramePoint] = [origin]
        let cap = min(limits.instancesPerSeries, max(0, budget))
        for property in source.rules {
            let rule = property.rule
            if rule.isUnbounded, window.to == nil {
                unboundedSeries.append(SourceLocation(file: source.file, line: source.line))
            }
            starts += ruleInstances(
                rule, property: property, origin: origin, frame: frame,
                range: generationRange(
                    origin: origin, frame: frame, length: length, window: window,
                    unbounded: rule.isUnbounded),
                limits: limits, cap: cap, context)
        }
        var instances = starts.map { Instance(start: $0, end: nil) }
        for property in source.recurrenceDates {
            let tzid = property.tzid
            for value in property.values {
                switch value {
                case .dateTime(let time):
                    var point = framePoint(time, tzid: tzid, frame: frame, context)
                    if point.isDate, case .wall(let first) = origin {
                        point = .wall(
                            (try? LocalDateTime(
                                date: point.date, hour: first.hour, minute: first.minute,
                                second: first.second)) ?? first)
                    }
                    instances.append(Instance(start: point, end: nil))
                case .period(let period):
                    let start = framePoint(period.start, tzid: tzid, frame: frame, context)
                    var end: FramePoint?
                    if let last = period.end {
                        end = framePoint(last, tzid: tzid, frame: frame, context)
                    } else if let duration = period.duration, case .wall(let time) = start {
                        end =
                            (try? time.adding(days: duration.days).adding(seconds: duration.seconds))
                            .map(FramePoint.wall)
                    }
                    instances.append(Instance(start: start, end: end))
                default:
                    continue
                }
            }
        }
        instances.sort { $0.start.wallClock < $1.start.wallClock }
        var unique: [Instance] = []
        unique.reserveCapacity(instances.count)
        for instance in instances where unique.last?.start != instance.start {
            unique.append(instance)
        }
        if unique.count > cap {
            warn(
                source, source.line,
                "Series '\(source.uid ?? "")' has more than \(cap) instances in range",
                "only the first \(cap) are listed (raise --max-instances)")
            unique.removeLast(unique.count - cap)
        }
        return unique.filter { range.contains($0.start.wallClock) }
    }

    /// The instances of one RRULE (or EXRULE) within `range`, within the limits.
    private mutating func ruleInstances(
        _ rule: RecurrenceRule, property: RuleProperty, origin: FramePoint, frame: SeriesFrame,
        range: ClosedRange<LocalDateTime>, limits: ExpansionLimits, cap: Int, _ context: Context
    ) -> [FramePoint] {
        let source = context.source
        if rule.neverMatches {
            warn(source, property.line, "\(property.name) can never match", "it adds no instances")
            return []
        }
        guard let steps = rule.worstStepsBetweenInstances, steps <= limits.stepsPerCall else {
            warn(
                source, property.line,
                "\(property.name) would make libical step through up to \(rule.worstStepsBetweenInstances ?? Int.max) \(rule.frequency) steps between instances",
                "it is not expanded")
            return []
        }
        if !rule.libicalCaveats.isEmpty {
            warn(
                source, property.line,
                "\(property.name) uses \(rule.libicalCaveats.joined(separator: ", ")), which libical 3.0.16 may expand differently from RFC 5545",
                "expanded by libical as it is")
        }
        if rule.count != nil, rule.until != nil {
            warn(
                source, property.line,
                "\(property.name) has both COUNT and UNTIL (RFC 5545 forbids it)",
                "the series ends at whichever comes first")
        }
        let text = rule.iteratorText(until: until(rule, origin: origin, frame: frame))
        let start: ICalDateTime =
            switch origin {
            case .date(let date): .date(date)
            case .wall(let time): .dateTime(time, isUTC: false)
            }
        guard let iterator = LibicalRecurrenceIterator(rule: text, start: start) else {
            warn(
                source, property.line, "libical cannot expand \(property.name) '\(text)'",
                "it adds no instances")
            return []
        }
        if rule.count == nil, range.lowerBound > origin.wallClock {
            let skipTo: ICalDateTime =
                origin.isDate
                ? .date(range.lowerBound.date) : .dateTime(range.lowerBound, isUTC: false)
            _ = iterator.skip(to: skipTo)
        }
        var points: [FramePoint] = []
        var iterations = 0
        while let next = iterator.next() {
            iterations += 1
            if let count = rule.count, rule.until != nil, iterations > count { break }
            let wallClock = next.wallClock
            if wallClock > range.upperBound { break }
            if wallClock >= range.lowerBound {
                points.append(origin.isDate ? .date(wallClock.date) : .wall(wallClock))
                if points.count > cap { break }
            }
            if iterations >= limits.iterationsPerSeries {
                warn(
                    source, property.line,
                    "\(property.name) took \(iterations) iteration steps without ending",
                    "the series stops at \(wallClock) (raise --max-iterations)")
                break
            }
        }
        return points
    }

    /// UNTIL on the series' clock: a UTC UNTIL moved to the series' wall clock, a DATE UNTIL
    /// of a timed series read as the end of that day, a DATE-TIME UNTIL of an all-day series
    /// read as its date (the forms Google and others write).
    private func until(_ rule: RecurrenceRule, origin: FramePoint, frame: SeriesFrame)
        -> ICalDateTime?
    {
        guard let until = rule.until else { return nil }
        switch (until, origin, frame) {
        case (.date(let date), .wall, _):
            return (try? LocalDateTime(date: date, hour: 23, minute: 59, second: 59))
                .map { .dateTime($0, isUTC: false) }
        case (.dateTime(let time, _), .date, .dates):
            return .date(time.date)
        case (.dateTime(let time, true), .wall, .zoned(let zone, _)):
            return
                (try? LocalDateTime(
                    secondsSinceEpoch: zone.localSeconds(forUTC: time.secondsSinceEpoch)))
                .map { .dateTime($0, isUTC: false) }
        case (.dateTime(let time, _), _, _):
            return .dateTime(time, isUTC: false)
        default:
            return until
        }
    }

    /// The span of series-clock times whose instances may overlap the window: the window's
    /// bounds moved to the series' clock, the start earlier by one instance's length.
    private func generationRange(
        origin: FramePoint, frame: SeriesFrame, length: InstanceLength, window: ExpansionWindow,
        unbounded: Bool
    ) -> ClosedRange<LocalDateTime> {
        let slack: Int
        switch length {
        case .days(let days): slack = days * 86_400
        case .exact(let seconds): slack = max(0, seconds)
        // A nominal day may last an hour longer across a DST change.
        case .nominal(let duration): slack = max(0, duration.nominalSeconds) + 3600
        }
        let low =
            window.from.map(onSeriesClock(frame)).flatMap { try? $0.adding(seconds: -slack) }
            .map { max($0, origin.wallClock) } ?? origin.wallClock
        // With no end but the rule's own, the last representable time needs no conversion
        // (converting it would make an embedded zone work out its changes up to year 9999).
        let end = window.end(unbounded: unbounded)
        let high = end.date == .maximum ? end : onSeriesClock(frame)(end)
        return low...max(low, high)
    }

    /// A target-zone wall-clock time on the series' clock.
    private func onSeriesClock(_ frame: SeriesFrame) -> (LocalDateTime) -> LocalDateTime {
        { time in
            guard case .zoned(let zone, _) = frame else { return time }
            let utc = target.rules.utcSeconds(forLocal: time.secondsSinceEpoch)
            return (try? LocalDateTime(secondsSinceEpoch: zone.localSeconds(forUTC: utc))) ?? time
        }
    }

    /// EXDATE (and EXRULE) points, and the dates a DATE EXDATE removes from a timed series.
    private mutating func exclusions(
        frame: SeriesFrame, origin: FramePoint, window: ExpansionWindow, limits: ExpansionLimits,
        _ context: Context
    ) -> (points: Set<FramePoint>, dates: Set<CivilDate>) {
        var points = Set<FramePoint>()
        var dates = Set<CivilDate>()
        for property in context.source.exceptionRules {
            let rule = property.rule
            let range = generationRange(
                origin: origin, frame: frame, length: .exact(seconds: 0), window: window,
                unbounded: rule.isUnbounded)
            points.formUnion(
                ruleInstances(
                    rule, property: property, origin: origin, frame: frame, range: range,
                    limits: limits, cap: limits.instancesPerSeries, context))
        }
        for property in context.source.exceptionDates {
            let tzid = property.tzid
            for case .dateTime(let value) in property.values {
                let point = framePoint(value, tzid: tzid, frame: frame, context)
                if point.isDate, !frame.isDates {
                    dates.insert(point.date)
                } else {
                    points.insert(point)
                }
            }
        }
        return (points, dates)
    }

    // MARK: - Points and events

    /// Whether a RECURRENCE-ID names the instant (or date) `original` was written for.
    mutating func names(
        _ recurrence: TimeProperty, _ original: OriginalTime, _ override: PendingEvent
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
        return framePoint(recurrence.value, tzid: recurrence.tzid, frame: frame, context)
            == framePoint(value, tzid: tzid, frame: frame, context)
    }

    /// A DATE or DATE-TIME value on the series' clock: an instant (UTC or another zone) at its
    /// wall-clock time in the series' zone, a floating time as written.
    mutating func framePoint(
        _ value: ICalDateTime, tzid: String?, frame: SeriesFrame, _ context: Context
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
            } else if let tzid, let zone = zoneNamed(tzid, context) {
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

    /// The recurrence id of an instance: its start on the series' clock, `Z` for a UTC series.
    private func instanceText(_ point: FramePoint, frame: SeriesFrame) -> String {
        switch (point, frame) {
        case (.date(let date), _): date.description
        case (.wall(let time), .zoned(_, nil)): time.description + "Z"
        case (.wall(let time), _): time.description
        }
    }

    private mutating func futureChange(
        from point: FramePoint, override: PendingEvent, frame: SeriesFrame
    )
        -> FutureChange?
    {
        let context = Context(
            source: override.source, fileIndex: override.fileIndex, scope: override.scope)
        guard let start = override.source.start else { return nil }
        let moved = framePoint(start.value, tzid: start.tzid, frame: frame, context)
        let shift = moved.wallClock.secondsSinceEpoch - point.wallClock.secondsSinceEpoch
        let resolved = resolve(start, context)
        guard let length = instanceLength(resolved, origin: moved, frame: frame, context) else {
            return nil
        }
        return FutureChange(from: point, shift: shift, length: length, source: override.source)
    }

    /// One instance as an event: times from the series (shifted by a THISANDFUTURE change),
    /// the other fields from `template` (the master, or the change's override).
    private mutating func instanceEvent(
        _ instance: Instance, uid: String, frame: SeriesFrame, length: InstanceLength, shift: Int,
        template: EventSource, master: EventSource, _ context: Context
    ) -> CalendarEvent? {
        let line = master.start?.line ?? master.line
        do {
            let interval: EventInterval
            var zone: String?
            let original: OriginalTime
            switch instance.start {
            case .date(let date):
                let start = try date.adding(days: shift / 86_400)
                var end = try start.adding(days: 1)
                if case .days(let days) = length { end = try start.adding(days: max(1, days)) }
                if case .date(let last)? = instance.end, last > start { end = last }
                interval = .allDay(start: start, end: end)
                original = .date(date)
            case .wall(let written):
                let wall = try written.adding(seconds: shift)
                let start: ResolvedTime
                switch frame {
                case .zoned(let frameZone, let name):
                    start = self.instant(wall, in: frameZone, line: line, master)
                    zone = target.name
                    original = name.map { .zoned(written, tzid: $0) } ?? .utc(written)
                default:
                    start = .floating(wall)
                    original = .floating(written)
                }
                var end: ResolvedTime
                if case .wall(let last)? = instance.end {
                    end = sameKind(as: start, wallClock: try last.adding(seconds: shift))
                } else {
                    switch length {
                    case .exact(let seconds):
                        switch start {
                        case .instant(let utc, let startZone):
                            end = .instant(utc: utc + seconds, zone: startZone)
                        default: end = .floating(try wall.adding(seconds: seconds))
                        }
                    case .nominal(let duration):
                        end = try adding(duration, to: start)
                    case .days(let days):
                        end = try adding(CalendarDuration(days: days), to: start)
                    }
                }
                let startTime = try wallClock(start)
                var endTime = try wallClock(end)
                if endTime < startTime {
                    if case .instant(let startUTC, _) = start, case .instant(let endUTC, _) = end,
                        endUTC >= startUTC
                    {
                        endTime = try startTime.adding(seconds: endUTC - startUTC)
                    } else {
                        endTime = startTime
                    }
                }
                interval = .timed(start: startTime, end: endTime)
            }
            return try CalendarEvent(
                uid: uid, recurrenceId: instanceText(instance.start, frame: frame),
                title: template.summary, interval: interval, zone: zone,
                location: template.location, description: template.description,
                status: status(template), transparency: transparency(template),
                categories: template.categories, organizer: template.organizer,
                attendees: template.attendees, resources: template.resources, url: template.url,
                color: template.color, source: SourceLocation(file: master.file, line: master.line),
                originalStart: original, sequence: template.sequence)
        } catch {
            warn(
                master, line, "Instance \(instance.start.wallClock) of series '\(uid)': \(error)",
                "instance skipped")
            return nil
        }
    }
}

extension FramePoint {
    var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The point as a wall-clock time (a date at 00:00), for ordering.
    var wallClock: LocalDateTime {
        switch self {
        case .date(let date): LocalDateTime(startOf: date)
        case .wall(let time): time
        }
    }
}

extension SeriesFrame {
    var isDates: Bool {
        if case .dates = self { return true }
        return false
    }
}
