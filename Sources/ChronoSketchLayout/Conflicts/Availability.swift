import ChronoSketchCore

/// One bookable slot of a day and what, if anything, stands in its way.
public struct Slot: Sendable, Hashable {
    /// Where the slot starts.
    public let start: LocalDateTime
    /// Where it ends (exclusive).
    public let end: LocalDateTime
    /// The events and windows the slot would clash with, by start, then id.
    public let clashes: [Conflict]

    /// Whether nothing stands in its way.
    public var isAvailable: Bool { clashes.isEmpty }
}

/// A stretch of merged busy time.
public struct BusyPeriod: Sendable, Hashable {
    /// The period's ends on the wall clock of its ``TimeLine``.
    public let start: LocalDateTime
    /// Where the period ends (exclusive), on the same clock as ``start``.
    public let end: LocalDateTime
    /// The period as positions on its ``TimeLine``: instants, or wall-clock seconds.
    public let span: Span
    /// The events whose busy time makes up the period, by start, then id.
    public let ids: [String]

    /// The length in minutes, a part of a minute counting as one.
    public var minutes: Int { (span.end - span.start + 59) / 60 }
}

/// Free and busy time: the slots of a day and the merged busy periods of a window.
public enum Availability {
    /// The slots `[t, t + length)` from `from` on `date`, every `step` seconds, that end by
    /// `to`, each checked as a proposed event would be (``ConflictReport/clashes(of:events:windows:policy:on:)``):
    /// a slot is available when it clashes with nothing, buffers included.
    ///
    /// Slots step along `line`: on the night clocks fall back, a zone's day has 25 hours and
    /// its repeated hour is offered twice; on the night they spring forward, the skipped hour
    /// is not offered.
    /// - Parameters:
    ///   - from: the first slot's start, minutes after 00:00.
    ///   - to: the latest slot end, minutes after 00:00 (up to 1440).
    ///   - step: seconds between slot starts (positive).
    ///   - length: each slot's length in seconds (positive).
    ///   - line: what the slots are measured and compared on; their times are shown on its
    ///     zone's wall clock.
    /// - Complexity: O(s · n) for s slots and n events and windows.
    public static func slots(
        events: [CalendarEvent], windows: [BlockedWindow] = [], policy: BusyPolicy = BusyPolicy(),
        date: CivilDate, from: Int, to: Int, step: Int, length: Int, on line: TimeLine = .wallClock
    ) -> [Slot] {
        guard step > 0, length > 0 else { return [] }
        let dayStart = date.daysSinceEpoch * 86_400
        let last = line.position(ofWallClock: dayStart + to * 60)
        var slots: [Slot] = []
        var start = line.position(ofWallClock: dayStart + from * 60)
        while start + length <= last {
            if let slot = slot(
                Span(start: start, end: start + length), events: events, windows: windows,
                policy: policy, on: line)
            {
                slots.append(slot)
            }
            start += step
        }
        return slots
    }

    /// The slot `span` of `line`, checked as a proposed event would be; nil when its wall
    /// clock leaves the calendar's years.
    private static func slot(
        _ span: Span, events: [CalendarEvent], windows: [BlockedWindow], policy: BusyPolicy,
        on line: TimeLine
    ) -> Slot? {
        let shown = line.wallClock(of: span)
        guard let interval = try? EventInterval(from: shown.start, to: shown.end),
            let proposal = try? CalendarEvent(
                uid: "slot", title: "", interval: interval,
                instants: line.zone == nil
                    ? nil : try InstantInterval(start: span.start, end: span.end),
                source: SourceLocation(file: "", line: 0),
                originalStart: .floating(interval.start))
        else { return nil }
        let clashes = ConflictReport.clashes(
            of: proposal, events: events, windows: windows, policy: policy, on: line)
        return Slot(start: shown.start, end: shown.end, clashes: clashes)
    }

    /// Every slot `[t, t + length)` within `window` on `line`, the starts `anchor` plus a
    /// whole number of `step`s, each with what stands in its way: the slots of a stretch of
    /// time rather than of days, so that no day's midnight (the asker's) cuts one, and the
    /// same question asked on the clock of any zone gives the same instants. `keep` decides
    /// which are kept, and the search stops once `limit` are.
    ///
    /// The slots of each day's worth of positions are checked against the events and windows
    /// near it only.
    /// - Complexity: O(n log n + s · k) for n events, s slots and k events near a slot.
    public static func slots(
        events: [CalendarEvent], windows: [BlockedWindow] = [], policy: BusyPolicy = BusyPolicy(),
        within window: Span, anchor: Int, step: Int, length: Int, limit: Int = .max,
        keep: (Slot) -> Bool = { _ in true }, on line: TimeLine = .wallClock
    ) -> [Slot] {
        guard step > 0, length > 0, window.end > window.start else { return [] }
        let reach = policy.bufferBefore + policy.bufferAfter
        let spans = events.map { policy.busySpan($0, on: line) ?? line.span(of: $0) }
        // The first start in the window that is a whole number of steps from the anchor.
        var start = window.start + ((anchor - window.start) % step + step) % step
        var found: [Slot] = []
        while start + length <= window.end, found.count < limit {
            // The events within a day (and the buffers) of this block of slots.
            let block = Span(start: start - reach, end: min(window.end, start + 86_400) + reach)
            let near = events.indices.filter { spans[$0].overlaps(block) }.map { events[$0] }
            while start + length <= window.end, start < block.end - reach, found.count < limit {
                if let slot = slot(
                    Span(start: start, end: start + length), events: near, windows: windows,
                    policy: policy, on: line), keep(slot)
                {
                    found.append(slot)
                }
                start += step
            }
        }
        return found
    }

    /// The available slots of each of `days` in turn (``slots(events:windows:policy:date:from:to:step:length:on:)``),
    /// the first `limit` of them.
    ///
    /// Each day's slots are checked against the events within a day of it and of its
    /// buffers only, so a search over many days does not compare every slot with every event.
    /// - Complexity: O(d · n + s · k) for d days, n events, s slots and k events near a day.
    public static func freeSlots(
        events: [CalendarEvent], windows: [BlockedWindow] = [], policy: BusyPolicy = BusyPolicy(),
        days: [CivilDate], from: Int, to: Int, step: Int, length: Int, limit: Int = .max,
        on line: TimeLine = .wallClock
    ) -> [(date: CivilDate, slot: Slot)] {
        var found: [(date: CivilDate, slot: Slot)] = []
        let reach = 1 + (policy.bufferBefore + policy.bufferAfter) / 86_400
        for day in days where found.count < limit {
            let low = LocalDateTime(startOf: (try? day.adding(days: -reach)) ?? day)
            let high = LocalDateTime(startOf: (try? day.adding(days: 1 + reach)) ?? day)
            let near = events.filter { $0.interval.overlaps(from: low, to: high) }
            for slot in slots(
                events: near, windows: windows, policy: policy, date: day, from: from, to: to,
                step: step, length: length, on: line)
            where slot.isAvailable && found.count < limit {
                found.append((day, slot))
            }
        }
        return found
    }

    /// The busy time of `events` within `[from, to)`, overlapping and touching busy intervals
    /// merged into one period (RFC 5545 §3.8.2.6 FREEBUSY), measured on `line`.
    /// - Complexity: O(n log n) in the events.
    public static func busyPeriods(
        events: some Sequence<CalendarEvent>, policy: BusyPolicy = BusyPolicy(),
        from: LocalDateTime, to: LocalDateTime, on line: TimeLine = .wallClock
    ) -> [BusyPeriod] {
        let window = Span(start: line.position(of: from), end: line.position(of: to))
        var busy = events.compactMap { event -> (event: CalendarEvent, span: Span)? in
            guard let span = policy.busySpan(event, on: line), span.overlaps(window) else {
                return nil
            }
            return (event, span.intersection(window))
        }
        busy.sort { lhs, rhs in
            if lhs.span.start != rhs.span.start { return lhs.span.start < rhs.span.start }
            return LayoutOrder.breaksTie(lhs.event, rhs.event)
        }
        var periods: [BusyPeriod] = []
        var current: Span?
        var ids: [String] = []
        for member in busy {
            if let open = current, member.span.start <= open.end {
                current?.end = max(open.end, member.span.end)
            } else {
                if let done = current { periods.append(period(done, ids, line)) }
                current = member.span
                ids = []
            }
            ids.append(member.event.id)
        }
        if let done = current { periods.append(period(done, ids, line)) }
        return periods
    }

    /// The busy time of a window told by kind (RFC 5545 §3.2.9 FBTYPE): disjoint spans in
    /// order, each of the greatest kind of the events that take up its time
    /// (``BusyPolicy/kind(of:)``: unavailable over busy over tentative), spans of one kind
    /// that overlap or touch merged into one.
    /// - Complexity: O(n log n) in the events.
    public static func busySpansByKind(
        events: some Sequence<CalendarEvent>, policy: BusyPolicy = BusyPolicy(),
        from: LocalDateTime, to: LocalDateTime, on line: TimeLine = .wallClock
    ) -> [(span: Span, kind: BusyKind)] {
        let window = Span(start: line.position(of: from), end: line.position(of: to))
        // Each busy interval is a start and an end on the line; between two successive
        // positions the time is of the greatest kind then open.
        var edges: [(position: Int, kind: BusyKind, opens: Bool)] = []
        for event in events {
            let kind = policy.kind(of: event)
            guard kind != .free else { continue }
            let span = policy.widened(event, on: line)
            guard span.overlaps(window) else { continue }
            let clipped = span.intersection(window)
            edges.append((clipped.start, kind, true))
            edges.append((clipped.end, kind, false))
        }
        edges.sort { $0.position < $1.position }
        var open = [Int](repeating: 0, count: BusyKind.allCases.count)
        var spans: [(span: Span, kind: BusyKind)] = []
        var index = 0
        while index < edges.count {
            let position = edges[index].position
            while index < edges.count, edges[index].position == position {
                open[edges[index].kind.rawValue] += edges[index].opens ? 1 : -1
                index += 1
            }
            guard index < edges.count else { break }
            let next = edges[index].position
            guard let kind = BusyKind.allCases.last(where: { open[$0.rawValue] > 0 }) else {
                continue
            }
            if let last = spans.last, last.kind == kind, last.span.end == position {
                spans[spans.count - 1].span.end = next
            } else {
                spans.append((Span(start: position, end: next), kind))
            }
        }
        return spans
    }

    private static func period(_ span: Span, _ ids: [String], _ line: TimeLine) -> BusyPeriod {
        let shown = line.wallClock(of: span)
        return BusyPeriod(start: shown.start, end: shown.end, span: span, ids: ids)
    }
}
