import ChronoSketchCore
import ChronoSketchSyntax

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

/// The stage of loading that holds the VEVENTs belonging to series while the inputs are read:
/// masters with RRULE or RDATE, and overrides (RECURRENCE-ID), gathered by UID across every
/// input, because an override may come before its master or from another file. It hands a
/// series on once it is complete: at the end of everything, or, with a first pass's count of
/// each series (``SeriesPlan``), as soon as its last VEVENT has been read.
package struct SeriesAssembly {
    /// When a series is handed on.
    package enum Release {
        /// Once every input is read.
        case atEnd
        /// Once the plan's count of its VEVENTs has been read, or the last input the plan
        /// saw one in has ended. A series whose rule has no end still waits for the end when
        /// `holdingOpenEnded`: its horizon follows the latest start of all events.
        case whenComplete(SeriesPlan, holdingOpenEnded: Bool)
    }

    /// What is handed on under one UID: its series, or overrides without a recurring master.
    struct Assembled {
        var series: SeriesGroup?
        var looseOverrides: [PendingEvent]
    }

    private let release: Release
    private var masters: [ExactText: [PendingEvent]] = [:]
    private var overrides: [ExactText: [PendingEvent]] = [:]
    /// When each UID held was first seen, so output and messages do not depend on hashing.
    private var firstSeen: [ExactText: Int] = [:]
    private var seen = 0
    /// Per planned group: the VEVENTs read so far and the UIDs they are held under.
    private var arrived: [Int: Int] = [:]
    private var held: [Int: Set<ExactText>] = [:]
    /// The latest start date of any event read, for the horizon of series without an end.
    private(set) var latestStart: CivilDate?

    init(release: Release) {
        self.release = release
    }

    /// Takes `source` when it belongs to a series.
    /// - Parameter logs: each input's log, for a VEVENT defined twice.
    /// - Returns: nil for an event of its own; otherwise what is complete now that `source`
    ///   is held, in the order first seen (most often nothing).
    mutating func take(
        _ source: EventSource, fileIndex: Int, scope: CalendarScope,
        logs: inout [DiagnosticLog]
    ) -> [Assembled]? {
        if let start = source.start?.value.wallClock.date {
            latestStart = max(latestStart ?? start, start)
        }
        let isOverride = source.recurrenceID != nil && source.uid != nil
        guard isOverride || source.isRecurring else { return nil }
        let pending = PendingEvent(source: source, fileIndex: fileIndex, scope: scope)
        let uid = ExactText(source.seriesKey ?? "\(source.file):\(source.line)")
        if firstSeen[uid] == nil {
            firstSeen[uid] = seen
            seen += 1
        }
        if isOverride {
            overrides[uid, default: []].append(pending)
        } else {
            masters[uid, default: []].append(pending)
        }
        guard case .whenComplete(let plan, _) = release else { return [] }
        guard let key = source.groupKey, let group = plan.groups[key] else {
            return take([uid], logs: &logs)
        }
        arrived[key, default: 0] += 1
        held[key, default: []].insert(uid)
        guard arrived[key, default: 0] >= group.members else { return [] }
        arrived[key] = nil
        return take(Array(held.removeValue(forKey: key) ?? []), logs: &logs)
    }

    /// What is complete once input `fileIndex` has ended: the series whose VEVENTs were all
    /// due in it or before, as far as the reader could tell.
    mutating func endOfInput(_ fileIndex: Int, logs: inout [DiagnosticLog]) -> [Assembled] {
        guard case .whenComplete(let plan, _) = release else { return [] }
        let due = held.keys.filter { (plan.groups[$0]?.lastInput ?? 0) <= fileIndex }
        for key in due { arrived[key] = nil }
        return take(due.flatMap { held.removeValue(forKey: $0) ?? [] }, logs: &logs)
    }

    /// Everything still held once every input is read: the series in the order their UIDs
    /// were first seen, and the overrides without a recurring master.
    mutating func finish(logs: inout [DiagnosticLog]) -> (
        series: [SeriesGroup], looseOverrides: [PendingEvent]
    ) {
        var series: [SeriesGroup] = []
        var loose: [PendingEvent] = []
        for uid in firstSeen.sorted(by: { $0.value < $1.value }).map(\.key) {
            let assembled = remove(uid, logs: &logs)
            if let group = assembled.series { series.append(group) }
            loose += assembled.looseOverrides
        }
        return (series, loose)
    }

    /// Takes out what is held under `uids`, in the order first seen, but for series without
    /// an end while those are held to the end.
    private mutating func take(_ uids: [ExactText], logs: inout [DiagnosticLog]) -> [Assembled] {
        let holdingOpenEnded =
            if case .whenComplete(_, true) = release { true } else { false }
        return uids.sorted { (firstSeen[$0] ?? .max) < (firstSeen[$1] ?? .max) }
            .filter { !holdingOpenEnded || !isOpenEnded($0) }
            .map { remove($0, logs: &logs) }
    }

    /// Whether a master held under `uid` has a rule without an end.
    private func isOpenEnded(_ uid: ExactText) -> Bool {
        (masters[uid] ?? []).contains { master in
            master.source.rules.contains(where: \.rule.isUnbounded)
        }
    }

    /// Takes out what is held under `uid`. Of two masters, or two overrides of one instance,
    /// the one with the higher SEQUENCE (then the later DTSTAMP, then the one read last) is
    /// kept and the other reported in its input's log.
    private mutating func remove(_ uid: ExactText, logs: inout [DiagnosticLog]) -> Assembled {
        firstSeen[uid] = nil
        let uniqueOverrides = Self.newest(
            overrides.removeValue(forKey: uid) ?? [],
            key: { $0.source.recurrenceID?.original.text ?? "" }, logs: &logs)
        guard let candidates = masters.removeValue(forKey: uid),
            let master = Self.newest(candidates, key: { _ in "" }, logs: &logs).first
        else { return Assembled(series: nil, looseOverrides: uniqueOverrides) }
        return Assembled(
            series: SeriesGroup(master: master, overrides: uniqueOverrides), looseOverrides: [])
    }

    /// One event per key: highest SEQUENCE, then latest DTSTAMP, then last read.
    private static func newest(
        _ events: [PendingEvent], key: (PendingEvent) -> String, logs: inout [DiagnosticLog]
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
            logs[dropped.fileIndex].append(
                VersionRank.dropped(
                    "VEVENT '\(dropped.source.uid ?? "")'", file: dropped.source.file,
                    line: dropped.source.line, uid: dropped.source.uid,
                    keptAt: "\(kept.source.file):\(kept.source.line)",
                    because: "is newer (SEQUENCE, then DTSTAMP, then read later)"))
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
