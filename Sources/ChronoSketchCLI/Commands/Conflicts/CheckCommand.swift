import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

/// `ics check`: whether one proposed interval can be booked, and if not, why.
struct CheckCommand: Command {
    enum Format: String, CaseIterable {
        case text, json
    }

    static let start = OptionSpec.value(
        "start", "time",
        help: "The proposal's start, such as 2026-09-08T14:00 or 'tomorrow 14:00' (required).")
    static let end = OptionSpec.value(
        "end", "time", help: "The proposal's end (exclusive; this or --duration is required).")
    static let duration = OptionSpec.value(
        "duration", "duration",
        help: "The proposal's length from --start, instead of --end (30m, 1h30m, PT1H).")
    static let title = OptionSpec.value(
        "title", "text", help: "What the proposal is called in the report. (default: Proposal)")
    static let format = OutputFormats.option(Format.self, default: .text)

    static let spec = CommandSpec(
        name: "check",
        abstract: "Say whether a proposed interval is free, and if not, why.",
        discussion: """
            The proposal is widened by the same buffers as the events and compared with every \
            busy event of the files and every blocked window. Exit status 0 when it is \
            allowed, 1 when it is not, 2 when an input cannot be used.
            """,
        positional: CommonOptions.calendarFiles,
        options: [start.required, end, duration, title],
        groups: [
            .dates, .workingHours, .filters, .busy, .people, .blocked, .zone, .output(format),
            .language,
            .diagnostics, .inputs, .expansion,
        ])

    let runOptions: RunOptions
    let load: LoadOptions
    let busy: BusyOptions
    let proposal: CalendarEvent
    let format: Format
    /// Each person's working days and hours (`--hours`), on their own clock.
    let workingHours: [WorkingHours]

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        runOptions = try RunOptions(arguments, environment: environment)
        let zone = try CommonOptions.zone(arguments, environment: environment)
        let dates = try CommonOptions.dates(arguments, zone: zone, environment: environment)
        busy = try BusyOptions(arguments, dates: dates, zone: zone)
        workingHours = try WorkingHours.parse(arguments, zone: zone)
        let start = try Self.time(arguments, Self.start, dates)
        let end: LocalDateTime
        switch (arguments.value(Self.end.name), try BusyOptions.duration(arguments, Self.duration))
        {
        case (_?, _?):
            throw .contradiction("--end", "--duration")
        case (nil, let seconds?):
            guard let sum = try? start.adding(seconds: seconds) else {
                throw .invalidValue(
                    arguments.value(Self.duration.name) ?? "", for: Self.duration,
                    "the proposal would end after 9999-12-31")
            }
            end = sum
        default:
            guard arguments.value(Self.end.name) != nil else {
                throw UsageError(
                    message: "Missing expected argument '--end <time>' or '--duration <duration>'")
            }
            end = try Self.time(arguments, Self.end, dates)
        }
        guard end > start else {
            if let text = arguments.value(Self.duration.name) {
                throw .invalidValue(text, for: Self.duration, "expected a length greater than 0")
            }
            throw .invalidValue(
                arguments.value(Self.end.name) ?? "\(end)", for: Self.end,
                "it must be after --start \(start)")
        }
        do {
            proposal = try CalendarEvent(
                uid: "proposal", title: arguments.value(Self.title.name) ?? "Proposal",
                interval: EventInterval(from: start, to: end),
                source: SourceLocation(file: "--start", line: 0), originalStart: .floating(start))
        } catch {
            let option = arguments.isSet(Self.duration.name) ? Self.duration : Self.end
            throw .invalidValue(arguments.value(option.name) ?? "\(end)", for: option, "\(error)")
        }
        // Events as far as a day around the proposal can reach it through their buffers.
        let before =
            (try? start.date.adding(days: -1 - busy.policy.bufferAfter / 86_400)) ?? start.date
        let after = (try? end.date.adding(days: 2 + busy.policy.bufferBefore / 86_400)) ?? end.date
        var load = try CommonOptions.readingOptions(arguments, environment: environment)
        (load.from, load.to) = (before, after)
        load.filter = try CommonOptions.filter(arguments)
        self.load = load
        format = try CommonOptions.format(
            arguments, Self.format, default: Format.text,
            byExtension: ["txt": [.text], "json": [.json]])
    }

    private static func time(
        _ arguments: ParsedArguments, _ option: OptionSpec, _ dates: DateText
    ) throws(UsageError) -> LocalDateTime {
        guard let time = try CommonOptions.point(arguments, option, dates) else {
            throw UsageError(message: "Missing expected argument '\(option.synopsis)'")
        }
        return time
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = runOptions.inputs(io)
        guard
            let (loaded, windows) = CommandLoading.busy(
                inputs, busy, options: load, strict: runOptions.strict, command: "ics check", io: io
            )
        else { return .unusableInput }
        let outside = workingHours.flatMap {
            $0.outside(
                from: proposal.interval.start.date, to: proposal.interval.end.date,
                viewer: load.zone)
        }
        let clashes = ConflictReport.clashes(
            of: proposal, events: loaded.events, windows: windows + outside, policy: busy.policy,
            on: load.zone.timeLine)
        let written = OutputTarget.write(
            runOptions.outputPath, io: io, unusable: loaded.unusableInputs,
            forPeople: format == .text
        ) { output in
            write(clashes, zone: loaded.zone, to: output)
        }
        guard written == .success else { return written }
        let status: ExitStatus = clashes.isEmpty ? .success : .findings
        return status.noting(loaded.unusableInputs)
    }

    /// The answer: allowed or not, why, and each clash; or the same as one JSON object.
    private func write(_ clashes: [Conflict], zone: String, to output: any TextOutput) {
        let reason = Self.reason(clashes)
        switch format {
        case .text:
            var text = clashes.isEmpty ? "Allowed: " : "Not allowed: "
            text += "\(AgendaFormatter.timeLabel(proposal.interval, runOptions.language)) on "
            text += "\(runOptions.language.longDate(proposal.interval.start.date)) · \(reason)\n"
            if !clashes.isEmpty {
                text +=
                    "\n"
                    + clashes.map { clash in
                        "  " + ConflictText.headline(clash) + "\n"
                            + ConflictText.lines([clash.second], runOptions.language)
                    }.joined()
            }
            output.write(text)
        case .json:
            var json = JSONWriter()
            json.beginObject()
            json.field("zone", zone)
            json.field("proposal") {
                $0.field("title", proposal.title)
                $0.field("start", proposal.interval.startText)
                $0.field("end", proposal.interval.endText)
            }
            json.field("allowed", clashes.isEmpty)
            json.field("reason", reason)
            json.key("conflicts")
            json.beginArray()
            for clash in clashes { ConflictJSON.conflict(clash, into: &json) }
            json.endArray()
            json.endObject()
            json.raw("\n")
            output.write(bytes: json.bytes)
        }
    }

    /// `free`, or what the first clash is: `overlaps 'Design review' (10:00–11:30)`.
    static func reason(_ clashes: [Conflict]) -> String {
        guard let first = clashes.first else { return "the time is free" }
        let range: String
        switch first.second {
        case .event(let event): range = AgendaFormatter.timeLabel(event.interval, .en)
        case .window(let window):
            range = AgendaFormatter.timeLabel(.timed(start: window.start, end: window.end), .en)
        }
        let what = "'\(first.second.title)' (\(range))"
        let more = clashes.count > 1 ? " and \(clashes.count - 1) more" : ""
        switch first.kind {
        case .overlap: return "overlaps \(what)\(more)"
        case .buffer: return "too close to \(what) for the buffers\(more)"
        case .blocked:
            if case .window(let window) = first.second,
                window.id.hasPrefix(WorkingHours.windowPrefix)
            {
                return "falls \(window.title)\(more)"
            }
            return "falls in the blocked window \(what)\(more)"
        }
    }
}
