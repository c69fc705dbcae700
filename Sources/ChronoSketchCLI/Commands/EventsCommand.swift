import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

/// `ics events`: every event occurrence as an interval with an exclusive end.
struct EventsCommand: Command {
    typealias Format = RecordFormat

    enum Order: String, CaseIterable {
        case start, file
    }

    static let order = OptionSpec.value(
        "order", "order",
        help:
            "start (sorted by start, then id) or file (as read, written while reading: memory stays flat; json, ndjson or csv). (default: start)"
    ).choosing(Order.self)

    static let format = OutputFormats.option(Format.self, default: .text)

    static let template = OptionSpec.value(
        "template", "text",
        help:
            "One line per occurrence instead of the agenda: {field} of the JSON schema, {start:%H:%M} and {end:…} with %Y %m %d %H %M %S %a %A %b %B, {{ and }} for braces; such as '{start:%a %H:%M} {title} [{calendar}]'."
    )

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
        positional: CommonOptions.calendarFiles,
        options: [template, order],
        groups: [
            .window, .dates, .components, .filters, .zone, .listing, .output(format), .records,
            .csv, .memory, .language,
            .diagnostics, .inputs, .expansion,
        ])

    let runOptions: RunOptions
    let options: LoadOptions
    let format: Format
    let order: Order
    let columns: CSVColumns
    let records: RecordKind
    let lineTemplate: OccurrenceTemplate?
    /// Bytes of records a sorted listing keeps in memory before it spills.
    let memory: Int
    /// How many occurrences are written (`--limit`); all when nil.
    let limit: Int?
    /// Whether the inputs are several calendars (files or calendar folders), whose agenda
    /// tags each event with its calendar.
    let severalCalendars: Bool
    /// Whose agenda it is (`ics agenda --as`): the events they declined are marked, or left
    /// out when `hidesDeclined`.
    var reader: (attendance: Attendance, hidesDeclined: Bool)?
    /// Which tasks the agenda shows at their DUE (`ics agenda --todos`): the open ones, or
    /// all that `--status` keeps; nil shows each task over its interval.
    var tasksAtDue: TasksShown?

    enum TasksShown {
        case open, filtered
    }

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        runOptions = try RunOptions(arguments, environment: environment)
        options = try CommonOptions.loadOptions(arguments, environment: environment)
        // A file of a calendar folder is of that calendar; any other input is one of its own.
        severalCalendars =
            Set(
                runOptions.named.map { [options] input in
                    options.calendarNames[input.name] ?? input.name
                }
            )
            .count > 1
        // `--columns` alone asks for CSV.
        format = try CommonOptions.format(
            arguments, Self.format,
            default: arguments.isSet(CommonOptions.columns.name) ? Format.csv : Format.text,
            byExtension: RecordFormat.byExtension)
        order = try CommonOptions.choice(arguments, Self.order, default: .start)
        memory = try CommonOptions.memory(arguments)
        if order == .file, format == .text {
            throw .invalidValue(
                "file", for: Self.order, "file order writes json, ndjson or csv; add --format")
        }
        records = try CommonOptions.records(arguments, textOutput: format == .text)
        let chosen = try CommonOptions.language(arguments, environment: environment)
        lineTemplate = try arguments.value(Self.template.name).map {
            text throws(UsageError) in
            do throws(TemplateError) {
                return try OccurrenceTemplate(text, language: chosen)
            } catch {
                throw .invalidValue(text, for: Self.template, error.reason)
            }
        }
        if lineTemplate != nil, format != .text {
            throw .contradiction("--template", "--format \(format.rawValue)")
        }
        if records == .series, arguments.value(Self.order.name) != nil {
            throw .contradiction("--records series", "--order")
        }
        limit = try CommonOptions.positive(arguments, CommonOptions.limit)
        if records == .series, let limit {
            throw .contradiction("--records series", "--limit \(limit)")
        }
        columns = try CommonOptions.columns(
            arguments, format: format == .csv ? nil : format.rawValue)
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = runOptions.inputs(io)
        if records == .series, let occurrenceFormat {
            var conversion = ConversionOptions(
                to: ConversionFormat(rawValue: occurrenceFormat.rawValue) ?? .json,
                columns: columns, load: options, stamp: LocalDateTime(startOf: .minimum))
            conversion.records = .series
            return ConvertCommand.stream(
                inputs, options: conversion, strict: runOptions.strict,
                outputPath: runOptions.outputPath,
                command: "ics events", io: io)
        }
        if order == .file { return runInFileOrder(inputs, io: io) }
        if let occurrenceFormat { return runSorted(inputs, format: occurrenceFormat, io: io) }
        guard
            let loaded = CommandLoading.events(
                inputs, options: options, strict: runOptions.strict, command: "ics events", io: io)
        else { return .unusableInput }
        return OutputTarget.write(
            runOptions.outputPath, io: io, unusable: loaded.unusableInputs, forPeople: true
        ) { output in
            write(loaded, to: output)
        }
    }

    private func write(_ loaded: LoadedCalendar, to output: any TextOutput) {
        var events = Array(loaded.events)
        if let reader, reader.hidesDeclined {
            events.removeAll { reader.attendance.declined($0) }
        }
        // A task is in the agenda by its DUE.
        if let tasksAtDue {
            events.removeAll {
                $0.component == .todo
                    && (($0.task?.due ?? TaskDetails.Due.none) == TaskDetails.Due.none
                        || (tasksAtDue == .open && $0.isDone))
            }
        }
        if let limit { events = Array(events.prefix(limit)) }
        if let lineTemplate {
            output.write(events.map { lineTemplate.line($0) + "\n" }.joined())
            return
        }
        output.write(
            AgendaFormatter.format(
                events, zone: loaded.zone, language: runOptions.language, days: windowDays,
                tagsCalendars: severalCalendars, tasksAtDue: tasksAtDue != nil,
                declined: { reader?.attendance.declined($0) ?? false }))
    }

    /// The days of `--from` and `--to` (a `--to` at 00:00 ends with the day before), for the
    /// agenda to list no other.
    private var windowDays: Range<CivilDate>? {
        guard options.start != nil || options.end != nil else { return nil }
        let first = options.start?.date ?? .minimum
        var after = CivilDate.maximum
        if let end = options.end {
            after = end.secondOfDay == 0 ? end.date : (try? end.date.adding(days: 1)) ?? end.date
        }
        return first < after ? first..<after : first..<first
    }

    /// The data format asked for; nil for the agenda text.
    private var occurrenceFormat: OccurrenceFormat? { format.records }

    /// JSON, NDJSON or CSV by start: each event is turned into its record as soon as it is
    /// mapped, so what waits for the sort is bytes, not events.
    private func runSorted(_ inputs: [InputSource], format: OccurrenceFormat, io: CommandIO)
        -> ExitStatus
    {
        let (records, sorted, diagnostics, unusable) = OccurrenceRecords.load(
            inputs, options: options.reporting(to: io), format: format, columns: columns,
            memory: memory)
        guard
            CommandLoading.report(
                diagnostics, unusable: unusable, inputs: inputs.count, strict: runOptions.strict,
                command: "ics events", io: io)
        else { return .unusableInput }
        return CommandLoading.write(
            records, limit.map { Array(sorted.prefix($0)) } ?? sorted, unusable: unusable,
            outputPath: runOptions.outputPath,
            command: "ics events",
            io: io)
    }

    /// `--order file`: each occurrence written as it is read; diagnostics follow the data.
    private func runInFileOrder(_ inputs: [InputSource], io: CommandIO) -> ExitStatus {
        let occurrenceFormat: OccurrenceFormat =
            switch format {
            case .json: .json
            case .csv: .csv
            case .ndjson, .text: .ndjson
            }
        var diagnostics: [Diagnostic] = []
        var unusable: [InputError] = []
        let status = OutputTarget.stream(runOptions.outputPath, io: io) { output in
            var stream = OccurrenceStream(format: occurrenceFormat, columns: columns)
            (diagnostics, unusable) = CalendarLoader.stream(
                inputs, options: options.reporting(to: io), limit: limit ?? .max
            ) { event in
                if let chunk = stream.append(event) { output.write(bytes: chunk) }
            }
            if runOptions.strict,
                !unusable.isEmpty
                    || io.policy.apply(diagnostics).contains(where: { $0.severity == .error })
            {
                return .unusableInput
            }
            output.write(bytes: stream.finish())
            return ExitStatus.success.noting(unusable)
        }
        _ = CommandLoading.report(
            diagnostics, unusable: unusable, strict: runOptions.strict, command: "ics events",
            io: io)
        return status
    }
}
