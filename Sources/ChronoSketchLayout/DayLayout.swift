import ChronoSketchCore

/// A timed occurrence cut to one day: where it sits in the day's columns.
public struct DaySegment: Sendable, Hashable {
    /// The original event, with its full interval.
    public let event: CalendarEvent
    /// Minutes from the day's 00:00 to the segment start, 0…1439 (seconds rounded down).
    public let startMinute: Int
    /// Minutes from the day's 00:00 to the segment end, 0…1440 (seconds rounded up); equal to
    /// ``startMinute`` for an instant.
    public let endMinute: Int
    /// The column, counted from 0.
    public let column: Int
    /// The number of columns of the segment's overlap run.
    public let columns: Int
    /// The event started on an earlier day.
    public let continuesBefore: Bool
    /// The event goes on into the next day (an end at the next 00:00 does not).
    public let continuesAfter: Bool
}

/// Where the events of one date sit: the all-day events that occupy it and the timed segments
/// cut to it, in overlap columns.
///
/// A timed occurrence is cut to `[date 00:00, date+1 00:00)`: 22:00–02:00 gives 22:00–24:00
/// (`continuesAfter`) on its first day and 00:00–02:00 (`continuesBefore`) on the next; an end
/// at exactly 00:00 gives nothing on the next day. Segments that overlap (half-open, so
/// 09:00–10:00 and 10:00–11:00 do not) form runs; in order of start, then id, each takes the
/// first column whose last segment ends at or before its start, and every segment of a run
/// reports the run's column count. An instant occupies no time unless `minimumMinutes` gives
/// short segments the extent a screen would draw them with: two instants never collide, but an
/// instant inside a segment (start included, end excluded) takes another column, and at one
/// start instants come after the segments that occupy time.
public struct DayLayout: Sendable, Hashable {
    /// The date laid out.
    public let date: CivilDate
    /// All-day events occupying the date, with their full range, by start then id.
    public let allDay: [CalendarEvent]
    /// Timed segments by start, then id.
    public let segments: [DaySegment]
    /// The minimum extent used for collisions, in minutes.
    public let minimumMinutes: Int

    /// Lays out `events` on `date`.
    /// - Parameters:
    ///   - events: any events; those that do not touch the date are ignored.
    ///   - date: the day to lay out.
    ///   - minimumMinutes: segments shorter than this collide as if they were this long;
    ///     reported minutes stay the real ones. Negative values count as 0.
    /// - Complexity: O(n log n) in the number of events.
    public init(events: some Sequence<CalendarEvent>, date: CivilDate, minimumMinutes: Int = 0) {
        let dayStart = date.daysSinceEpoch * 86_400
        let dayEnd = dayStart + 86_400
        var allDay: [CalendarEvent] = []
        var timed: [CalendarEvent] = []
        for event in events where event.interval.touches(from: dayStart, to: dayEnd) {
            if event.interval.isAllDay {
                allDay.append(event)
            } else {
                timed.append(event)
            }
        }
        allDay.sort(by: LayoutOrder.byStart)
        self.date = date
        self.allDay = allDay
        self.minimumMinutes = max(0, minimumMinutes)
        self.segments = Self.place(timed, dayStart: dayStart, minimumMinutes: self.minimumMinutes)
    }

    private struct Cut {
        var event: CalendarEvent
        var startSecond: Int
        var startMinute: Int
        var endMinute: Int
    }

    private static func place(_ events: [CalendarEvent], dayStart: Int, minimumMinutes: Int)
        -> [DaySegment]
    {
        let dayEnd = dayStart + 86_400
        var cuts = events.map { event in
            let start = max(event.interval.startSecond, dayStart)
            let end = min(event.interval.endSecond, dayEnd)
            let startMinute = LayoutOrder.startMinute(start, from: dayStart)
            let endMinute =
                event.interval.isInstant ? startMinute : LayoutOrder.endMinute(end, from: dayStart)
            return Cut(
                event: event, startSecond: start, startMinute: startMinute, endMinute: endMinute)
        }
        // At one start, segments that occupy time come before the instants (which occupy none
        // unless a minimum is asked), so an instant never shares a column with the segment
        // it falls in.
        cuts.sort { lhs, rhs in
            if lhs.startMinute != rhs.startMinute { return lhs.startMinute < rhs.startMinute }
            let leftEmpty = lhs.endMinute == lhs.startMinute && minimumMinutes == 0
            let rightEmpty = rhs.endMinute == rhs.startMinute && minimumMinutes == 0
            if leftEmpty != rightEmpty { return rightEmpty }
            if lhs.startSecond != rhs.startSecond { return lhs.startSecond < rhs.startSecond }
            return LayoutOrder.breaksTie(lhs.event, rhs.event)
        }
        let (placements, slotsPerRun) = SlotPacker.pack(
            cuts.map { ($0.startMinute, max($0.endMinute, $0.startMinute + minimumMinutes)) })
        return zip(cuts, placements).map { cut, placement in
            DaySegment(
                event: cut.event, startMinute: cut.startMinute, endMinute: cut.endMinute,
                column: placement.slot, columns: slotsPerRun[placement.run],
                continuesBefore: cut.event.interval.startSecond < dayStart,
                continuesAfter: cut.event.interval.endSecond > dayEnd)
        }
    }
}
