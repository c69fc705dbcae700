import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Checks a calendar against RFC 5545 and reports every finding with its line.
///
/// One read, as `ics events` reads: the checks in their `conformance` scope
/// (``ComponentChecker``, every rule on every component) and everything mapping the events
/// finds (an end before its start, TZIDs that do not resolve, DST gaps, series limits).
public enum Validator {
    /// The findings for one input, in line order, the same problem said once with the number
    /// of further times and lines (``DiagnosticLog``).
    /// - Parameter profile: the rules beyond RFC 5545's, run in the same read.
    /// - Throws: ``InputError`` when the input cannot be read at all.
    public static func validate(
        _ input: InputSource, options: LoadOptions, profile: ValidationProfile = .rfc5545,
        database: ZoneInfoDatabase = .system
    ) throws(InputError) -> [Diagnostic] {
        var options = options
        options.checks = .conformance
        options.profile = profile
        // Only what reading says is wanted: no event is kept, only the versions of each id
        // (the newest is chosen, and the others said, as every command does).
        let (_, diagnostics, unusable) = CalendarLoader.load(
            [input], options: options, database: database, keeping: { _ in () })
        if let failure = unusable.first { throw failure }
        return findings(diagnostics, profile: profile)
    }

    /// What `validate` lists of the diagnostics of reading an input under `profile`: as read
    /// (line order), and with a profile's findings in it too, of one line RFC 5545's first,
    /// then the feed profile's, then Outlook's, each in the order found.
    static func findings(_ diagnostics: [Diagnostic], profile: ValidationProfile)
        -> [Diagnostic]
    {
        let read = diagnostics.filter(isFinding)
        guard profile != .rfc5545 else { return read }
        func rank(_ diagnostic: Diagnostic) -> Int {
            switch diagnostic.code.rule.scope {
            case .feed: 1
            case .outlook: 2
            default: 0
            }
        }
        return read.enumerated().sorted {
            ($0.element.line ?? 0, rank($0.element), $0.offset)
                < ($1.element.line ?? 0, rank($1.element), $1.offset)
        }.map(\.element)
    }

    /// Whether a diagnostic of reading is a finding about the calendar, which `validate`
    /// lists and `info` counts. A series without an end is none: RFC 5545 lets a rule go on,
    /// and where a listing stops it is said by the commands that list.
    public static func isFinding(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.code != .endlessSeries
    }
}
