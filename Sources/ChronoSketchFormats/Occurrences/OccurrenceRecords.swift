import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// A temporary file that could not be made, written or read back.
public struct SpillFailure: Error, CustomStringConvertible, Sendable {
    /// What failed, with the system's reason.
    public let description: String
}

/// Occurrence records kept as bytes until the listing they belong to is sorted: a listing
/// holds its output, a few allocations per megabyte, rather than every event with its strings
/// and lists.
///
/// Past a budget of bytes, the records held are sorted by the order events are listed in
/// (``CalendarEvent/OrderKey``) and written as one run to a temporary file (``SpillFile``:
/// nameless, gone when the process ends). Writing merges the runs with what is still held,
/// so memory stays near the budget whatever the number of records; the output is the same
/// bytes either way.
public struct OccurrenceRecords: Sendable {
    /// One record: the position at which it was added.
    public struct Record: Sendable {
        let index: Int
    }

    /// The budget when none is given: enough for most calendars never to touch the disk.
    public static let defaultMemory = 32 << 20

    /// A record still in memory.
    private struct Held {
        let key: CalendarEvent.OrderKey
        let block: Int
        let range: Range<Int>
    }

    /// A sorted run in the spill file: frames of index (8 bytes), length (4) and record.
    private struct Run {
        let offset: Int
        let length: Int
    }

    private static let blockSize = 1 << 20
    /// Runs merged at once: more are merged into longer runs first.
    private static let fanIn = 64
    /// What a held record costs besides its bytes: its key, place and share of the lists.
    private static let heldOverhead = 96
    private let format: OccurrenceFormat
    private let columns: CSVColumns
    private let memory: Int
    private var encoder: OccurrenceEncoder
    private var blocks: [[UInt8]] = []
    private var scratch: [UInt8] = []
    /// The records in memory, which are those added since ``firstHeld``.
    private var held: [Held] = []
    private var heldBytes = 0
    private var firstHeld = 0
    private var count = 0
    private var runs: [Run] = []
    private var spill: SpillFile?
    /// Why records stopped going to disk (they stay in memory from then on); nil while they can.
    public private(set) var spillFailure: SpillFailure?

    /// Records of `format`, at most about `memory` bytes of them in memory.
    public init(format: OccurrenceFormat, columns: CSVColumns = .all, memory: Int = Int.max) {
        self.format = format
        self.columns = columns
        self.memory = max(memory, 1)
        encoder = OccurrenceEncoder(format: format, columns: columns)
    }

    /// The sorted runs written to disk so far.
    public var spilledRuns: Int { runs.count }

    /// Encodes `event` and keeps its record.
    public mutating func add(_ event: CalendarEvent) -> Record {
        scratch.removeAll(keepingCapacity: true)
        encoder.encode(event, into: &scratch)
        if blocks.isEmpty || blocks[blocks.count - 1].count + scratch.count > Self.blockSize {
            var block: [UInt8] = []
            block.reserveCapacity(max(Self.blockSize, scratch.count))
            blocks.append(block)
        }
        let last = blocks.count - 1
        let start = blocks[last].count
        blocks[last].append(contentsOf: scratch)
        held.append(
            Held(
                key: CalendarEvent.OrderKey(event), block: last,
                range: start..<blocks[last].count))
        heldBytes += scratch.count + event.id.utf8.count + Self.heldOverhead
        defer { count += 1 }
        if heldBytes > memory, spillFailure == nil { spillHeld() }
        return Record(index: count)
    }

    /// Writes what is held as one sorted run and lets it go; on failure keeps it.
    private mutating func spillHeld() {
        do throws(SpillFailure) {
            let file: SpillFile
            if let spill {
                file = spill
            } else {
                file = try SpillFile()
                spill = file
            }
            let order = held.indices.sorted { held[$0].key < held[$1].key }
            var writer = RunWriter(file: file)
            for position in order {
                let record = held[position]
                try writer.add(index: firstHeld + position, blocks[record.block][record.range])
            }
            runs.append(try writer.finish())
            blocks = []
            held = []
            heldBytes = 0
            firstHeld = count + 1
        } catch {
            spillFailure = error
        }
    }

    /// Writes `records` in order, framed as ``OccurrenceStream`` frames events.
    /// - Throws: ``SpillFailure`` when a run cannot be read back; what was emitted stays.
    public func write(_ records: some Sequence<Record>, to emit: ([UInt8]) -> Void)
        throws(SpillFailure)
    {
        var stream = OccurrenceStream(format: format, columns: columns)
        if let spill, !runs.isEmpty {
            try merge(records, file: spill) { bytes in
                if let chunk = stream.append(record: bytes) { emit(chunk) }
            }
        } else {
            for record in records {
                let held = held[record.index - firstHeld]
                if let chunk = stream.append(record: blocks[held.block][held.range]) {
                    emit(chunk)
                }
            }
        }
        emit(stream.finish())
    }

    /// Hands `emit` the records of `records`, in that order, from the runs and memory.
    private func merge(
        _ records: some Sequence<Record>, file: SpillFile, emit: (ArraySlice<UInt8>) -> Void
    ) throws(SpillFailure) {
        // The place of each record in the listing; records left out (older versions, say)
        // have none. Each run is sorted as the listing is, so merging by place is merging
        // by key.
        var rank = [UInt32](repeating: .max, count: count)
        var place: UInt32 = 0
        for record in records {
            rank[record.index] = place
            place += 1
        }
        var runs = self.runs
        while runs.count > Self.fanIn {
            var writer = RunWriter(file: file)
            var group = runs.prefix(Self.fanIn).map { RunReader(file: file, run: $0) }
            try Self.merge(&group, memory: [], rank: rank) { index, bytes throws(SpillFailure) in
                try writer.add(index: index, bytes)
            }
            runs = Array(runs.dropFirst(Self.fanIn)) + [try writer.finish()]
        }
        var readers = runs.map { RunReader(file: file, run: $0) }
        let inMemory = held.indices.filter { rank[firstHeld + $0] != .max }
            .sorted { rank[firstHeld + $0] < rank[firstHeld + $1] }
            .map { (index: firstHeld + $0, bytes: blocks[held[$0].block][held[$0].range]) }
        try Self.merge(&readers, memory: inMemory, rank: rank) { _, bytes in emit(bytes) }
    }

    /// Merges sorted sources by rank, skipping records without one.
    private static func merge(
        _ readers: inout [RunReader], memory: [(index: Int, bytes: ArraySlice<UInt8>)],
        rank: [UInt32], emit: (Int, ArraySlice<UInt8>) throws(SpillFailure) -> Void
    ) throws(SpillFailure) {
        // A heap of (rank, source), source `readers.count` standing for the memory.
        var heap: [(rank: UInt32, source: Int)] = []
        var memoryNext = 0
        func push(_ entry: (rank: UInt32, source: Int)) {
            heap.append(entry)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].rank < heap[parent].rank else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }
        func popFirst() -> (rank: UInt32, source: Int) {
            let first = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    let right = left + 1
                    var least = parent
                    if left < heap.count, heap[left].rank < heap[least].rank { least = left }
                    if right < heap.count, heap[right].rank < heap[least].rank { least = right }
                    if least == parent { break }
                    heap.swapAt(parent, least)
                    parent = least
                }
            }
            return first
        }
        func advance(_ source: Int) throws(SpillFailure) {
            if source == readers.count {
                if memoryNext < memory.count {
                    push((rank[memory[memoryNext].index], source))
                }
                return
            }
            while let index = try readers[source].next() {
                if rank[index] != .max {
                    push((rank[index], source))
                    return
                }
            }
        }
        for source in 0...readers.count { try advance(source) }
        while !heap.isEmpty {
            let (_, source) = popFirst()
            if source == readers.count {
                let record = memory[memoryNext]
                try emit(record.index, record.bytes)
                memoryNext += 1
            } else {
                try emit(readers[source].currentIndex, readers[source].current)
            }
            try advance(source)
        }
    }

    /// Writes the frames of one run, a megabyte at a time.
    private struct RunWriter {
        let file: SpillFile
        let offset: Int
        var buffer: [UInt8] = []

        init(file: SpillFile) {
            self.file = file
            offset = file.size
            buffer.reserveCapacity(1 << 20)
        }

        mutating func add(index: Int, _ bytes: ArraySlice<UInt8>) throws(SpillFailure) {
            for byte in 0..<8 { buffer.append(UInt8(truncatingIfNeeded: index >> (8 * byte))) }
            for byte in 0..<4 {
                buffer.append(UInt8(truncatingIfNeeded: bytes.count >> (8 * byte)))
            }
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 20 {
                try file.append(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }

        consuming func finish() throws(SpillFailure) -> Run {
            try file.append(buffer)
            return Run(offset: offset, length: file.size - offset)
        }
    }

    /// Reads the frames of one run back, 64 KB at a time.
    private struct RunReader {
        let file: SpillFile
        private var offset: Int
        private let end: Int
        private var buffer: [UInt8] = []
        private var position = 0
        /// The record read last and its index.
        private(set) var current: ArraySlice<UInt8> = []
        private(set) var currentIndex = 0

        init(file: SpillFile, run: Run) {
            self.file = file
            offset = run.offset
            end = run.offset + run.length
        }

        /// Reads the next record; its index, nil at the end of the run.
        mutating func next() throws(SpillFailure) -> Int? {
            guard try available(12) else { return nil }
            var index: UInt64 = 0
            var length: UInt32 = 0
            for byte in 0..<8 { index |= UInt64(buffer[position + byte]) << (8 * byte) }
            for byte in 0..<4 { length |= UInt32(buffer[position + 8 + byte]) << (8 * byte) }
            guard try available(12 + Int(length)) else {
                throw SpillFailure(description: "a temporary file ended early")
            }
            currentIndex = Int(index)
            current = buffer[(position + 12)..<(position + 12 + Int(length))]
            position += 12 + Int(length)
            return currentIndex
        }

        /// Whether `count` bytes from `position` are in the buffer, reading more if needed.
        private mutating func available(_ count: Int) throws(SpillFailure) -> Bool {
            let held = buffer.count - position
            if held >= count { return true }
            let remaining = end - offset
            guard held + remaining >= count else { return false }
            let more = try file.read(at: offset, count: min(remaining, max(count - held, 1 << 16)))
            offset += more.count
            buffer = Array(buffer[position...]) + more
            position = 0
            return buffer.count >= count
        }
    }
}

extension OccurrenceRecords {
    /// The occurrences of `inputs` as ``CalendarLoader/load(_:options:database:keeping:)``
    /// sorts them, each kept as its record as soon as it is mapped, at most about `memory`
    /// bytes of records in memory.
    public static func load(
        _ inputs: [InputSource], options: LoadOptions, format: OccurrenceFormat,
        columns: CSVColumns = .all, memory: Int = Int.max, database: ZoneInfoDatabase = .system
    ) -> (
        records: OccurrenceRecords, sorted: [Record], diagnostics: [Diagnostic],
        unusableInputs: [InputError]
    ) {
        var records = OccurrenceRecords(format: format, columns: columns, memory: memory)
        let (sorted, diagnostics, unusable) = CalendarLoader.load(
            inputs, options: options, database: database
        ) { records.add($0) }
        return (records, sorted, diagnostics, unusable)
    }
}
