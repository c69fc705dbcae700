import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation

/// The `ics` command: dispatches to a subcommand and turns everything into an exit status.
public enum ICSCommandLine {
    static let version = "0.1.0"

    static let commands: [any Command.Type] = [
        EventsCommand.self, AgendaCommand.self, TodosCommand.self, AlarmsCommand.self,
        InfoCommand.self, ConvertCommand.self,
        DiffCommand.self,
        ValidateCommand.self,
        ConflictsCommand.self, CheckCommand.self, SlotsCommand.self, FreeBusyCommand.self,
        CompletionCommand.self,
    ]

    static let groups: [CommandGroup] = [
        CommandGroup(
            name: "layout",
            abstract: "Report where events sit in a day, week, month, timeline, ranges or heatmap.",
            commands: [
                LayoutDayCommand.self, LayoutWeekCommand.self, LayoutMonthCommand.self,
                LayoutTimelineCommand.self, LayoutRangesCommand.self, LayoutHeatmapCommand.self,
            ]),
        CommandGroup(
            name: "render",
            abstract: "Draw a day, week, month, timeline, ranges or heatmap view as SVG or HTML.",
            commands: [
                RenderCommand<LayoutDayCommand>.self, RenderCommand<LayoutWeekCommand>.self,
                RenderCommand<LayoutMonthCommand>.self, RenderCommand<LayoutTimelineCommand>.self,
                RenderCommand<LayoutRangesCommand>.self, RenderCommand<LayoutHeatmapCommand>.self,
            ]),
    ]

    static let overview =
        "An iCalendar toolkit: events as intervals with exclusive ends, lossless conversion and validation."

    /// Makes the process itself stop cleanly on SIGINT, SIGTERM, SIGHUP and SIGPIPE
    /// (``Interruption``). For the program's entry point; commands run in process leave the
    /// host's signals alone.
    public static func installSignalHandlers() {
        Interruption.installHandlers()
    }

    #if DEBUG
        /// Whether `ICS_COUNT_VALUE_READS=1` asks for the reading of values to be counted.
        private static var countsValueReads: Bool {
            ProcessInfo.processInfo.environment["ICS_COUNT_VALUE_READS"] == "1"
        }
    #endif

    /// With `ICS_COUNT_VALUE_READS=1`, counts how often each line's values are read, for the
    /// test that checks that none is read twice (``reportCounts()``); in a debug build only.
    public static func startCounting() {
        #if DEBUG
            if countsValueReads { ValueReader.countReadsByLine() }
        #endif
    }

    /// With `ICS_COUNT_VALUE_READS=1`, says on stderr how many properties had their values read
    /// (each the first time it is asked for) and the most reads of one line's values; in a
    /// debug build only.
    public static func reportCounts() {
        #if DEBUG
            guard countsValueReads else { return }
            FileHandle.standardError.write(
                Data(
                    "ics: \(ValueReader.valuesRead) values read, at most \(ValueReader.mostReadsOfOneLine) of one line\n"
                        .utf8))
        #endif
    }

    /// Runs `ics` with `arguments` (without the program name).
    public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        var io = io
        // Diagnostics quote calendar data and file names: shown safely on a terminal, with
        // only the colours of their own labels passing.
        io.standardError = TerminalSafeOutput(
            io.standardError, allowing: io.usesColor ? DiagnosticPrinter.colorSequences : [])
        defer {
            io.standardOutput.flush()
            io.standardError.flush()
        }
        guard let first = arguments.first else {
            io.standardOutput.write(rootHelp())
            return ExitStatus.success.rawValue
        }
        switch first {
        case "--help", "-h":
            io.standardOutput.write(rootHelp())
            return ExitStatus.success.rawValue
        case "--version":
            io.standardOutput.write("ics \(version) (libical \(Libical.version))\n")
            return ExitStatus.success.rawValue
        case "help":
            if arguments.dropFirst().first == "--man" {
                io.standardOutput.write(ManPage.text(commands: commands, groups: groups))
                return ExitStatus.success.rawValue
            }
            guard arguments.count > 1 else {
                io.standardOutput.write(rootHelp())
                return ExitStatus.success.rawValue
            }
            let name = arguments.dropFirst().joined(separator: " ")
            if let group = groups.first(where: { $0.name == name }) {
                io.standardOutput.write(group.help)
                return ExitStatus.success.rawValue
            }
            guard let command = allCommands.first(where: { $0.spec.name == name }) else {
                let known = groups.map(\.name) + allCommands.map { $0.spec.name }
                return usageFailure(
                    .unknownSubcommand(name, known: known), usage: rootUsage, io: io
                ).rawValue
            }
            io.standardOutput.write(HelpFormatter.help(for: command.spec))
            return ExitStatus.success.rawValue
        default:
            break
        }
        if let group = groups.first(where: { $0.name == first }) {
            return run(group, Array(arguments.dropFirst()), io: io).rawValue
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            let error: UsageError =
                first.hasPrefix("-")
                ? .unknownOption(first, known: ["--help", "--version"])
                : .unknownSubcommand(
                    first, known: commands.map { $0.spec.name } + groups.map(\.name) + ["help"])
            return usageFailure(error, usage: rootUsage, io: io).rawValue
        }
        return run(command, Array(arguments.dropFirst()), io: io).rawValue
    }

    /// Every runnable command, the group members included.
    static var allCommands: [any Command.Type] { commands + groups.flatMap(\.commands) }

    private static func run(_ group: CommandGroup, _ arguments: [String], io: CommandIO)
        -> ExitStatus
    {
        guard let first = arguments.first, first != "--help", first != "-h" else {
            io.standardOutput.write(group.help)
            return .success
        }
        guard
            let command = group.commands.first(where: { $0.spec.name == "\(group.name) \(first)" })
        else {
            let names = group.commands.map { String($0.spec.name.dropFirst(group.name.count + 1)) }
            let error: UsageError =
                first.hasPrefix("-")
                ? .unknownOption(first, known: ["--help"])
                : .unknownSubcommand(first, known: names)
            return usageFailure(error, usage: group.usage, io: io, command: "ics \(group.name)")
        }
        return run(command, Array(arguments.dropFirst()), io: io)
    }

    private static func run(_ command: any Command.Type, _ arguments: [String], io: CommandIO)
        -> ExitStatus
    {
        do {
            switch try ArgumentParser.parse(arguments, spec: command.spec) {
            case .help:
                io.standardOutput.write(HelpFormatter.help(for: command.spec))
                return .success
            case .parsed(let parsed):
                try refuseDatesAsFiles(parsed, spec: command.spec)
                let instance = try command.init(parsed, environment: io.environment)
                try OutputOverlap.check(
                    parsed, spec: command.spec, standardInput: io.standardInputFile,
                    standardOutput: io.standardOutputFile)
                var io = io
                io.quiet = parsed.isSet(CommonOptions.quiet.name)
                io.policy = try CommonOptions.diagnosticPolicy(parsed)
                DiagnosticPrinter.print(
                    io.policy.apply(OutputOverlap.skipped(parsed, spec: command.spec)), to: io)
                guard io.standardErrorIsTerminal, !io.quiet, io.environment["TERM"] != "dumb"
                else { return instance.run(io: io) }
                let line = ProgressLine(
                    total: ProgressLine.totalBytes(
                        parsed.positionals.isEmpty ? ["-"] : parsed.positionals))
                io.progress = line.progress
                io.standardError = ProgressErasingOutput(io.standardError, erasing: line)
                if io.standardOutputIsTerminal {
                    io.standardOutput = ProgressErasingOutput(io.standardOutput, erasing: line)
                }
                line.start()
                defer { line.stop() }
                return instance.run(io: io)
            }
        } catch {
            return usageFailure(
                error, usage: command.spec.usage, io: io, command: command.spec.fullName)
        }
    }

    /// A date or date word where a calendar file is expected, and no file of that name, as
    /// khal takes it (`ics agenda cal.ics tomorrow`): a usage error naming `--from`, before
    /// anything is read or written.
    static func refuseDatesAsFiles(_ parsed: ParsedArguments, spec: CommandSpec)
        throws(UsageError)
    {
        guard spec.positional?.readsFiles == true else { return }
        for path in parsed.positionals where path != "-" && DateText.isDate(path) {
            var status = stat()
            guard lstat(path, &status) != 0 else { continue }
            let option =
                spec.options.contains { $0.name == CommonOptions.from.name } ? "--from" : nil
            throw UsageError(
                message: "'\(path)' is a date, not a calendar file"
                    + (option.map { ": to start there, give \($0) \(path)" } ?? ""))
        }
    }

    /// `Error: …`, the usage line and a pointer to help, as swift-argument-parser prints them.
    private static func usageFailure(
        _ error: UsageError, usage: String, io: CommandIO, command: String = "ics"
    ) -> ExitStatus {
        io.standardError.write(
            "Error: \(TerminalText.oneLine(error.message))\nUsage: \(usage)\n  See '\(command) --help' for more information.\n"
        )
        return .usage
    }

    private static let rootUsage = "ics <subcommand>"

    static func rootHelp() -> String {
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(rootUsage)\n\nOPTIONS:\n"
        text += HelpFormatter.entry("--version", "Show the version.")
        text += HelpFormatter.entry("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for command in commands {
            text += HelpFormatter.entry(command.spec.name, command.spec.abstract)
        }
        for group in groups {
            text += HelpFormatter.entry(group.name, group.abstract)
        }
        text += "\n  See 'ics help <subcommand>' for detailed help.\n"
        return text
    }
}

/// Subcommands under one name, as `ics layout day`.
struct CommandGroup: Sendable {
    let name: String
    let abstract: String
    let commands: [any Command.Type]

    /// `ics layout <subcommand>`.
    var usage: String { "ics \(name) <subcommand>" }

    var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\nOPTIONS:\n"
        text += HelpFormatter.entry("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for command in commands {
            let name = command.spec.name.split(separator: " ").last.map(String.init) ?? ""
            text += HelpFormatter.entry(name, command.spec.abstract)
        }
        text += "\n  See 'ics help \(name) <subcommand>' for detailed help.\n"
        return text
    }
}
