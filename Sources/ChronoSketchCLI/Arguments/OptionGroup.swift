/// Options that mean one thing wherever they are taken, declared once and composed by every
/// command that takes them, as swift-argument-parser's `@OptionGroup`: help shows each group
/// under its title, and completion and the manual page list its options with the command's.
/// A command declares only what is its own (``CommandSpec/ownOptions``).
struct OptionGroup: Sendable {
    /// The heading of the group in help (`Window options`).
    let title: String
    let options: [OptionSpec]

    /// How several inputs are read: as versions of one calendar or each its own.
    static let inputs = OptionGroup(title: "Input options", options: [CommonOptions.inputsMode])

    /// The zone UTC and zoned times are shown in, and whether a calendar's X-WR-TIMEZONE
    /// gives its floating times one.
    static let zone = OptionGroup(
        title: "Zone options", options: [CommonOptions.zone, CommonOptions.wrTimezone])

    /// The window of occurrences kept.
    static let window = OptionGroup(
        title: "Window options",
        options: [CommonOptions.from, CommonOptions.to, CommonOptions.days, CommonOptions.length])

    /// What relative dates count from, and where weeks begin.
    static let dates = OptionGroup(
        title: "Date options", options: [CommonOptions.today, CommonOptions.weekStartOption])

    /// Which components are read: VEVENTs, VTODOs, VJOURNALs.
    static let components = OptionGroup(
        title: "Component options", options: [CommonOptions.component])

    /// How much of a listing is written.
    static let listing = OptionGroup(title: "Listing options", options: [CommonOptions.limit])

    /// Which events count.
    static let filters = OptionGroup(title: "Filter options", options: CommonOptions.filters)

    /// How far series are expanded.
    static let expansion = OptionGroup(
        title: "Expansion options",
        options: [
            CommonOptions.maxInstances, CommonOptions.maxTotalInstances,
            CommonOptions.maxIterations,
        ])

    /// Whose time it is.
    static let people = OptionGroup(title: "People options", options: [BusyOptions.person])

    /// When people work, each on their own clock.
    static let workingHours = OptionGroup(
        title: "Working hours options", options: [WorkingHours.option, WorkingHours.weekdays])

    /// Which diagnostics are shown and how grave they are.
    static let reporting = OptionGroup(
        title: "Diagnostic options",
        options: [CommonOptions.quiet, CommonOptions.ignore, CommonOptions.promote])

    /// ``reporting`` and `--strict`, for the commands that write what they read.
    static let diagnostics = OptionGroup(
        title: reporting.title, options: [CommonOptions.strict] + reporting.options)

    /// What takes up time.
    static let busy = OptionGroup(title: "Busy time options", options: BusyOptions.policyOptions)

    /// Windows nobody is free in.
    static let blocked = OptionGroup(
        title: "Blocked time options", options: BusyOptions.windowOptions)

    /// What JSON, NDJSON and CSV records stand for and hold.
    static let records = OptionGroup(
        title: "Record options", options: [CommonOptions.records, CommonOptions.columns])

    /// How CSV cells that a spreadsheet would run are written.
    static let csv = OptionGroup(title: "CSV options", options: [CommonOptions.rawCSV])

    /// How much a command keeps in memory before it uses a temporary file.
    static let memory = OptionGroup(title: "Memory options", options: [CommonOptions.memory])

    /// The language of names in text for people.
    static let language = OptionGroup(title: "Language options", options: [CommonOptions.language])

    /// Where the output goes and in which format: `-o`, after the command's `--format`
    /// (``OutputFormats/option(_:default:help:)``) when it writes more than one.
    static func output(_ format: OptionSpec? = nil) -> OptionGroup {
        OptionGroup(
            title: "Output options", options: (format.map { [$0] } ?? []) + [CommonOptions.output])
    }
}

/// Every format a command writes, named and said once: each command's `--format` takes some
/// of them, its help built from here.
enum OutputFormats {
    /// Each format's name and what it is, in the order help lists them.
    static let table: [(name: String, meaning: String)] = [
        ("text", "for people"), ("json", "an array or object, for scripts"),
        ("ndjson", "one JSON object a line"), ("csv", "a header and a row a record"),
        ("ics", "iCalendar, RFC 5545"), ("jcal", "iCalendar as JSON, RFC 7265"),
        ("svg", "a picture"), ("html", "a page around the picture"),
    ]

    /// The names a command's `Format` may use.
    static var names: [String] { table.map(\.name) }

    /// `--format` taking `formats`: `text (for people), json (…) or csv. (default: text, or
    /// what the -o file's extension names)`.
    static func option<Format: RawRepresentable & CaseIterable>(
        _ formats: Format.Type, default defaultFormat: Format, help: String? = nil
    ) -> OptionSpec where Format.RawValue == String {
        let taken = Format.allCases.map(\.rawValue)
        let listed = table.filter { taken.contains($0.name) }.map { "\($0.name) (\($0.meaning))" }
        let list =
            listed.count > 1
            ? listed.dropLast().joined(separator: ", ") + " or " + (listed.last ?? "")
            : listed.joined()
        return OptionSpec.value(
            "format", "format", short: "f",
            help: help
                ?? "\(list). (default: \(defaultFormat.rawValue), or the format the -o file's extension names)"
        ).choosing(Format.self)
    }
}
