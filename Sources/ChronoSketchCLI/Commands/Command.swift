import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation

/// A subcommand of `ics`: its spec, a parsing initializer and `run(io:)`.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Reads the parsed arguments; throws for values that make no sense.
    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError)
    func run(io: CommandIO) -> ExitStatus
}

/// Options several commands share, parsed and checked in one place.
enum CommonOptions {
    /// The calendar files every reading command takes.
    static let calendarFiles = PositionalSpec(
        name: "file", help: "Calendar files to read; '-' or none reads standard input.",
        repeats: true)

    static let zone = OptionSpec.value(
        "tz", "zone",
        help:
            "Zone for UTC and zoned times: an IANA name, UTC, or local (TZ, else the system zone). (default: local)"
    )
    static let from = OptionSpec.value(
        "from", "date",
        help:
            "Keep occurrences that end after this date's 00:00 or this time: YYYY-MM-DD, YYYY-MM-DDTHH:MM, today, tomorrow, +3d, -1w, monday, this-week, next-month, …"
    )
    static let to = OptionSpec.value(
        "to", "date", help: "Keep occurrences that start before this date or time (exclusive).")
    static let days = OptionSpec.value(
        "days", "n", help: "The window's length in days, from --from (default --from: today).")
    static let length = OptionSpec.value(
        "for", "duration",
        help:
            "The window's length as a duration (2h, 90m, 1h30m, 3d, PT2H), from --from (default --from: now)."
    )
    static let today = OptionSpec.value(
        "today", "date",
        help:
            "The day relative dates count from, YYYY-MM-DD, or the time 'now' names, YYYY-MM-DDTHH:MM. (default: now in --tz)"
    )

    /// The first day of a week.
    enum WeekStart: String, CaseIterable, Sendable {
        case monday, sunday

        var weekday: Weekday { self == .monday ? .monday : .sunday }
    }

    static let weekStartOption = OptionSpec.value(
        "week-start", "day",
        help:
            "monday or sunday: where this-week, next-week and the week views begin. (default: --lang's (monday for de, sunday for en), else the locale's territory, else its language)"
    ).choosing(WeekStart.self)

    static let records = OptionSpec.value(
        "records", "kind",
        help:
            "What json, ndjson and csv records stand for: occurrences (one per occurrence, sorted) or series (one per VEVENT as written, with its rrule, rdate and exdate, in file order; converts back to the same VEVENTs). (default: occurrences)"
    ).choosing(RecordKind.self)

    /// `--records`, which only JSON, NDJSON and CSV outputs take, and series records only
    /// with their own columns.
    static func records(_ arguments: ParsedArguments, textOutput: Bool) throws(UsageError)
        -> RecordKind
    {
        let kind = try choice(arguments, records, default: RecordKind.occurrences)
        guard kind == .series else { return kind }
        if textOutput {
            throw .invalidValue(
                "series", for: records, "series records are json, ndjson or csv; add --format")
        }
        if arguments.value("columns") != nil {
            throw .contradiction("--records series", "--columns")
        }
        return kind
    }

    static let match = OptionSpec.value(
        "match", "text", repeats: true,
        help:
            "Keep events whose title, location or description holds this text (any case, accents aside: cafe finds Café)."
    )
    static let category = OptionSpec.value(
        "category", "name", repeats: true, help: "Keep events with this category (any case).")
    static let status = OptionSpec.value(
        "status", "status", repeats: true,
        help:
            "Keep events with this status: confirmed, tentative, cancelled, or none; tasks' needs-action, in-process and completed, journals' draft and final; open (not done: not cancelled, a task not completed), done, or all."
    ).choosing(
        ComponentKind.allCases.flatMap(\.statuses).reduce(into: [String]()) {
            if !$0.contains($1.lowercased()) { $0.append($1.lowercased()) }
        } + ["none", "open", "done", "all"])
    static let uid = OptionSpec.value(
        "uid", "uid", repeats: true, help: "Keep the events of this UID.")
    static let attendee = OptionSpec.value(
        "attendee", "person", repeats: true,
        help:
            "Keep events this person attends or organizes (an address, or part of a name). Each filter repeats: the values of one count when any matches, different filters all must."
    )
    /// The filters every reading command takes.
    static let calendar = OptionSpec.value(
        "calendar", "name", repeats: true,
        help:
            "Keep events of this calendar: its X-WR-CALNAME, else its directory's (a vdir's displayname or name) or file's name without extension (any case)."
    )
    static let filters = [match, category, status, uid, attendee, calendar]

    static let limit = OptionSpec.value(
        "limit", "n",
        help:
            "Write the first n records of the listing, in its order; in file order, reading stops once they are written."
    )

    static let component = OptionSpec.value(
        "component", "names",
        help:
            "The components whose occurrences are read: VEVENT, VTODO, VJOURNAL (any case, comma-separated), or all. A VTODO starts at its DTSTART, else its DUE, and ends at its DUE, else after its DURATION; a VJOURNAL is at its DTSTART. (default: VEVENT)"
    ).choosing(ComponentKind.allCases.map(\.rawValue) + ["all"])

    /// `--component`, checked: VEVENT when it is not given.
    static func components(_ arguments: ParsedArguments) throws(UsageError)
        -> Set<ComponentKind>
    {
        guard let text = arguments.value(component.name) else { return [.event] }
        var kinds: Set<ComponentKind> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = name.trimmingCharacters(in: .whitespaces)
            if name.lowercased() == "all" {
                kinds.formUnion(ComponentKind.allCases)
            } else if let kind = ComponentKind(componentName: name) {
                kinds.insert(kind)
            } else {
                throw .notOneOf(name, for: component, component.values)
            }
        }
        return kinds
    }

    /// `--match`, `--category`, `--status`, `--uid`, `--attendee`, checked.
    static func filter(_ arguments: ParsedArguments) throws(UsageError) -> EventFilter {
        let statuses = arguments.values[status.name] ?? []
        for value in statuses where !status.values.contains(value.lowercased()) {
            throw .notOneOf(value, for: status, status.values)
        }
        return EventFilter(
            texts: arguments.values[match.name] ?? [],
            categories: arguments.values[category.name] ?? [], statuses: statuses,
            uids: arguments.values[uid.name] ?? [], people: arguments.values[attendee.name] ?? [],
            calendars: arguments.values[calendar.name] ?? [])
    }
    static let strict = OptionSpec.flag(
        "strict", help: "Fail the run (exit 2, nothing on stdout) when any event has an error.")
    static let wrTimezone = OptionSpec.value(
        "x-wr-timezone", "policy",
        help:
            "apply: read floating times of a calendar with X-WR-TIMEZONE in that zone; ignore: keep them floating. (default: apply)"
    ).choosing(WRTimezonePolicy.self)
    /// How several inputs are read (`--inputs`).
    enum InputsMode: String, CaseIterable, Sendable {
        case versions, separate
    }

    static let inputsMode = OptionSpec.value(
        "inputs", "mode",
        help:
            "versions: the inputs are versions of one calendar, and of each event the newest is kept; separate: each input is a calendar of its own (one person's export each), every input's events are kept and their ids begin with the path given and /. (default: versions)"
    ).choosing(InputsMode.self)
    static let profile = OptionSpec.value(
        "profile", "profile",
        help:
            "rfc5545; feed for a calendar to publish: also lines ending in LF alone or longer than 75 octets, a TZID without its VTIMEZONE, a METHOD other than PUBLISH, an override without its series, PRIORITY or PERCENT-COMPLETE out of range, a URL that is no URI; outlook: the feed's rules and what Outlook reads otherwise (VTIMEZONEs it approximates, several VCALENDARs in a file). (default: rfc5545)"
    ).choosing(ValidationProfile.self)
    static let quiet = OptionSpec.flag(
        "quiet", short: "q", help: "Write errors only to stderr; leave warnings out.")
    static let ignore = OptionSpec.value(
        "ignore", "code", repeats: true,
        help:
            "Leave out the diagnostics of this code (endless-series, year-limit, …; see the README). Repeatable, or codes separated by commas."
    ).choosing(DiagnosticCode.allCases.map(\.rawValue))
    static let promote = OptionSpec.value(
        "error", "code", repeats: true,
        help:
            "Make the diagnostics of this code errors, which --strict and validate count as such. Repeatable, or codes separated by commas."
    ).choosing(DiagnosticCode.allCases.map(\.rawValue))

    /// `--ignore` and `--error`, checked.
    static func diagnosticPolicy(_ arguments: ParsedArguments) throws(UsageError)
        -> DiagnosticPolicy
    {
        func codes(_ option: OptionSpec) throws(UsageError) -> Set<DiagnosticCode> {
            var codes = Set<DiagnosticCode>()
            for value in arguments.values[option.name] ?? [] {
                for name in value.split(separator: ",") {
                    let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
                    guard let code = DiagnosticCode(rawValue: trimmed) else {
                        throw .invalidValue(
                            String(name), for: option,
                            "no diagnostic has that code"
                                + Suggestion.sentence(
                                    trimmed, among: DiagnosticCode.allCases.map(\.rawValue)))
                    }
                    codes.insert(code)
                }
            }
            return codes
        }
        let policy = DiagnosticPolicy(ignored: try codes(ignore), promoted: try codes(promote))
        if let both = policy.ignored.intersection(policy.promoted).first {
            throw .contradiction("--ignore \(both.rawValue)", "--error \(both.rawValue)")
        }
        return policy
    }

    static let language = OptionSpec.value(
        "lang", "lang",
        help:
            "Language of weekday and month names: en or de. (default: de in a German locale (LC_ALL, LC_TIME, LANG), else en)"
    ).choosing(Language.self)
    static let output = OptionSpec.value(
        "output", "file", short: "o", help: "Write to this file (atomically) instead of stdout.")

    static let columns = OptionSpec.value(
        "columns", "columns",
        help:
            "CSV columns: field names separated by commas, or 'outlook' for Outlook's and Google's shape (Subject, Start Date, …)."
    )

    /// `--columns` and `--raw-csv`, checked.
    /// - Parameter format: the output format when it is not CSV, which takes no columns.
    static func columns(_ arguments: ParsedArguments, format: String?) throws(UsageError)
        -> CSVColumns
    {
        var columns = CSVColumns.all
        if let text = arguments.value(Self.columns.name) {
            if let format { throw .contradiction("--columns", "--format \(format)") }
            do {
                columns = try CSVColumns.parse(text)
            } catch {
                throw .invalidValue(text, for: Self.columns, error.description)
            }
        }
        columns.guardsFormulas = !arguments.isSet(CommonOptions.rawCSV.name)
        return columns
    }

    static let rawCSV = OptionSpec.flag(
        "raw-csv",
        help:
            "Write CSV cells as they are: no ' before a cell that begins with =, +, -, @, a tab or a carriage return, which a spreadsheet would run as a formula."
    )

    static let maxInstances = OptionSpec.value(
        "max-instances", "n", help: "Most instances one series gives. (default: 100000)")
    static let maxTotalInstances = OptionSpec.value(
        "max-total-instances", "n",
        help: "Most instances all series give together. (default: 5000000)")
    static let maxIterations = OptionSpec.value(
        "max-iterations", "n",
        help: "Most recurrence-rule steps for one series, instances or not. (default: 1000000)")
    /// The bounds of expansion, which every command that expands series takes.

    static let memory = OptionSpec.value(
        "memory", "size",
        help:
            "What is kept in memory before the rest goes to a temporary file in $TMPDIR (the records of a sorted listing, the events of conflicts and diff): bytes, or with K, M, G or T (powers of 1024). (default: 32M)"
    )

    /// The `--memory` budget in bytes: a whole number with an optional K, M, G or T (KiB, MiB,
    /// GiB, KB, MB, GB read the same: powers of 1024, as sort(1) reads them).
    static func memory(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value(memory.name) else {
            return OccurrenceRecords.defaultMemory
        }
        let units: [(suffixes: [String], shift: Int)] = [
            (["K", "KB", "KIB"], 10), (["M", "MB", "MIB"], 20), (["G", "GB", "GIB"], 30),
            (["T", "TB", "TIB"], 40),
            (["", "B"], 0),
        ]
        let upper = text.uppercased()
        for (suffixes, shift) in units {
            for suffix in suffixes where upper.hasSuffix(suffix) {
                let number = upper.dropLast(suffix.count)
                guard let value = Int(number), value > 0, value <= Int.max >> (shift + 1) else {
                    continue
                }
                return value << shift
            }
        }
        throw .invalidValue(
            text, for: memory, "expected a size greater than 0, such as 500M or 2G")
    }

    /// The expansion limits, defaults replaced by the options given.
    static func expansionLimits(_ arguments: ParsedArguments) throws(UsageError) -> ExpansionLimits
    {
        var limits = ExpansionLimits()
        limits.instancesPerSeries =
            try positive(arguments, maxInstances) ?? limits.instancesPerSeries
        limits.totalInstances = try positive(arguments, maxTotalInstances) ?? limits.totalInstances
        limits.iterationsPerSeries =
            try positive(arguments, maxIterations) ?? limits.iterationsPerSeries
        return limits
    }

    /// A whole number option from 1 to `maximum`.
    static func positive(
        _ arguments: ParsedArguments, _ option: OptionSpec, atMost maximum: Int = Int.max
    ) throws(UsageError) -> Int? {
        guard let text = arguments.value(option.name) else { return nil }
        guard let value = Int(text), value > 0 else {
            throw .invalidValue(text, for: option, "expected a whole number greater than 0")
        }
        guard value <= maximum else {
            throw .invalidValue(text, for: option, "at most \(maximum)")
        }
        return value
    }

    /// The inputs the positionals name; `-` or none is standard input.
    static func inputs(_ arguments: ParsedArguments) -> [InputSource] {
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        return paths.flatMap(inputs)
    }

    /// What one path given reads (``InputPaths/inputs(_:)``).
    static func inputs(_ path: String) -> [InputSource] { InputPaths.inputs(path) }

    /// How every reading command reads: `--tz`, `--x-wr-timezone` and the expansion limits,
    /// checked; no window and no filter. The one place options of reading are built: every
    /// command starts from it and adds what it takes of the rest.
    static func readingOptions(_ arguments: ParsedArguments, environment: [String: String])
        throws(UsageError) -> LoadOptions
    {
        var options = LoadOptions(
            zone: try zone(arguments, environment: environment),
            wrTimezone: try choice(arguments, wrTimezone, default: .apply),
            expansion: try expansionLimits(arguments))
        options.calendarNames = calendarNames(arguments)
        options.components = try components(arguments)
        if try choice(arguments, inputsMode, default: InputsMode.versions) == .separate {
            options.separateCalendars = try separateCalendars(arguments)
        }
        return options
    }

    /// The calendars the positionals name, each with its inputs: a file, standard input
    /// (`<stdin>`), or a directory's calendar folders (``InputPaths/directory(_:)``).
    static func calendars(_ arguments: ParsedArguments) -> [(name: String, inputs: [InputSource])] {
        (arguments.positionals.isEmpty ? ["-"] : arguments.positionals).flatMap { path in
            guard path != "-", let listing = InputPaths.directory(path),
                !listing.calendars.isEmpty
            else {
                return [(path == "-" ? InputSource.standardInput.name : path, inputs(path))]
            }
            return listing.calendars.map { ($0.folder, $0.files.map(InputSource.file)) }
        }
    }

    /// The calendar each input is when inputs are read apart, by input name: the path given
    /// for it (a calendar folder's for its files), `<stdin>` for standard input. An event's id
    /// is then `PATH/UID`, which names one event only while no calendar is another, or in
    /// another's folder (`team` and `team/ann.ics`): such inputs are refused.
    static func separateCalendars(_ arguments: ParsedArguments) throws(UsageError) -> [String:
        String]
    {
        let calendars = calendars(arguments)
        let names = calendars.map(\.name)
        for (index, calendar) in names.enumerated() {
            for other in names[(index + 1)...]
            where other == calendar || other.hasPrefix(calendar + "/")
                || calendar.hasPrefix(other + "/")
            {
                let (outer, inner) =
                    other.count < calendar.count ? (other, calendar) : (calendar, other)
                throw .invalidValue(
                    "separate", for: inputsMode,
                    outer == inner
                        ? "'\(outer)' is given twice, and each input is a calendar of its own"
                        : "'\(inner)' is inside '\(outer)', also read: the ids '\(outer)/…' of the one could be those of the other; give each calendar once"
                )
            }
        }
        var separate: [String: String] = [:]
        for calendar in calendars {
            for input in calendar.inputs { separate[input.name] = calendar.name }
        }
        return separate
    }

    /// The calendar name of each file read from a directory given as an input: its calendar
    /// folder's (``InputPaths/calendarName(of:)``: a vdir's `displayname`, else its name).
    static func calendarNames(_ arguments: ParsedArguments) -> [String: String] {
        var names: [String: String] = [:]
        for path in arguments.positionals where path != "-" {
            for calendar in InputPaths.directory(path)?.calendars ?? [] {
                let name = InputPaths.calendarName(of: calendar.folder)
                for file in calendar.files { names[file] = name }
            }
        }
        return names
    }

    /// ``readingOptions(_:environment:)`` with the filters and the window of `--from`, `--to`
    /// and `--days`.
    static func loadOptions(_ arguments: ParsedArguments, environment: [String: String])
        throws(UsageError) -> LoadOptions
    {
        try loadOptionsAndDates(arguments, environment: environment).options
    }

    /// ``loadOptions(_:environment:)``, and the today and now its window counted from.
    static func loadOptionsAndDates(_ arguments: ParsedArguments, environment: [String: String])
        throws(UsageError) -> (options: LoadOptions, dates: DateText)
    {
        var options = try readingOptions(arguments, environment: environment)
        let dates = try dates(arguments, zone: options.zone, environment: environment)
        (options.start, options.end) = try window(arguments, dates: dates)
        options.filter = try filter(arguments)
        return (options, dates)
    }

    /// `--from`, `--to` and `--days` as the window's bounds: `--days N` ends the window N days
    /// after `--from` (today when it is not given); `--to` and `--days` together are refused.
    static func window(_ arguments: ParsedArguments, dates: DateText) throws(UsageError) -> (
        start: LocalDateTime?, end: LocalDateTime?
    ) {
        var start = try point(arguments, from, dates)
        var end = try point(arguments, to, dates)
        if let text = arguments.value(length.name) {
            guard end == nil, !arguments.isSet(days.name) else {
                throw .invalidValue(text, for: length, "give one of --to, --days and --for")
            }
            guard let seconds = DurationText.seconds(text), seconds > 0 else {
                throw .invalidValue(
                    text, for: length, "expected a duration such as 2h, 90m, 1h30m, 3d or PT2H")
            }
            let first = start ?? dates.now
            start = first
            do {
                end = try first.adding(seconds: seconds)
            } catch {
                throw .invalidValue(text, for: length, "the window would end after 9999-12-31")
            }
        }
        if let count = try positive(arguments, days) {
            guard end == nil else {
                throw .invalidValue(
                    arguments.value(days.name) ?? "\(count)", for: days,
                    "give --to or --days, not both")
            }
            let first = start ?? LocalDateTime(startOf: dates.today)
            start = first
            do {
                end = try first.adding(days: count)
            } catch {
                throw .invalidValue(
                    arguments.value(days.name) ?? "\(count)", for: days,
                    "the window would end after 9999-12-31")
            }
        }
        if let start, let end, end <= start {
            func shown(_ time: LocalDateTime) -> String {
                time.secondOfDay == 0 ? time.date.description : time.description
            }
            throw .invalidValue(shown(end), for: to, "it must be after --from \(shown(start))")
        }
        return (start, end)
    }

    /// `--lang`, else the locale's language (``UserLocale``).
    static func language(_ arguments: ParsedArguments, environment: [String: String])
        throws(UsageError) -> Language
    {
        guard arguments.isSet(language.name) else { return UserLocale(environment).viewLanguage }
        return try choice(arguments, language, default: .en)
    }

    /// The first day of the week when `--week-start` is not given: as `--lang` or the
    /// locale says (``UserLocale/weekStart(lang:)``).
    static func weekStart(_ arguments: ParsedArguments, environment: [String: String])
        throws(UsageError) -> Weekday
    {
        if arguments.isSet(weekStartOption.name) {
            return try choice(arguments, weekStartOption, default: WeekStart.monday).weekday
        }
        let lang: Language? =
            arguments.isSet(language.name) ? try choice(arguments, language, default: .en) : nil
        return UserLocale(environment).weekStart(lang: lang)
    }

    /// What relative dates count from (``dates(_:zone:weekStart:)``), weeks starting as
    /// `--lang` or the locale says.
    static func dates(
        _ arguments: ParsedArguments, zone: TargetZone, environment: [String: String]
    ) throws(UsageError) -> DateText {
        try dates(arguments, zone: zone, weekStart: weekStart(arguments, environment: environment))
    }

    /// What relative dates count from: `--today`, else today on the wall clock of `zone`;
    /// weeks (`this-week`) start on `weekStart`.
    static func dates(_ arguments: ParsedArguments, zone: TargetZone, weekStart: Weekday)
        throws(UsageError) -> DateText
    {
        if let text = arguments.value(today.name) {
            do {
                // A day, its 00:00 being `now`; or a day and time (`2026-12-08T09:30`).
                let now =
                    text.count == 10
                    ? LocalDateTime(startOf: try CivilDate(parsing: text))
                    : try LocalDateTime(parsing: text)
                return DateText(today: now.date, now: now, weekStart: weekStart)
            } catch {
                throw .invalidValue(text, for: today, error.description)
            }
        }
        let now = Int(Date().timeIntervalSince1970.rounded(.down))
        do {
            let wallClock = try zone.wallClock(atUTC: now)
            return DateText(today: wallClock.date, now: wallClock, weekStart: weekStart)
        } catch {
            throw UsageError(message: "Cannot tell today's date: \(error.description)")
        }
    }

    /// A day option, in any of ``DateText``'s day forms.
    static func date(_ arguments: ParsedArguments, _ option: OptionSpec, _ dates: DateText)
        throws(UsageError) -> CivilDate?
    {
        try read(arguments, option, expected: "a date", dates.day)
    }

    /// A date or time option, in any of ``DateText``'s forms.
    static func point(_ arguments: ParsedArguments, _ option: OptionSpec, _ dates: DateText)
        throws(UsageError) -> LocalDateTime?
    {
        try read(arguments, option, expected: "a date or time", dates.point)
    }

    private static func read<Value>(
        _ arguments: ParsedArguments, _ option: OptionSpec, expected: String,
        _ parse: (String) -> Value?
    ) throws(UsageError) -> Value? {
        guard let text = arguments.value(option.name) else { return nil }
        guard let value = parse(text) else {
            throw .invalidValue(text, for: option, reason(text, expected: expected))
        }
        return value
    }

    /// Why a date did not read: the calendar's reason for one shaped like `2026-02-30`, else
    /// the forms there are.
    private static func reason(_ text: String, expected: String) -> String {
        if text.first?.isNumber == true {
            do {
                if text.count == 10 {
                    _ = try CivilDate(parsing: text)
                } else {
                    _ = try LocalDateTime(parsing: text)
                }
            } catch {
                return error.description
            }
        }
        return "expected \(expected): \(DateText.forms)"
    }

    static func choice<T: RawRepresentable & CaseIterable>(
        _ arguments: ParsedArguments, _ option: OptionSpec, default defaultValue: T
    ) throws(UsageError) -> T where T.RawValue == String {
        assert(option.values == T.allCases.map(\.rawValue), "--\(option.name) offers other values")
        guard let text = arguments.value(option.name) else { return defaultValue }
        guard let value = T(rawValue: text) else {
            throw .notOneOf(text, for: option, T.allCases.map(\.rawValue))
        }
        return value
    }

    /// The file name extensions `-o` picks a format by, in every command: those of the
    /// calendar formats (``ConversionFormat/extensions``) and of the views.
    static let outputExtensions =
        Set(ConversionFormat.allCases.flatMap(\.extensions)).union(["svg", "html", "txt"])

    /// The output format: `--format`, else the one
    /// the `-o` file's extension names, else `defaultValue`. An extension no command writes,
    /// one this command does not write and one that contradicts `--format` are usage errors.
    /// - Parameter byExtension: the formats each extension this command writes fits, the one
    ///   it picks first (`.json` holds jCal or occurrence records).
    static func format<T: RawRepresentable & CaseIterable & Equatable>(
        _ arguments: ParsedArguments, _ option: OptionSpec, default defaultValue: T,
        byExtension: [String: [T]]
    ) throws(UsageError) -> T where T.RawValue == String {
        assert(
            Set(option.values).isSubset(of: T.allCases.map(\.rawValue)),
            "--\(option.name) offers values it does not take")
        var given: T?
        if let text = arguments.value(option.name) {
            guard let value = T(rawValue: text.lowercased()) else {
                throw .notOneOf(text, for: option, T.allCases.map(\.rawValue))
            }
            given = value
        }
        guard let path = arguments.value(output.name), let suffix = fileExtension(path) else {
            return given ?? defaultValue
        }
        guard outputExtensions.contains(suffix) else {
            throw .invalidValue(
                path, for: output,
                "ics writes no .\(suffix) files; name the file .\(byExtension.keys.sorted().joined(separator: ", .")) or give --\(option.name)"
            )
        }
        guard let fitting = byExtension[suffix], let implied = fitting.first else {
            throw .invalidValue(
                path, for: output,
                "this command writes \(T.allCases.map(\.rawValue).joined(separator: ", ")), not .\(suffix)"
            )
        }
        if let given {
            guard fitting.contains(given) else {
                throw .contradiction("--\(option.name) \(given.rawValue)", "-o \(path)")
            }
            return given
        }
        return implied
    }

    /// The extension of a file name when it looks like one (1 to 8 letters after the last
    /// dot of the last component), lower-cased; nil for `-`, `/dev/null`, `notes.2026-12`.
    static func fileExtension(_ path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        guard (1...8).contains(suffix.count), suffix.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        return suffix.lowercased()
    }

    static func zone(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError)
        -> TargetZone
    {
        let name = arguments.value(zone.name) ?? "local"
        // A TZ that names no zone is not UTC in silence: it is refused as --tz would be.
        if name == "local", let value = environment["TZ"],
            !ZoneInfoDatabase.system.understandsTZ(environment)
        {
            throw UsageError(
                message:
                    "The TZ variable names no time zone ('\(value)'): set it to an IANA name such as Europe/Berlin, or give --tz"
            )
        }
        do {
            return try TargetZone.named(name, environment: environment)
        } catch {
            throw .invalidValue(name, for: zone, error.description)
        }
    }
}
