import ChronoSketchCore

/// The line busy time is measured on.
///
/// On a zone's line, positions are instants (seconds since 1970-01-01T00:00Z): an event with
/// UTC or zoned times sits at its ``CalendarEvent/instants``, a floating or all-day one at its
/// wall-clock times read in the zone, and results are shown on the zone's wall clock. So two
/// events at 05:30Z and 06:30Z stay an hour apart in New York on the night clocks fall back,
/// and conflicts, busy minutes and slots do not depend on the zone they are shown in.
/// ``wallClock`` measures everything on the wall clock as it is written.
public struct TimeLine: Sendable, Hashable {
    /// The zone whose wall clock positions are shown on, nil for ``wallClock``.
    public let zone: String?
    private let conversion: Conversion?

    private struct Conversion: Sendable {
        let instant: @Sendable (Int) -> Int
        let wallClock: @Sendable (Int) -> Int
    }

    /// Positions are wall-clock seconds since 1970-01-01T00:00; instants are not used.
    public static let wallClock = TimeLine(zone: nil, conversion: nil)

    private init(zone: String?, conversion: Conversion?) {
        self.zone = zone
        self.conversion = conversion
    }

    /// The line of a zone.
    /// - Parameters:
    ///   - instant: the instant a wall-clock time (seconds since 1970-01-01T00:00) denotes in
    ///     the zone, a time in a gap or fold resolved as the zone's rules say.
    ///   - wallClock: the zone's wall-clock seconds at an instant.
    public init(
        zone: String, instant: @escaping @Sendable (Int) -> Int,
        wallClock: @escaping @Sendable (Int) -> Int
    ) {
        self.init(zone: zone, conversion: Conversion(instant: instant, wallClock: wallClock))
    }

    /// Time lines are equal when they measure in the same zone (or both on the wall clock).
    public static func == (lhs: TimeLine, rhs: TimeLine) -> Bool { lhs.zone == rhs.zone }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(zone) }

    /// The position of a wall-clock time.
    public func position(of time: LocalDateTime) -> Int {
        position(ofWallClock: time.secondsSinceEpoch)
    }

    func position(ofWallClock seconds: Int) -> Int {
        conversion?.instant(seconds) ?? seconds
    }

    /// The wall-clock time shown for a position, held to the years 1…9999.
    public func wallClock(at position: Int) -> LocalDateTime {
        LocalDateTime.clamped(conversion?.wallClock(position) ?? position)
    }

    /// The wall-clock times shown for a span. A span that ends in the hour a fall-back change
    /// repeats can end on the wall clock before it starts (05:30Z to 06:00Z is 01:30 to 01:00
    /// in New York on 1 November 2026); it is then shown with its length, as events are
    /// (01:30 to 02:00), so a shown range never runs backwards.
    public func wallClock(of span: Span) -> (start: LocalDateTime, end: LocalDateTime) {
        let start = wallClock(at: span.start)
        let end = wallClock(at: span.end)
        guard span.end > span.start, end <= start else { return (start, end) }
        return (start, LocalDateTime.clamped(start.secondsSinceEpoch + span.end - span.start))
    }

    /// Where an event sits, without buffers.
    func span(of event: CalendarEvent) -> Span {
        span(event.instants, from: event.interval.startSecond, to: event.interval.endSecond)
    }

    /// Where a stretch sits that has `instants`, or else the wall-clock seconds `start` to
    /// `end`. An end in a spring-forward gap can come before the start's position; the span is
    /// then empty.
    func span(_ instants: InstantInterval?, from start: Int, to end: Int) -> Span {
        if conversion != nil, let instants { return Span(start: instants.start, end: instants.end) }
        let first = position(ofWallClock: start)
        return Span(start: first, end: max(first, position(ofWallClock: end)))
    }
}

extension BlockedWindow {
    /// Where the window sits on `line`.
    func span(on line: TimeLine) -> Span {
        line.span(instants, from: start.secondsSinceEpoch, to: end.secondsSinceEpoch)
    }
}
