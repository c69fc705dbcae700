import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

/// What the reading commands do between their options and their output: the inputs named,
/// their events loaded through the pipeline (``CalendarLoader``) and what was found printed.
enum CommandLoading {
    /// Standard input replaced by the bytes a test supplies through `io`, or by standard input
    /// with its first bytes read ahead (``StandardInputLookAhead``), which tell its format.
    /// When standard input is read from a terminal, a hint on stderr says so first (unless
    /// `--quiet`), so that a command given no file does not seem to hang.
    static func withStandardInput(_ inputs: [InputSource], _ io: CommandIO) -> [InputSource] {
        guard let bytes = io.standardInput else {
            guard inputs.contains(.standardInput) else { return inputs }
            if io.standardInputIsTerminal, !io.quiet {
                io.standardError.write(
                    "ics: reading a calendar from standard input (the terminal); give a file, or end with Ctrl-D\n"
                )
                io.standardError.flush()
            }
            guard let ahead = io.standardInputLookAhead else { return inputs }
            return inputs.map { $0 == .standardInput ? ahead.input() : $0 }
        }
        return inputs.map { input in
            if case .standardInput = input { return .memory(name: input.name, bytes: bytes) }
            return input
        }
    }

    /// Prints the inputs that could not be used and `diagnostics` to stderr; false when the
    /// run must stop: no input could be used, or under `--strict` one could not or a
    /// diagnostic is an error (said on stderr too).
    static func report(
        _ diagnostics: [Diagnostic], unusable: [InputError] = [], inputs: Int = 1, strict: Bool,
        command: String, io: CommandIO
    ) -> Bool {
        let diagnostics = io.policy.apply(diagnostics)
        for error in unusable { DiagnosticPrinter.print(error, to: io) }
        DiagnosticPrinter.print(diagnostics, to: io)
        if shouldStop(unusable: unusable, inputs: inputs) { return false }
        guard strict, !unusable.isEmpty || diagnostics.contains(where: { $0.severity == .error })
        else { return true }
        io.standardError.write("\(command): errors in strict mode; nothing written\n")
        return false
    }

    /// Whether nothing is left to write: every input was unusable.
    static func shouldStop(unusable: [InputError], inputs: Int) -> Bool {
        !unusable.isEmpty && unusable.count >= inputs
    }

    /// Reads the events of `inputs` and reports what was found; nil when the run must stop
    /// with exit status 2 (under `--strict`, an unusable input or an error). Without
    /// `--strict` an unusable input costs only its own events: the run goes on and ends with
    /// exit status 2 (``ExitStatus/noting(_:)``).
    static func events(
        _ inputs: [InputSource], options: LoadOptions, strict: Bool, command: String,
        io: CommandIO, trimming trim: @escaping (CalendarEvent) -> CalendarEvent = { $0 }
    ) -> LoadedCalendar? {
        let loaded: LoadedCalendar
        do {
            loaded = try CalendarLoader.load(
                inputs, options: options.reporting(to: io), trimming: trim)
        } catch {
            DiagnosticPrinter.print(error, to: io)
            return nil
        }
        let proceed = report(
            loaded.diagnostics, unusable: loaded.unusableInputs, inputs: inputs.count,
            strict: strict, command: command, io: io)
        return proceed ? loaded : nil
    }

    /// The events of `inputs` and the blocked windows, each read with `options` and reported;
    /// nil when the run must stop with exit status 2.
    /// Each event keeps only what busy time reads and what `key` files it under
    /// (``CalendarEvent/busyTime(filedBy:keepingPeople:)``), and the people when the policy reads their answers.
    static func busy(
        _ inputs: [InputSource], _ busy: BusyOptions, options: LoadOptions, strict: Bool,
        command: String, io: CommandIO, filedBy key: EventKey? = nil
    ) -> (calendar: LoadedCalendar, windows: [BlockedWindow])? {
        guard
            let calendar = events(
                inputs, options: options, strict: strict, command: command, io: io,
                trimming: {
                    $0.busyTime(filedBy: key, keepingPeople: busy.policy.attendance != nil)
                }),
            let windows = blockedWindows(busy, options: options, io: io)
        else { return nil }
        return (calendar, windows)
    }

    /// The events of `inputs` as ``busy(_:_:options:strict:command:io:filedBy:)`` keeps them,
    /// each as bytes (``EncodedEvents``): up to `memory` bytes in memory, the rest in a
    /// nameless temporary file; in the order a load sorts them. Nil when the run must stop
    /// with exit status 2.
    static func storedBusy(
        _ inputs: [InputSource], _ busy: BusyOptions, options: LoadOptions, strict: Bool,
        command: String, io: CommandIO, filedBy key: EventKey?, memory: Int
    ) -> (events: OrderedEvents, unusable: [InputError], windows: [BlockedWindow])? {
        let store = EncodedEvents(budget: memory)
        let people = busy.policy.attendance != nil
        let (order, diagnostics, unusable) = CalendarLoader.load(
            inputs, options: options.reporting(to: io)
        ) { event in
            Int32(store.append(event.busyTime(filedBy: key, keepingPeople: people)))
        }
        guard
            report(
                diagnostics, unusable: unusable, inputs: inputs.count, strict: strict,
                command: command, io: io),
            let windows = blockedWindows(busy, options: options, io: io)
        else { return nil }
        if let failure = store.spillFailure, !io.quiet {
            io.standardError.write(
                "\(command): warning: \(failure.description); the events stay in memory\n")
        }
        return (OrderedEvents(store, order: order), unusable, windows)
    }

    /// The windows of `--blocked` files (read with `options`) and of `--blocked-at`; nil when a
    /// file cannot be used (reported on stderr).
    static func blockedWindows(_ busy: BusyOptions, options: LoadOptions, io: CommandIO)
        -> [BlockedWindow]?
    {
        var windows = busy.blockedAt
        for file in withStandardInput(busy.blockedFiles, io) {
            do {
                let (blocked, diagnostics) = try BlockingCalendarReader.read(file, options: options)
                DiagnosticPrinter.print(io.policy.apply(diagnostics), to: io)
                windows += blocked
            } catch {
                DiagnosticPrinter.print(error, to: io)
                return nil
            }
        }
        return windows
    }
}

extension CommandLoading {
    /// Writes a sorted listing of records to `-o` or standard output. When its records could
    /// not all go to disk, says so (they stayed in memory); when a run cannot be read back,
    /// the output is abandoned with an error (exit status 2).
    static func write(
        _ records: OccurrenceRecords, _ sorted: [OccurrenceRecords.Record],
        unusable: [InputError], outputPath: String?, command: String, io: CommandIO
    ) -> ExitStatus {
        if let failure = records.spillFailure {
            io.standardError.write(
                "\(command): warning: \(failure.description); the records stay in memory\n")
        }
        return OutputTarget.stream(outputPath, io: io) { output in
            do throws(SpillFailure) {
                try records.write(sorted) { output.write(bytes: $0) }
            } catch {
                io.standardError.write("\(command): error: \(error.description)\n")
                return .unusableInput
            }
            return ExitStatus.success.noting(unusable)
        }
    }
}

extension LoadOptions {
    /// The same options, telling the run's progress line (if any) how far reading has come.
    func reporting(to io: CommandIO) -> LoadOptions {
        var options = self
        options.progress = io.progress
        return options
    }
}

extension ConversionOptions {
    func reporting(to io: CommandIO) -> ConversionOptions {
        var options = self
        options.load.progress = io.progress
        return options
    }
}
