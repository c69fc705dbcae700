import ChronoSketchCore
import ChronoSketchLayout

/// `ics layout heatmap`: busy time per day over months, weeks down and weekdays across.
struct LayoutHeatmapCommand: LayoutView {
    static let view = "heatmap"
    static let months = OptionSpec.value(
        "months", "n", help: "Months from the month of --date. (default: 3)")

    static let spec = CommandSpec(
        name: "layout heatmap",
        abstract: "Lay out busy time per day as weeks of seven days, over months.",
        discussion: """
            Each day's busy minutes are the union of its busy intervals (overlaps count once, \
            nights are split at midnight). Cancelled, transparent and all-day events and \
            instants are free. The range runs from the 1st of the month of --date for \
            --months months; weeks start on --week-start.
            """,
        positional: CommonOptions.calendarFiles,
        options: [LayoutOptions.date, months] + LayoutOptions.shared)

    let options: LayoutOptions
    let from: CivilDate
    let to: CivilDate
    let firstWeekday: Weekday

    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool)
        throws(UsageError)
    {
        options = try LayoutOptions(arguments, environment: environment, rendering: rendering)
        from = try options.date(arguments).firstOfMonth
        let count = try CommonOptions.positive(arguments, Self.months, atMost: 1_200) ?? 3
        do {
            to = try from.adding(months: count)
        } catch {
            throw .invalidValue("\(count)", for: Self.months, error.description)
        }
        firstWeekday = options.weekStart
    }

    func run(io: CommandIO) -> ExitStatus {
        let start = (try? from.adding(days: -7)) ?? from
        let end = (try? to.adding(days: 7)) ?? to
        return LayoutRun.run(
            "heatmap", options: options, from: start, to: end, io: io,
            layout: { (events: CalendarEvents) throws(CivilTimeError) in
                try HeatmapLayout(events: events, from: from, to: to, firstWeekday: firstWeekday)
            }, text: HeatmapText.format, json: LayoutJSON.heatmap, picture: HeatmapSVG.render)
    }
}
