import ChronoSketchCore

/// The seconds and the total order the placements share.
///
/// Every placement sorts its input before it places anything, so the answer never depends on
/// the order events arrive in. Ties on the placement's own keys fall to the id, and, for input
/// that repeats an id, to the source file and line.
enum LayoutOrder {
    /// Whether `lhs` comes before `rhs` when their placement keys are equal.
    static func breaksTie(_ lhs: CalendarEvent, _ rhs: CalendarEvent) -> Bool {
        if !ExactText.same(lhs.id, rhs.id) { return ExactText.precedes(lhs.id, rhs.id) }
        if lhs.source.file != rhs.source.file { return lhs.source.file < rhs.source.file }
        if lhs.source.line != rhs.source.line { return lhs.source.line < rhs.source.line }
        return lhs.title < rhs.title
    }

    /// Events by start, all-day before timed at the same start, then by the tie-break.
    static func byStart(_ lhs: CalendarEvent, _ rhs: CalendarEvent) -> Bool {
        let left = lhs.interval.startSecond
        let right = rhs.interval.startSecond
        if left != right { return left < right }
        if lhs.interval.isAllDay != rhs.interval.isAllDay { return lhs.interval.isAllDay }
        return breaksTie(lhs, rhs)
    }

    /// All-day events before timed ones, each kind by start, then by the tie-break.
    static func allDayFirst(_ lhs: CalendarEvent, _ rhs: CalendarEvent) -> Bool {
        if lhs.interval.isAllDay != rhs.interval.isAllDay { return lhs.interval.isAllDay }
        return byStart(lhs, rhs)
    }

    /// Whole minutes from `origin` to a start, rounded down.
    static func startMinute(_ second: Int, from origin: Int) -> Int {
        floorDivide(second - origin, 60)
    }

    /// Whole minutes from `origin` to an end, rounded up, so a span of a few seconds still
    /// occupies its minute.
    static func endMinute(_ second: Int, from origin: Int) -> Int {
        -floorDivide(origin - second, 60)
    }

    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}

extension EventInterval {
    /// The start as seconds since 1970-01-01T00:00 on the wall clock.
    var startSecond: Int { start.secondsSinceEpoch }

    /// The exclusive end as seconds since 1970-01-01T00:00 on the wall clock.
    var endSecond: Int { end.secondsSinceEpoch }

    /// Whether the interval occupies part of `[from, to)` (seconds); an instant at `from`
    /// belongs to the window, one at `to` does not.
    func touches(from: Int, to: Int) -> Bool {
        let start = startSecond
        let end = endSecond
        if start == end { return start >= from && start < to }
        return start < to && end > from
    }

    /// Whether the interval occupies part of `date` (an instant: whether it falls on it).
    func touches(_ date: CivilDate) -> Bool {
        let start = date.daysSinceEpoch * 86_400
        return touches(from: start, to: start + 86_400)
    }
}
