import ChronoSketchSyntax

/// A zone described entirely by a POSIX TZ string, such as `TZ=EST5EDT,M3.2.0,M11.1.0`.
public final class POSIXTimeZone: ZoneRules {
    /// The name it reports.
    public let identifier: String
    /// The parsed rule.
    public let rule: POSIXTimeZoneRule

    /// Creates a zone from a parsed rule.
    /// - Parameter identifier: The name to report; defaults to the TZ string itself.
    public init(rule: POSIXTimeZoneRule, identifier: String? = nil) {
        self.rule = rule
        self.identifier = identifier ?? rule.text
    }

    /// Parses a TZ string; the zone's identifier is the string itself.
    /// - Throws: ``ZoneError/invalidTZString(text:reason:)`` on malformed input.
    public convenience init(parsing text: String) throws(ZoneError) {
        self.init(rule: try POSIXTimeZoneRule(parsing: text))
    }

    /// - Complexity: O(1), without allocation.
    public func offset(atUTC seconds: Int) -> Int {
        rule.offset(atUTC: seconds)
    }

    /// - Complexity: O(years in the range); changes are produced for the years 0…10000.
    public func transitions(fromUTC from: Int, toUTC to: Int) -> [ZoneTransition] {
        rule.transitions(fromUTC: from, toUTC: to)
    }
}
