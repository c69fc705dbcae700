import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

/// `ics freebusy`: the merged busy time of a window, as JSON or a VFREEBUSY.
struct FreeBusyCommand: Command {
    enum Format: String, CaseIterable {
        case json, ics, text
    }

    static let format = OptionSpec.value(
        "format", "format", short: "f",
        help:
            "json, ics for a VFREEBUSY component, or text (the busy periods day by day, for people). (default: json)"
    ).choosing(Format.self)

    static let spec = CommandSpec(
        name: "freebusy",
        abstract: "Merge the busy time of a window into periods, as JSON or a VFREEBUSY.",
        discussion: """
            Busy intervals (buffers included) that overlap or touch are merged and clipped to \
            [--from, --to). The VFREEBUSY gives every time in UTC, converted from --tz, as \
            FBTYPE=BUSY, or BUSY-TENTATIVE for the time only STATUS:TENTATIVE events take; its \
            DTSTAMP is SOURCE_DATE_EPOCH when set, else now.
            """,
        positional: CommonOptions.calendarFiles,
        options: CommonOptions.window + CommonOptions.filters + BusyOptions.policyOptions + [
            CommonOptions.zone, format, CommonOptions.language, CommonOptions.output,
            CommonOptions.strict, CommonOptions.quiet, CommonOptions.ignore, CommonOptions.promote,
            CommonOptions.wrTimezone, CommonOptions.maxInstances,
            CommonOptions.maxTotalInstances, CommonOptions.maxIterations,
        ])

    let inputs: [InputSource]
    let load: LoadOptions
    let busy: BusyOptions
    let from: LocalDateTime
    let to: LocalDateTime
    let format: Format
    let language: Language
    let outputPath: String?
    let strict: Bool
    let stamp: LocalDateTime
    /// Where weeks start, as the JSON report says.
    let weekStart: Weekday

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        inputs = CommonOptions.inputs(arguments)
        load = try CommonOptions.loadOptions(arguments, environment: environment)
        weekStart = try CommonOptions.weekStart(arguments, environment: environment)
        guard let from = load.start, let to = load.end else {
            throw UsageError(
                message:
                    "ics freebusy needs a bounded window: --from and --to, or --days (from today or --from)"
            )
        }
        self.from = from
        self.to = to
        busy = try BusyOptions(
            arguments,
            dates: CommonOptions.dates(arguments, zone: load.zone, environment: environment))
        format = try CommonOptions.format(
            arguments, Self.format, default: Format.json,
            byExtension: ["json": [.json], "ics": [.ics], "txt": [.text]])
        outputPath = arguments.value(CommonOptions.output.name)
        language = try CommonOptions.language(arguments, environment: environment)
        strict = arguments.isSet(CommonOptions.strict.name)
        stamp = ConvertCommand.stamp(environment)
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = CommandLoading.withStandardInput(self.inputs, io)
        guard
            let loaded = CommandLoading.events(
                inputs, options: load, strict: strict, command: "ics freebusy", io: io,
                trimming: { $0.busyTime(filedBy: nil) })
        else { return .unusableInput }
        let start = from
        let end = to
        // The VFREEBUSY tells its periods by type (below); JSON and text merge them all.
        let periods =
            format == .ics
            ? []
            : Availability.busyPeriods(
                events: loaded.events, policy: busy.policy, from: start, to: end,
                on: load.zone.timeLine)
        return OutputTarget.write(
            outputPath, io: io, unusable: loaded.unusableInputs, forPeople: format == .text
        ) { output in
            switch format {
            case .text:
                output.write(
                    FreeBusyText.report(
                        periods,
                        titles: Dictionary(
                            loaded.events.map { ($0.id, $0.title) },
                            uniquingKeysWith: { first, _ in first }),
                        from: start, to: end, zone: loaded.zone, language: language))
            case .ics:
                let spans = Availability.busySpansBySureness(
                    events: loaded.events, policy: busy.policy, from: start, to: end,
                    on: load.zone.timeLine)
                output.write(
                    bytes: FreeBusyWriter.write(
                        spans.map {
                            ($0.span.start, $0.span.end, $0.tentative ? .busyTentative : .busy)
                        }, from: start, to: end, zone: load.zone, stamp: stamp))
            case .json:
                var json = JSONWriter()
                json.beginObject()
                json.field("zone", loaded.zone)
                json.field("from", start.description)
                json.field("to", end.description)
                OutputWindow(from: start, to: end, zone: loaded.zone, weekStart: weekStart)
                    .write(into: &json)
                json.key("busy")
                json.beginArray()
                var total = 0
                for period in periods {
                    let minutes = period.minutes
                    total += minutes
                    json.beginObject()
                    json.field("start", period.start.description)
                    json.field("end", period.end.description)
                    json.field("minutes", minutes)
                    json.field("ids", strings: period.ids)
                    json.endObject()
                }
                json.endArray()
                json.field("busyMinutes", total)
                json.endObject()
                json.raw("\n")
                output.write(bytes: json.bytes)
            }
        }
    }
}
