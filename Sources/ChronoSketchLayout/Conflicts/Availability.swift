import ChronoSketchCore

/// One bookable slot of a day and what, if anything, stands in its way.
public struct Slot: Sendable, Hashable {
    public let start: LocalDateTime
    public let end: LocalDateTime
    /// The events and windows the slot would clash with, by start, then id.
    public let clashes: [Conflict]

    public var isAvailable: Bool { clashes.isEmpty }
}

/// A stretch of merged busy time.
public struct BusyPeriod: Sendable, Hashable {
    public let start: LocalDateTime
    public let end: LocalDateTime
    /// The events whose busy time makes up the period, by start, then id.
    public let ids: [String]
}

/// Free and busy time: the slots of a day and the merged busy periods of a window.
public enum Availability {
    /// The slots `[t, t + length)` from `from` on `date`, every `step` seconds, that end by
    /// `to`, each checked as a proposed event would be (``ConflictReport/clashes(of:events:windows:policy:)``):
    /// a slot is available when it clashes with nothing, buffers included.
    /// - Parameters:
    ///   - from: the first slot's start, minutes after 00:00.
    ///   - to: the latest slot end, minutes after 00:00 (up to 1440).
    ///   - step: seconds between slot starts (positive).
    ///   - length: each slot's length in seconds (positive).
    /// - Complexity: O(s · n) for s slots and n events and windows.
    public static func slots(
        events: [CalendarEvent], windows: [BlockedWindow] = [], policy: BusyPolicy = BusyPolicy(),
        date: CivilDate, from: Int, to: Int, step: Int, length: Int
    ) -> [Slot] {
        guard step > 0, length > 0 else { return [] }
        let dayStart = date.daysSinceEpoch * 86_400
        var slots: [Slot] = []
        var start = dayStart + from * 60
        while start + length <= dayStart + to * 60 {
            let interval = EventInterval.timed(
                start: LocalDateTime.clamped(start), end: LocalDateTime.clamped(start + length))
            if let proposal = try? CalendarEvent(
                uid: "slot", title: "", interval: interval,
                source: SourceLocation(file: "", line: 0), originalStart: .floating(interval.start))
            {
                let clashes = ConflictReport.clashes(
                    of: proposal, events: events, windows: windows, policy: policy)
                slots.append(Slot(start: interval.start, end: interval.end, clashes: clashes))
            }
            start += step
        }
        return slots
    }

    /// The busy time of `events` within `[from, to)`, overlapping and touching busy intervals
    /// merged into one period (RFC 5545 §3.8.2.6 FREEBUSY).
    /// - Complexity: O(n log n) in the events.
    public static func busyPeriods(
        events: some Sequence<CalendarEvent>, policy: BusyPolicy = BusyPolicy(),
        from: LocalDateTime, to: LocalDateTime
    ) -> [BusyPeriod] {
        let window = Span(start: from.secondsSinceEpoch, end: to.secondsSinceEpoch)
        var busy = events.compactMap { event -> (event: CalendarEvent, span: Span)? in
            guard let span = policy.busySpan(event), span.overlaps(window) else { return nil }
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
                if let done = current { periods.append(period((done, ids))) }
                current = member.span
                ids = []
            }
            ids.append(member.event.id)
        }
        if let done = current { periods.append(period((done, ids))) }
        return periods
    }

    private static func period(_ merged: (span: Span, ids: [String])) -> BusyPeriod {
        BusyPeriod(start: merged.span.startTime, end: merged.span.endTime, ids: merged.ids)
    }
}
