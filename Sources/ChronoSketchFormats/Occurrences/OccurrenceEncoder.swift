import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// The formats occurrences are written in.
public enum OccurrenceFormat: String, Sendable, CaseIterable {
    case json, ndjson, csv
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
        switch columns.fields {
        case .outlook:
            csv = CSVWriter(lineEnding: "\r\n", guardsFormulas: columns.guardsFormulas)
        case .schema(let names):
            csv = CSVWriter(guardsFormulas: columns.guardsFormulas)
            indices = names.compactMap { OccurrenceSchema.columnNames.firstIndex(of: $0) }
        }
    }

    /// The CSV header row; empty for JSON.
    var header: [UInt8] {
        guard format == .csv else { return [] }
        var writer = csv
        writer.reset()
        switch columns.fields {
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
            switch columns.fields {
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
