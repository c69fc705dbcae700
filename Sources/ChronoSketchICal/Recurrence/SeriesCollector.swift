import ChronoSketchCore

/// Gathers the VEVENTs that belong to series while inputs are read: masters with RRULE or
/// RDATE, and overrides (RECURRENCE-ID), grouped by UID across every input, because an
/// override may come before its master or from another file.
struct SeriesCollector {
    private var masters: [String: [PendingEvent]] = [:]
    private var overrides: [String: [PendingEvent]] = [:]
    /// When each UID held was first seen, so output and messages do not depend on hashing.
    private var firstSeen: [String: Int] = [:]
    private var seen = 0
    /// The latest start date of any event read, for the horizon of series without an end.
    private(set) var latestStart: CivilDate?

    /// Takes `source` when it belongs to a series.
    /// - Returns: the UID it is held under, or nil for an event of its own.
    mutating func take(_ source: EventSource, fileIndex: Int, scope: CalendarScope) -> String? {
        if let start = source.start?.value.wallClock.date {
            latestStart = max(latestStart ?? start, start)
        }
        let isOverride = source.recurrenceID != nil && source.uid != nil
        guard isOverride || source.isRecurring else { return nil }
        let pending = PendingEvent(source: source, fileIndex: fileIndex, scope: scope)
        let uid = source.uid ?? "\(source.file):\(source.line)"
        if firstSeen[uid] == nil {
            firstSeen[uid] = seen
            seen += 1
        }
        if isOverride {
            overrides[uid, default: []].append(pending)
        } else {
            masters[uid, default: []].append(pending)
        }
        return uid
    }

    /// Whether a master held under `uid` has a rule without an end, which is expanded to a
    /// horizon known only once every input is read.
    func isOpenEnded(_ uid: String) -> Bool {
        (masters[uid] ?? []).contains { master in
            master.source.rules.contains(where: \.rule.isUnbounded)
        }
    }

    /// `uids` in the order they were first seen.
    func inOrderSeen(_ uids: [String]) -> [String] {
        uids.sorted { (firstSeen[$0] ?? .max) < (firstSeen[$1] ?? .max) }
    }

    /// Takes out what is held under `uid`: its series, or the overrides without a recurring
    /// master. Of two masters, or two overrides of one instance, the one with the higher
    /// SEQUENCE (then the later DTSTAMP, then the one read last) is kept and the other
    /// reported.
    mutating func remove(_ uid: String, diagnostics: inout [Diagnostic]) -> (
        series: SeriesGroup?, orphans: [PendingEvent]
    ) {
        firstSeen[uid] = nil
        let uniqueOverrides = Self.newest(
            overrides.removeValue(forKey: uid) ?? [],
            key: { $0.source.recurrenceID?.original.text ?? "" }, diagnostics: &diagnostics)
        guard let candidates = masters.removeValue(forKey: uid),
            let master = Self.newest(candidates, key: { _ in "" }, diagnostics: &diagnostics).first
        else { return (nil, uniqueOverrides) }
        return (SeriesGroup(master: master, overrides: uniqueOverrides), [])
    }

    /// Takes out every series, in the order their UIDs were first seen, and the overrides
    /// that have no recurring master.
    mutating func groups(diagnostics: inout [Diagnostic]) -> (
        series: [SeriesGroup], orphans: [PendingEvent]
    ) {
        var series: [SeriesGroup] = []
        var orphans: [PendingEvent] = []
        for uid in firstSeen.sorted(by: { $0.value < $1.value }).map(\.key) {
            let (group, loose) = remove(uid, diagnostics: &diagnostics)
            if let group { series.append(group) }
            orphans += loose
        }
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
