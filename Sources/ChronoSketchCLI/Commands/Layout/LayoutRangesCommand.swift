import ChronoSketchCore
import ChronoSketchLayout

/// `ics layout ranges`: times of day folded onto one reference day per period.
struct LayoutRangesCommand: LayoutView {
    static let view = "ranges"

    static let dayBoundary = OptionSpec.value(
        "day-boundary", "HH:MM",
        help: "When a period starts, such as 12:00 for nights. (default: 00:00)")
    static let period = OptionSpec.value(
        "period", "period", help: "day or week. (default: day)"
    ).choosing(RangePeriod.self)

    static let spec = CommandSpec(
        name: "layout ranges",
        abstract: "Fold timed events onto one reference day per period (sleep by night).",
        discussion: """
            Each period starts at --day-boundary on its date; an interval belongs to the \
            period its start falls in and is given as startMinute and endMinute from 00:00 of \
            the period's date, the end past 1440 when it crosses midnight, so a night is never \
            cut. All-day events are left out. Without --from and --to, every period from the \
            first event to the last is listed, empty ones included.
            """,
        positional: CommonOptions.calendarFiles,
        options: [dayBoundary, period], groups: [.window] + LayoutOptions.groups)

    let options: LayoutOptions
    let from: CivilDate?
    let to: CivilDate?
    let boundaryMinute: Int
    let period: RangePeriod
    let firstWeekday: Weekday

    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool)
        throws(UsageError)
    {
        options = try LayoutOptions(arguments, environment: environment, rendering: rendering)
        // The periods of the days the window touches.
        let window = try CommonOptions.window(arguments, dates: try options.dates(arguments))
        from = window.start?.date
        to = window.end.map { end in
            end.secondOfDay == 0 ? end.date : (try? end.date.adding(days: 1)) ?? end.date
        }
        period = try CommonOptions.choice(arguments, Self.period, default: RangePeriod.day)
        if let from, let to, from.days(to: to) / period.days > RangeLayout.maximumPeriods {
            let option =
                [CommonOptions.days, CommonOptions.length].first { arguments.isSet($0.name) }
                ?? CommonOptions.to
            throw .invalidValue(
                arguments.value(option.name) ?? "\(to)", for: option,
                "from --from \(from) that is more than \(RangeLayout.maximumPeriods) periods of a \(period.rawValue), the most a view lays out"
            )
        }
        firstWeekday = options.weekStart
        boundaryMinute = try Self.boundary(arguments)
    }

    private static func boundary(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value(dayBoundary.name) else { return 0 }
        guard let minute = ClockText.minutes(text), minute < 1_440 else {
            throw .invalidValue(text, for: dayBoundary, "expected a time of day such as 12:00")
        }
        return minute
    }

    func run(io: CommandIO) -> ExitStatus {
        // Periods reach up to a week past their date; load enough around the window.
        LayoutRun.run(
            "ranges", options: options, from: from.flatMap { try? $0.adding(days: -7) },
            to: to.flatMap { try? $0.adding(days: 8) }, io: io,
            layout: {
                let placed = RangeLayout(
                    events: $0, boundaryMinute: boundaryMinute, period: period,
                    firstWeekday: firstWeekday, from: from, to: to)
                if placed.periodsLeftOut > 0, !io.quiet {
                    io.standardError.write(
                        "ics layout ranges: warning: the events reach \(placed.periodsLeftOut) periods past the first \(RangeLayout.maximumPeriods), which are left out (choose a window with --from and --to)\n"
                    )
                }
                return placed
            }, text: RangeText.format, json: LayoutJSON.ranges,
            picture: RangesSVG.render)
    }
}
