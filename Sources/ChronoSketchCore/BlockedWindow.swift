/// A stretch of time nothing may be booked into: a VEVENT or VFREEBUSY period of a blocking
/// calendar, or a window given on the command line.
public struct BlockedWindow: Sendable, Hashable {
    /// What reports name it by: its UID, or a name made for a window given on the command line.
    public let id: String
    /// Its SUMMARY, or a label.
    public let title: String
    /// Where it starts on the target zone's wall clock.
    public let start: LocalDateTime
    /// Where it ends (exclusive).
    public let end: LocalDateTime
    /// The window as instants, when it was read from UTC or zoned times; nil when its times
    /// are on the target zone's wall clock (a window given on the command line).
    public let instants: InstantInterval?
    /// The UID of an event this window belongs to, which it does not block (a room's
    /// set-up time booked for the meeting that needs it).
    public let owner: String?
    /// Where the window was read, nil for one given on the command line.
    public let source: SourceLocation?

    /// - Throws: ``CivilTimeError/invalidInterval(_:)`` when `end` is not after `start`.
    public init(
        id: String, title: String, start: LocalDateTime, end: LocalDateTime,
        instants: InstantInterval? = nil, owner: String? = nil, source: SourceLocation? = nil
    ) throws(CivilTimeError) {
        guard end > start else {
            throw .invalidInterval("blocked window '\(id)' ends at \(end), not after \(start)")
        }
        self.id = id
        self.title = title
        self.start = start
        self.end = end
        self.instants = instants
        self.owner = owner
        self.source = source
    }
}
