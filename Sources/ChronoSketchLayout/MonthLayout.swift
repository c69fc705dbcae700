import ChronoSketchCore

/// One cell of a month grid.
public struct MonthDay: Sendable, Hashable {
    /// The date of the cell.
    public let date: CivilDate
    /// Whether the date belongs to the month laid out (false for the leading and trailing days).
    public let inMonth: Bool
    /// The events occupying the date: all-day first, then by start, then id.
    public let events: [CalendarEvent]

    /// How many events occupy the date.
    public var count: Int { events.count }
}

/// A month as the familiar six-row grid: the 42 dates from the week start on or before the 1st.
///
/// A date holds every event that occupies part of it: all-day events on each of their days
/// (the exclusive end not included), timed events on each day they touch (an end at 00:00 does
/// not touch the next day), instants on their day. February 2026 starts on a Sunday: with
/// Sunday weeks its grid runs from 1 February to 14 March, with Monday weeks from 26 January
/// to 8 March.
public struct MonthLayout: Sendable, Hashable {
    /// The year laid out.
    public let year: Int
    /// The month laid out, 1…12.
    public let month: Int
    /// The weekday each row begins with.
    public let firstWeekday: Weekday
    /// The 42 cells, six weeks of seven days.
    public let days: [MonthDay]

    /// The occupied dates of the month itself, in order: the agenda beside the grid.
    public var agenda: [MonthDay] { days.filter { $0.inMonth && !$0.events.isEmpty } }

    /// Lays out the month containing `date`.
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` when the grid leaves 0001…9999.
    /// - Complexity: O(n log n) in the number of events (an event is added to at most 42
    ///   cells).
    public init(
        events: some Sequence<CalendarEvent>, containing date: CivilDate, firstWeekday: Weekday
    )
        throws(CivilTimeError)
    {
        let first = date.firstOfMonth
        let gridStart = try first.adding(days: -firstWeekday.days(until: first.weekday))
        let dates = try (0..<42).map { (offset: Int) throws(CivilTimeError) in
            try gridStart.adding(days: offset)
        }
        let firstDay = gridStart.daysSinceEpoch
        var cells = [[CalendarEvent]](repeating: [], count: 42)
        let gridSecond = firstDay * 86_400
        let sorted = events.filter {
            $0.interval.touches(from: gridSecond, to: gridSecond + 42 * 86_400)
        }
        .sorted(by: LayoutOrder.allDayFirst)
        for event in sorted {
            let start = event.interval.startSecond
            let end = event.interval.endSecond
            let lastSecond = end > start ? end - 1 : start
            let from = max(0, LayoutOrder.floorDivide(start, 86_400) - firstDay)
            let to = min(41, LayoutOrder.floorDivide(lastSecond, 86_400) - firstDay)
            guard from <= to else { continue }
            for index in from...to {
                cells[index].append(event)
            }
        }
        self.year = first.year
        self.month = first.month
        self.firstWeekday = firstWeekday
        self.days = zip(dates, cells).map { day, events in
            MonthDay(date: day, inMonth: day.month == first.month, events: events)
        }
    }
}
