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
        let flushSize = 1 << 16
        switch format {
        case .json, .ndjson:
            var writer = JSONWriter(capacity: flushSize)
            if format == .json { writer.raw("[") }
            var first = true
            for event in events {
                if format == .json { writer.raw(first ? "\n" : ",\n") }
                first = false
                OccurrenceSchema.writeJSON(event, to: &writer)
                if format == .ndjson { writer.raw("\n") }
                if writer.bytes.count > flushSize {
                    emit(writer.bytes)
                    writer.reset()
                }
            }
            if format == .json { writer.raw(first ? "]\n" : "\n]\n") }
            emit(writer.bytes)
        case .csv:
            var writer: CSVWriter
            switch columns {
            case .outlook:
                writer = CSVWriter(lineEnding: "\r\n")
                writer.record(OutlookCSV.columns)
            case .schema(let names):
                writer = CSVWriter()
                writer.record(names)
            }
            let indices: [Int]
            if case .schema(let names) = columns {
                indices = names.compactMap { OccurrenceSchema.columnNames.firstIndex(of: $0) }
            } else {
                indices = []
            }
            for event in events {
                switch columns {
                case .outlook:
                    writer.record(OutlookCSV.row(event))
                case .schema:
                    let fields = OccurrenceSchema.csvFields(event)
                    writer.record(indices.map { fields[$0] })
                }
                if writer.bytes.count > flushSize {
                    emit(writer.bytes)
                    writer.reset()
                }
            }
            emit(writer.bytes)
        }
    }
}
