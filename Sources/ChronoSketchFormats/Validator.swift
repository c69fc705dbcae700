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
    /// - Throws: ``InputError`` when the input cannot be read at all.
    public static func validate(
        _ input: InputSource, options: LoadOptions, database: ZoneInfoDatabase = .system
    ) throws(InputError) -> [Diagnostic] {
        var options = options
        options.checks = .conformance
        let loaded = try CalendarLoader.load([input], options: options, database: database)
        if let failure = loaded.unusableInputs.first { throw failure }
        // A series without an end is no fault of the file (RFC 5545 lets a rule go on); where
        // a listing stops it is said by the commands that list.
        return loaded.diagnostics.filter { $0.code != .endlessSeries }
    }
}
