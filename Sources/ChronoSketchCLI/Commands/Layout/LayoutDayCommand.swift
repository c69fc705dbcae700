import ChronoSketchCore
import ChronoSketchLayout

/// `ics layout day`: where each event of a date sits, in overlap columns.
struct LayoutDayCommand: LayoutView {
    static let view = "day"
    static let now = OptionSpec.value(
        "now", "HH:MM",
        help: "Draw a current-time line at this time (never read from the clock).")
    static let pictureOptions = [now, LayoutOptions.hours]

    static let spec = CommandSpec(
        name: "layout day",
        abstract: "Lay out one day: all-day events and timed segments in columns.",
        discussion: """
            Each timed occurrence is cut to the day: startMinute and endMinute count from \
            00:00 (0…1440), continuesBefore and continuesAfter flag an event crossing \
            midnight. Overlapping segments share a run; each takes the first free column and \
            reports the run's column count. The text view has a row per half hour, so it lays \
            out with --minimum-minutes at least 30: events sharing a row stand side by side.
            """,
        positional: CommonOptions.calendarFiles,
        options: [LayoutOptions.date, LayoutOptions.minimumMinutes], groups: LayoutOptions.groups)

    let options: LayoutOptions
    let date: CivilDate
    let minimumMinutes: Int
    /// Minutes after 00:00 of the current-time line.
    let now: Int?
    let hours: HourSpan?

    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool)
        throws(UsageError)
    {
        options = try LayoutOptions(arguments, environment: environment, rendering: rendering)
        date = try options.date(arguments)
        // The text grid has a row per half hour: what shares a row must not share a column.
        minimumMinutes = max(
            try LayoutOptions.minimumMinutes(arguments, picture: options.format),
            options.format == .text ? DayText.slotMinutes : 0)
        hours = try LayoutOptions.hours(arguments)
        now = try arguments.value(Self.now.name).map { (text: String) throws(UsageError) in
            guard let minute = ClockText.minutes(text), minute < 1_440 else {
                throw .invalidValue(text, for: Self.now, "expected a time of day such as 14:30")
            }
            return minute
        }
    }

    func run(io: CommandIO) -> ExitStatus {
        LayoutRun.run(
            "day", options: options, from: date, to: try? date.adding(days: 1), io: io,
            layout: { DayLayout(events: $0, date: date, minimumMinutes: minimumMinutes) },
            text: DayText.format, json: LayoutJSON.day, picture: DaySVG.render, hours: hours,
            now: now)
    }
}
