import ChronoSketchCore
import ChronoSketchLayout

/// `ics layout day`: where each event of a date sits, in overlap columns.
struct LayoutDayCommand: Command {
    static let spec = CommandSpec(
        name: "layout day",
        abstract: "Lay out one day: all-day events and timed segments in columns.",
        discussion: """
            Each timed occurrence is cut to the day: startMinute and endMinute count from \
            00:00 (0…1440), continuesBefore and continuesAfter flag an event crossing \
            midnight. Overlapping segments share a run; each takes the first free column and \
            reports the run's column count.
            """,
        positional: LayoutOptions.positional,
        options: [LayoutOptions.date, LayoutOptions.minimumMinutes] + LayoutOptions.shared)

    let options: LayoutOptions
    let date: CivilDate
    let minimumMinutes: Int

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        options = try LayoutOptions(arguments, environment: environment)
        date = try options.date(arguments)
        minimumMinutes = try LayoutOptions.minimumMinutes(arguments)
    }

    func run(io: CommandIO) -> ExitStatus {
        options.run(
            "day", from: date, to: try? date.adding(days: 1), io: io,
            layout: { DayLayout(events: $0, date: date, minimumMinutes: minimumMinutes) },
            text: DayText.format, json: LayoutJSON.day)
    }
}
