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
        options: [LayoutOptions.date, months], groups: LayoutOptions.groups)

    let options: LayoutOptions
    let from: CivilDate
    let to: CivilDate
    let firstWeekday: Weekday

    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool)
        throws(UsageError)
    {
        options = try LayoutOptions(arguments, environment: environment, rendering: rendering)
        let first = try options.date(arguments).firstOfMonth
        from = first
        let count = try CommonOptions.positive(arguments, Self.months, atMost: 1_200) ?? 3
        // The option that moved the range out of the calendar's years: --months when given
        // and the range ends too late, else --date.
        func refused(end: Bool) -> UsageError {
            if end, let text = arguments.value(Self.months.name) {
                return .invalidValue(
                    text, for: Self.months, "\(count) months from \(first) end after 9999-12-31")
            }
            return .invalidValue(
                arguments.value(LayoutOptions.date.name) ?? "\(first)", for: LayoutOptions.date,
                end
                    ? "\(count) months from \(first) end after 9999-12-31"
                    : "the first week shown would begin before 0001-01-01")
        }
        let last: CivilDate
        do {
            last = try first.adding(months: count)
        } catch {
            throw refused(end: true)
        }
        to = last
        // The weeks shown begin on the week start on or before the 1st.
        do {
            _ = try HeatmapLayout(
                events: CalendarEvents(), from: first, to: last, firstWeekday: options.weekStart)
        } catch {
            throw refused(end: false)
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
