import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Occurrences written one at a time, for output made while the input is still being read.
public struct OccurrenceStream {
    private static let flushSize = 1 << 16
    private let format: OccurrenceFormat
    private var encoder: OccurrenceEncoder
    private var output: [UInt8] = []
    private var first = true

    /// A stream of records in `format` (and, for CSV, `columns`).
    public init(format: OccurrenceFormat, columns: CSVColumns = .all) {
        self.format = format
        encoder = OccurrenceEncoder(format: format, columns: columns)
        output.reserveCapacity(Self.flushSize + (1 << 12))
        output += format == .json ? Array("[".utf8) : encoder.header
    }

    /// A stream of records made elsewhere, CSV ones under `header`.
    init(format: OccurrenceFormat, header: [UInt8]) {
        self.format = format
        encoder = OccurrenceEncoder(format: format, columns: .all)
        output.reserveCapacity(Self.flushSize + (1 << 12))
        output += format == .json ? Array("[".utf8) : header
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
