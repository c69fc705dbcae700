import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

/// What takes up time, shared by `ics conflicts`, `check`, `slots` and `freebusy`: buffers,
/// the all-day and tentative policies, whose time it is, and blocked windows.
struct BusyOptions: Sendable {
    /// Whether a kind of time takes up time (`--all-day`, `--tentative`).
    enum Counted: String, CaseIterable, Sendable {
        case busy, free
    }

    static let buffer = OptionSpec.value(
        "buffer", "duration",
        help:
            "Widen each timed event by this much on both sides (10m, 1h30m, PT10M); two events then need twice this between them."
    )
    static let bufferBefore = OptionSpec.value(
        "buffer-before", "duration", help: "Widen each timed event by this much before it.")
    static let bufferAfter = OptionSpec.value(
        "buffer-after", "duration",
        help: "Widen each timed event by this much after it: the gap every event needs after it.")
    static let allDay = OptionSpec.value(
        "all-day", "policy",
        help: "busy or free: whether all-day events take up time. (default: busy)"
    ).choosing(Counted.self)
    static let tentative = OptionSpec.value(
        "tentative", "policy",
        help:
            "busy or free: whether tentative time takes up time: STATUS:TENTATIVE events, and events the --as person answered TENTATIVE. (default: busy)"
    ).choosing(Counted.self)
    static let ignoreTentative = OptionSpec.flag(
        "ignore-tentative", help: "The same as --tentative free.")
    static let person = OptionSpec.value(
        "as", "address[=file]", repeats: true,
        help:
            "Whose time it is: events this address declined or delegated are free, those it answered TENTATIVE tentative; =FILE for one input only (a file or directory given). Repeatable."
    )
    static let blocked = OptionSpec.value(
        "blocked", "file", repeats: true,
        help:
            "A calendar of blocked time (VEVENTs and VFREEBUSY periods); a VEVENT's RELATED-TO names an event it does not block. Repeatable."
    ).readingFiles
    static let blockedAt = OptionSpec.value(
        "blocked-at", "start/end[@uid]", repeats: true,
        help:
            "A blocked window such as 2026-09-08T12:00/2026-09-08T13:00, optionally @ the UID of an event it does not block. Repeatable."
    )

    /// The policy options every availability command takes.
    static let policyOptions = [
        buffer, bufferBefore, bufferAfter, allDay, tentative, ignoreTentative,
    ]
    static let windowOptions = [blocked, blockedAt]

    let policy: BusyPolicy
    let blockedFiles: [InputSource]
    let blockedAt: [BlockedWindow]

    /// - Parameters:
    ///   - dates: what relative dates of `--blocked-at` count from.
    ///   - zone: the zone whose wall clock `--blocked-at` times without an offset are on.
    /// The options of a run that reads its dates in the zone its load options name.
    init(_ arguments: ParsedArguments, load: LoadOptions, environment: [String: String])
        throws(UsageError)
    {
        try self.init(
            arguments,
            dates: CommonOptions.dates(arguments, zone: load.zone, environment: environment),
            zone: load.zone)
    }

    init(_ arguments: ParsedArguments, dates: DateText, zone: TargetZone) throws(UsageError) {
        let both = try Self.duration(arguments, Self.buffer) ?? 0
        let tentativeFree =
            try CommonOptions.choice(arguments, Self.tentative, default: Counted.busy) == .free
        policy = BusyPolicy(
            bufferBefore: try Self.duration(arguments, Self.bufferBefore) ?? both,
            bufferAfter: try Self.duration(arguments, Self.bufferAfter) ?? both,
            allDayBusy: try CommonOptions.choice(arguments, Self.allDay, default: Counted.busy)
                == .busy,
            ignoresTentative: tentativeFree || arguments.isSet(Self.ignoreTentative.name),
            attendance: try Self.attendance(arguments))
        blockedFiles = (arguments.values[Self.blocked.name] ?? []).flatMap(InputPaths.inputs)
        var windows: [BlockedWindow] = []
        for text in arguments.values[Self.blockedAt.name] ?? [] {
            windows.append(
                try Self.window(text, number: windows.count + 1, dates: dates, zone: zone))
        }
        blockedAt = windows
    }

    /// The people of `--as`, nil when none is given. An `ADDRESS=PATH` is for the inputs
    /// PATH names: a file, `-` for standard input, or a directory's calendars.
    static func attendance(_ arguments: ParsedArguments) throws(UsageError) -> Attendance? {
        let values = arguments.values[person.name] ?? []
        guard !values.isEmpty else { return nil }
        var attendance = Attendance()
        for text in values {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let address = String(parts[0])
            guard !address.isEmpty, !address.unicodeScalars.contains(where: Self.isControl)
            else {
                throw .invalidValue(
                    text, for: person, "expected a calendar address such as ann@example.org")
            }
            guard parts.count == 2 else {
                attendance.add(address)
                continue
            }
            let path = String(parts[1])
            guard
                arguments.positionals.contains(path)
                    || (path == "-" && arguments.positionals.isEmpty)
            else {
                throw .invalidValue(
                    text, for: person, "'\(path)' is none of the calendars given")
            }
            for input in CommonOptions.inputs(path) { attendance.add(address, file: input.name) }
        }
        return attendance
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    static func duration(_ arguments: ParsedArguments, _ option: OptionSpec) throws(UsageError)
        -> Int?
    {
        guard let text = arguments.value(option.name) else { return nil }
        guard let seconds = DurationText.seconds(text) else {
            throw .invalidValue(
                text, for: option, "expected a duration such as 10m, 1h30m or PT10M")
        }
        return seconds
    }

    /// `START/END[@UID]`, each end a date-time (`2026-09-08T12:00`, `tomorrow 12:00`) or a
    /// date (its 00:00), in any of ``DateText``'s forms, on the wall clock of `zone`; or an
    /// instant, a date-time in UTC or at an offset (`2026-09-08T10:00Z`,
    /// `2026-09-08T12:00+02:00`), which is compared as the instant it is.
    private static func window(
        _ text: String, number: Int, dates: DateText, zone: TargetZone
    ) throws(UsageError) -> BlockedWindow {
        let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
        let times = (parts.first ?? "").split(separator: "/").map(String.init)
        func instant(_ text: String) -> Int? {
            guard let (local, offset) = InstantText.parse(text) else {
                return dates.point(text).map { zone.instant(at: $0) }
            }
            return local.secondsSinceEpoch - offset
        }
        guard times.count == 2, let start = instant(times[0]), let end = instant(times[1]) else {
            throw .invalidValue(
                text, for: blockedAt,
                "expected START/END such as 2026-09-08T12:00/2026-09-08T13:00, 2026-09-08T10:00Z/2026-09-08T11:00Z or 2026-09-08T12:00+02:00/13:00+02:00"
            )
        }
        do {
            let instants = try InstantInterval(start: start, end: end)
            return try BlockedWindow(
                id: "blocked-at-\(number)", title: "Blocked",
                start: try zone.wallClock(atUTC: start), end: try zone.wallClock(atUTC: end),
                instants: instants, owner: parts.count > 1 ? parts[1] : nil)
        } catch {
            throw .invalidValue(text, for: blockedAt, error.description)
        }
    }
}

/// A date-time at an offset from UTC, as a command line writes one: `2026-09-08T10:00Z`,
/// `2026-09-08T12:00+02:00`, `2026-09-08T12:00:30+0200`.
enum InstantText {
    /// The wall-clock time and its offset in seconds east of UTC; nil when `text` has no
    /// offset or does not read.
    static func parse(_ text: String) -> (LocalDateTime, offset: Int)? {
        if text.hasSuffix("Z") || text.hasSuffix("z") {
            return (try? LocalDateTime(parsing: String(text.dropLast()))).map { ($0, 0) }
        }
        guard let sign = text.lastIndex(where: { $0 == "+" || $0 == "-" }),
            text[..<sign].contains("T")
        else { return nil }
        let digits = text[text.index(after: sign)...].filter { $0 != ":" }
        guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
            hours <= 18, minutes < 60,
            let local = try? LocalDateTime(parsing: String(text[..<sign]))
        else { return nil }
        let offset = (hours * 3_600 + minutes * 60) * (text[sign] == "-" ? -1 : 1)
        return (local, offset)
    }
}
