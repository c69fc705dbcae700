import ChronoSketchSyntax
/// One change of a zone's UTC offset, abbreviation or daylight-saving flag.
public struct ZoneTransition: Sendable, Hashable {
    /// The instant of the change, in UTC seconds.
    public let utc: Int
    /// The UTC offset, in seconds east, in effect just before ``utc``.
    public let offsetBefore: Int
    /// The UTC offset, in seconds east, in effect from ``utc`` on.
    public let offsetAfter: Int
    /// The abbreviation of the period that begins, such as `CEST`, when the source names it.
    public let abbreviation: String?
    /// Whether the period that begins is daylight-saving time.
    public let isDaylightSaving: Bool

    /// Creates a transition from its parts.
    public init(
        utc: Int, offsetBefore: Int, offsetAfter: Int, abbreviation: String?, isDaylightSaving: Bool
    ) {
        self.utc = utc
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
        self.abbreviation = abbreviation
        self.isDaylightSaving = isDaylightSaving
    }

    /// The length of the wall-clock jump: positive when clocks spring forward (a gap),
    /// negative when they fall back (a fold).
    public var shift: Int { offsetAfter - offsetBefore }
}

/// The offset, abbreviation and daylight-saving flag of a stretch of time in one zone.
struct ZoneOffsetPeriod: Sendable, Hashable {
    let offset: Int
    let abbreviation: String
    let isDaylightSaving: Bool
}
