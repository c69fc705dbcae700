import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Occurrence records kept as bytes in blocks of about 1 MB: a listing that must be sorted
/// before it is written holds its output, a few allocations per megabyte, rather than every
/// event with its strings and lists.
public struct OccurrenceRecords: Sendable {
    /// Where one record sits.
    public struct Record: Sendable {
        let block: Int
        let range: Range<Int>
    }

    private static let blockSize = 1 << 20
    private let format: OccurrenceFormat
    private let columns: CSVColumns
    private var encoder: OccurrenceEncoder
    private var blocks: [[UInt8]] = []
    private var scratch: [UInt8] = []

    public init(format: OccurrenceFormat, columns: CSVColumns = .all) {
        self.format = format
        self.columns = columns
        encoder = OccurrenceEncoder(format: format, columns: columns)
    }

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
        return Record(block: last, range: start..<blocks[last].count)
    }

    /// Writes `records` in order, framed as ``OccurrenceStream`` frames events.
    public func write(_ records: some Sequence<Record>, to emit: ([UInt8]) -> Void) {
        var stream = OccurrenceStream(format: format, columns: columns)
        for record in records {
            if let chunk = stream.append(record: blocks[record.block][record.range]) {
                emit(chunk)
            }
        }
        emit(stream.finish())
    }
}

extension OccurrenceRecords {
    /// The occurrences of `inputs` as ``CalendarLoader/load(_:options:database:keeping:)``
    /// sorts them, each kept as its record as soon as it is mapped.
    public static func load(
        _ inputs: [InputSource], options: LoadOptions, format: OccurrenceFormat,
        columns: CSVColumns = .all, database: ZoneInfoDatabase = .system
    ) -> (
        records: OccurrenceRecords, sorted: [Record], diagnostics: [Diagnostic],
        unusableInputs: [InputError]
    ) {
        var records = OccurrenceRecords(format: format, columns: columns)
        let (sorted, diagnostics, unusable) = CalendarLoader.load(
            inputs, options: options, database: database
        ) { records.add($0) }
        return (records, sorted, diagnostics, unusable)
    }
}
