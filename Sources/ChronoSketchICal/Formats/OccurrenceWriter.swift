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

/// Writes occurrences as JSON (an array, one object a line), NDJSON or CSV, handing the bytes
/// on in pieces of about 64 KB so a large listing is never held twice.
public enum OccurrenceWriter {
    public static func write(
        _ events: some Sequence<CalendarEvent>, format: OccurrenceFormat,
        columns: CSVColumns = .all,
        to emit: ([UInt8]) -> Void
    ) {
        var stream = OccurrenceStream(format: format, columns: columns)
        for event in events {
            if let chunk = stream.append(event) { emit(chunk) }
        }
        emit(stream.finish())
    }
}

/// Occurrences written one at a time, for output made while the input is still being read.
public struct OccurrenceStream {
    private static let flushSize = 1 << 16
    private let format: OccurrenceFormat
    private let columns: CSVColumns
    private var json = JSONWriter(capacity: 1 << 16)
    private var csv: CSVWriter
    private var indices: [Int] = []
    private var first = true

    public init(format: OccurrenceFormat, columns: CSVColumns = .all) {
        self.format = format
        self.columns = columns
        switch columns {
        case .outlook:
            csv = CSVWriter(lineEnding: "\r\n")
        case .schema(let names):
            csv = CSVWriter()
            indices = names.compactMap { OccurrenceSchema.columnNames.firstIndex(of: $0) }
        }
        switch format {
        case .json: json.raw("[")
        case .ndjson: break
        case .csv:
            switch columns {
            case .outlook: csv.record(OutlookCSV.columns)
            case .schema(let names): csv.record(names)
            }
        }
    }

    /// Adds one occurrence; returns a chunk to write once about 64 KB have gathered.
    public mutating func append(_ event: CalendarEvent) -> [UInt8]? {
        switch format {
        case .json, .ndjson:
            if format == .json { json.raw(first ? "\n" : ",\n") }
            OccurrenceSchema.writeJSON(event, to: &json)
            if format == .ndjson { json.raw("\n") }
        case .csv:
            switch columns {
            case .outlook: csv.record(OutlookCSV.row(event))
            case .schema:
                let fields = OccurrenceSchema.csvFields(event)
                csv.record(indices.map { fields[$0] })
            }
        }
        first = false
        return take(ifOver: Self.flushSize)
    }

    /// The rest of the output, closing the JSON array.
    public mutating func finish() -> [UInt8] {
        if format == .json { json.raw(first ? "]\n" : "\n]\n") }
        return take(ifOver: 0) ?? []
    }

    private mutating func take(ifOver size: Int) -> [UInt8]? {
        if format == .csv {
            guard csv.bytes.count > size || (size == 0) else { return nil }
            defer { csv.reset() }
            return csv.bytes
        }
        guard json.bytes.count > size || (size == 0) else { return nil }
        defer { json.reset() }
        return json.bytes
    }
}
