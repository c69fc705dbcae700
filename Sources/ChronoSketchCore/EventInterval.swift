/// When an event happens, on the floating wall clock, with an exclusive end.
///
/// An all-day event from 2026-09-08 to 2026-09-10 occupies the 8th and the 9th. A timed
/// interval whose end equals its start is an instant (a deadline, a reminder): it occupies no
/// time and never overlaps anything.
public enum EventInterval: Sendable, Hashable {
    case allDay(start: CivilDate, end: CivilDate)
    case timed(start: LocalDateTime, end: LocalDateTime)

    /// An all-day interval; the end is exclusive and must be after the start.
    /// - Throws: ``CivilTimeError/invalidInterval(_:)`` when `end <= start`.
    public init(allDayFrom start: CivilDate, to end: CivilDate) throws(CivilTimeError) {
        self = .allDay(start: start, end: end)
        try validate()
    }

    /// A timed interval; the end is exclusive and may equal the start (an instant).
    /// - Throws: ``CivilTimeError/invalidInterval(_:)`` when `end < start`.
    public init(from start: LocalDateTime, to end: LocalDateTime) throws(CivilTimeError) {
        self = .timed(start: start, end: end)
        try validate()
    }

    /// Checks the ordering rule of each case.
    /// - Throws: ``CivilTimeError/invalidInterval(_:)`` for an all-day end not after its start
    ///   or a timed end before its start.
    public func validate() throws(CivilTimeError) {
        switch self {
        case .allDay(let start, let end) where end <= start:
            throw .invalidInterval("all-day end \(end) is not after its start \(start)")
        case .timed(let start, let end) where end < start:
            throw .invalidInterval("end \(end) is before start \(start)")
        default:
            return
        }
    }

    /// Whether it is all-day (dates).
    public var isAllDay: Bool {
        if case .allDay = self { return true }
        return false
    }

    /// A timed interval of zero length.
    public var isInstant: Bool {
        if case .timed(let start, let end) = self { return start == end }
        return false
    }

    /// The start on the wall clock; an all-day interval starts at 00:00 of its first day.
    public var start: LocalDateTime {
        switch self {
        case .allDay(let start, _): LocalDateTime(startOf: start)
        case .timed(let start, _): start
        }
    }

    /// The exclusive end on the wall clock; an all-day interval ends at 00:00 after its last day.
    public var end: LocalDateTime {
        switch self {
        case .allDay(_, let end): LocalDateTime(startOf: end)
        case .timed(_, let end): end
        }
    }

    /// The start in the text form of its kind (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm[:ss]`).
    public var startText: String {
        switch self {
        case .allDay(let start, _): start.description
        case .timed(let start, _): start.description
        }
    }

    /// The exclusive end in the text form of its kind.
    public var endText: String {
        switch self {
        case .allDay(_, let end): end.description
        case .timed(_, let end): end.description
        }
    }

    /// Whether the interval touches the window `[from, to)`; a missing bound is open.
    ///
    /// Half-open overlap: `start < to && end > from`. An instant is kept when
    /// `from <= start < to`, so a deadline at exactly `to` belongs to the next window.
    public func overlaps(from: LocalDateTime?, to: LocalDateTime?) -> Bool {
        let start = self.start
        if let to, start >= to { return false }
        guard let from else { return true }
        return isInstant ? start >= from : end > from
    }
}

extension EventInterval: Codable {
    private enum CodingKeys: String, CodingKey { case allDay, start, end }

    /// Reads an interval from its `start` and `end` text (an all-day one by dates).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Bool.self, forKey: .allDay) {
            self = try EventInterval(
                allDayFrom: container.decode(CivilDate.self, forKey: .start),
                to: container.decode(CivilDate.self, forKey: .end))
        } else {
            self = try EventInterval(
                from: container.decode(LocalDateTime.self, forKey: .start),
                to: container.decode(LocalDateTime.self, forKey: .end))
        }
    }

    /// Writes the interval as its `start` and `end` text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isAllDay, forKey: .allDay)
        try container.encode(startText, forKey: .start)
        try container.encode(endText, forKey: .end)
    }
}
