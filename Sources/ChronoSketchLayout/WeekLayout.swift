import ChronoSketchCore

/// An all-day event clipped to a week: a bar over day indexes 0…6.
public struct WeekBar: Sendable, Hashable {
    /// The event the bar stands for.
    public let event: CalendarEvent
    /// The index of the first day the bar covers in this week, 0…6.
    public let firstDay: Int
    /// The index of the last day it covers (inclusive), `firstDay`…6.
    public let lastDay: Int
    /// The lane, counted from 0 at the top.
    public let lane: Int
    /// The event began before this week.
    public let continuesBefore: Bool
    /// The event goes on into the next week.
    public let continuesAfter: Bool
}

/// Seven days from a week start: all-day events as bars in lanes, and each day's layout.
///
/// Bars are the all-day events that occupy any day of the week, clipped to it: an event from
/// Saturday to Tuesday (end Wednesday, exclusive) in a Monday week of its Saturday is the bar
/// 5…6 with `continuesAfter`, and in the next week 0…1 with `continuesBefore`. Ordered by first
/// day, then longer (clipped) first, then id, each bar takes the first lane free over all of its
/// days, so a lane freed by a bar that ended is reused. Timed events stay in ``days``, cut to
/// each day as ``DayLayout`` cuts them.
public struct WeekLayout: Sendable, Hashable {
    /// The first of the seven dates.
    public let weekStart: CivilDate
    /// The weekday weeks start on (Monday for ISO 8601 and German, Sunday for English).
    public let firstWeekday: Weekday
    /// The ISO 8601 week-numbering year of the Monday among the seven dates.
    public let isoYear: Int
    /// The ISO 8601 week (1…53) of the Monday among the seven dates: a Sunday week shares its
    /// number with the Monday to Saturday that follow.
    public let isoWeek: Int
    /// Bars by lane, then first day, then id.
    public let bars: [WeekBar]
    /// The number of lanes the bars use.
    public let lanes: Int
    /// The seven day layouts, from ``weekStart``.
    public let days: [DayLayout]

    /// The week containing `date`, starting on `firstWeekday`.
    /// - Parameters:
    ///   - events: any events; those outside the week are ignored.
    ///   - date: any day of the week to lay out.
    ///   - firstWeekday: the weekday the week starts on.
    ///   - minimumMinutes: passed to each ``DayLayout``.
    /// - Throws: ``CivilTimeError/outOfRange(_:)`` when the week leaves 0001…9999.
    /// - Complexity: O(n log n) in the number of events: each of the seven days sorts only
    ///   the events of the week.
    public init(
        events: some Sequence<CalendarEvent>, containing date: CivilDate, firstWeekday: Weekday,
        minimumMinutes: Int = 0
    ) throws(CivilTimeError) {
        let start = try date.adding(days: -firstWeekday.days(until: date.weekday))
        let dates = try (0..<7).map { (offset: Int) throws(CivilTimeError) in
            try start.adding(days: offset)
        }
        let monday = dates.first { $0.weekday == .monday } ?? start
        let weekStartSecond = start.daysSinceEpoch * 86_400
        let weekEndSecond = weekStartSecond + 7 * 86_400
        let inWeek = events.filter {
            $0.interval.touches(from: weekStartSecond, to: weekEndSecond)
        }
        self.weekStart = start
        self.firstWeekday = firstWeekday
        (isoYear, isoWeek) = monday.isoWeek
        (bars, lanes) = Self.bars(inWeek, weekStart: start)
        days = dates.map { DayLayout(events: inWeek, date: $0, minimumMinutes: minimumMinutes) }
    }

    private static func bars(_ events: [CalendarEvent], weekStart: CivilDate) -> ([WeekBar], Int) {
        let first = weekStart.daysSinceEpoch
        struct Clip {
            var event: CalendarEvent
            var firstDay: Int
            var lastDay: Int
        }
        var clips = events.compactMap { event -> Clip? in
            guard case .allDay(let start, let end) = event.interval else { return nil }
            return Clip(
                event: event, firstDay: max(0, start.daysSinceEpoch - first),
                lastDay: min(6, end.daysSinceEpoch - first - 1))
        }
        clips.sort { lhs, rhs in
            if lhs.firstDay != rhs.firstDay { return lhs.firstDay < rhs.firstDay }
            if lhs.lastDay != rhs.lastDay { return lhs.lastDay > rhs.lastDay }
            return LayoutOrder.breaksTie(lhs.event, rhs.event)
        }
        let (placements, _) = SlotPacker.pack(clips.map { ($0.firstDay, $0.lastDay + 1) })
        var bars = zip(clips, placements).map { clip, placement in
            WeekBar(
                event: clip.event, firstDay: clip.firstDay, lastDay: clip.lastDay,
                lane: placement.slot,
                continuesBefore: clip.event.interval.startSecond < first * 86_400,
                continuesAfter: clip.event.interval.endSecond > (first + 7) * 86_400)
        }
        bars.sort { lhs, rhs in
            if lhs.lane != rhs.lane { return lhs.lane < rhs.lane }
            if lhs.firstDay != rhs.firstDay { return lhs.firstDay < rhs.firstDay }
            return LayoutOrder.breaksTie(lhs.event, rhs.event)
        }
        return (bars, (placements.map(\.slot).max() ?? -1) + 1)
    }
}
