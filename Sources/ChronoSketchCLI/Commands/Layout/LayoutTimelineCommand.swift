import ChronoSketchCore
import ChronoSketchLayout

/// `ics layout timeline`: resource rows over a time axis, as a Gantt chart.
struct LayoutTimelineCommand: LayoutView {
    static let view = "timeline"

    static let start = OptionSpec.value(
        "start", "date",
        help:
            "The older spelling of --from: the first day of the window. (default: today in --tz; the window is 1 day for --scale hour, 7 for day, 28 for week unless --to, --days or --for says)"
    )
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
        options: [start, scale, zoom, rows, groupBy], groups: [.window] + LayoutOptions.groups)

    let options: LayoutOptions
    let window: TimelineWindow
    let rowKey: EventKey
    let groupKey: EventKey?

    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool)
        throws(UsageError)
    {
        options = try LayoutOptions(arguments, environment: environment, rendering: rendering)
        var given = arguments
        if let start = arguments.value(Self.start.name) {
            if arguments.isSet(CommonOptions.from.name) {
                throw .contradiction("--start", "--from")
            }
            given.values[CommonOptions.from.name] = [start]
        }
        let dates = try options.dates(arguments)
        let span = try CommonOptions.window(given, dates: dates)
        let first = span.start?.date ?? dates.today
        let scale = try CommonOptions.choice(arguments, Self.scale, default: TimelineScale.day)
        // Every day the window touches; without an end, the scale's days.
        let days =
            span.end.map { end in max(1, first.days(to: end.date) + (end.secondOfDay == 0 ? 0 : 1))
            }
            ?? scale.defaultDays
        let zoomText = arguments.value(Self.zoom.name) ?? "1"
        guard let zoomValue = Int(zoomText), let zoom = TimelineZoom(rawValue: zoomValue) else {
            throw .notOneOf(
                zoomText, for: Self.zoom, TimelineZoom.allCases.map { "\($0.rawValue)" })
        }
        do {
            window = try TimelineWindow(start: first, days: days, scale: scale, zoom: zoom)
        } catch {
            let option =
                [CommonOptions.days, CommonOptions.to, CommonOptions.length].first {
                    arguments.isSet($0.name)
                } ?? CommonOptions.days
            throw .invalidValue(
                arguments.value(option.name) ?? "\(days)", for: option, error.description)
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
