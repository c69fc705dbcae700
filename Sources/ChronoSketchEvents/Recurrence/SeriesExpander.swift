import ChronoSketchCore
import ChronoSketchSyntax

/// Where instances are generated, in the target zone's wall clock.
struct ExpansionWindow: Sendable {
    /// The window's start; nil from the series' start.
    var from: LocalDateTime?
    /// The window's exclusive end (`--to`).
    var to: LocalDateTime?
    /// Where rules without an end stop when there is no `--to`.
    var horizon: LocalDateTime

    /// The last time a rule's instances are generated up to: with no `to`, the horizon for a
    /// rule without an end, and the last second of 9999 for the others.
    func end(unbounded: Bool) -> LocalDateTime {
        to ?? (unbounded ? horizon : Self.lastSecond)
    }

    private static let lastSecond =
        (try? LocalDateTime(date: .maximum, hour: 23, minute: 59, second: 59))
        ?? LocalDateTime(startOf: .maximum)
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

/// What EXDATE and EXRULE take out of a series, each with the line that takes it out.
private struct Exclusions {
    var points: [FramePoint: Int] = [:]
    /// Whole days taken out of a timed series (an EXDATE of VALUE=DATE).
    var dates: [CivilDate: Int] = [:]

    /// The line that excludes `point`, if one does.
    func line(excluding point: FramePoint) -> Int? {
        points[point] ?? dates[point.date]
    }
}

/// A RANGE=THISANDFUTURE override, applied to the later instances of its series.
private struct FutureChange {
    var from: FramePoint
    var shift: Int
    var length: InstanceLength
    var source: EventSource
}

/// Expands series one after another, within the total instance budget, with the mapper's
/// rules for times and fields.
struct SeriesExpander {
    typealias Context = EventMapper.Context

    let mapper: EventMapper
    let limits: ExpansionLimits
    /// Instances the series still to come may give.
    private var instancesLeft: Int

    init(mapper: EventMapper, limits: ExpansionLimits) {
        self.mapper = mapper
        self.limits = limits
        instancesLeft = limits.totalInstances
    }

    /// The events of one series.
    struct Expansion {
        /// Its instances and overrides in the window, by start.
        var events: [CalendarEvent] = []
        /// Whether a rule without an end was expanded to the horizon (there was no `to`).
        var reachedHorizon = false
    }

    /// Expands `group` within `window`, once the total budget is spent says so once and
    /// expands nothing more.
    mutating func expand(
        _ group: SeriesGroup, window: ExpansionWindow, log: inout DiagnosticLog
    ) -> Expansion {
        guard instancesLeft > 0 else {
            ExpansionBudget.notExpanded(group.master.source, limits: limits, log: &log)
            return Expansion()
        }
        var expansion = Expansion()
        expansion.events = events(
            of: group, window: window, reachedHorizon: &expansion.reachedHorizon, log: &log)
        expansion.events.sort(by: CalendarEvent.precedes)
        return expansion
    }

    /// Expands a series into its instances, applies EXDATE, RDATE and the overrides, and maps
    /// every instance and override that may overlap `window`.
    ///
    /// Instances are computed on the series' own clock (``ruleInstances``), so 09:00 stays
    /// 09:00 across a DST change, then converted to the target zone. libical 3.0.16's
    /// `icalcomponent_foreach_recurrence` would list an overridden instance at its old time
    /// and an RDATE equal to a rule instance twice; here overrides replace their instance and
    /// equal instances are one. Every rule of the series draws on one ``ExpansionBudget``; the
    /// total left goes down by the instances generated.
    /// - Complexity: O(k log k) in the instances generated, plus the steps of the rules' walks.
    private mutating func events(
        of group: SeriesGroup, window: ExpansionWindow, reachedHorizon: inout Bool,
        log: inout DiagnosticLog
    ) -> [CalendarEvent] {
        let master = group.master.source
        let context = Context(
            source: master, fileIndex: group.master.fileIndex, scope: group.master.scope)
        // A master that cannot be placed was reported by the checks as it was read.
        guard master.isPlaceable, let startProperty = master.start else {
            return group.overrides.compactMap {
                mapper.map($0.source, fileIndex: $0.fileIndex, scope: $0.scope, log: &log)
            }
        }
        let uid = master.uid ?? mapper.fallbackUID(master)
        let (start, sourceZone) = mapper.resolveNamed(startProperty, context, log: &log)
        guard let (frame, origin) = seriesFrame(startProperty, start, context, log: &log),
            let length = instanceLength(start, origin: origin, frame: frame, context, log: &log)
        else {
            return group.overrides.compactMap {
                mapper.map($0.source, fileIndex: $0.fileIndex, scope: $0.scope, log: &log)
            }
        }
        let window = widened(window, for: group)
        let budget = ExpansionBudget(limits: limits, instancesLeft: instancesLeft)
        var instances = generate(
            from: origin, frame: frame, length: length, window: window, budget: budget,
            reachedHorizon: &reachedHorizon, context, log: &log)
        let excluded = exclusions(
            frame: frame, origin: origin, window: window, budget: budget, context, log: &log)
        instances.removeAll { excluded.line(excluding: $0.start) != nil }

        var replaced = Set<FramePoint>()
        var replacedDates = Set<CivilDate>()
        var events: [CalendarEvent] = []
        var changes: [FutureChange] = []
        for override in group.overrides {
            guard let recurrence = override.source.recurrenceID else { continue }
            let point = mapper.framePoint(
                recurrence.value, tzid: recurrence.tzid, frame: frame, context, log: &log)
            let matched =
                instances.contains { $0.start == point }
                || (point.isDate && instances.contains { $0.start.date == point.date })
            let inWindow =
                (window.from.map { point.date >= $0.date } ?? true)
                && point.date < window.end(unbounded: true).date
            // An edit of an instance that the master has since deleted, or no longer makes.
            if let line = excluded.line(excluding: point) {
                log.warn(
                    override.source, .droppedOverride, recurrence.line,
                    "RECURRENCE-ID \(recurrence.original.text) names an instance of series '\(uid)' that line \(line) excludes",
                    "the override is dropped")
                continue
            }
            if !matched, inWindow, override.source.sequence < master.sequence {
                log.warn(
                    override.source, .droppedOverride, recurrence.line,
                    "RECURRENCE-ID \(recurrence.original.text) (SEQUENCE \(override.source.sequence)) names an instance that series '\(uid)' (SEQUENCE \(master.sequence), line \(master.line)) no longer has",
                    "the older override is dropped")
                continue
            }
            if point.isDate, !frame.isDates {
                replacedDates.insert(point.date)
            } else {
                replaced.insert(point)
            }
            if !matched, inWindow {
                log.warn(
                    override.source, .orphanOverride, recurrence.line,
                    "RECURRENCE-ID \(recurrence.original.text) matches no instance of series '\(uid)'",
                    "listed as an event of its own")
            }
            if let event = mapper.map(
                override.source, fileIndex: override.fileIndex, scope: override.scope,
                recurrenceId: recurrenceTime(point, frame: frame), log: &log)
            {
                events.append(event)
                if override.source.recurrenceRange == "THISANDFUTURE",
                    let change = futureChange(
                        from: point, override: override, frame: frame, log: &log)
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
                master: master, sourceZone: sourceZone, context, log: &log)
            {
                events.append(event)
            }
        }
        instancesLeft -= instances.count
        return events
    }

    /// The window widened by as far as a RANGE=THISANDFUTURE override may move later
    /// instances (its shift and its length, and a day for zones), so that an instance it moves
    /// across the window's edge is generated; the events are cut to the window afterwards.
    private func widened(_ window: ExpansionWindow, for group: SeriesGroup) -> ExpansionWindow {
        var reach = 0
        for override in group.overrides
        where override.source.recurrenceRange == "THISANDFUTURE" {
            let source = override.source
            guard let start = source.start, let recurrence = source.recurrenceID else { continue }
            var span = abs(
                start.value.wallClock.secondsSinceEpoch
                    - recurrence.value.wallClock.secondsSinceEpoch)
            if let end = source.end {
                span += abs(
                    end.value.wallClock.secondsSinceEpoch - start.value.wallClock.secondsSinceEpoch)
            }
            if let duration = source.duration { span += abs(duration.value.nominalSeconds) }
            reach = max(reach, span + 86_400)
        }
        guard reach > 0 else { return window }
        var wide = window
        wide.from = window.from.flatMap { try? $0.adding(seconds: -reach) }
        wide.to = window.to.flatMap { try? $0.adding(seconds: reach) }
        return wide
    }

    // MARK: - Frame and length

    /// The series' frame and its first instance on that frame's clock.
    ///
    /// A UTC DTSTART in a calendar with `X-WR-TIMEZONE` is expanded on that zone's wall clock
    /// (what Apple and Google mean), unless `--x-wr-timezone ignore`.
    private func seriesFrame(
        _ property: TimeProperty, _ start: ResolvedTime, _ context: Context,
        log: inout DiagnosticLog
    ) -> (SeriesFrame, FramePoint)? {
        switch (property.value, start) {
        case (.date(let date), _):
            return (.dates, .date(date))
        case (.dateTime(let wallClock, _), .floating):
            return (.floating, .wall(wallClock))
        case (.dateTime(let wallClock, true), .instant(let utc, _)):
            if mapper.wrPolicy == .apply, let name = context.scope.wrTimezone,
                let zone = mapper.zoneNamed(name, context, log: &log)?.zone,
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

    /// The length every instance gets, checked the way a single event is. A DTEND before
    /// DTSTART gives a negative length: each instance then ends where the rule puts it and
    /// starts that much earlier (the two swapped, as for a single event).
    private func instanceLength(
        _ start: ResolvedTime, origin: FramePoint, frame: SeriesFrame, _ context: Context,
        log: inout DiagnosticLog
    ) -> InstanceLength? {
        let source = context.source
        do {
            switch origin {
            case .date(let date):
                return .days(date.days(to: try mapper.allDayEnd(date, source, log: &log)))
            case .wall:
                // DTEND resolved once: for the checks of a single event, then the length.
                let (start, end) = try mapper.endpoints(start, source, context, log: &log)
                guard try mapper.bounds(start, end, source, log: &log) != nil else { return nil }
                if source.end != nil {
                    switch (start, end) {
                    case (.instant(let startUTC, _), .instant(let endUTC, _)):
                        return .exact(seconds: endUTC - startUTC)
                    default:
                        return .exact(
                            seconds: try mapper.wallClock(end).secondsSinceEpoch
                                - mapper.wallClock(start).secondsSinceEpoch)
                    }
                }
                if let duration = source.duration { return .nominal(duration.value) }
                return .exact(seconds: 0)
            }
        } catch {
            log.fail(source, ValueReader.unplaceable(error), source.line)
            return nil
        }
    }

    // MARK: - Generation

    /// DTSTART, every RRULE instance and every RDATE in the window, sorted, each once.
    private func generate(
        from origin: FramePoint, frame: SeriesFrame, length: InstanceLength,
        window: ExpansionWindow, budget: ExpansionBudget, reachedHorizon: inout Bool,
        _ context: Context, log: inout DiagnosticLog
    ) -> [Instance] {
        let source = context.source
        let range = generationRange(
            origin: origin, frame: frame, length: length, window: window, unbounded: false,
            fromOrigin: false)
        var starts: [FramePoint] = [origin]
        for property in source.rules {
            let rule = property.rule
            if rule.isUnbounded, window.to == nil {
                reachedHorizon = true
            }
            starts += ruleInstances(
                rule, property: property, origin: origin, frame: frame,
                range: generationRange(
                    origin: origin, frame: frame, length: length, window: window,
                    unbounded: rule.isUnbounded),
                budget: budget, cap: budget.instanceLimit, context, log: &log)
        }
        var instances = starts.map { Instance(start: $0, end: nil) }
        for property in source.recurrenceDates {
            let tzid = property.tzid
            for value in property.values {
                switch value {
                case .dateTime(let time):
                    var point = mapper.framePoint(
                        time, tzid: tzid, frame: frame, context, log: &log)
                    if point.isDate, case .wall(let first) = origin {
                        point = .wall(
                            (try? LocalDateTime(
                                date: point.date, hour: first.hour, minute: first.minute,
                                second: first.second)) ?? first)
                    }
                    instances.append(Instance(start: point, end: nil))
                case .period(let period):
                    let start = mapper.framePoint(
                        period.start, tzid: tzid, frame: frame, context, log: &log)
                    var end: FramePoint?
                    if let last = period.end {
                        end = mapper.framePoint(last, tzid: tzid, frame: frame, context, log: &log)
                        if let finish = end, finish.wallClock <= start.wallClock {
                            log.warn(
                                source, .emptyPeriod, property.line,
                                "RDATE period \(start.wallClock)/\(finish.wallClock) does not end after it starts",
                                "the instance lasts as long as the others")
                            end = nil
                        }
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
        for instance in instances {
            guard unique.last?.start == instance.start else {
                unique.append(instance)
                continue
            }
            // An RDATE PERIOD at the start of another instance gives it the period's end.
            if instance.end != nil { unique[unique.count - 1] = instance }
        }
        budget.limit(&unique, time: \.start.wallClock, source: source, log: &log)
        return unique.filter { range.contains($0.start.wallClock) }
    }

    /// The instances of one RRULE (or EXRULE) within `range`, walked within the series' budget
    /// (``RuleWalk``): in Swift for the Gregorian calendar (``ruleExpansion(_:origin:skip:)``),
    /// by libical for another scale (``OtherScaleRule``). Where the walk stopped short is said
    /// by the budget.
    private func ruleInstances(
        _ written: RecurrenceRule, property: RuleProperty, origin: FramePoint, frame: SeriesFrame,
        range: ClosedRange<LocalDateTime>, budget: ExpansionBudget, cap: Int, _ context: Context,
        log: inout DiagnosticLog
    ) -> [FramePoint] {
        let source = context.source
        guard
            let (rule, scale) = readable(
                written, property: property, origin: origin, context, log: &log)
        else { return [] }
        let start: ICalDateTime =
            switch origin {
            case .date(let date): .date(date)
            case .wall(let time): .dateTime(time, isUTC: false)
            }
        let end = checkedEnd(
            rule, property: property, origin: origin, frame: frame, context, log: &log)
        // COUNT is counted by the walk: DTSTART counts as the first occurrence of an RRULE even
        // when the rule does not give it (RFC 5545 §3.3.10: "The DTSTART property value always
        // counts as the first occurrence"), and an instance given twice counts once.
        var walk = RuleWalk(
            budget: budget, origin: origin.wallClock, range: range, until: end?.wallClock,
            count: rule.count, countsOrigin: property.name == "RRULE", cap: cap)
        switch scale {
        case .gregorian(let skip):
            guard var expansion = ruleExpansion(rule, origin: start, skip: skip) else {
                log.warn(
                    source, .unexpandableRule, property.line,
                    "\(property.name) '\(rule.text)' names a leap month beside BYWEEKNO",
                    "it adds no instances")
                return []
            }
            expansion.expand(&walk)
        case .other(let name):
            // libical walks a sub-daily rule a step at a time inside one call, with no budget.
            guard let steps = rule.worstStepsBetweenInstances, steps <= limits.stepsPerCall else {
                log.warn(
                    source, .unexpandableRule, property.line,
                    "\(property.name) would make libical step through up to \(rule.worstStepsBetweenInstances ?? Int.max) \(rule.frequency) steps between instances",
                    "it is not expanded")
                return []
            }
            guard var expansion = OtherScaleRule(rule, start: start, until: end) else {
                log.warn(
                    source, .unexpandableRule, property.line,
                    rule.interval > OtherScaleRule.largestInterval
                        ? "\(property.name) has RSCALE=\(name) and an INTERVAL over \(OtherScaleRule.largestInterval), the most libical keeps"
                        : "libical cannot expand \(property.name) '\(rule.text)'",
                    "it adds no instances")
                return []
            }
            expansion.expand(&walk)
            // libical ends every rule with its year 2582: said, when the series would go on.
            let lastYear = LibicalRecurrenceIterator.lastYear
            let goesOn = rule.count.map { walk.given < $0 } ?? true
            if expansion.iteratorEnded, goesOn, range.upperBound.date.year > lastYear,
                end.map({ $0.wallClock.date.year > lastYear }) ?? true
            {
                let last = walk.found.last ?? origin.wallClock
                log.warn(
                    source, .yearLimit, property.line,
                    "\(property.name) of RSCALE=\(name) goes on after \(lastYear), the last year libical 3.0.16 expands",
                    walk.found.isEmpty
                        ? "none of its instances after it are listed"
                        : "the series stops at \(origin.isDate ? "\(last.date)" : "\(last)")")
            }
        }
        budget.finish(walk, of: property, source: source, log: &log)
        return walk.found.map { origin.isDate ? .date($0.date) : .wall($0) }
    }

    /// The calendar scale a rule is expanded in (RFC 7529's RSCALE).
    private enum Scale {
        /// The Gregorian calendar, RFC 5545's, with how RSCALE's SKIP handles days that do
        /// not exist.
        case gregorian(CalendarRule.Skip)
        /// Another, expanded by libical (``OtherScaleRule``).
        case other(String)
    }

    /// The rule as it is expanded, and the calendar scale it is expanded in; nil, said, when
    /// it gives nothing. What RFC 5545 §3.3.10 forbids is said with the reading chosen:
    /// time parts of a DATE series ignored (as the RFC says), a BYDAY ordinal outside MONTHLY
    /// and YEARLY rules (or beside BYWEEKNO) read as the weekday alone, BYWEEKNO outside YEARLY,
    /// BYYEARDAY in DAILY, WEEKLY and MONTHLY rules and BYMONTHDAY in WEEKLY ones read as limits
    /// of the days (as python-dateutil reads them). SKIP is RSCALE's (RFC 7529), and said
    /// without it.
    private func readable(
        _ written: RecurrenceRule, property: RuleProperty, origin: FramePoint, _ context: Context,
        log: inout DiagnosticLog
    ) -> (RecurrenceRule, Scale)? {
        let source = context.source
        let name = property.name
        func misuse(_ message: String, _ consequence: String) {
            log.warn(source, .ruleMisuse, property.line, message, consequence)
        }
        var rule = written
        let timeParts: Set<String> = ["BYHOUR", "BYMINUTE", "BYSECOND"]
        if origin.isDate, written.parts.contains(where: { timeParts.contains($0.name) }) {
            let named = written.parts.map(\.name).filter(timeParts.contains)
            misuse(
                "\(name) has \(named.joined(separator: ", ")) but DTSTART is a date",
                "\(named.count == 1 ? "it is" : "they are") ignored, as RFC 5545 §3.3.10 says")
            rule = rule.removing(timeParts)
        }
        let frequency = rule.frequency
        let besideWeeks = frequency == .yearly && !rule.byWeekNo.isEmpty
        if frequency < .monthly || besideWeeks, rule.byDay.contains(where: { $0.ordinal != 0 }) {
            var weekdays: [RecurrenceRule.WeekdayNumber] = []
            for day in rule.byDay where !weekdays.contains(where: { $0.weekday == day.weekday }) {
                weekdays.append(RecurrenceRule.WeekdayNumber(day.weekday))
            }
            rule = rule.adding([.byDay(weekdays)])
            misuse(
                besideWeeks
                    ? "BYDAY has an ordinal beside BYWEEKNO, which RFC 5545 forbids; read as the weekday alone"
                    : "BYDAY has an ordinal, which RFC 5545 allows only with MONTHLY and YEARLY rules; read as the weekday alone",
                "expanded so")
        }
        var limits: [String] = []
        if !rule.byWeekNo.isEmpty, frequency != .yearly { limits.append("BYWEEKNO") }
        if !rule.byYearDay.isEmpty, [.daily, .weekly, .monthly].contains(frequency) {
            limits.append("BYYEARDAY")
        }
        if !rule.byMonthDay.isEmpty, frequency == .weekly { limits.append("BYMONTHDAY") }
        if !limits.isEmpty {
            misuse(
                "\(limits.joined(separator: " and ")) with FREQ=\(frequency.name), which RFC 5545 §3.3.10 does not allow",
                "read as \(limits.count == 1 ? "a limit" : "limits") of the days")
        }
        var skip = CalendarRule.Skip.omit
        if let scale = rule.scale, scale != "GREGORIAN" {
            return (rule, .other(scale))
        } else if rule.scale != nil {
            switch rule.skip {
            case nil, "OMIT": skip = .omit
            case "BACKWARD": skip = .backward
            case "FORWARD": skip = .forward
            case let other?:
                misuse("\(name) has SKIP=\(other), which RFC 7529 does not define", "read as OMIT")
            }
        } else if let other = rule.skip {
            misuse(
                "\(name) has SKIP=\(other) without RSCALE, which RFC 7529 requires",
                "read as OMIT")
        }
        if skip == .omit, rule.neverMatches {
            log.warn(
                source, .ruleNeverMatches, property.line, "\(name) can never match",
                "it adds no instances")
            return nil
        }
        return (rule, .gregorian(skip))
    }

    /// UNTIL on the series' clock (``until(_:origin:frame:)``), with what RFC 5545 §3.3.10 says
    /// of COUNT and UNTIL checked: both given, a DATE UNTIL for a timed series, an UNTIL before
    /// DTSTART, each said.
    private func checkedEnd(
        _ rule: RecurrenceRule, property: RuleProperty, origin: FramePoint, frame: SeriesFrame,
        _ context: Context, log: inout DiagnosticLog
    ) -> ICalDateTime? {
        let source = context.source
        if rule.count != nil, rule.until != nil {
            log.warn(
                source, .ruleMisuse, property.line,
                "\(property.name) has both COUNT and UNTIL (RFC 5545 forbids it)",
                "the series ends at whichever comes first")
        }
        let end = until(rule, origin: origin, frame: frame)
        if case .date(let date)? = rule.until, case .wall = origin {
            log.warn(
                source, .ruleMisuse, property.line,
                "\(property.name) has a DATE UNTIL (\(date)) but DTSTART is a date-time",
                "the series ends with that day")
        }
        if let end, end.wallClock < origin.wallClock {
            log.warn(
                source, .ruleMisuse, property.line,
                "\(property.name) UNTIL \(end.wallClock) is before DTSTART \(origin.wallClock)",
                "the series is DTSTART alone")
        }
        return end
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
    /// bounds moved to the series' clock, the start earlier by one instance's length. Rules
    /// give nothing before DTSTART (`fromOrigin`); an RDATE may lie anywhere (RFC 5545
    /// §3.8.5.2: the set is the union of DTSTART, the rules' instances and the RDATEs).
    private func generationRange(
        origin: FramePoint, frame: SeriesFrame, length: InstanceLength, window: ExpansionWindow,
        unbounded: Bool, fromOrigin: Bool = true
    ) -> ClosedRange<LocalDateTime> {
        let slack: Int
        switch length {
        case .days(let days): slack = days * 86_400
        case .exact(let seconds): slack = max(0, seconds)
        // A nominal day may last an hour longer across a DST change.
        case .nominal(let duration): slack = max(0, duration.nominalSeconds) + 3600
        }
        let floor = fromOrigin ? origin.wallClock : LocalDateTime(startOf: .minimum)
        let low =
            window.from.map(onSeriesClock(frame)).flatMap { try? $0.adding(seconds: -slack) }
            .map { max($0, floor) } ?? floor
        // With no end but the rule's own, the last representable time needs no conversion
        // (converting it would make an embedded zone work out its changes up to year 9999).
        let end = window.end(unbounded: unbounded)
        var high = end.date == .maximum ? end : onSeriesClock(frame)(end)
        // Instances of a negative length (DTEND before DTSTART) start before their rule time.
        if case .exact(let seconds) = length, seconds < 0, end.date != .maximum {
            high = (try? high.adding(seconds: -seconds)) ?? high
        }
        return low...max(low, high)
    }

    /// A target-zone wall-clock time on the series' clock.
    private func onSeriesClock(_ frame: SeriesFrame) -> (LocalDateTime) -> LocalDateTime {
        { time in
            guard case .zoned(let zone, _) = frame else { return time }
            let utc = mapper.target.rules.utcSeconds(forLocal: time.secondsSinceEpoch)
            return (try? LocalDateTime(secondsSinceEpoch: zone.localSeconds(forUTC: utc))) ?? time
        }
    }

    /// EXDATE (and EXRULE) points, and the dates a DATE EXDATE removes from a timed series.
    private func exclusions(
        frame: SeriesFrame, origin: FramePoint, window: ExpansionWindow, budget: ExpansionBudget,
        _ context: Context, log: inout DiagnosticLog
    ) -> Exclusions {
        var excluded = Exclusions()
        for property in context.source.exceptionRules {
            let rule = property.rule
            let range = generationRange(
                origin: origin, frame: frame, length: .exact(seconds: 0), window: window,
                unbounded: rule.isUnbounded)
            for point in ruleInstances(
                rule, property: property, origin: origin, frame: frame, range: range,
                budget: budget, cap: limits.instancesPerSeries, context, log: &log
            ).prefix(limits.instancesPerSeries) {
                excluded.points[point] = excluded.points[point] ?? property.line
            }
        }
        for property in context.source.exceptionDates {
            let tzid = property.tzid
            if case .floating = frame,
                property.values.contains(where: {
                    if case .dateTime(.dateTime(_, true)) = $0 { true } else { false }
                })
            {
                mapper.reportUTCExceptions(line: property.line, context.source, log: &log)
            }
            for case .dateTime(let value) in property.values {
                let point = mapper.framePoint(value, tzid: tzid, frame: frame, context, log: &log)
                if point.isDate, !frame.isDates {
                    excluded.dates[point.date] = excluded.dates[point.date] ?? property.line
                } else {
                    excluded.points[point] = excluded.points[point] ?? property.line
                }
            }
        }
        return excluded
    }

    // MARK: - Points and events

    /// The recurrence id of an instance: its start on the series' clock, `Z` for a UTC series.
    /// The recurrence id of the instance at `point`: its start on the series' own clock, as
    /// a UTC, zoned or floating time, or a date.
    private func recurrenceTime(_ point: FramePoint, frame: SeriesFrame) -> OriginalTime {
        switch (point, frame) {
        case (.date(let date), _): .date(date)
        case (.wall(let time), .zoned(_, nil)): .utc(time)
        case (.wall(let time), .zoned(_, let written?)): .zoned(time, tzid: written)
        case (.wall(let time), _): .floating(time)
        }
    }

    private func futureChange(
        from point: FramePoint, override: PendingEvent, frame: SeriesFrame, log: inout DiagnosticLog
    )
        -> FutureChange?
    {
        let context = Context(
            source: override.source, fileIndex: override.fileIndex, scope: override.scope)
        guard let start = override.source.start else { return nil }
        let moved = mapper.framePoint(
            start.value, tzid: start.tzid, frame: frame, context, log: &log)
        let shift = moved.wallClock.secondsSinceEpoch - point.wallClock.secondsSinceEpoch
        let resolved = mapper.resolve(start, context, log: &log)
        guard let length = instanceLength(resolved, origin: moved, frame: frame, context, log: &log)
        else {
            return nil
        }
        return FutureChange(from: point, shift: shift, length: length, source: override.source)
    }

    /// One instance as an event: times from the series (shifted by a THISANDFUTURE change),
    /// the other fields from `template` (the master, or the change's override).
    private func instanceEvent(
        _ instance: Instance, uid: String, frame: SeriesFrame, length: InstanceLength, shift: Int,
        template: EventSource, master: EventSource, sourceZone: String?, _ context: Context,
        log: inout DiagnosticLog
    ) -> CalendarEvent? {
        let line = master.start?.line ?? master.line
        do {
            let interval: EventInterval
            var instants: InstantInterval?
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
                // Most series shift nothing (a shift is a DST gap or a moved start).
                let wall = shift == 0 ? written : try written.adding(seconds: shift)
                let start: ResolvedTime
                switch frame {
                case .zoned(let frameZone, let name):
                    start = mapper.instant(wall, in: frameZone, line: line, master, log: &log)
                    zone = mapper.target.name
                    original = name.map { .zoned(written, tzid: $0) } ?? .utc(written)
                default:
                    start = .floating(wall)
                    original = .floating(written)
                }
                var end: ResolvedTime
                if case .wall(let last)? = instance.end {
                    end = mapper.sameKind(
                        as: start, wallClock: shift == 0 ? last : try last.adding(seconds: shift))
                } else {
                    switch length {
                    case .exact(let seconds):
                        switch start {
                        case .instant(let utc, let startZone):
                            end = .instant(utc: utc + seconds, zone: startZone)
                        default: end = .floating(try wall.adding(seconds: seconds))
                        }
                    case .nominal(let duration):
                        end = try mapper.adding(duration, to: start)
                    case .days(let days):
                        end = try mapper.adding(CalendarDuration(days: days), to: start)
                    }
                }
                var (first, last) = (start, end)
                if case .exact(let seconds) = length, seconds < 0, instance.end == nil {
                    swap(&first, &last)
                }
                // An end still before the start (an RDATE period's) makes an instant.
                guard let bounds = try mapper.placed(first, last) ?? mapper.placed(first, first)
                else { return nil }
                interval = .timed(start: bounds.start, end: bounds.end)
                instants = bounds.instants
            }
            return try mapper.event(
                from: template, uid: uid,
                recurrenceId: recurrenceTime(instance.start, frame: frame),
                interval: interval, instants: instants, zone: zone,
                sourceZone: instants == nil ? nil : sourceZone, originalStart: original,
                location: SourceLocation(file: master.file, line: master.line), log: &log)
        } catch {
            log.warn(
                master,
                ValueReader.unplaceable(
                    instance: "\(instance.start.wallClock)", of: uid, error), line)
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
