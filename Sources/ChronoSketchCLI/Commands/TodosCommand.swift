import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats

/// `ics todos`: the tasks of calendars (VTODOs), open ones by default, sorted by when they
/// are due.
struct TodosCommand: Command {
    static let overdue = OptionSpec.flag(
        "overdue",
        help: "Keep the open tasks whose DUE has passed (a DATE DUE once its day is over).")
    static let dueWithin = OptionSpec.value(
        "due-within", "duration",
        help:
            "Keep the tasks due before now plus this duration (2h, 3d, 1w, P2D), overdue ones included."
    )

    static let spec = CommandSpec(
        name: "todos",
        abstract: "List the tasks (VTODOs) of calendars, by when they are due.",
        discussion: """
            Open tasks by default (--status open: neither COMPLETED nor CANCELLED, no \
            COMPLETED time), --status done or all for the others. Sorted by DUE, tasks without \
            one after (by DTSTART, then those with no time at all), then by PRIORITY (1 first, \
            none last). A recurring task is listed by its first occurrence the filters keep (by \
            default its first not done); with --from, --to, --days or --for, every \
            occurrence in that window instead, and no task without a time. The text view says \
            when each is due relative to today; --today pins today, or now with a time \
            (2026-12-05T09:00).
            """,
        positional: CommonOptions.calendarFiles,
        options: [overdue, dueWithin],
        groups: [
            .window, .dates, .filters, .zone, .listing, .output(RecordListing.format), .csv,
            .language,
            .diagnostics, .inputs, .expansion,
        ])

    /// Which tasks are listed: now, and what `--overdue`, `--due-within` and a window ask.
    let selection: TaskSelection
    let setup: ListingSetup

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        var setup = try ListingSetup(arguments, environment: environment)
        setup.options.components = [.todo]
        var selection = TaskSelection(now: setup.now)
        selection.everyOccurrence = setup.options.start != nil || setup.options.end != nil
        selection.onlyOverdue = arguments.isSet(Self.overdue.name)
        selection.dueBefore = try arguments.value(Self.dueWithin.name).map {
            [now = setup.now] (text: String) throws(UsageError) in
            guard let seconds = DurationText.seconds(text) else {
                throw .invalidValue(
                    text, for: Self.dueWithin, "expected a duration such as 2h, 3d, 1w or P2D")
            }
            do {
                return try now.adding(seconds: seconds)
            } catch {
                throw .invalidValue(text, for: Self.dueWithin, "it would end after 9999-12-31")
            }
        }
        self.selection = selection
        setup.options.undatedTasks = selection.everyOccurrence ? nil : UndatedTasks()
        setup.options.saysSeriesHorizon = selection.everyOccurrence
        self.setup = setup
    }

    func run(io: CommandIO) -> ExitStatus {
        guard let loaded = setup.load(io: io, command: "ics todos") else { return .unusableInput }
        let tasks = Array(
            setup.listing.limited(
                selection.select(
                    occurrences: loaded.events,
                    undated: setup.options.undatedTasks?.gathered ?? [],
                    filter: setup.options.filter)))
        let now = selection.now
        return setup.write(
            loaded, io: io,
            text: {
                TodoText.format(
                    tasks, zone: loaded.zone, now: now, language: setup.run.language)
            },
            records: { format, guardsFormulas in
                TaskSchema.records(
                    tasks, format: format, now: now, guardsFormulas: guardsFormulas)
            })
    }
}
