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

    let runOptions: RunOptions
    let options: LoadOptions
    let listing: RecordListing
    /// Which tasks are listed: now, and what `--overdue`, `--due-within` and a window ask.
    let selection: TaskSelection

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        runOptions = try RunOptions(arguments, environment: environment)
        var (options, dates) = try CommonOptions.loadOptionsAndDates(
            arguments, environment: environment)
        options.components = [.todo]
        if !arguments.isSet(CommonOptions.status.name) {
            options.filter.statuses = ["OPEN"]
        }
        var selection = TaskSelection(now: dates.now)
        selection.everyOccurrence = options.start != nil || options.end != nil
        listing = try RecordListing(arguments)
        selection.onlyOverdue = arguments.isSet(Self.overdue.name)
        selection.dueBefore = try arguments.value(Self.dueWithin.name).map {
            [now = dates.now] (text: String) throws(UsageError) in
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
        options.undatedTasks = selection.everyOccurrence ? nil : UndatedTasks()
        options.saysSeriesHorizon = selection.everyOccurrence
        self.options = options
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = runOptions.inputs(io)
        guard
            let loaded = CommandLoading.events(
                inputs, options: options, strict: runOptions.strict, command: "ics todos", io: io)
        else { return .unusableInput }
        let tasks = Array(
            listing.limited(
                selection.select(
                    occurrences: loaded.events, undated: options.undatedTasks?.gathered ?? [],
                    filter: options.filter)))
        let now = selection.now
        return listing.write(
            to: runOptions.outputPath, io: io, unusable: loaded.unusableInputs,
            text: {
                TodoText.format(tasks, zone: loaded.zone, now: now, language: runOptions.language)
            },
            records: { format, guardsFormulas in
                TaskSchema.records(
                    tasks, format: format, now: now, guardsFormulas: guardsFormulas)
            })
    }
}
