import ChronoSketchCore
import ChronoSketchICal

/// `ics events`: every event occurrence as an interval with an exclusive end.
struct EventsCommand: Command {
    enum Format: String, CaseIterable {
        case text, json, ndjson, csv
    }

    static let format = OptionSpec.value(
        "format", "format",
        help:
            "text (an agenda), json (an array), ndjson (one object a line) or csv. (default: text)")

    static let spec = CommandSpec(
        name: "events",
        abstract: "List the events of calendars as intervals with exclusive ends.",
        discussion: """
            Several files merge into one stream, sorted by start, then id. All-day events keep \
            their dates; floating times stay as written; UTC and zoned times are converted to \
            the --tz zone. Recurring series are expanded in their own zone, with EXDATE, RDATE \
            and RECURRENCE-ID overrides applied; without --to, series with no end are listed \
            until two years after the latest event start. Problems go to stderr as \
            file:line: severity: message; an event with an error is skipped unless --strict \
            fails the run.
            """,
        positional: PositionalSpec(
            name: "file", help: "Calendar files to read; '-' or none reads standard input.",
            repeats: true),
        options: [
            CommonOptions.from, CommonOptions.to, CommonOptions.zone, format,
            CommonOptions.strict, CommonOptions.wrTimezone, CommonOptions.language,
            CommonOptions.output, CommonOptions.maxInstances, CommonOptions.maxTotalInstances,
            CommonOptions.maxIterations,
        ])

    let inputs: [InputSource]
    let options: LoadOptions
    let format: Format
    let strict: Bool
    let language: Language
    let outputPath: String?

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        inputs = CommonOptions.inputs(arguments)
        options = try CommonOptions.loadOptions(arguments, environment: environment)
        format = try CommonOptions.choice(arguments, Self.format, default: .text)
        strict = arguments.isSet(CommonOptions.strict.name)
        language = try CommonOptions.choice(arguments, CommonOptions.language, default: .en)
        outputPath = arguments.value(CommonOptions.output.name)
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = CommonOptions.injectingStandardInput(self.inputs, io)
        guard
            let loaded = CommonOptions.loadEvents(
                inputs, options: options, strict: strict, command: "ics events", io: io)
        else { return .unusableInput }
        return OutputTarget.write(outputPath, inputs: inputs, io: io) { output in
            write(loaded, to: output)
        }
    }

    private func write(_ loaded: LoadedCalendar, to output: any TextOutput) {
        switch format {
        case .text:
            output.write(
                AgendaFormatter.format(loaded.events, zone: loaded.zone, language: language))
        case .json:
            OccurrenceWriter.write(loaded.events, format: .json) { output.write(bytes: $0) }
        case .ndjson:
            OccurrenceWriter.write(loaded.events, format: .ndjson) { output.write(bytes: $0) }
        case .csv:
            OccurrenceWriter.write(loaded.events, format: .csv) { output.write(bytes: $0) }
        }
    }
}
