import ChronoSketchFormats
import ChronoSketchSyntax

/// The formats of a listing of records: text for people, or JSON, NDJSON or CSV records.
enum RecordFormat: String, CaseIterable {
    case text, json, ndjson, csv

    /// The formats each `-o` extension names.
    static let byExtension: [String: [RecordFormat]] = [
        "txt": [.text], "json": [.json], "ndjson": [.ndjson], "jsonl": [.ndjson], "csv": [.csv],
    ]

    /// The records' format; nil for text.
    var records: OccurrenceFormat? {
        switch self {
        case .text: nil
        case .json: .json
        case .ndjson: .ndjson
        case .csv: .csv
        }
    }
}

/// How `ics todos` and `ics alarms` write their listing: `--format`, `--limit` and
/// `--raw-csv`, read once.
struct RecordListing {
    static let format = OutputFormats.option(RecordFormat.self, default: .text)

    let format: RecordFormat
    /// How many entries are written; all when nil.
    let limit: Int?
    /// Whether CSV cells a spreadsheet would run are marked (not with `--raw-csv`).
    let guardsFormulas: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        format = try CommonOptions.format(
            arguments, Self.format, default: RecordFormat.text,
            byExtension: RecordFormat.byExtension)
        limit = try CommonOptions.positive(arguments, CommonOptions.limit)
        guardsFormulas = !arguments.isSet(CommonOptions.rawCSV.name)
        if format != .csv, !guardsFormulas {
            throw .contradiction("--raw-csv", "--format \(format.rawValue)")
        }
    }

    /// `entries` cut to `--limit`.
    func limited<Entry>(_ entries: [Entry]) -> ArraySlice<Entry> {
        entries.prefix(limit ?? entries.count)
    }

    /// Writes the listing to `-o` or standard output: `text()` for people, else the bytes
    /// `records` makes in the records' format.
    func write(
        to path: String?, io: CommandIO, unusable: [InputError], text: () -> String,
        records: (OccurrenceFormat, _ guardsFormulas: Bool) -> [UInt8]
    ) -> ExitStatus {
        OutputTarget.write(path, io: io, unusable: unusable, forPeople: format == .text) {
            output in
            if let kind = format.records {
                output.write(bytes: records(kind, guardsFormulas))
            } else {
                output.write(text())
            }
        }
    }
}
