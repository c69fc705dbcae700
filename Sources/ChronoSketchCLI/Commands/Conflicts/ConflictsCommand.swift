import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

/// `ics conflicts`: every pair of events (or event and blocked window) that clash.
struct ConflictsCommand: Command {
    enum Format: String, CaseIterable {
        case text, json, ndjson, csv
    }

    static let format = OutputFormats.option(Format.self, default: .text)
    static let acrossFiles = OptionSpec.flag(
        "across-files", help: "Only pairs of events from different files.")
    static let withinFiles = OptionSpec.flag(
        "within-files", help: "Only pairs of events from the same file.")
    static let by = OptionSpec.value(
        "by", "key",
        help:
            "Find conflicts per resource: person (organizer and attendees, as attendee), location, resource, file, category, organizer or status; only events sharing one clash."
    ).choosing(EventKey.self)

    static let maxConflicts = OptionSpec.value(
        "max-conflicts", "n", help: "Stop after this many conflicts. (default: 1000000)")

    static let spec = CommandSpec(
        name: "conflicts",
        abstract: "Report overlapping events, too-short gaps and blocked time.",
        discussion: """
            Two events conflict when their busy intervals overlap (half-open: touching is \
            fine). Cancelled and transparent events and instants are free; all-day events are \
            busy unless --all-day free. Every pair clashes, whichever file each event comes \
            from; --within-files keeps only pairs from one file, --across-files only pairs \
            from different files, --by only pairs sharing a resource (compared without case \
            and surrounding blanks). Exit status 0 when there is no conflict, 1 when there \
            is, 2 when an input cannot be used.
            """,
        positional: CommonOptions.calendarFiles,
        options: [withinFiles, acrossFiles, by, maxConflicts],
        groups: [
            .window, .dates, .filters, .busy, .people, .blocked, .zone, .output(format), .csv,
            .memory,
            .language, .diagnostics, .inputs, .expansion,
        ])

    let runOptions: RunOptions
    let load: LoadOptions
    let busy: BusyOptions
    let options: ConflictOptions
    let format: Format
    let guardsFormulas: Bool
    /// Bytes of events kept in memory before the rest go to a temporary file.
    let memory: Int

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        runOptions = try RunOptions(arguments, environment: environment)
        load = try CommonOptions.loadOptions(arguments, environment: environment)
        busy = try BusyOptions(arguments, load: load, environment: environment)
        let resource: EventKey? =
            arguments.isSet(Self.by.name)
            ? try CommonOptions.choice(arguments, Self.by, default: EventKey.location) : nil
        if arguments.isSet(Self.acrossFiles.name), arguments.isSet(Self.withinFiles.name) {
            throw .invalidValue(
                "--within-files", for: Self.acrossFiles, "choose one of the two")
        }
        let scope: ConflictScope =
            arguments.isSet(Self.acrossFiles.name)
            ? .acrossFiles : arguments.isSet(Self.withinFiles.name) ? .withinFiles : .all
        options = ConflictOptions(
            policy: busy.policy, scope: scope, resource: resource,
            maximumConflicts: try CommonOptions.positive(arguments, Self.maxConflicts) ?? 1_000_000,
            timeLine: load.zone.timeLine)
        format = try CommonOptions.format(
            arguments, Self.format, default: Format.text,
            byExtension: [
                "txt": [.text], "json": [.json], "ndjson": [.ndjson], "jsonl": [.ndjson],
                "csv": [.csv],
            ])
        guardsFormulas = !arguments.isSet(CommonOptions.rawCSV.name)
        memory = try CommonOptions.memory(arguments)
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = runOptions.inputs(io)
        guard
            let (events, unusable, windows) = CommandLoading.storedBusy(
                inputs, busy, options: load, strict: runOptions.strict, command: "ics conflicts",
                io: io,
                filedBy: options.resource, memory: memory)
        else { return .unusableInput }
        let report = ConflictReport(storage: events, windows: windows, options: options)
        if let key = options.resource, !io.quiet, events.count > 0, !report.hasResource {
            io.standardError.write(
                "ics conflicts: warning: no event has any \(key.rawValue); --by \(key.rawValue) compares nothing\n"
            )
        }
        if report.isTruncated, !io.quiet {
            io.standardError.write(Self.limitWarning(report, options: options, io: io))
        }
        let zone = load.zone.name
        let written = OutputTarget.stream(runOptions.outputPath, io: io, forPeople: format == .text)
        {
            output in
            switch format {
            case .text:
                output.write(ConflictText.report(report, zone: zone, language: runOptions.language))
            case .json:
                let window = OutputWindow(
                    from: load.start, to: load.end, zone: zone, weekStart: runOptions.weekStart)
                ConflictJSON.report(report, window: window) { output.write(bytes: $0) }
            case .ndjson: ConflictJSON.ndjson(report) { output.write(bytes: $0) }
            case .csv:
                ConflictJSON.csv(report, guardsFormulas: guardsFormulas) {
                    output.write(bytes: $0)
                }
            }
            if let failure = events.store.readFailure {
                io.standardError.write("ics conflicts: error: \(failure.description)\n")
                return .unusableInput
            }
            return ExitStatus.success.noting(unusable)
        }
        guard written == .success else { return written }
        return report.conflicts.isEmpty ? .success : .findings
    }

    /// `file:line: warning: more than N conflicts; …`, at the first event of the conflict that
    /// reached the limit, naming both parties and when they clash.
    static func limitWarning(_ report: ConflictReport, options: ConflictOptions, io: CommandIO)
        -> String
    {
        let limit = options.maximumConflicts
        let label = io.usesColor ? "\u{1B}[1;33mwarning:\u{1B}[0m" : "warning:"
        guard let last = report.limitReachedAt else {
            return
                "ics conflicts: \(label) more than \(limit) conflicts; only the first \(limit) are reported (raise --max-conflicts)\n"
        }
        let message =
            "more than \(limit) conflicts; the search stopped at the clash of \"\(last.first.title)\" (\(last.first.id)) and \"\(last.second.title)\" (\(last.second.id)) at \(last.overlapStart); only the first \(limit), the earliest met, are reported (raise --max-conflicts)"
        return
            "\(TerminalText.oneLine(last.first.source.description)): \(label) \(TerminalText.oneLine(message))\n"
    }
}
