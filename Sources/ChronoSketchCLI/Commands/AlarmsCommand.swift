import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats

/// `ics alarms`: when the alarms (VALARMs) of events and tasks go off in a window, for a
/// reminder run from cron.
struct AlarmsCommand: Command {
    static let spec = CommandSpec(
        name: "alarms",
        abstract: "List when the alarms of events and tasks go off in a window.",
        discussion: """
            Every VALARM of the events and tasks read (--component, default VEVENT,VTODO), \
            once per occurrence, whose trigger falls in the window: from --from (default: now) \
            to --to, or for --for or --days (default: one day). A TRIGGER counts from its \
            occurrence's start, or its end with RELATED=END (a task's DUE), or is a time of \
            its own, which goes off once for its series; REPEAT and DURATION add its \
            repetitions. Sorted by trigger. Alarms of cancelled events and of done tasks are \
            left out unless --status says otherwise. Windows that tile (--from the time the \
            last run's window ended) list each alarm once.
            """,
        positional: CommonOptions.calendarFiles,
        groups: [
            .window, .dates, .components, .filters, .zone, .listing, .output(RecordListing.format),
            .csv,
            .language, .diagnostics, .inputs, .expansion,
        ])

    let runOptions: RunOptions
    let options: LoadOptions
    let listing: RecordListing
    /// The instants alarms are listed in.
    let window: Range<Int>

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        runOptions = try RunOptions(arguments, environment: environment)
        var (options, dates) = try CommonOptions.loadOptionsAndDates(
            arguments, environment: environment)
        if !arguments.isSet(CommonOptions.component.name) { options.components = [.event, .todo] }
        if !arguments.isSet(CommonOptions.status.name) { options.filter.statuses = ["OPEN"] }
        options.readsAlarms = true
        // From now for a day, unless the window says otherwise.
        let start = options.start ?? dates.now
        let end = options.end ?? ((try? start.adding(days: 1)) ?? .init(startOf: .maximum))
        let first = options.zone.instant(at: start)
        window = first..<max(first, options.zone.instant(at: end))
        // The occurrences whose alarms may go off in the window.
        options.start = try? start.adding(days: -Alarm.reachDays)
        options.end = (try? end.adding(days: Alarm.reachDays)) ?? .init(startOf: .maximum)
        self.options = options
        listing = try RecordListing(arguments)
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = runOptions.inputs(io)
        guard
            let loaded = CommandLoading.events(
                inputs, options: options, strict: runOptions.strict, command: "ics alarms",
                io: io)
        else { return .unusableInput }
        let triggers = Array(
            listing.limited(AlarmList.triggers(of: loaded.events, in: window, zone: options.zone)))
        return listing.write(
            to: runOptions.outputPath, io: io, unusable: loaded.unusableInputs,
            text: {
                AlarmText.format(triggers, zone: options.zone, language: runOptions.language)
            },
            records: { format, guardsFormulas in
                AlarmSchema.records(
                    triggers, format: format, zone: options.zone, guardsFormulas: guardsFormulas)
            })
    }
}
