import ChronoSketchCore

/// One day of a heatmap.
public struct HeatmapDay: Sendable, Hashable {
    /// The date.
    public let date: CivilDate
    /// Whether the date lies in the range laid out (the first and last weeks are filled up
    /// with days outside it).
    public let inRange: Bool
    /// Busy time on the date in minutes: the union of the busy intervals (overlaps counted
    /// once), cut at midnight.
    public let busyMinutes: Int
    /// The busy events that occupy part of the date.
    public let events: Int
}

/// Busy time per day as weeks of seven days, for a calendar heatmap: weekdays across, weeks
/// down.
///
/// Busy time follows a ``BusyPolicy`` (cancelled, transparent and, by default, all-day events
/// are free: a holiday would otherwise paint its day as 24 busy hours); overlapping events
/// count once, so two meetings at the same hour make one busy hour. An event crossing midnight
/// adds its minutes to each of its days.
public struct HeatmapLayout: Sendable, Hashable {
    /// The weekday each week begins with.
    public let firstWeekday: Weekday
    /// The first date of the range.
    public let from: CivilDate
    /// The date after the range.
    public let to: CivilDate
    /// Whole weeks from the week start on or before `from`, seven days each.
    public let weeks: [[HeatmapDay]]

    /// The most busy minutes of any day in the range.
    public var maximumBusyMinutes: Int {
        weeks.joined().filter(\.inRange).map(\.busyMinutes).max() ?? 0
    }

    /// - Throws: ``CivilTimeError/outOfRange(_:)`` when the weeks leave 0001…9999, and
    ///   ``CivilTimeError/invalidInterval(_:)`` when `to` is not after `from`.
    /// - Complexity: O(n log n) in the events plus O(d) in the days.
    public init(
        events: some Sequence<CalendarEvent>, from: CivilDate, to: CivilDate,
        firstWeekday: Weekday, policy: BusyPolicy = BusyPolicy(allDayBusy: false)
    ) throws(CivilTimeError) {
        guard to > from else { throw .invalidInterval("heatmap range \(from)…\(to) is empty") }
        let first = try from.adding(days: -firstWeekday.days(until: from.weekday))
        let dayCount = first.days(to: to)
        let weekCount = (dayCount + 6) / 7
        let dates = try (0..<(weekCount * 7)).map { (offset: Int) throws(CivilTimeError) in
            try first.adding(days: offset)
        }
        let origin = first.daysSinceEpoch * 86_400
        let window = Span(start: origin, end: origin + weekCount * 7 * 86_400)
        var minutes = [Int](repeating: 0, count: dates.count)
        var counts = [Int](repeating: 0, count: dates.count)
        var spans: [Span] = []
        for event in events {
            guard let span = policy.busySpan(event), span.overlaps(window) else { continue }
            let clipped = span.intersection(window)
            spans.append(clipped)
            let firstDay = (clipped.start - origin) / 86_400
            let lastDay = (clipped.end - 1 - origin) / 86_400
            for day in firstDay...lastDay { counts[day] += 1 }
        }
        spans.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        var merged: [Span] = []
        for span in spans {
            if let last = merged.last, span.start <= last.end {
                merged[merged.count - 1].end = max(last.end, span.end)
            } else {
                merged.append(span)
            }
        }
        var seconds = [Int](repeating: 0, count: dates.count)
        for span in merged {
            var start = span.start
            while start < span.end {
                let day = (start - origin) / 86_400
                let dayEnd = origin + (day + 1) * 86_400
                let end = min(span.end, dayEnd)
                seconds[day] += end - start
                start = end
            }
        }
        for day in minutes.indices { minutes[day] = (seconds[day] + 59) / 60 }
        let days = dates.indices.map { index in
            HeatmapDay(
                date: dates[index], inRange: dates[index] >= from && dates[index] < to,
                busyMinutes: minutes[index], events: counts[index])
        }
        self.firstWeekday = firstWeekday
        self.from = from
        self.to = to
        self.weeks = stride(from: 0, to: days.count, by: 7).map { Array(days[$0..<($0 + 7)]) }
    }
}
