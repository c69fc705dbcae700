import ChronoSketchCore
import ChronoSketchLayout

/// `ics layout week`: seven days with all-day bars in lanes and each day's columns.
struct LayoutWeekCommand: LayoutView {
    static let view = "week"
    static let pictureOptions = [LayoutOptions.hours]

    static let spec = CommandSpec(
        name: "layout week",
        abstract: "Lay out a week: all-day bars in lanes, timed events per day.",
        discussion: """
            The week starts on --week-start (Monday for --lang de, Sunday for en) on or \
            before --date. All-day events are bars over day indexes 0…6 in lanes (first free \
            lane, longer first, then id), flagged where they go on into the previous or next \
            week; each day holds its timed segments as 'ics layout day' gives them.
            """,
        positional: CommonOptions.calendarFiles,
        options: [LayoutOptions.date, LayoutOptions.minimumMinutes], groups: LayoutOptions.groups)

    let options: LayoutOptions
    let date: CivilDate
    let firstWeekday: Weekday
    let minimumMinutes: Int
    let window: (from: CivilDate, to: CivilDate)
    let hours: HourSpan?

    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool)
        throws(UsageError)
    {
        options = try LayoutOptions(arguments, environment: environment, rendering: rendering)
        date = try options.date(arguments)
        firstWeekday = options.weekStart
        minimumMinutes = try LayoutOptions.minimumMinutes(arguments, picture: options.format)
        window = try LayoutOptions.window(
            around: date, back: firstWeekday.days(until: date.weekday), days: 7)
        hours = try LayoutOptions.hours(arguments)
    }

    func run(io: CommandIO) -> ExitStatus {
        LayoutRun.run(
            "week", options: options, from: window.from, to: window.to, io: io,
            layout: { (events: CalendarEvents) throws(CivilTimeError) in
                try WeekLayout(
                    events: events, containing: date, firstWeekday: firstWeekday,
                    minimumMinutes: minimumMinutes)
            }, text: WeekText.format, json: LayoutJSON.week,
            picture: WeekSVG.render, hours: hours)
    }
}
