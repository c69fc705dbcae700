import ChronoSketchCore

/// The period a recurring-range layout folds time into.
public enum RangePeriod: String, Sendable, Hashable, CaseIterable {
    /// Days folded onto one reference day, or weeks onto one reference week.
    case day, week

    /// How many days a period has.
    public var days: Int { self == .day ? 1 : 7 }
}

/// One interval on its period's reference day.
public struct RangeEntry: Sendable, Hashable {
    /// The event the entry stands for.
    public let event: CalendarEvent
    /// Minutes from 00:00 of the period's reference date, in `boundary…boundary + period`.
    public let startMinute: Int
    /// Minutes from the same 00:00; past 1440 when the interval runs into the next date, and
    /// past the period's end when it is longer than what is left of the period.
    public let endMinute: Int
    /// The lane, counted from 0: overlapping entries of one period take different lanes.
    public let lane: Int
}

/// A period with the intervals that start in it.
public struct RangePeriodLayout: Sendable, Hashable {
    /// The date the period starts on; minutes count from its 00:00.
    public let date: CivilDate
    /// Entries by start, then id.
    public let ranges: [RangeEntry]
    /// The lanes the entries use (0 for an empty period).
    public let lanes: Int
}

/// Timed intervals folded onto a shared reference day, to compare times of day across periods.
///
/// Each period starts at the boundary time (`00:00`, or `12:00` for nights) of its date; an
/// interval belongs to the period its start falls in and keeps its whole length. A sleep
/// session 2026-03-01T23:10–2026-03-02T07:05 with a noon boundary belongs to the period of
/// 1 March: 1390…1865 (23:10 to 31:05), so a night is never cut at midnight. One that starts
/// at 00:40 after a noon boundary gives 1480: it still belongs to the evening before.
/// All-day events have no time of day and are left out. Entries of one period that overlap
/// take lanes, the first free one in order of start, then id.
public struct RangeLayout: Sendable, Hashable {
    /// Minutes after 00:00 at which each period starts, 0…1439.
    public let boundaryMinute: Int
    /// What time is folded into: days or weeks.
    public let period: RangePeriod
    /// The weekday weekly periods begin with.
    public let firstWeekday: Weekday
    /// Every period from the first to the last (or across the window given), empty ones
    /// included, so a missing night shows as a gap; at most ``maximumPeriods``.
    public let periods: [RangePeriodLayout]
    /// How many periods after the last one listed the events or the window reach (0 when all
    /// are listed).
    public let periodsLeftOut: Int

    /// The most periods laid out: a century of days.
    public static let maximumPeriods = 36_600

    /// - Parameters:
    ///   - events: any events; all-day ones are left out.
    ///   - boundaryMinute: where periods start, minutes after 00:00 (taken modulo 1440).
    ///   - period: a day, or a week starting on `firstWeekday`.
    ///   - from: the first date whose period is laid out, when given.
    ///   - to: the date (exclusive) before which periods must start, when given.
    /// - Complexity: O(n log n) in the events plus O(p) in the periods listed.
    public init(
        events: some Sequence<CalendarEvent>, boundaryMinute: Int = 0, period: RangePeriod = .day,
        firstWeekday: Weekday = .monday, from: CivilDate? = nil, to: CivilDate? = nil
    ) {
        let boundary = (boundaryMinute % 1_440 + 1_440) % 1_440
        let length = period.days * 86_400
        // The day number of the first day of period 0: 1970-01-01 (a Thursday) for days.
        let originDay = period == .day ? 0 : Weekday.thursday.days(until: firstWeekday) - 7
        let origin = originDay * 86_400 + boundary * 60
        func index(ofDay day: Int) -> Int { LayoutOrder.floorDivide(day - originDay, period.days) }

        var entries: [(index: Int, entry: RangeEntry)] = []
        for event in events where !event.interval.isAllDay {
            let start = event.interval.startSecond
            let number = LayoutOrder.floorDivide(start - origin, length)
            let reference = (originDay + number * period.days) * 86_400
            let startMinute = LayoutOrder.startMinute(start, from: reference)
            let endMinute =
                event.interval.isInstant
                ? startMinute : LayoutOrder.endMinute(event.interval.endSecond, from: reference)
            entries.append(
                (
                    number,
                    RangeEntry(
                        event: event, startMinute: startMinute, endMinute: endMinute, lane: 0)
                ))
        }
        let lower = from.map { index(ofDay: $0.daysSinceEpoch) }
        let upper = to.map { index(ofDay: $0.daysSinceEpoch - 1) }
        entries.removeAll { item in
            if let lower, item.index < lower { return true }
            if let upper, item.index > upper { return true }
            return false
        }
        entries.sort { lhs, rhs in
            if lhs.index != rhs.index { return lhs.index < rhs.index }
            if lhs.entry.startMinute != rhs.entry.startMinute {
                return lhs.entry.startMinute < rhs.entry.startMinute
            }
            return LayoutOrder.breaksTie(lhs.entry.event, rhs.entry.event)
        }
        var periods: [RangePeriodLayout] = []
        var leftOut = 0
        if let first = lower ?? entries.first?.index, let wanted = upper ?? entries.last?.index,
            first <= wanted
        {
            let last = min(wanted, first + Self.maximumPeriods - 1)
            leftOut = wanted - last
            var position = 0
            for number in first...last {
                while position < entries.count, entries[position].index < number {
                    position += 1
                }
                guard
                    let date = try? CivilDate(daysSinceEpoch: originDay + number * period.days)
                else { continue }
                var ranges: [RangeEntry] = []
                while position < entries.count, entries[position].index == number {
                    ranges.append(entries[position].entry)
                    position += 1
                }
                // Lanes as a timeline row's: first free lane in start order.
                let packed = SlotPacker.pack(ranges.map { ($0.startMinute, $0.endMinute) })
                ranges = zip(ranges, packed.placements).map { entry, placement in
                    RangeEntry(
                        event: entry.event, startMinute: entry.startMinute,
                        endMinute: entry.endMinute, lane: placement.slot)
                }
                periods.append(
                    RangePeriodLayout(
                        date: date, ranges: ranges,
                        lanes: (ranges.map(\.lane).max() ?? -1) + 1))
            }
        }
        self.boundaryMinute = boundary
        self.period = period
        self.firstWeekday = firstWeekday
        self.periods = periods
        periodsLeftOut = leftOut
    }
}
