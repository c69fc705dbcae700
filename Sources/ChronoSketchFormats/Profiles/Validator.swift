import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// The rules a calendar is checked against beyond RFC 5545's own (`--profile`).
public enum ValidationProfile: String, Sendable, CaseIterable {
    /// RFC 5545 and what reading finds.
    case rfc5545
    /// Also what feed readers reject (``FeedProfile``).
    case feed
    /// The feed's rules and what Outlook and Exchange read otherwise (``OutlookProfile``).
    case outlook

    /// Whether the input is read a second time (standard input must be held for it).
    public var readsTwice: Bool { self != .rfc5545 }
}

/// Checks a calendar against RFC 5545 and reports every finding with its line.
///
/// One read, as `ics events` reads: the checks in their `conformance` scope
/// (``ComponentChecker``, every rule on every component) and everything mapping the events
/// finds (an end before its start, TZIDs that do not resolve, DST gaps, series limits).
public enum Validator {
    /// The findings for one input, in line order, the same problem said once with the number
    /// of further times and lines (``DiagnosticLog``).
    /// - Parameter profile: the rules beyond RFC 5545's; a profile other than `rfc5545`
    ///   reads the input twice.
    /// - Throws: ``InputError`` when the input cannot be read at all.
    public static func validate(
        _ input: InputSource, options: LoadOptions, profile: ValidationProfile = .rfc5545,
        database: ZoneInfoDatabase = .system
    ) throws(InputError) -> [Diagnostic] {
        var options = options
        options.checks = .conformance
        // Only what reading says is wanted: no event is kept, only the versions of each id
        // (the newest is chosen, and the others said, as every command does).
        let (_, diagnostics, unusable) = CalendarLoader.load(
            [input], options: options, database: database, keeping: { _ in () })
        if let failure = unusable.first { throw failure }
        return try findings(diagnostics, of: input, profile: profile, limits: options.limits)
    }

    /// What `validate` lists of the diagnostics of reading `input`, with the profile's
    /// findings: both in line order, each line's own in the order found.
    static func findings(
        _ diagnostics: [Diagnostic], of input: InputSource, profile: ValidationProfile,
        limits: ReadLimits
    ) throws(InputError) -> [Diagnostic] {
        var read = diagnostics.filter(isFinding)
        guard profile != .rfc5545 else { return read }
        read += try FeedProfile.check(input, limits: limits)
        if profile == .outlook { read += try OutlookProfile.check(input, limits: limits) }
        return
            read
            .enumerated().sorted {
                ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
            }.map(\.element)
    }

    /// Whether a diagnostic of reading is a finding about the calendar, which `validate`
    /// lists and `info` counts. A series without an end is none: RFC 5545 lets a rule go on,
    /// and where a listing stops it is said by the commands that list.
    public static func isFinding(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.code != .endlessSeries
    }
}
