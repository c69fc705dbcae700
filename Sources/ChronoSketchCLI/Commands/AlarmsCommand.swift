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

    /// The instants alarms are listed in.
    let window: Range<Int>
    let setup: ListingSetup

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        var setup = try ListingSetup(arguments, environment: environment)
        if !arguments.isSet(CommonOptions.component.name) {
            setup.options.components = [.event, .todo]
        }
        setup.options.readsAlarms = true
        // From now for a day, unless the window says otherwise.
        let zone = setup.options.zone
        let start = setup.options.start ?? setup.now
        let end = setup.options.end ?? ((try? start.adding(days: 1)) ?? .init(startOf: .maximum))
        let first = zone.instant(at: start)
        window = first..<max(first, zone.instant(at: end))
        // The occurrences whose alarms may go off in the window.
        setup.options.start = try? start.adding(days: -Alarm.reachDays)
        setup.options.end = (try? end.adding(days: Alarm.reachDays)) ?? .init(startOf: .maximum)
        self.setup = setup
    }

    func run(io: CommandIO) -> ExitStatus {
        guard let loaded = setup.load(io: io, command: "ics alarms") else { return .unusableInput }
        let zone = setup.options.zone
        let triggers = Array(
            setup.listing.limited(AlarmList.triggers(of: loaded.events, in: window, zone: zone)))
        return setup.write(
            loaded, io: io,
            text: { AlarmText.format(triggers, zone: zone, language: setup.run.language) },
            records: { format, guardsFormulas in
                AlarmSchema.records(
                    triggers, format: format, zone: zone, guardsFormulas: guardsFormulas)
            })
    }
}
