import ChronoSketchCore
import ChronoSketchLayout

/// `ics layout timeline`: resource rows over a time axis, as a Gantt chart.
struct LayoutTimelineCommand: LayoutView {
    static let view = "timeline"

    static let start = OptionSpec.value(
        "start", "date", help: "The first day of the window (YYYY-MM-DD). (default: today in --tz)")
    static let days = OptionSpec.value(
        "days", "n", help: "Days in the window. (default: 1 for hour, 7 for day, 28 for week)")
    static let scale = OptionSpec.value(
        "scale", "scale", help: "Column unit: hour, day or week. (default: day)"
    ).choosing(TimelineScale.self)
    static let zoom = OptionSpec.value(
        "zoom", "n", help: "Columns per unit: 1, 2, 4, 6 or 8. (default: 1)"
    ).choosing(["1", "2", "4", "6", "8"])
    static let rows = OptionSpec.value(
        "rows", "key",
        help:
            "What a row stands for: person (or attendee), location, resource, file, category, organizer or status. (default: file)"
    ).choosing(EventKey.self)
    static let groupBy = OptionSpec.value(
        "group-by", "key", help: "Group the rows by one of the same keys. (default: no groups)"
    ).choosing(EventKey.self)

    static let spec = CommandSpec(
        name: "layout timeline",
        abstract: "Lay out resource rows over a window, as a Gantt chart.",
        discussion: """
            Bars are minute offsets from 00:00 of --start, clipped to the window with \
            clippedStart and clippedEnd; overlapping bars in a row take lanes. An event is in \
            every row it names (each attendee, each resource); events naming none share a \
            row with a null key.
            """,
        positional: CommonOptions.calendarFiles,
        options: [start, days, scale, zoom, rows, groupBy] + LayoutOptions.shared)

    let options: LayoutOptions
    let window: TimelineWindow
    let rowKey: EventKey
    let groupKey: EventKey?

    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool)
        throws(UsageError)
    {
        options = try LayoutOptions(arguments, environment: environment, rendering: rendering)
        let first = try options.date(arguments, option: Self.start)
        let scale = try CommonOptions.choice(arguments, Self.scale, default: TimelineScale.day)
        let days = try CommonOptions.positive(arguments, Self.days) ?? scale.defaultDays
        let zoomText = arguments.value(Self.zoom.name) ?? "1"
        guard let zoomValue = Int(zoomText), let zoom = TimelineZoom(rawValue: zoomValue) else {
            throw .notOneOf(
                zoomText, for: Self.zoom, TimelineZoom.allCases.map { "\($0.rawValue)" })
        }
        do {
            window = try TimelineWindow(start: first, days: days, scale: scale, zoom: zoom)
        } catch {
            throw .invalidValue(
                arguments.value(Self.days.name) ?? "\(days)", for: Self.days, error.description)
        }
        rowKey = try CommonOptions.choice(arguments, Self.rows, default: EventKey.file)
        groupKey =
            arguments.isSet(Self.groupBy.name)
            ? try CommonOptions.choice(arguments, Self.groupBy, default: EventKey.file) : nil
    }

    func run(io: CommandIO) -> ExitStatus {
        LayoutRun.run(
            "timeline", options: options, from: window.start,
            to: try? window.start.adding(days: window.days),
            io: io,
            layout: {
                TimelineLayout(events: $0, window: window, rows: rowKey, groupedBy: groupKey)
            }, text: TimelineText.format, json: LayoutJSON.timeline,
            picture: TimelineSVG.render)
    }
}
