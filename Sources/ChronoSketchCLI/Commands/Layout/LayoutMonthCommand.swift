import ChronoSketchCore
import ChronoSketchLayout

/// `ics layout month`: the six-week grid of a month with each date's events.
struct LayoutMonthCommand: LayoutView {
    static let view = "month"

    static let spec = CommandSpec(
        name: "layout month",
        abstract: "Lay out a month: 42 dates from the week start, with their events.",
        discussion: """
            The grid starts on the --week-start day on or before the 1st and holds six weeks; \
            each date lists the ids of the events occupying it (all-day first, then by start) \
            and whether it lies in the month. The agenda lists the month's occupied dates.
            """,
        positional: CommonOptions.calendarFiles,
        options: [LayoutOptions.date], groups: LayoutOptions.groups)

    let options: LayoutOptions
    let date: CivilDate
    let firstWeekday: Weekday
    let window: (from: CivilDate, to: CivilDate)

    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool)
        throws(UsageError)
    {
        options = try LayoutOptions(arguments, environment: environment, rendering: rendering)
        date = try options.date(arguments)
        firstWeekday = options.weekStart
        let first = date.firstOfMonth
        window = try LayoutOptions.window(
            around: first, back: firstWeekday.days(until: first.weekday), days: 42)
    }

    func run(io: CommandIO) -> ExitStatus {
        LayoutRun.run(
            "month", options: options, from: window.from, to: window.to, io: io,
            layout: { (events: CalendarEvents) throws(CivilTimeError) in
                try MonthLayout(events: events, containing: date, firstWeekday: firstWeekday)
            }, text: MonthText.format, json: LayoutJSON.month,
            picture: MonthSVG.render)
    }
}
