import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation

/// `ics convert`: between `.ics`, jCal, occurrence JSON/NDJSON/CSV and Outlook's CSV.
struct ConvertCommand: Command {
    static let format = OutputFormats.option(ConversionFormat.self, default: .ics)
    static let sourceFormat = OptionSpec.value(
        "from-format", "format",
        help:
            "The input format: ics, jcal, json, ndjson or csv (default: from each file's extension, else its content)."
    ).choosing(ConversionFormat.self)

    static let dedupe = OptionSpec.flag(
        "dedupe",
        help:
            "When several inputs use a UID, keep only the newest input's events with it (highest SEQUENCE, then latest DTSTAMP, then the input named last); each left out is said."
    )

    static let uidFrom = OptionSpec.value(
        "uid-from", "fields",
        help:
            "The fields (or CSV columns) a record without a uid has its UID made from, separated by commas. (default: title and start date)"
    )

    static let set = OptionSpec.value(
        "set", "name=value", repeats: true,
        help:
            "Set a calendar property of the .ics or jCal written (X-WR-CALNAME, NAME, METHOD, REFRESH-INTERVAL, X-PUBLISHED-TTL, COLOR, …), in place of the inputs' own; an empty value removes it. Repeatable."
    )

    static let previous = OptionSpec.value(
        "previous", "feed",
        help:
            "The feed as last published (often the -o file itself): each event of it written again has its SEQUENCE raised when its content changed, and keeps the published one when not."
    )

    static let vtimezone = OptionSpec.value(
        "vtimezone", "form",
        help:
            "The VTIMEZONEs written for records' zones: minimal (the observances from a year before the zone's first event to its last, as yearly rules Outlook imports) or full (the zone's whole history). (default: minimal)"
    ).choosing(ZoneDefinitionForm.self)

    static let allowEmpty = OptionSpec.flag(
        "allow-empty",
        help:
            "Write an .ics or jCal calendar even when nothing is left in it but time zones; without it, such a calendar is not written and the exit status is 2."
    )

    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert calendars between .ics, jCal, JSON, NDJSON and CSV.",
        discussion: """
            .ics and jCal keep every component, property, parameter and value; several inputs \
            merge into one calendar, each VTIMEZONE once. json, ndjson and csv are the \
            occurrences ics events lists, and read back into .ics as new events (with UID, \
            DTSTAMP and a VTIMEZONE for each zone named, minimal unless --vtimezone full); with --records series they are one \
            record per VEVENT, with its rule, which read back as the same series. Outlook's CSV \
            shape is read and written too. With --from and --to dates, only events (whole series) touching the window \
            are kept. An .ics or jCal calendar left with nothing but time zones is not \
            written (exit status 2) unless --allow-empty. DTSTAMP of new events is \
            SOURCE_DATE_EPOCH when set, else now.
            """,
        positional: PositionalSpec(
            name: "file", help: "Files to convert; '-' or none reads standard input.", repeats: true
        ),
        options: [sourceFormat, dedupe, allowEmpty, uidFrom, set, previous, vtimezone],
        groups: [
            .output(format), .records, .csv, .memory, .window, .dates, .components, .filters,
            .zone,
            .diagnostics, .inputs, .expansion,
        ])

    let inputs: [InputSource]
    var options: ConversionOptions
    let strict: Bool
    let outputPath: String?
    /// The feed as last published (`--previous`), read before anything is written.
    let previousFeed: InputSource?

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        inputs = CommonOptions.inputs(arguments)
        outputPath = arguments.value(CommonOptions.output.name)
        // `--to` is the window's end; a format name there was the older spelling of --format.
        if let value = arguments.value(CommonOptions.to.name),
            let named = ConversionFormat(rawValue: value.lowercased())
        {
            throw .invalidValue(
                value, for: CommonOptions.to,
                "--to is the date the window ends; give the format as --format \(named.rawValue)")
        }
        // `--columns` alone asks for CSV.
        let targetFormat = try CommonOptions.format(
            arguments, Self.format,
            default: arguments.isSet(CommonOptions.columns.name)
                ? ConversionFormat.csv : ConversionFormat.ics,
            byExtension: Dictionary(
                uniqueKeysWithValues: ConversionFormat.allCases.flatMap(\.extensions).map {
                    ($0, ConversionFormat.candidates(forExtension: $0))
                }))
        let columns = try CommonOptions.columns(
            arguments, format: targetFormat == .csv ? nil : targetFormat.rawValue)
        let load = try CommonOptions.loadOptions(arguments, environment: environment)
        let source: ConversionFormat? = try arguments.value(Self.sourceFormat.name).map {
            value throws(UsageError) in
            guard let named = ConversionFormat(rawValue: value.lowercased()) else {
                throw .notOneOf(
                    value, for: Self.sourceFormat, ConversionFormat.allCases.map(\.rawValue))
            }
            return named
        }
        options = ConversionOptions(
            from: source,
            to: targetFormat,
            columns: columns, load: load, stamp: try Self.stamp(environment))
        options.dedupe = arguments.isSet(Self.dedupe.name)
        if options.dedupe, load.separateCalendars != nil {
            throw UsageError(
                message:
                    "--dedupe keeps one input's events of a UID and --inputs separate every input's: give one of them"
            )
        }
        options.allowsEmpty = arguments.isSet(Self.allowEmpty.name)
        for text in arguments.values[Self.set.name] ?? [] {
            guard targetFormat == .ics || targetFormat == .jcal else {
                throw .invalidValue(
                    text, for: Self.set, "only an .ics or jCal calendar has calendar properties")
            }
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw .invalidValue(
                    text, for: Self.set, "expected NAME=VALUE such as X-WR-CALNAME=League")
            }
            do {
                options.settings.append(
                    try CalendarSetting(
                        name: String(parts[0]),
                        value: Self.settingValue(String(parts[1]), of: String(parts[0]))))
            } catch {
                throw .invalidValue(text, for: Self.set, error.description)
            }
        }
        if let text = arguments.value(Self.uidFrom.name) {
            let fields = text.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard !fields.isEmpty, !fields.contains(where: { $0.isEmpty }) else {
                throw .invalidValue(
                    text, for: Self.uidFrom, "expected field names separated by commas")
            }
            options.uidFields = fields
        }
        previousFeed = try arguments.value(Self.previous.name).map { path throws(UsageError) in
            guard targetFormat == .ics || targetFormat == .jcal else {
                throw .invalidValue(
                    path, for: Self.previous, "only an .ics or jCal feed has SEQUENCEs to raise")
            }
            guard path != "-" else {
                throw .invalidValue(path, for: Self.previous, "give the published feed's file")
            }
            return .file(path)
        }
        options.zoneForm = try CommonOptions.choice(arguments, Self.vtimezone, default: .minimal)
        options.memory = try CommonOptions.memory(arguments)
        options.records = try CommonOptions.records(
            arguments, textOutput: targetFormat == .ics || targetFormat == .jcal)
        strict = arguments.isSet(CommonOptions.strict.name)
    }

    /// The properties that hold how often subscribers refresh (RFC 7986 §5.7, and the older
    /// name Outlook and Google read), whose value is a duration.
    static let refreshNames: Set<String> = ["REFRESH-INTERVAL", "X-PUBLISHED-TTL"]

    /// A `--set` value as written: a refresh interval in the forms every option takes (`1h`,
    /// `90m`, `1d`) as the RFC 5545 duration it is (`PT1H`); any other value as given.
    static func settingValue(_ value: String, of name: String) -> String {
        guard refreshNames.contains(name.uppercased()), !value.isEmpty,
            !value.uppercased().hasPrefix("P"), let seconds = DurationText.seconds(value)
        else { return value }
        return CalendarDuration(days: seconds / 86_400, seconds: seconds % 86_400).description
    }

    /// DTSTAMP for new events: `SOURCE_DATE_EPOCH` (reproducible output), else the current time.
    /// - Throws: when `SOURCE_DATE_EPOCH` is set to anything but a whole number of seconds
    ///   from 1970 to a time in the years 1 to 9999, which the reproducible-builds
    ///   specification asks a program to refuse rather than guess.
    static func stamp(_ environment: [String: String]) throws(UsageError) -> LocalDateTime {
        guard let text = environment["SOURCE_DATE_EPOCH"] else {
            let now = Int(Date().timeIntervalSince1970)
            return (try? LocalDateTime(secondsSinceEpoch: now)) ?? LocalDateTime(startOf: .minimum)
        }
        guard let seconds = Int(text) else {
            throw UsageError(
                message:
                    "SOURCE_DATE_EPOCH is '\(text)', not a whole number of seconds since 1970-01-01T00:00Z"
            )
        }
        do {
            return try LocalDateTime(secondsSinceEpoch: seconds)
        } catch {
            throw UsageError(
                message:
                    "SOURCE_DATE_EPOCH is '\(text)', a time outside the years 1 to 9999 that DTSTAMP can hold"
            )
        }
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = CommandLoading.withStandardInput(self.inputs, io)
        switch options.to {
        case .ics, .jcal:
            guard let previousFeed else { return runStreaming(inputs, io: io) }
            var command = self
            // The first time a feed is published there is none before it.
            if case .file(let path) = previousFeed, !FileManager.default.fileExists(atPath: path) {
                if !io.quiet {
                    io.standardError.write(
                        "\(TerminalText.oneLine(path)): warning: no such file, so nothing was published before; every SEQUENCE is written as given (--previous)\n"
                    )
                }
                return runStreaming(inputs, io: io)
            }
            do throws(InputError) {
                // The feed as published, in whichever format it was (.ics, jCal, records).
                var said = DiagnosticLog()
                let limits = options.load.limits
                let feed = try Converter.eventInput(previousFeed, limits: limits, log: &said)
                command.options.published = try PublishedVersions(reading: feed, limits: limits)
            } catch {
                DiagnosticPrinter.print(error, to: io)
                return .unusableInput
            }
            return command.runStreaming(inputs, io: io)
        case .json, .ndjson, .csv:
            return options.records == .series
                ? runStreaming(inputs, io: io) : runSorted(inputs, io: io)
        }
    }

    /// Occurrences by start: the listing is made whole, reported on, then written.
    private func runSorted(_ inputs: [InputSource], io: CommandIO) -> ExitStatus {
        let result = Converter.occurrences(inputs, options: options.reporting(to: io))
        guard
            CommandLoading.report(
                result.diagnostics, unusable: result.unusableInputs, inputs: inputs.count,
                strict: strict, command: "ics convert", io: io)
        else { return .unusableInput }
        return CommandLoading.write(
            result.records, result.sorted, unusable: result.unusableInputs,
            outputPath: outputPath, command: "ics convert", io: io)
    }

    /// `.ics`, jCal and series records, written as the inputs are read.
    private func runStreaming(_ inputs: [InputSource], io: CommandIO) -> ExitStatus {
        Self.stream(
            inputs, options: options, strict: strict, outputPath: outputPath,
            command: "ics convert", io: io)
    }

    /// `.ics`, jCal and series records, written as the inputs are read; diagnostics follow
    /// the data. Under `--strict` what goes to standard output is held until the inputs are
    /// known to be without errors (an `-o` file is simply not put in place).
    static func stream(
        _ inputs: [InputSource], options: ConversionOptions, strict: Bool, outputPath: String?,
        command: String, io: CommandIO
    ) -> ExitStatus {
        var diagnostics: [Diagnostic] = []
        var unusable: [InputError] = []
        var heldEmpty = false
        let status = OutputTarget.stream(outputPath, io: io) { output in
            let held = strict && (outputPath ?? "-") == "-" ? MemoryOutput() : nil
            (diagnostics, unusable, heldEmpty) = Converter.calendar(
                inputs, options: options.reporting(to: io)
            ) { bytes in
                (held ?? output).write(bytes: bytes)
            }
            if heldEmpty || CommandLoading.shouldStop(unusable: unusable, inputs: inputs.count)
                || strict
                    && (!unusable.isEmpty
                        || io.policy.apply(diagnostics).contains { $0.severity == .error })
            {
                return .unusableInput
            }
            if let held { output.write(bytes: held.bytes) }
            return ExitStatus.success.noting(unusable)
        }
        _ = CommandLoading.report(
            diagnostics, unusable: unusable, inputs: inputs.count, strict: strict,
            command: command, io: io)
        if heldEmpty {
            // RFC 5545 §3.6: a calendar holds at least one component.
            io.standardError.write(
                "\(command): error: no event or other component is left to write, only time zones or nothing; nothing is written (--allow-empty writes the calendar anyway)\n"
            )
        }
        return status
    }
}
