import ChronoSketchCore
import ChronoSketchICal

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
        "from", "date", help: "Keep occurrences that end after 00:00 of this date (YYYY-MM-DD).")
    static let to = OptionSpec.value(
        "to", "date", help: "Keep occurrences that start before 00:00 of this date (exclusive).")
    static let strict = OptionSpec.flag(
        "strict", help: "Fail the run (exit 2, nothing on stdout) when any event has an error.")
    static let wrTimezone = OptionSpec.value(
        "x-wr-timezone", "policy",
        help:
            "apply: read floating times of a calendar with X-WR-TIMEZONE in that zone; ignore: keep them floating. (default: apply)"
    )
    static let quiet = OptionSpec.flag(
        "quiet", short: "q", help: "Write errors only to stderr; leave warnings out.")
    static let language = OptionSpec.value(
        "lang", "lang", help: "Language of weekday and month names: en or de. (default: en)")
    static let output = OptionSpec.value(
        "output", "file", short: "o", help: "Write to this file (atomically) instead of stdout.")

    static let maxInstances = OptionSpec.value(
        "max-instances", "n", help: "Most instances one series gives. (default: 100000)")
    static let maxTotalInstances = OptionSpec.value(
        "max-total-instances", "n",
        help: "Most instances all series give together. (default: 5000000)")
    static let maxIterations = OptionSpec.value(
        "max-iterations", "n",
        help: "Most recurrence-rule steps for one series, instances or not. (default: 1000000)")

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

    static func positive(_ arguments: ParsedArguments, _ option: OptionSpec) throws(UsageError)
        -> Int?
    {
        guard let text = arguments.value(option.name) else { return nil }
        guard let value = Int(text), value > 0 else {
            throw .invalidValue(text, for: option, "expected a whole number greater than 0")
        }
        return value
    }

    /// The inputs the positionals name; `-` or none is standard input.
    static func inputs(_ arguments: ParsedArguments) -> [InputSource] {
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        return paths.map { $0 == "-" ? .standardInput : .file($0) }
    }

    /// `--from`, `--to`, `--tz`, `--x-wr-timezone` and the expansion limits, checked.
    static func loadOptions(_ arguments: ParsedArguments, environment: [String: String])
        throws(UsageError) -> LoadOptions
    {
        let from = try date(arguments, from)
        let to = try date(arguments, to)
        if let from, let to, to <= from {
            throw .invalidValue("\(to)", for: Self.to, "it must be after --from \(from)")
        }
        return LoadOptions(
            zone: try zone(arguments, environment: environment), from: from, to: to,
            wrTimezone: try choice(arguments, wrTimezone, default: .apply),
            expansion: try expansionLimits(arguments))
    }

    static func date(_ arguments: ParsedArguments, _ option: OptionSpec) throws(UsageError)
        -> CivilDate?
    {
        guard let text = arguments.value(option.name) else { return nil }
        do {
            return try CivilDate(parsing: text)
        } catch {
            throw .invalidValue(text, for: option, error.description)
        }
    }

    static func choice<T: RawRepresentable & CaseIterable>(
        _ arguments: ParsedArguments, _ option: OptionSpec, default defaultValue: T
    ) throws(UsageError) -> T where T.RawValue == String {
        guard let text = arguments.value(option.name) else { return defaultValue }
        guard let value = T(rawValue: text) else {
            throw .notOneOf(text, for: option, T.allCases.map(\.rawValue))
        }
        return value
    }

    static func zone(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError)
        -> TargetZone
    {
        let name = arguments.value(zone.name) ?? "local"
        do {
            return try TargetZone.named(name, environment: environment)
        } catch {
            throw .invalidValue(name, for: zone, error.description)
        }
    }
}
