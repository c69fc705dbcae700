import ChronoSketchCore

/// Gathers the VEVENTs that belong to series while inputs are read: masters with RRULE or
/// RDATE, and overrides (RECURRENCE-ID), grouped by UID across every input, because an
/// override may come before its master or from another file.
struct SeriesCollector {
    private var masters: [String: [PendingEvent]] = [:]
    private var overrides: [String: [PendingEvent]] = [:]
    /// UIDs in the order they were first seen, so output and messages do not depend on hashing.
    private var order: [String] = []
    /// The latest start date of any event read, for the horizon of series without an end.
    private(set) var latestStart: CivilDate?

    /// Takes `source` when it belongs to a series; returns false for an event of its own.
    mutating func take(_ source: EventSource, fileIndex: Int, scope: CalendarScope) -> Bool {
        if let start = source.start?.value.wallClock.date {
            latestStart = max(latestStart ?? start, start)
        }
        let pending = PendingEvent(source: source, fileIndex: fileIndex, scope: scope)
        let uid = source.uid ?? "\(source.file):\(source.line)"
        if source.recurrenceID != nil, source.uid != nil {
            if masters[uid] == nil, overrides[uid] == nil { order.append(uid) }
            overrides[uid, default: []].append(pending)
            return true
        }
        if source.isRecurring {
            if masters[uid] == nil, overrides[uid] == nil { order.append(uid) }
            masters[uid, default: []].append(pending)
            return true
        }
        return false
    }

    /// The series, in the order their UIDs were first seen, and the overrides that have no
    /// recurring master. Of two masters for one UID, or two overrides of one instance, the
    /// one with the higher SEQUENCE (then the later DTSTAMP, then the one read last) is kept
    /// and the other reported.
    mutating func groups(diagnostics: inout [Diagnostic]) -> (
        series: [SeriesGroup], orphans: [PendingEvent]
    ) {
        var series: [SeriesGroup] = []
        var orphans: [PendingEvent] = []
        for uid in order {
            let uniqueOverrides = Self.newest(
                overrides[uid] ?? [], key: { $0.source.recurrenceID?.original.text ?? "" },
                diagnostics: &diagnostics)
            if let candidates = masters[uid],
                let master = Self.newest(candidates, key: { _ in "" }, diagnostics: &diagnostics)
                    .first
            {
                series.append(SeriesGroup(master: master, overrides: uniqueOverrides))
            } else {
                orphans += uniqueOverrides
            }
        }
        masters = [:]
        overrides = [:]
        return (series, orphans)
    }

    /// One event per key: highest SEQUENCE, then latest DTSTAMP, then last read.
    private static func newest(
        _ events: [PendingEvent], key: (PendingEvent) -> String, diagnostics: inout [Diagnostic]
    ) -> [PendingEvent] {
        var best: [String: Int] = [:]
        var keys: [String] = []
        for (index, event) in events.enumerated() {
            let name = key(event)
            guard let current = best[name] else {
                best[name] = index
                keys.append(name)
                continue
            }
            let newer = isNewer(event.source, than: events[current].source)
            let (kept, dropped) = newer ? (event, events[current]) : (events[current], event)
            if newer { best[name] = index }
            diagnostics.append(
                Diagnostic(
                    .warning, file: dropped.source.file, line: dropped.source.line,
                    uid: dropped.source.uid,
                    message:
                        "VEVENT '\(dropped.source.uid ?? "")' is defined again at \(kept.source.file):\(kept.source.line)",
                    assumption:
                        "this one is ignored: the other is newer (SEQUENCE, then DTSTAMP, then read later)"
                ))
        }
        return keys.compactMap { best[$0].map { events[$0] } }
    }

    private static func isNewer(_ candidate: EventSource, than current: EventSource) -> Bool {
        if candidate.sequence != current.sequence { return candidate.sequence > current.sequence }
        if let left = candidate.stamp?.wallClock, let right = current.stamp?.wallClock,
            left != right
        {
            return left > right
        }
        return true
    }
}
