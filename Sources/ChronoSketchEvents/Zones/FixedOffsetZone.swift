import ChronoSketchSyntax

/// A zone whose UTC offset never changes, such as UTC or a bare `+05:30`.
public final class FixedOffsetZone: ZoneRules {
    /// Coordinated Universal Time, with the identifier `UTC`.
    public static let utc = FixedOffsetZone(identifier: "UTC", offset: 0)

    /// The name it reports (`UTC`, `Etc/GMT-3`).
    public let identifier: String
    /// The constant UTC offset, in seconds east.
    public let offset: Int

    /// Creates a zone with a constant offset.
    /// - Parameters:
    ///   - identifier: The name to report, such as `UTC` or `Etc/GMT-3`.
    ///   - offset: Seconds east of UTC.
    public init(identifier: String, offset: Int) {
        self.identifier = identifier
        self.offset = offset
    }

    /// The one offset, at any instant.
    public func offset(atUTC seconds: Int) -> Int { offset }

    /// Always empty: a fixed offset never changes.
    public func transitions(fromUTC from: Int, toUTC to: Int) -> [ZoneTransition] { [] }
}
