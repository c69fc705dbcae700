import ChronoSketchCore
import ChronoSketchSyntax

/// The zone that UTC and zoned times are converted to, with the name the output reports.
public struct TargetZone: Sendable {
    /// An IANA name (`Europe/Berlin`), `UTC`, or a POSIX TZ string taken from `TZ`.
    public let name: String
    package let rules: any ZoneRules

    package init(rules: any ZoneRules) {
        name = Self.utcNames.contains(rules.identifier) ? "UTC" : rules.identifier
        self.rules = rules
    }

    /// The IANA database's names of UTC (a machine set to UTC names `/etc/localtime`
    /// `Etc/UTC`), all shown as `UTC`.
    private static let utcNames: Set<String> = [
        "Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "Etc/GMT", "Etc/GMT0", "Etc/GMT+0",
        "Etc/GMT-0", "Etc/Greenwich", "UCT", "Universal", "Zulu", "GMT", "GMT0", "GMT+0",
        "GMT-0", "Greenwich",
    ]

    /// UTC.
    public static let utc = TargetZone(rules: FixedOffsetZone.utc)

    /// Resolves what `--tz` names: `local` (the `TZ` variable, else the system zone), `UTC`,
    /// or an IANA name.
    /// - Throws: ``ZoneLookupError`` when the name is not in the zone database.
    public static func named(
        _ name: String, environment: [String: String],
        database: ZoneInfoDatabase = .system
    ) throws(ZoneLookupError) -> TargetZone {
        switch name {
        case "local":
            return TargetZone(rules: database.localZone(environment: environment))
        case "UTC", "utc", "Z":
            return .utc
        default:
            guard let rules = database.zone(named: name) else { throw ZoneLookupError(name: name) }
            return TargetZone(rules: rules)
        }
    }

    /// The instant (seconds since 1970-01-01T00:00Z) a wall-clock time in this zone denotes; a
    /// time in a DST gap or fold is resolved as ``ZoneRules/utcSeconds(forLocal:)`` says.
    public func instant(at wallClock: LocalDateTime) -> Int {
        instant(atWallClockSeconds: wallClock.secondsSinceEpoch)
    }

    /// ``instant(at:)`` for wall-clock seconds since 1970-01-01T00:00.
    public func instant(atWallClockSeconds seconds: Int) -> Int {
        rules.utcSeconds(forLocal: seconds)
    }

    /// The wall clock in this zone at an instant, as seconds since 1970-01-01T00:00.
    public func wallClockSeconds(atUTC seconds: Int) -> Int {
        rules.localSeconds(forUTC: seconds)
    }

    /// The wall-clock time in this zone at an instant (seconds since 1970-01-01T00:00Z).
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` outside the years 1…9999.
    public func wallClock(atUTC seconds: Int) throws(CivilTimeError) -> LocalDateTime {
        try LocalDateTime(secondsSinceEpoch: wallClockSeconds(atUTC: seconds))
    }
}

/// A zone name the zone database does not know.
public struct ZoneLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name the zone is shown by (`Europe/Berlin`, `UTC`).
    public let name: String

    /// The name.
    public var description: String {
        "Unknown time zone '\(name)': expected an IANA name such as Europe/Berlin, UTC or local"
    }
}
