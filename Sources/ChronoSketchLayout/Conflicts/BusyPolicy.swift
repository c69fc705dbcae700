import ChronoSketchCore

/// Which events take up time, and how much around them (RFC 5545 §3.8.2.7 TRANSP,
/// §3.8.1.11 STATUS).
///
/// Cancelled and transparent events are free; all-day events are busy unless ``allDayBusy``
/// is off; tentative ones are busy unless ``ignoresTentative``. An instant occupies no time and
/// is never busy. A timed event's busy interval is its interval widened by the buffers, which
/// may cross midnight: 23:55–00:30 with a 10-minute buffer after is busy until 00:40. Buffers
/// do not widen all-day events, which already fill their days.
public struct BusyPolicy: Sendable, Hashable {
    /// Seconds of buffer before each timed event.
    public var bufferBefore: Int
    /// Seconds of buffer after each timed event.
    public var bufferAfter: Int
    public var allDayBusy: Bool
    public var ignoresTentative: Bool

    public init(
        bufferBefore: Int = 0, bufferAfter: Int = 0, allDayBusy: Bool = true,
        ignoresTentative: Bool = false
    ) {
        self.bufferBefore = max(0, bufferBefore)
        self.bufferAfter = max(0, bufferAfter)
        self.allDayBusy = allDayBusy
        self.ignoresTentative = ignoresTentative
    }

    /// Whether `event` takes up time under this policy.
    public func isBusy(_ event: CalendarEvent) -> Bool {
        if event.status == .cancelled || event.transparency == .transparent { return false }
        if ignoresTentative, event.status == .tentative { return false }
        if event.interval.isInstant { return false }
        return allDayBusy || !event.interval.isAllDay
    }

    /// The busy interval of `event` as positions on `line`, nil when it is free.
    public func busySpan(_ event: CalendarEvent, on line: TimeLine = .wallClock) -> Span? {
        guard isBusy(event) else { return nil }
        let raw = line.span(of: event)
        guard !event.interval.isAllDay else { return raw }
        return Span(start: raw.start - bufferBefore, end: raw.end + bufferAfter)
    }
}

/// A half-open stretch of a ``TimeLine``: wall-clock seconds since 1970-01-01T00:00, or
/// instants.
public struct Span: Sendable, Hashable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    init(_ interval: EventInterval) {
        self.init(start: interval.startSecond, end: interval.endSecond)
    }

    /// Half-open overlap: touching spans do not overlap, and an empty span overlaps nothing.
    public func overlaps(_ other: Span) -> Bool {
        start < other.end && other.start < end && start < end && other.start < other.end
    }

    /// The common part of two overlapping spans.
    func intersection(_ other: Span) -> Span {
        Span(start: max(start, other.start), end: min(end, other.end))
    }
}

extension LocalDateTime {
    private static let lowestSecond = LocalDateTime(startOf: .minimum).secondsSinceEpoch
    private static let highestSecond = LocalDateTime(startOf: .maximum).secondsSinceEpoch + 86_399

    /// The wall-clock time `seconds` after 1970-01-01T00:00, held to 0001…9999 (a buffer can
    /// reach past the calendar's ends).
    static func clamped(_ seconds: Int) -> LocalDateTime {
        let held = min(max(seconds, lowestSecond), highestSecond)
        return (try? LocalDateTime(secondsSinceEpoch: held)) ?? LocalDateTime(startOf: .minimum)
    }
}
