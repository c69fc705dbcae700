import ChronoSketchCore

/// The formats occurrences are written in.
public enum OccurrenceFormat: String, Sendable, CaseIterable {
    case json, ndjson, csv
}

/// The columns of CSV output: the occurrence schema (all or some fields) or Outlook's shape.
public enum CSVColumns: Sendable, Hashable {
    case schema([String])
    case outlook

    /// Every field of the occurrence schema.
    public static let all = CSVColumns.schema(OccurrenceSchema.columnNames)

    /// Reads `--columns`: `outlook`, or field names separated by commas.
    /// - Throws: a message naming the unknown field.
    public static func parse(_ text: String) throws(ColumnsError) -> CSVColumns {
        if text.lowercased() == "outlook" || text.lowercased() == "google" { return .outlook }
        let names = text.split(separator: ",").map { String(Substring($0).trimmingSpaces) }
        for name in names where !OccurrenceSchema.columnNames.contains(name) {
            throw ColumnsError(name: name)
        }
        return .schema(names)
    }
}

/// A `--columns` name that is not a field.
public struct ColumnsError: Error, Sendable, CustomStringConvertible {
    public let name: String
    public var description: String {
        "Unknown column '\(name)': expected 'outlook' or fields among \(OccurrenceSchema.columnNames.joined(separator: ", "))"
    }
}

/// Turns one occurrence into its record: a JSON object, or a CSV row with its line ending.
struct OccurrenceEncoder: Sendable {
    let format: OccurrenceFormat
    let columns: CSVColumns
    private var json = JSONWriter(capacity: 1 << 12)
    private var csv: CSVWriter
    private var indices: [Int] = []

    init(format: OccurrenceFormat, columns: CSVColumns) {
        self.format = format
        self.columns = columns
        switch columns {
        case .outlook:
            csv = CSVWriter(lineEnding: "\r\n")
        case .schema(let names):
            csv = CSVWriter()
            indices = names.compactMap { OccurrenceSchema.columnNames.firstIndex(of: $0) }
        }
    }

    /// The CSV header row; empty for JSON.
    var header: [UInt8] {
        guard format == .csv else { return [] }
        var writer = csv
        writer.reset()
        switch columns {
        case .outlook: writer.record(OutlookCSV.columns)
        case .schema(let names): writer.record(names)
        }
        return writer.bytes
    }

    /// Appends the record of `event` to `bytes`.
    mutating func encode(_ event: CalendarEvent, into bytes: inout [UInt8]) {
        switch format {
        case .json, .ndjson:
            OccurrenceSchema.writeJSON(event, to: &json)
            bytes.append(contentsOf: json.bytes)
            json.reset()
        case .csv:
            switch columns {
            case .outlook: csv.record(OutlookCSV.row(event))
            case .schema:
                let fields = OccurrenceSchema.csvFields(event)
                csv.record(indices.map { fields[$0] })
            }
            bytes.append(contentsOf: csv.bytes)
            csv.reset()
        }
    }
}

/// Occurrences written one at a time, for output made while the input is still being read.
public struct OccurrenceStream {
    private static let flushSize = 1 << 16
    private let format: OccurrenceFormat
    private var encoder: OccurrenceEncoder
    private var output: [UInt8] = []
    private var first = true

    public init(format: OccurrenceFormat, columns: CSVColumns = .all) {
        self.format = format
        encoder = OccurrenceEncoder(format: format, columns: columns)
        output.reserveCapacity(Self.flushSize + (1 << 12))
        output += format == .json ? Array("[".utf8) : encoder.header
    }

    /// Adds one occurrence; returns a chunk to write once about 64 KB have gathered.
    public mutating func append(_ event: CalendarEvent) -> [UInt8]? {
        separate()
        encoder.encode(event, into: &output)
        return finishRecord()
    }

    /// Adds one record made by an ``OccurrenceEncoder`` of the same format and columns.
    mutating func append(record: ArraySlice<UInt8>) -> [UInt8]? {
        separate()
        output.append(contentsOf: record)
        return finishRecord()
    }

    /// The rest of the output, closing the JSON array.
    public mutating func finish() -> [UInt8] {
        if format == .json { output += Array((first ? "]\n" : "\n]\n").utf8) }
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    private mutating func separate() {
        if format == .json { output += Array((first ? "\n" : ",\n").utf8) }
        first = false
    }

    private mutating func finishRecord() -> [UInt8]? {
        if format == .ndjson { output.append(UInt8(ascii: "\n")) }
        guard output.count > Self.flushSize else { return nil }
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }
}

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
