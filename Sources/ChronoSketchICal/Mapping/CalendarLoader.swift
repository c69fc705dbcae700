import ChronoSketchCore

/// What to read and how to map it.
public struct LoadOptions: Sendable {
    public var zone: TargetZone
    /// The first day of the window, at 00:00 in the target zone.
    public var from: CivilDate?
    /// The day after the window, at 00:00 in the target zone (exclusive).
    public var to: CivilDate?
    public var wrTimezone: WRTimezonePolicy
    public var limits: ReadLimits
    public var expansion: ExpansionLimits
    /// Shown every item read from the inputs (``Validator``).
    var inspector: ComponentInspector?

    public init(
        zone: TargetZone, from: CivilDate? = nil, to: CivilDate? = nil,
        wrTimezone: WRTimezonePolicy = .apply, limits: ReadLimits = ReadLimits(),
        expansion: ExpansionLimits = ExpansionLimits()
    ) {
        self.zone = zone
        self.from = from
        self.to = to
        self.wrTimezone = wrTimezone
        self.limits = limits
        self.expansion = expansion
    }
}

/// The events of one or more inputs and everything worth telling about them.
public struct LoadedCalendar: Sendable {
    /// The events that overlap the window, sorted by start, then id.
    public var events: CalendarEvents
    /// Problems, in input order and then line order.
    public var diagnostics: [Diagnostic]
    /// The target zone's name.
    public var zone: String
    /// The inputs that could not be used at all (missing, not a calendar, …), in input order:
    /// each costs only its own events.
    public var unusableInputs: [InputError] = []

    /// Whether any diagnostic is an error (an event was skipped).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Reads calendars and maps their VEVENTs to events.
public enum CalendarLoader {
    /// Reads every input (several merge into one stream) and maps its events.
    ///
    /// Duplicate ids (the same UID and recurrence id twice) keep the version with the highest
    /// SEQUENCE, then the latest DTSTAMP, then the last one read, and say so. An input that
    /// cannot be used at all is left out and named in ``LoadedCalendar/unusableInputs``.
    /// - Throws: ``InputError`` when the events cannot be put in order (a blank id).
    /// - Complexity: O(n log n) in the events read.
    public static func load(
        _ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase = .system
    ) throws(InputError) -> LoadedCalendar {
        let (kept, diagnostics, unusable) = collect(inputs, options: options, database: database) {
            $0
        }
        let events: CalendarEvents
        do {
            events = try CalendarEvents(kept)
        } catch {
            throw InputError(file: inputs.first?.name ?? "<input>", message: "\(error)")
        }
        return LoadedCalendar(
            events: events, diagnostics: diagnostics, zone: options.zone.name,
            unusableInputs: unusable)
    }

    /// Reads the inputs as ``load(_:options:database:)`` does, but keeps of each event in the
    /// window only what `keep` makes of it as soon as it is mapped (its output record, say),
    /// so that a large listing is not held as events until it is sorted.
    /// - Returns: what `keep` made, in the order ``load(_:options:database:)`` sorts events
    ///   (start, all-day first, id), the diagnostics, and the inputs that could not be used.
    public static func load<Kept>(
        _ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase = .system,
        keeping keep: (CalendarEvent) -> Kept
    ) -> (kept: [Kept], diagnostics: [Diagnostic], unusableInputs: [InputError]) {
        collect(inputs, options: options, database: database, keep: keep)
    }

    /// Maps every input, keeps the newest version of each id and what `keep` makes of those
    /// in the window, sorted by start, all-day first, then id.
    private static func collect<Kept>(
        _ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase,
        keep: (CalendarEvent) -> Kept
    ) -> (kept: [Kept], diagnostics: [Diagnostic], unusableInputs: [InputError]) {
        var mapper = EventMapper(
            target: options.zone, wrPolicy: options.wrTimezone, database: database)
        var diagnostics: [DiagnosticLog] = []
        var candidates: [Candidate<Kept>] = []
        var series = SeriesCollector()
        let from = options.from.map(LocalDateTime.init(startOf:))
        let to = options.to.map(LocalDateTime.init(startOf:))
        // Only events in the window are kept; the others still take part in choosing the
        // newest version of their id.
        func make(_ event: CalendarEvent, _ stamp: ICalDateTime?, _ order: Int, _ file: Int)
            -> Candidate<Kept>
        {
            Candidate(
                event, stamp: stamp, order: order, file: file,
                kept: event.interval.overlaps(from: from, to: to) ? keep(event) : nil)
        }
        let unusable = readEvents(
            inputs, options: options, mapper: &mapper, series: &series, diagnostics: &diagnostics
        ) { event, stamp, fileIndex in
            candidates.append(make(event, stamp, candidates.count, fileIndex))
        }
        var expander = SeriesExpander(options: options)
        expandSeries(
            &series, mapper: &mapper, expander: &expander, options: options, inputs: inputs,
            candidates: &candidates, make: make, diagnostics: &diagnostics)
        let chosen = keepNewest(candidates, notes: &diagnostics).filter {
            candidates[$0].kept != nil
        }
        let keys = chosen.map {
            CalendarEvent.OrderKey(interval: candidates[$0].interval, id: candidates[$0].id)
        }
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        var kept: [Kept] = []
        kept.reserveCapacity(order.count)
        for index in order {
            if let value = candidates[chosen[index]].kept.take() { kept.append(value) }
        }
        return (kept, inLineOrder(diagnostics), unusable)
    }

    /// Reads every input and maps its events as they are read, handing each single event to
    /// `each` and keeping recurring series (and overrides) in `series` for later.
    /// - Returns: the inputs that could not be used; what was read of one before it failed
    ///   is kept.
    private static func readEvents(
        _ inputs: [InputSource], options: LoadOptions, mapper: inout EventMapper,
        series: inout SeriesCollector, diagnostics: inout [DiagnosticLog],
        each: (CalendarEvent, ICalDateTime?, Int) -> Void
    ) -> [InputError] {
        var unusable: [InputError] = []
        for (fileIndex, input) in inputs.enumerated() {
            var log = DiagnosticLog()
            do throws(InputError) {
                let stream = ReadAheadStream(
                    try CalendarStream(
                        reading: input, limits: options.limits, inspector: options.inspector))
                defer { log += stream.takeDiagnostics() }
                while let (source, scope) = try stream.next().map({ ($0.source, $0.scope) }) {
                    if series.take(source, fileIndex: fileIndex, scope: scope) != nil { continue }
                    if let event = mapper.map(source, fileIndex: fileIndex, scope: scope) {
                        each(event, source.stamp, fileIndex)
                    }
                    log += mapper.takeDiagnostics()
                }
            } catch {
                unusable.append(error)
            }
            log += mapper.takeDiagnostics()
            diagnostics.append(log)
        }
        return unusable
    }

    /// Reads the inputs and hands each occurrence in the window to `emit` in file order, as it
    /// is read: single events at once, a recurring series once its last VEVENT (master or
    /// override, anywhere in the inputs) has been read, each series by start.
    ///
    /// A quick pass over the inputs first counts the VEVENTs of each series (``SeriesPlan``),
    /// so only the series still missing an override are held and memory stays flat in the
    /// size of the input. Series without an end and without `to` wait for the end, since
    /// their horizon follows the latest start of all events; so does every series when an
    /// input cannot be read twice (standard input, a pipe).
    ///
    /// Unlike ``load(_:options:database:)``, nothing is sorted, duplicate ids are not merged
    /// (each version is written), and an override of a single event is written beside it.
    /// - Returns: the diagnostics, in input order and then line order, and the inputs that
    ///   could not be used at all (what was emitted of one before it failed stays emitted).
    public static func stream(
        _ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase = .system,
        emit: (CalendarEvent) -> Void
    ) -> (diagnostics: [Diagnostic], unusableInputs: [InputError]) {
        var mapper = EventMapper(
            target: options.zone, wrPolicy: options.wrTimezone, database: database)
        var diagnostics = [DiagnosticLog](repeating: DiagnosticLog(), count: inputs.count)
        var series = SeriesCollector()
        var expander = SeriesExpander(options: options)
        let from = options.from.map(LocalDateTime.init(startOf:))
        let to = options.to.map(LocalDateTime.init(startOf:))
        let window = ExpansionWindow(from: from, to: to, horizon: LocalDateTime(startOf: .maximum))
        let plan = SeriesPlan(inputs, limits: options.limits)
        // Per planned group: the VEVENTs read so far and the UIDs they are held under.
        var arrived: [Int: Int] = [:]
        var held: [Int: Set<String>] = [:]
        var unusable: [InputError] = []
        return withoutActuallyEscaping(emit) { emit in
            let inWindow: (CalendarEvent) -> Void = { event in
                if event.interval.overlaps(from: from, to: to) { emit(event) }
            }
            func release(_ uids: [String]) {
                for uid in series.inOrderSeen(uids)
                where options.to != nil || !series.isOpenEnded(uid) {
                    var notes: [Diagnostic] = []
                    let (group, orphans) = series.remove(uid, diagnostics: &notes)
                    for note in notes {
                        diagnostics[inputs.firstIndex { $0.name == note.file } ?? 0].append(note)
                    }
                    if let group {
                        expander.expand(
                            group, window: window, mapper: &mapper, diagnostics: &diagnostics,
                            emit: inWindow)
                    }
                    for orphan in orphans {
                        if let event = mapper.map(
                            orphan.source, fileIndex: orphan.fileIndex, scope: orphan.scope)
                        {
                            inWindow(event)
                        }
                        diagnostics[orphan.fileIndex] += mapper.takeDiagnostics()
                    }
                }
            }
            for (fileIndex, input) in inputs.enumerated() {
                do throws(InputError) {
                    let stream = ReadAheadStream(
                        try CalendarStream(reading: input, limits: options.limits))
                    defer { diagnostics[fileIndex] += stream.takeDiagnostics() }
                    while let (source, scope) = try stream.next().map({ ($0.source, $0.scope) }) {
                        guard let uid = series.take(source, fileIndex: fileIndex, scope: scope)
                        else {
                            if let event = mapper.map(source, fileIndex: fileIndex, scope: scope) {
                                inWindow(event)
                            }
                            diagnostics[fileIndex] += mapper.takeDiagnostics()
                            continue
                        }
                        guard let plan else { continue }
                        guard let key = source.groupKey, let group = plan.groups[key] else {
                            release([uid])
                            continue
                        }
                        arrived[key, default: 0] += 1
                        held[key, default: []].insert(uid)
                        if arrived[key, default: 0] >= group.members {
                            arrived[key] = nil
                            release(Array(held.removeValue(forKey: key) ?? []))
                        }
                    }
                } catch {
                    unusable.append(error)
                }
                diagnostics[fileIndex] += mapper.takeDiagnostics()
                // A group whose members were all due in this input or before is complete as
                // far as the reader could tell.
                let due = held.keys.filter { (plan?.groups[$0]?.lastInput ?? 0) <= fileIndex }
                for key in due { arrived[key] = nil }
                release(due.flatMap { held.removeValue(forKey: $0) ?? [] })
            }
            var none: [Candidate<Void>] = []
            expandSeries(
                &series, mapper: &mapper, expander: &expander, options: options, inputs: inputs,
                candidates: &none,
                make: { event, stamp, order, file in
                    Candidate(event, stamp: stamp, order: order, file: file, kept: nil)
                }, diagnostics: &diagnostics, emit: inWindow)
            return (inLineOrder(diagnostics), unusable)
        }
    }

    /// Each input's diagnostics in line order, inputs in order.
    private static func inLineOrder(_ diagnostics: [DiagnosticLog]) -> [Diagnostic] {
        diagnostics.flatMap(\.diagnostics)
    }

    /// Expands every series and maps the overrides without a recurring master; reports the
    /// horizon used for series without an end.
    private static func expandSeries<Kept>(
        _ series: inout SeriesCollector, mapper: inout EventMapper,
        expander: inout SeriesExpander, options: LoadOptions, inputs: [InputSource],
        candidates: inout [Candidate<Kept>],
        make: (CalendarEvent, ICalDateTime?, Int, Int) -> Candidate<Kept>,
        diagnostics: inout [DiagnosticLog], emit: ((CalendarEvent) -> Void)? = nil
    ) {
        var notes: [Diagnostic] = []
        let (groups, orphans) = series.groups(diagnostics: &notes)
        for note in notes {
            diagnostics[inputs.firstIndex { $0.name == note.file } ?? 0].append(note)
        }
        let from = options.from.map(LocalDateTime.init(startOf:))
        let latest = max(series.latestStart ?? options.from ?? .minimum, options.from ?? .minimum)
        let horizon = (try? latest.adding(years: options.expansion.horizonYears)) ?? .maximum
        let window = ExpansionWindow(
            from: from, to: options.to.map(LocalDateTime.init(startOf:)),
            horizon: LocalDateTime(startOf: horizon))
        for group in groups {
            let fileIndex = group.master.fileIndex
            expander.expand(group, window: window, mapper: &mapper, diagnostics: &diagnostics) {
                event in
                if let emit {
                    emit(event)
                    return
                }
                candidates.append(
                    make(event, group.master.source.stamp, candidates.count, fileIndex))
            }
        }
        // An override of an event without RRULE replaces that event when it names its start.
        var plain: [String: Int] = [:]
        for (index, candidate) in candidates.enumerated() where !candidate.isOverride {
            plain[candidate.uid] = index
        }
        var replaced: [Int] = []
        for orphan in orphans {
            if let uid = orphan.source.uid, let index = plain[uid],
                let recurrence = orphan.source.recurrenceID,
                mapper.names(recurrence, candidates[index].originalStart, orphan)
            {
                replaced.append(index)
                plain[uid] = nil
            }
            if let event = mapper.map(
                orphan.source, fileIndex: orphan.fileIndex, scope: orphan.scope)
            {
                if let emit {
                    emit(event)
                    continue
                }
                candidates.append(
                    make(event, orphan.source.stamp, candidates.count, orphan.fileIndex))
            }
            diagnostics[orphan.fileIndex] += mapper.takeDiagnostics()
        }
        for index in replaced.sorted(by: >) { candidates.remove(at: index) }
        var unboundedByFile: [String: [SourceLocation]] = [:]
        for location in mapper.unboundedSeries {
            unboundedByFile[location.file, default: []].append(location)
        }
        for (fileIndex, input) in inputs.enumerated() {
            guard let locations = unboundedByFile[input.name], let first = locations.first else {
                continue
            }
            let count = Set(locations).count
            diagnostics[fileIndex].append(
                Diagnostic(
                    .warning, file: input.name, line: first.line,
                    message: count == 1
                        ? "A series has no end" : "\(count) series have no end (the first here)",
                    assumption:
                        "listed until \(horizon), \(options.expansion.horizonYears) years after the latest event start; pass --to to choose"
                ))
        }
    }

    /// Expands series one after another within the total instance budget.
    private struct SeriesExpander {
        let limits: ExpansionLimits
        private var budget: Int
        private var warnedBudget = false

        init(options: LoadOptions) {
            limits = options.expansion
            budget = options.expansion.totalInstances
        }

        /// Hands each instance of `group` in `window` to `emit` by start; once the budget is spent,
        /// says so once and expands nothing more.
        mutating func expand(
            _ group: SeriesGroup, window: ExpansionWindow, mapper: inout EventMapper,
            diagnostics: inout [DiagnosticLog], emit: (CalendarEvent) -> Void
        ) {
            let fileIndex = group.master.fileIndex
            guard budget > 0 else {
                if !warnedBudget {
                    warnedBudget = true
                    let master = group.master.source
                    diagnostics[fileIndex].append(
                        Diagnostic(
                            .warning, file: master.file, line: master.line, uid: master.uid,
                            message: "The total of \(limits.totalInstances) instances is reached",
                            assumption:
                                "this and later series are not expanded (raise --max-total-instances)"
                        ))
                }
                return
            }
            let events = mapper.expand(group, window: window, limits: limits, budget: &budget)
            for event in events.sorted(by: CalendarEvent.precedes) { emit(event) }
            diagnostics[fileIndex] += mapper.takeDiagnostics()
        }
    }

    /// A mapped event while the newest version of each id is chosen: what that choice, the
    /// window and the order need, and what the caller keeps of the event.
    private struct Candidate<Kept> {
        var id: String
        var uid: String
        var isOverride: Bool
        var originalStart: OriginalTime
        var interval: EventInterval
        var sequence: Int
        var source: SourceLocation
        var stamp: ICalDateTime?
        var order: Int
        var file: Int
        /// Nil for an event outside the window.
        var kept: Kept?

        init(
            _ event: CalendarEvent, stamp: ICalDateTime?, order: Int, file: Int, kept: Kept?
        ) {
            id = event.id
            uid = event.uid
            isOverride = event.recurrenceId != nil
            originalStart = event.originalStart
            interval = event.interval
            sequence = event.sequence
            source = event.source
            self.stamp = stamp
            self.order = order
            self.file = file
            self.kept = kept
        }
    }

    /// The indices of the candidates to keep, one per id: highest SEQUENCE, then latest
    /// DTSTAMP, then last read. Each dropped one gets a warning in its file's list.
    private static func keepNewest<Kept>(
        _ candidates: [Candidate<Kept>], notes: inout [DiagnosticLog]
    ) -> [Int] {
        var best: [String: Int] = [:]
        best.reserveCapacity(candidates.count)
        var dropped = Set<Int>()
        for (index, candidate) in candidates.enumerated() {
            guard let currentIndex = best[candidate.id] else {
                best[candidate.id] = index
                continue
            }
            let current = candidates[currentIndex]
            let reason = newerReason(candidate, than: current)
            let (keptIndex, droppedIndex) =
                reason != nil ? (index, currentIndex) : (currentIndex, index)
            let kept = candidates[keptIndex]
            let loser = candidates[droppedIndex]
            best[candidate.id] = keptIndex
            dropped.insert(droppedIndex)
            let why = reason ?? newerReason(current, than: candidate) ?? "was read later"
            notes[loser.file].append(
                Diagnostic(
                    .warning, file: loser.source.file, line: loser.source.line,
                    uid: loser.uid,
                    message: "Event '\(loser.id)' is defined again at \(kept.source)",
                    assumption: "this one is ignored: the other \(why)"))
        }
        return candidates.indices.filter { !dropped.contains($0) }
    }

    /// Why `candidate` replaces `current` (a higher SEQUENCE, a later DTSTAMP, or being read
    /// later with neither deciding), or nil when it does not.
    private static func newerReason<Kept>(
        _ candidate: Candidate<Kept>, than current: Candidate<Kept>
    ) -> String? {
        if candidate.sequence != current.sequence {
            return candidate.sequence > current.sequence ? "has a higher SEQUENCE" : nil
        }
        if let left = candidate.stamp?.wallClock, let right = current.stamp?.wallClock,
            left != right
        {
            return left > right ? "has a later DTSTAMP" : nil
        }
        return candidate.order > current.order ? "was read later" : nil
    }
}
