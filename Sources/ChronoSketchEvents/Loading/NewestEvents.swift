import ChronoSketchCore
import ChronoSketchSyntax
import Foundation

/// The sink of a sorted load: keeps, of every id, the newest version (highest SEQUENCE, then
/// latest DTSTAMP, then last read), and of those in the window what `keep` makes of them, in
/// the order events are sorted (start, all-day first, id).
package struct NewestEvents<Kept>: EventSink {
    private let keep: (CalendarEvent) -> Kept
    /// The versions and the choice between them, apart from what is kept: that part knows no
    /// `Kept`, so it is compiled for its own types rather than for any.
    private var versions = EventVersions()
    /// What was kept of each version in the window, in chunks (which never copy to grow):
    /// nothing is held for a version outside it, however large `Kept` is.
    private var kept: [[Kept]] = []
    /// The index of the version each kept value is of, in the same order; nil while every
    /// version was in the window (each value is then of the version of its own index).
    private var owners: [Int32]?
    private var keptCount = 0
    private var count = 0
    private static var chunkShift: Int { 14 }

    package init(keeping keep: @escaping (CalendarEvent) -> Kept) {
        self.keep = keep
    }

    package mutating func take(
        _ event: CalendarEvent, stamp: ICalDateTime?, fileIndex: Int, inWindow: Bool,
        logs: inout [DiagnosticLog]
    ) {
        versions.add(event, stamp: stamp, fileIndex: fileIndex, inWindow: inWindow)
        if inWindow {
            if keptCount & (1 << Self.chunkShift - 1) == 0 {
                kept.append([])
                kept[kept.count - 1].reserveCapacity(1 << Self.chunkShift)
            }
            kept[kept.count - 1].append(keep(event))
            owners?.append(Int32(count))
            keptCount += 1
        } else if owners == nil {
            owners = (0..<Int32(count)).map { $0 }
        }
        count += 1
    }

    package func singleStart(of uid: String) -> OriginalTime? {
        versions.singleStart(of: uid)
    }

    package mutating func dropSingle(_ uid: String) {
        versions.dropSingle(uid)
    }

    /// What was kept of the newest version of each id in the window, sorted; each version
    /// dropped gets a warning in its input's log.
    package mutating func sorted(logs: inout [DiagnosticLog]) -> [Kept] {
        let order = versions.chosenInOrder(logs: &logs)
        var place = [Int32](repeating: -1, count: count)
        for (position, index) in order.enumerated() { place[index] = Int32(position) }
        // Taken out and read chunk by chunk, each let go of once its values are in place:
        // what was kept is never held twice.
        var kept: [[Kept]] = []
        swap(&kept, &self.kept)
        return ScatteredArray.make(count: order.count) { put in
            for chunk in kept.indices {
                let values = kept[chunk]
                kept[chunk] = []
                for (offset, value) in values.enumerated() {
                    let index = chunk << Self.chunkShift + offset
                    let position = place[owners.map { Int($0[index]) } ?? index]
                    if position >= 0 { put(Int(position), value) }
                }
            }
        }
    }
}

/// Every version of every event read, and which of them is the newest of its id.
///
/// A listing of millions of occurrences holds one version for each, so a version is kept in
/// fixed-size fields and its id's bytes: its id's UTF-8 in a shared arena (the UID is the id's start), the rest in
/// fixed-size fields, in chunks that are never copied to grow; ids are found through tables of
/// indices, not dictionaries of strings.
private struct EventVersions {
    /// A mapped event while the newest version of each id is chosen: what that choice, the
    /// window and the order need.
    private struct Candidate {
        /// The id's bytes in ``EventVersions/ids``.
        var id: ByteArena.Slice
        /// How many of the id's bytes are the series' key: the UID, after the calendar's name
        /// and `/` when inputs are read apart (the id is the key, or the key, `#` and the
        /// recurrence id).
        var uidLength: Int32
        /// Where the UID starts in the id: after the calendar's name and `/`, if any.
        var uidStart: Int32
        /// The source's file name, an index into ``EventVersions/fileNames``.
        var fileName: Int32
        /// The input's index.
        var file: Int32
        var inWindow: Bool
        /// Replaced by an override without a recurring master.
        var isDropped = false
        var sequence: Int
        var line: Int
        var interval: EventInterval
        var stamp: LocalDateTime?
        /// DTSTART as written, kept for an event without RECURRENCE-ID only.
        var singleStart: OriginalTime?
    }

    private static let chunkShift = 14
    private var chunks: [[Candidate]] = []
    private var count = 0
    private var ids = ByteArena()
    private var fileNames: [String] = []
    /// Per UID, the last candidate without RECURRENCE-ID.
    private var singles = IndexTable()

    private subscript(index: Int) -> Candidate {
        get { chunks[index >> Self.chunkShift][index & (1 << Self.chunkShift - 1)] }
        set { chunks[index >> Self.chunkShift][index & (1 << Self.chunkShift - 1)] = newValue }
    }

    private func id(_ index: Int) -> ArraySlice<UInt8> { ids[self[index].id] }

    /// The series' key of a candidate: its UID, within its calendar when inputs are read
    /// apart.
    private func uid(_ index: Int) -> ArraySlice<UInt8> {
        let candidate = self[index]
        return ids[candidate.id].prefix(Int(candidate.uidLength))
    }

    private func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private func rank(_ index: Int) -> VersionRank {
        let candidate = self[index]
        return VersionRank(sequence: candidate.sequence, stamp: candidate.stamp, order: index)
    }

    private func source(_ candidate: Candidate) -> SourceLocation {
        SourceLocation(file: fileNames[Int(candidate.fileName)], line: candidate.line)
    }

    mutating func add(_ event: CalendarEvent, stamp: ICalDateTime?, fileIndex: Int, inWindow: Bool)
    {
        if fileNames.last != event.source.file { fileNames.append(event.source.file) }
        if count & (1 << Self.chunkShift - 1) == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(1 << Self.chunkShift)
        }
        let single = event.recurrenceId == nil
        let uidStart = Int32(event.separateCalendar.map { $0.utf8.count + 1 } ?? 0)
        chunks[chunks.count - 1].append(
            Candidate(
                id: ids.append(event.id.utf8),
                uidLength: Int32(event.uid.utf8.count) + uidStart, uidStart: uidStart,
                fileName: Int32(fileNames.count - 1), file: Int32(fileIndex), inWindow: inWindow,
                sequence: event.sequence, line: event.source.line, interval: event.interval,
                stamp: stamp?.wallClock, singleStart: single ? event.originalStart : nil))
        count += 1
        if single {
            let index = count - 1
            withSingles { table, versions in
                table.set(index, hash: ByteArena.hash(versions.uid(index))) {
                    ByteArena.same(versions.uid($0), versions.uid(index))
                }
            }
        }
    }

    /// Hands `body` the table of singles to change, beside the versions to read.
    private mutating func withSingles<Result>(
        _ body: (inout IndexTable, EventVersions) -> Result
    ) -> Result {
        var table = IndexTable.unallocated
        swap(&table, &singles)
        let result = body(&table, self)
        swap(&table, &singles)
        return result
    }

    func singleStart(of uid: String) -> OriginalTime? {
        singles.find(hash: ByteArena.hash(uid.utf8)) { ByteArena.same(self.uid($0), uid.utf8) }
            .flatMap { self[$0].singleStart }
    }

    mutating func dropSingle(_ uid: String) {
        guard
            let index = withSingles({ table, versions in
                table.remove(hash: ByteArena.hash(uid.utf8)) {
                    ByteArena.same(versions.uid($0), uid.utf8)
                }
            })
        else { return }
        self[index].isDropped = true
    }

    /// The indices of the newest version of each id in the window, in the order events are
    /// sorted (``CalendarEvent/OrderKey``: start, all-day first, id); each version dropped
    /// gets a warning in its input's log.
    func chosenInOrder(logs: inout [DiagnosticLog]) -> [Int] {
        newest(logs: &logs).filter { self[$0].inWindow }.sorted { left, right in
            let (one, other) = (self[left], self[right])
            let start = one.interval.start.secondsSinceEpoch
            let otherStart = other.interval.start.secondsSinceEpoch
            if start != otherStart { return start < otherStart }
            if one.interval.isAllDay != other.interval.isAllDay { return one.interval.isAllDay }
            return ByteArena.precedes(id(left), id(right))
        }
    }

    /// The indices of the candidates to keep, one per id.
    private func newest(logs: inout [DiagnosticLog]) -> [Int] {
        var best = IndexTable(capacity: count)
        var dropped = Set<Int>()
        for index in 0..<count where !self[index].isDropped {
            let hash = ByteArena.hash(id(index))
            guard
                let currentIndex = best.find(
                    hash: hash, where: { ByteArena.same(id($0), id(index)) })
            else {
                best.set(index, hash: hash) { _ in false }
                continue
            }
            let reason = rank(index).reason(toReplace: rank(currentIndex))
            let (keptIndex, droppedIndex) =
                reason != nil ? (index, currentIndex) : (currentIndex, index)
            let kept = self[keptIndex]
            let loser = self[droppedIndex]
            best.set(keptIndex, hash: hash) { $0 == currentIndex }
            dropped.insert(droppedIndex)
            let why =
                reason ?? rank(currentIndex).reason(toReplace: rank(index)) ?? "was read later"
            logs[Int(loser.file)].append(
                VersionRank.dropped(
                    "Event '\(text(id(droppedIndex)))'", file: source(loser).file,
                    line: loser.line,
                    uid: text(uid(droppedIndex).dropFirst(Int(self[droppedIndex].uidStart))),
                    keptAt: "\(source(kept))", because: why))
        }
        return (0..<count).filter { !dropped.contains($0) && !self[$0].isDropped }
    }
}

/// UTF-8 texts side by side in blocks of a megabyte, each a few bytes of reference.
private struct ByteArena {
    struct Slice {
        let block: Int32
        let start: Int32
        let count: Int32
    }

    private static let blockSize = 1 << 20
    private var blocks: [[UInt8]] = []

    mutating func append(_ bytes: String.UTF8View) -> Slice {
        if blocks.isEmpty || blocks[blocks.count - 1].count + bytes.count > Self.blockSize {
            blocks.append([])
            blocks[blocks.count - 1].reserveCapacity(max(Self.blockSize, bytes.count))
        }
        let last = blocks.count - 1
        let start = blocks[last].count
        blocks[last].append(contentsOf: bytes)
        return Slice(block: Int32(last), start: Int32(start), count: Int32(bytes.count))
    }

    subscript(slice: Slice) -> ArraySlice<UInt8> {
        let start = Int(slice.start)
        return blocks[Int(slice.block)][start..<(start + Int(slice.count))]
    }

    /// A hash of a text that agrees with ``same(_:_:)``: FNV-1a over its bytes.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        FNV1a.hash(bytes)
    }

    /// Whether two texts are one id: the same bytes (``ExactText``).
    static func same(_ one: ArraySlice<UInt8>, _ other: some Collection<UInt8>) -> Bool {
        one.elementsEqual(other)
    }

    /// Whether one text sorts before the other, by their bytes (``ExactText``).
    static func precedes(_ one: ArraySlice<UInt8>, _ other: ArraySlice<UInt8>) -> Bool {
        one.lexicographicallyPrecedes(other)
    }
}

/// A hash table of candidate indices, open addressing with linear probing: the keys are the
/// candidates' texts, compared through the closures its callers pass.
private struct IndexTable {
    private static let empty: Int32 = -1
    private static let removed: Int32 = -2
    private var slots: [Int32]
    private var hashes: [UInt32]
    private var used = 0

    /// A table with no room, to stand in while another is changed.
    static let unallocated = IndexTable(slots: [], hashes: [])

    private init(slots: [Int32], hashes: [UInt32]) {
        self.slots = slots
        self.hashes = hashes
    }

    init(capacity: Int = 8) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Self.empty, count: size)
        hashes = Array(repeating: 0, count: size)
    }

    /// The index stored under a key equal to the one `equals` looks for.
    func find(hash: UInt64, where equals: (Int) -> Bool) -> Int? {
        var slot = Int(hash & UInt64(slots.count - 1))
        while slots[slot] != Self.empty {
            if slots[slot] >= 0, hashes[slot] == UInt32(truncatingIfNeeded: hash),
                equals(Int(slots[slot]))
            {
                return Int(slots[slot])
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Stores `index`, replacing the index `equals` accepts under the same hash, if any.
    mutating func set(_ index: Int, hash: UInt64, replacing equals: (Int) -> Bool) {
        if (used + 1) * 2 > slots.count { grow() }
        let short = UInt32(truncatingIfNeeded: hash)
        var slot = Int(hash & UInt64(slots.count - 1))
        while slots[slot] != Self.empty {
            if slots[slot] >= 0, hashes[slot] == short, equals(Int(slots[slot])) {
                slots[slot] = Int32(index)
                return
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = Int32(index)
        hashes[slot] = short
        used += 1
    }

    /// Removes and returns the index stored under a key `equals` accepts.
    mutating func remove(hash: UInt64, where equals: (Int) -> Bool) -> Int? {
        var slot = Int(hash & UInt64(slots.count - 1))
        while slots[slot] != Self.empty {
            if slots[slot] >= 0, hashes[slot] == UInt32(truncatingIfNeeded: hash),
                equals(Int(slots[slot]))
            {
                defer { slots[slot] = Self.removed }
                return Int(slots[slot])
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Doubles the table, leaving removed slots behind.
    private mutating func grow() {
        let (oldSlots, oldHashes) = (slots, hashes)
        slots = Array(repeating: Self.empty, count: oldSlots.count * 2)
        hashes = Array(repeating: 0, count: oldSlots.count * 2)
        used = 0
        for (slot, index) in oldSlots.enumerated() where index >= 0 {
            var target = Int(UInt64(oldHashes[slot]) & UInt64(slots.count - 1))
            while slots[target] != Self.empty { target = (target + 1) & (slots.count - 1) }
            slots[target] = index
            hashes[target] = oldHashes[slot]
            used += 1
        }
    }
}

/// The sink of a load written as it is read: each event in the window, at once. Every
/// version of an id is written, and an override of a single event beside it.
package struct EventsInFileOrder: EventSink {
    let emit: (CalendarEvent) -> Void
    /// How many events are wanted.
    let limit: Int
    private var taken = 0

    package init(limit: Int = .max, emit: @escaping (CalendarEvent) -> Void) {
        self.emit = emit
        self.limit = limit
    }

    package var isSatisfied: Bool { taken >= limit }

    package mutating func take(
        _ event: CalendarEvent, stamp: ICalDateTime?, fileIndex: Int, inWindow: Bool,
        logs: inout [DiagnosticLog]
    ) {
        guard inWindow, taken < limit else { return }
        taken += 1
        emit(event)
    }

    package func singleStart(of uid: String) -> OriginalTime? { nil }

    package mutating func dropSingle(_ uid: String) {}
}
