/// Records of bytes appended one after another and read back by position: in memory up to a
/// budget, past it in a nameless temporary file (``SpillFile``), so that a run over millions
/// of records holds a few bytes of each — its place — rather than the record.
///
/// Once the file is begun every later record goes to it. When no file can be made or written,
/// records stay in memory and ``spillFailure`` says why.
struct ByteRecords: ~Copyable {
    private let budget: Int
    private let directory: String?
    /// The bytes in memory, in blocks of a megabyte (larger for a larger record).
    private var blocks: [[UInt8]] = []
    private var memoryBytes = 0
    /// The records' places: in memory `block << 32 | offset`, on disk the file offset.
    private var places: [Int] = []
    /// How many of the records (the first ones) are in memory.
    private var inMemory = 0
    private var file: SpillFile?
    /// Bytes appended but not yet written to the file.
    private var pending: [UInt8] = []
    private var fileEnd = 0
    /// Why records stayed in memory past the budget, if they did.
    private(set) var spillFailure: SpillFailure?

    /// A store that keeps up to `budget` bytes in memory, the rest in a temporary file in
    /// `directory` (by default `$TMPDIR`, else `/tmp`).
    init(budget: Int, directory: String? = nil) {
        self.budget = budget
        self.directory = directory
    }

    /// How many records were appended.
    var count: Int { places.count }

    /// Appends a record; returns its position.
    mutating func append(_ bytes: [UInt8]) -> Int {
        let position = places.count
        if file == nil, spillFailure == nil, memoryBytes + bytes.count > budget {
            do throws(SpillFailure) {
                file = try SpillFile(directory: directory)
            } catch {
                spillFailure = error
            }
        }
        if file != nil {
            places.append(fileEnd + pending.count)
            pending += bytes
            if pending.count >= 1 << 16 { flush() }
            return position
        }
        let size = 1 << 20
        if blocks.isEmpty || blocks[blocks.count - 1].count + bytes.count > size {
            blocks.append([])
            blocks[blocks.count - 1].reserveCapacity(max(size, bytes.count))
        }
        let block = blocks.count - 1
        places.append(block << 32 | blocks[block].count)
        blocks[block] += bytes
        memoryBytes += bytes.count
        inMemory += 1
        return position
    }

    /// Writes what is pending to the file; when it cannot, keeps it in memory instead.
    private mutating func flush() {
        guard !pending.isEmpty, spillFailure == nil, let file else { return }
        do throws(SpillFailure) {
            try file.append(pending)
            fileEnd += pending.count
            pending = []
        } catch {
            spillFailure = error
        }
    }

    /// The record at `position`: its bytes, possibly followed by those of later records in
    /// memory (a record's reader knows where it ends).
    /// - Throws: ``SpillFailure`` when the temporary file cannot be read.
    func record(at position: Int) throws(SpillFailure) -> ArraySlice<UInt8> {
        let place = places[position]
        if position < inMemory {
            return blocks[place >> 32][(place & 0xFFFF_FFFF)...]
        }
        let end = position + 1 < places.count ? places[position + 1] : fileEnd + pending.count
        if place >= fileEnd {
            // Not written yet.
            return pending[(place - fileEnd)..<(end - fileEnd)]
        }
        guard let file else { throw SpillFailure(description: "no temporary file") }
        return try file.read(at: place, count: end - place)[...]
    }
}
