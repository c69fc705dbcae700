import ChronoSketchCore
import ChronoSketchEvents
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

/// What `ics todos` and `ics alarms` read before their own options: how the run goes, what is
/// read (the open ones unless `--status` says otherwise) with the today and now its window
/// counts from, and how the listing is written.
struct ListingSetup {
    let run: RunOptions
    var options: LoadOptions
    /// "Now" on the `--tz` wall clock (`--today` with a time pins it).
    let now: LocalDateTime
    let listing: RecordListing

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        run = try RunOptions(arguments, environment: environment)
        listing = try RecordListing(arguments)
        let (options, dates) = try CommonOptions.loadOptionsAndDates(
            arguments, environment: environment)
        self.options = options
        now = dates.now
        if !arguments.isSet(CommonOptions.status.name) { self.options.filter.statuses = ["OPEN"] }
    }

    /// The events of the inputs, what was found reported; nil when the run must stop.
    func load(io: CommandIO, command: String) -> LoadedCalendar? {
        CommandLoading.events(
            run.inputs(io), options: options, strict: run.strict, command: command, io: io)
    }

    /// Writes the listing of what `loaded` gave (``RecordListing/write(to:io:unusable:text:records:)``).
    func write(
        _ loaded: LoadedCalendar, io: CommandIO, text: () -> String,
        records: (OccurrenceFormat, _ guardsFormulas: Bool) -> [UInt8]
    ) -> ExitStatus {
        listing.write(
            to: run.outputPath, io: io, unusable: loaded.unusableInputs, text: text,
            records: records)
    }
}
