import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax

/// `ics diff OLD NEW`: what changed between two versions of a calendar, event by event.
struct DiffCommand: Command {
    enum Format: String, CaseIterable {
        case text, json, ndjson
    }

    static let format = OutputFormats.option(Format.self, default: .text)

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two versions of a calendar.",
        discussion: """
            Compares the VEVENTs of OLD and NEW by UID and RECURRENCE-ID (without a UID: by \
            title and start). Each change is one of: added, removed, cancelled (STATUS became \
            CANCELLED), moved (its start or end is another instant), changed (another property \
            differs; DTSTAMP, LAST-MODIFIED, CREATED and SEQUENCE are not compared), \
            uid-changed (removed while an event of the same title and start appeared under \
            another UID). A change to an event in both versions that does not raise its \
            SEQUENCE is marked: calendar clients may ignore it. Series are compared as written, \
            not expanded. Exit status: 0 the same, 1 they differ, 2 an input cannot be read.
            """,
        positional: PositionalSpec(
            name: "file",
            help:
                "The old and the new version: .ics, jCal, JSON, NDJSON or CSV files, or directories of .ics files (a vdir); '-' for standard input.",
            repeats: false, fixed: ["old", "new"]),
        groups: [.zone, .output(format), .memory, .diagnostics])

    /// The inputs of each side: a file, standard input, or the calendars of a directory.
    let old: [InputSource]
    let new: [InputSource]
    let options: LoadOptions
    let format: Format
    let outputPath: String?
    let strict: Bool
    /// Bytes of events kept in memory before the rest go to a temporary file.
    let memory: Int
    /// `<old>` and `<new>` as given, which the summary names.
    let arguments: [String]

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        let paths = arguments.positionals
        self.arguments = paths.map { $0 == "-" ? "<stdin>" : $0 }
        if paths.allSatisfy({ $0 == "-" }) {
            throw UsageError(message: "Only one of <old> and <new> can be standard input ('-')")
        }
        old = CommonOptions.inputs(paths[0])
        new = CommonOptions.inputs(paths[1])
        options = try CommonOptions.readingOptions(arguments, environment: environment)
        format = try CommonOptions.format(
            arguments, Self.format, default: Format.text,
            byExtension: [
                "txt": [.text], "json": [.json], "ndjson": [.ndjson], "jsonl": [.ndjson],
            ])
        outputPath = arguments.value(CommonOptions.output.name)
        strict = arguments.isSet(CommonOptions.strict.name)
        memory = try CommonOptions.memory(arguments)
    }

    func run(io: CommandIO) -> ExitStatus {
        let diff: CalendarDiff.Comparison
        do {
            diff = try CalendarDiff.Comparison(
                CommandLoading.withStandardInput(old, io),
                CommandLoading.withStandardInput(new, io), options: options.reporting(to: io),
                memory: memory)
        } catch {
            DiagnosticPrinter.print(error, to: io)
            return .unusableInput
        }
        guard
            CommandLoading.report(
                diff.diagnostics, strict: strict, command: "ics diff", io: io)
        else { return .unusableInput }
        if let failure = diff.spillFailure, !io.quiet {
            io.standardError.write(
                "ics diff: warning: \(failure.description); the events stay in memory\n")
        }
        let status = OutputTarget.stream(outputPath, io: io, forPeople: format == .text) {
            output in
            switch format {
            case .text:
                DiffText(zone: options.zone.name).report(
                    diff, old: arguments[0], new: arguments[1], to: output)
            case .json, .ndjson:
                DiffJSON.write(diff, lines: format == .ndjson) { output.write(bytes: $0) }
            }
            if let failure = diff.readFailure {
                io.standardError.write("ics diff: error: \(failure.description)\n")
                return .unusableInput
            }
            return .success
        }
        guard status == .success else { return status }
        return diff.isEmpty ? .success : .findings
    }
}
