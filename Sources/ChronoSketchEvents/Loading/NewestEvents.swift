import ChronoSketchCore
import ChronoSketchSyntax

/// The sink of a sorted load: keeps, of every id, the newest version (highest SEQUENCE, then
/// latest DTSTAMP, then last read), and of those in the window what `keep` makes of them, in
/// the order events are sorted (start, all-day first, id).
package struct NewestEvents<Kept>: EventSink {
    private let keep: (CalendarEvent) -> Kept
    /// The versions and the choice between them, apart from what is kept: that part knows no
    /// `Kept`, so it is compiled for its own types rather than for any.
    private var versions = EventVersions()
    /// What was kept of each version, by its index; nil for an event outside the window.
    private var kept: [Kept?] = []

    package init(keeping keep: @escaping (CalendarEvent) -> Kept) {
        self.keep = keep
    }

    package mutating func take(
        _ event: CalendarEvent, stamp: ICalDateTime?, fileIndex: Int, inWindow: Bool,
        logs: inout [DiagnosticLog]
    ) {
        versions.add(event, stamp: stamp, fileIndex: fileIndex, inWindow: inWindow)
        kept.append(inWindow ? keep(event) : nil)
    }

    package func singleStart(of uid: String) -> OriginalTime? {
        versions.singleStart(of: uid)
    }

    package mutating func dropSingle(_ uid: String) {
        versions.dropSingle(uid)
    }

    /// What was kept of the newest version of each id in the window, sorted; each version
    /// dropped gets a warning in its input's log.
    package consuming func sorted(logs: inout [DiagnosticLog]) -> [Kept] {
        let order = versions.chosenInOrder(logs: &logs)
        var sorted: [Kept] = []
        sorted.reserveCapacity(order.count)
        for index in order {
            if let value = kept[index].take() { sorted.append(value) }
        }
        return sorted
    }
}

/// Every version of every event read, and which of them is the newest of its id.
private struct EventVersions {
    /// A mapped event while the newest version of each id is chosen: what that choice, the
    /// window and the order need.
    private struct Candidate {
        var id: String
        var uid: String
        var originalStart: OriginalTime
        var interval: EventInterval
        var sequence: Int
        var source: SourceLocation
        var stamp: ICalDateTime?
        var order: Int
        var file: Int
        var inWindow: Bool
        /// Replaced by an override without a recurring master.
        var isDropped = false

        var rank: VersionRank {
            VersionRank(sequence: sequence, stamp: stamp?.wallClock, order: order)
        }
    }

    private var candidates: [Candidate] = []
    /// Per UID, the last candidate without RECURRENCE-ID.
    private var singles: [String: Int] = [:]

    mutating func add(_ event: CalendarEvent, stamp: ICalDateTime?, fileIndex: Int, inWindow: Bool)
    {
        if event.recurrenceId == nil { singles[event.uid] = candidates.count }
        candidates.append(
            Candidate(
                id: event.id, uid: event.uid, originalStart: event.originalStart,
                interval: event.interval, sequence: event.sequence, source: event.source,
                stamp: stamp, order: candidates.count, file: fileIndex, inWindow: inWindow))
    }

    func singleStart(of uid: String) -> OriginalTime? {
        singles[uid].map { candidates[$0].originalStart }
    }

    mutating func dropSingle(_ uid: String) {
        guard let index = singles.removeValue(forKey: uid) else { return }
        candidates[index].isDropped = true
    }

    /// The indices of the newest version of each id in the window, in the order events are
    /// sorted; each version dropped gets a warning in its input's log.
    func chosenInOrder(logs: inout [DiagnosticLog]) -> [Int] {
        let chosen = newest(logs: &logs).filter { candidates[$0].inWindow }
        let keys = chosen.map {
            CalendarEvent.OrderKey(interval: candidates[$0].interval, id: candidates[$0].id)
        }
        return keys.indices.sorted { keys[$0] < keys[$1] }.map { chosen[$0] }
    }

    /// The indices of the candidates to keep, one per id.
    private func newest(logs: inout [DiagnosticLog]) -> [Int] {
        var best: [String: Int] = [:]
        best.reserveCapacity(candidates.count)
        var dropped = Set<Int>()
        for (index, candidate) in candidates.enumerated() where !candidate.isDropped {
            guard let currentIndex = best[candidate.id] else {
                best[candidate.id] = index
                continue
            }
            let current = candidates[currentIndex]
            let reason = candidate.rank.reason(toReplace: current.rank)
            let (keptIndex, droppedIndex) =
                reason != nil ? (index, currentIndex) : (currentIndex, index)
            let kept = candidates[keptIndex]
            let loser = candidates[droppedIndex]
            best[candidate.id] = keptIndex
            dropped.insert(droppedIndex)
            let why = reason ?? current.rank.reason(toReplace: candidate.rank) ?? "was read later"
            logs[loser.file].append(
                Diagnostic(
                    .warning, .duplicateEvent, file: loser.source.file, line: loser.source.line,
                    uid: loser.uid,
                    message: "Event '\(loser.id)' is defined again at \(kept.source)",
                    assumption: "this one is ignored: the other \(why)"))
        }
        return candidates.indices.filter { !dropped.contains($0) && !candidates[$0].isDropped }
    }

}

/// The sink of a load written as it is read: each event in the window, at once. Every
/// version of an id is written, and an override of a single event beside it.
package struct EventsInFileOrder: EventSink {
    let emit: (CalendarEvent) -> Void

    package init(emit: @escaping (CalendarEvent) -> Void) {
        self.emit = emit
    }

    package mutating func take(
        _ event: CalendarEvent, stamp: ICalDateTime?, fileIndex: Int, inWindow: Bool,
        logs: inout [DiagnosticLog]
    ) {
        if inWindow { emit(event) }
    }

    package func singleStart(of uid: String) -> OriginalTime? { nil }

    package mutating func dropSingle(_ uid: String) {}
}
