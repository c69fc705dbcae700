import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax
import Foundation

/// What every `ics layout` view reads and how it writes: inputs, zone, language, format.
struct LayoutOptions: Sendable {
    enum Format: String, CaseIterable, Sendable {
        case text, json, svg, html
    }

    static let date = OptionSpec.value(
        "date", "date",
        help:
            "The date to lay out: YYYY-MM-DD, today, tomorrow, +3d, monday, next-week, … (default: today in --tz)"
    )
    static let format = OutputFormats.option(Format.self, default: .text)

    /// What `ics render` writes.
    enum PictureFormat: String, CaseIterable, Sendable {
        case svg, html
    }

    static let renderFormat = OutputFormats.option(PictureFormat.self, default: .svg)
    static let minimumMinutes = OptionSpec.value(
        "minimum-minutes", "n",
        help:
            "Segments shorter than this collide as if they were this long, as a screen draws them. (default: 0)"
    )

    static let width = OptionSpec.value(
        "width", "columns",
        help:
            "Columns the text view fits, at least \(TextWidth.minimum). (default: $COLUMNS, else the terminal's width, else 80)"
    )

    static let colorBy = OptionSpec.value(
        "color-by", "key",
        help:
            "calendar (one colour per input file) or category, with a legend under the picture. (default: calendar)"
    ).choosing(EventPalette.Key.self)
    static let hours = OptionSpec.value(
        "show-hours", "from-to",
        help:
            "The hours the picture shows, such as 0-24 or 7-19. (default: the hours that have events, at least 8-18)"
    )

    /// The width of the text views.
    static let textView = OptionGroup(title: "Text view options", options: [width])

    /// What the colours of a picture tell apart.
    static let picture = OptionGroup(title: "Picture options", options: [colorBy])

    /// The groups every view composes, after its own options.
    static let groups: [OptionGroup] = [
        .filters, .dates, .zone, .language, .output(format), textView, .diagnostics, .inputs,
        .expansion,
    ]

    /// A view's group as `ics render` takes it: pictures instead of text views.
    static func rendered(_ group: OptionGroup) -> OptionGroup {
        switch group.title {
        case OptionGroup.output().title: .output(renderFormat)
        case textView.title: picture
        default: group
        }
    }

    /// How the view reads (zone, filters, limits); each view sets the window it shows.
    let load: LoadOptions
    var zone: TargetZone { load.zone }
    let format: Format
    let runOptions: RunOptions
    /// The week start: `--week-start`, else `--lang`'s or the locale's
    /// (``CommonOptions/weekStart(_:environment:)``).
    var weekStart: Weekday { runOptions.weekStart }
    /// `--width`, which wins over `COLUMNS` and the terminal's width.
    let width: Int?
    /// What the colours of a picture tell apart (`--color-by`, only `ics render` takes it).
    let colorBy: EventPalette.Key

    /// - Parameter rendering: for `ics render`: the format is svg or html, by default svg
    ///   unless `-o` names an `.html` file.
    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool = false)
        throws(UsageError)
    {
        runOptions = try RunOptions(arguments, environment: environment)
        var load = try CommonOptions.readingOptions(arguments, environment: environment)
        load.filter = try CommonOptions.filter(arguments)
        self.load = load
        if rendering {
            format = try CommonOptions.format(
                arguments, Self.renderFormat, default: Format.svg,
                byExtension: ["svg": [.svg], "html": [.html]])
            guard format == .svg || format == .html else {
                throw .notOneOf(format.rawValue, for: Self.renderFormat, ["svg", "html"])
            }
        } else {
            format = try CommonOptions.format(
                arguments, Self.format, default: Format.text,
                byExtension: ["txt": [.text], "json": [.json], "svg": [.svg], "html": [.html]])
        }
        colorBy = try CommonOptions.choice(arguments, Self.colorBy, default: .calendar)
        width = try CommonOptions.positive(arguments, Self.width, atMost: TextWidth.maximum)
        if let width, width < TextWidth.minimum {
            throw .invalidValue(
                arguments.value(Self.width.name) ?? "\(width)", for: Self.width,
                "the text views need at least \(TextWidth.minimum) columns")
        }
    }

    /// What relative dates count from (``CommonOptions/dates(_:zone:weekStart:)``), weeks
    /// starting as `--week-start` or the language says.
    func dates(_ arguments: ParsedArguments) throws(UsageError) -> DateText {
        try CommonOptions.dates(
            arguments, zone: zone, weekStart: weekStart)
    }

    /// `--date` (or `option`) in any day form, else today on the wall clock of the target zone.
    func date(_ arguments: ParsedArguments, option: OptionSpec = date) throws(UsageError)
        -> CivilDate
    {
        let dates = try dates(arguments)
        return try CommonOptions.date(arguments, option, dates) ?? dates.today
    }

    /// `days` dates from `back` days before `date`, as a load window.
    static func window(around date: CivilDate, back: Int, days: Int) throws(UsageError) -> (
        from: CivilDate, to: CivilDate
    ) {
        do {
            let from = try date.adding(days: -back)
            return (from, try from.adding(days: days))
        } catch {
            throw .invalidValue("\(date)", for: Self.date, error.description)
        }
    }

    /// `--show-hours from-to` in whole hours (`0-24`, `7-19`, `07:00-19:00`), nil when not given.
    static func hours(_ arguments: ParsedArguments) throws(UsageError) -> HourSpan? {
        guard let text = arguments.value(hours.name) else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = ClockText.minutes(String(parts[0])),
            let to = ClockText.minutes(String(parts[1])), from % 60 == 0, to % 60 == 0,
            let span = HourSpan(hours: (from / 60)..<max(from / 60, to / 60))
        else {
            throw .invalidValue(
                text, for: hours, "expected whole hours from-to between 0 and 24, such as 7-19")
        }
        return span
    }

    /// `--minimum-minutes`; by default 0, or for a picture the least height a block is drawn
    /// with, so drawn blocks never overlap.
    static func minimumMinutes(_ arguments: ParsedArguments, picture format: Format)
        throws(UsageError) -> Int
    {
        guard let text = arguments.value(minimumMinutes.name) else {
            return format == .svg || format == .html ? SVGTimeGrid.minimumMinutes : 0
        }
        guard let value = Int(text), (0...1_440).contains(value) else {
            throw .invalidValue(text, for: minimumMinutes, "expected a whole number from 0 to 1440")
        }
        return value
    }
}
