import ChronoSketchCore

/// The unit of a timeline's columns before zooming.
public enum TimelineScale: String, Sendable, Hashable, CaseIterable {
    /// Columns of an hour, a day or a week.
    case hour, day, week

    /// The unit in seconds.
    public var seconds: Int {
        switch self {
        case .hour: 3_600
        case .day: 86_400
        case .week: 604_800
        }
    }

    /// The default number of days a window of this scale shows: one day of hours, a week of
    /// days, four weeks of weeks.
    public var defaultDays: Int {
        switch self {
        case .hour: 1
        case .day: 7
        case .week: 28
        }
    }
}

/// How many columns one scale unit splits into: zoom 4 on the hour scale gives 15-minute
/// columns, zoom 6 on the day scale 4-hour columns. Each divides every unit into whole seconds.
public enum TimelineZoom: Int, Sendable, Hashable, CaseIterable {
    /// One, two, four, six or eight columns a unit.
    case x1 = 1, x2 = 2, x4 = 4, x6 = 6, x8 = 8
}

/// The stretch of time a timeline shows and how it is divided.
public struct TimelineWindow: Sendable, Hashable {
    /// 00:00 of the first day.
    public let start: CivilDate
    /// How many days it shows.
    public let days: Int
    /// The unit of its columns before zooming.
    public let scale: TimelineScale
    /// How many columns each unit splits into.
    public let zoom: TimelineZoom

    /// The most columns a window has: each is a cell of the text view and an entry of the
    /// JSON, so a window of years at the hour scale is refused rather than drawn.
    public static let maximumColumns = 20_000

    /// - Throws: ``CivilTimeError/outOfRange(_:)`` when `days` is not positive, the window
    ///   ends after 9999-12-31 or it would have more than ``maximumColumns`` columns.
    public init(start: CivilDate, days: Int, scale: TimelineScale, zoom: TimelineZoom = .x1)
        throws(CivilTimeError)
    {
        guard days > 0 else { throw .outOfRange("a timeline of \(days) days") }
        let columnSeconds = scale.seconds / zoom.rawValue
        let columns =
            days <= Int.max / 86_400 ? (days * 86_400 + columnSeconds - 1) / columnSeconds : Int.max
        guard columns <= Self.maximumColumns else {
            throw .outOfRange(
                "\(days) days at the \(scale.rawValue) scale with zoom \(zoom.rawValue) make \(columns) columns, and a timeline has at most \(Self.maximumColumns) (fewer days, a coarser scale or a smaller zoom)"
            )
        }
        _ = try start.adding(days: days - 1)
        self.start = start
        self.days = days
        self.scale = scale
        self.zoom = zoom
    }

    /// The length of one column in seconds.
    public var columnSeconds: Int { scale.seconds / zoom.rawValue }

    /// The window's length in minutes.
    public var minutes: Int { days * 1_440 }

    var startSecond: Int { start.daysSinceEpoch * 86_400 }
    var endSecond: Int { startSecond + days * 86_400 }
}

/// A column of the time axis; the last one may be cut short by the window's end.
public struct TimelineColumn: Sendable, Hashable {
    /// Where the column starts, on the wall clock.
    public let start: LocalDateTime
    /// Seconds from the window start (minutes: divide by 60; a zoomed hour can give 7.5).
    public let offsetSeconds: Int
}

/// A labelled stretch of the axis above the columns: a day on the hour scale, an ISO week on
/// the day scale, a month on the week scale, clipped to the window.
public struct TimelinePeriod: Sendable, Hashable {
    /// `2026-09-08`, `2026-W37` or `2026-09`.
    public let key: String
    /// Where it starts, in minutes from the window start.
    public let startMinute: Int
    /// Where it ends (exclusive), in minutes from the window start.
    public let endMinute: Int
}

/// An event in a row, as minute offsets from the window start clipped to the window.
public struct TimelineBar: Sendable, Hashable {
    /// The event the bar stands for.
    public let event: CalendarEvent
    /// Where the bar starts, in minutes from the window start.
    public let startMinute: Int
    /// Where it ends (exclusive), in minutes from the window start.
    public let endMinute: Int
    /// Its lane in the row, from 0.
    public let lane: Int
    /// The event starts before the window.
    public let clippedStart: Bool
    /// The event ends after the window.
    public let clippedEnd: Bool
}

/// One resource: a person, a room, a file…, with its bars in lanes.
public struct TimelineRow: Sendable, Hashable {
    /// The group's key when rows are grouped; nil when not grouped or the event has none.
    public let group: String?
    /// The row's key; nil for the row of events that have no value for it.
    public let key: String?
    /// How the row is shown: the key's label (an attendee's name), else the key; empty for the
    /// row of events without a key.
    public let label: String
    /// The number of lanes the row's bars use (at least 1).
    public let lanes: Int
    /// Bars by start, then lane.
    public let bars: [TimelineBar]
}

/// Resource rows over a time axis, as a Gantt chart draws them.
///
/// Every event touching the window appears in each row it belongs to (an event with three
/// attendees appears in three attendee rows), and in a row named by no key when it has none.
/// Bars are clipped to the window and flagged where they were. Within a row, by start, then
/// longer first, then id, each bar takes the first lane free at its start. All-day events run
/// from 00:00 of their first day to 00:00 after their last.
public struct TimelineLayout: Sendable, Hashable {
    /// The time shown and its division.
    public let window: TimelineWindow
    /// What each row stands for.
    public let rowKey: EventKey
    /// What rows are grouped by; nil when they are not.
    public let groupKey: EventKey?
    /// The columns of the time axis, in order.
    public let columns: [TimelineColumn]
    /// The labelled stretches above the columns, in order.
    public let periods: [TimelinePeriod]
    /// Rows by group, then key (case-sensitive, byte order), with the no-key row last.
    public let rows: [TimelineRow]

    /// - Parameters:
    ///   - events: any events; those outside the window are ignored.
    ///   - window: the start, length, scale and zoom.
    ///   - rows: what a row stands for.
    ///   - groupedBy: what rows are grouped by, if anything.
    /// - Complexity: O(n log n) in the number of (event, row) pairs, plus the columns.
    public init(
        events: some Sequence<CalendarEvent>, window: TimelineWindow, rows: EventKey,
        groupedBy: EventKey? = nil
    ) {
        self.window = window
        self.rowKey = rows
        self.groupKey = groupedBy
        self.columns = Self.columns(window)
        self.periods = Self.periods(window)
        let windowStart = window.startSecond
        let windowEnd = window.endSecond
        let inWindow = events.filter { $0.interval.touches(from: windowStart, to: windowEnd) }
            .sorted(by: LayoutOrder.byStart)
        var members: [RowID: [CalendarEvent]] = [:]
        var labels: [RowID: String] = [:]
        for event in inWindow {
            let groups: [String?] =
                groupedBy.map { key in
                    let values = key.values(of: event).map(\.key)
                    return values.isEmpty ? [nil] : Array(Set(values)).sorted()
                } ?? [nil]
            let rowValues = rows.values(of: event)
            var seen = Set<String>()
            let keyed: [(key: String?, label: String)] =
                rowValues.isEmpty
                ? [(nil, "")]
                : rowValues.filter { seen.insert($0.key).inserted }.map { ($0.key, $0.label) }
            for group in groups {
                for row in keyed {
                    let id = RowID(group: group, key: row.key)
                    members[id, default: []].append(event)
                    if let key = row.key {
                        labels[id] = Self.preferredLabel(labels[id], row.label, key: key)
                    }
                }
            }
        }
        self.rows = members.keys.sorted().map { id in
            let (bars, lanes) = Self.bars(members[id] ?? [], window: window)
            return TimelineRow(
                group: id.group, key: id.key, label: labels[id] ?? id.key ?? "", lanes: lanes,
                bars: bars)
        }
    }

    /// A label that does not depend on the order events come in: a name over the bare key,
    /// and among names the first in byte order.
    private static func preferredLabel(_ current: String?, _ candidate: String, key: String)
        -> String
    {
        guard let current else { return candidate }
        let currentIsName = current != key
        let candidateIsName = candidate != key
        if currentIsName != candidateIsName { return currentIsName ? current : candidate }
        return min(current, candidate)
    }

    private struct RowID: Hashable, Comparable {
        var group: String?
        var key: String?

        static func < (lhs: RowID, rhs: RowID) -> Bool {
            if lhs.group != rhs.group { return precedes(lhs.group, rhs.group) }
            return precedes(lhs.key, rhs.key)
        }

        /// Keys in byte order, the missing key last.
        private static func precedes(_ lhs: String?, _ rhs: String?) -> Bool {
            switch (lhs, rhs) {
            case (let left?, let right?): Array(left.utf8).lexicographicallyPrecedes(right.utf8)
            case (.some, nil): true
            default: false
            }
        }
    }

    private static func bars(_ events: [CalendarEvent], window: TimelineWindow) -> (
        [TimelineBar], Int
    ) {
        let origin = window.startSecond
        struct Clip {
            var event: CalendarEvent
            var startMinute: Int
            var endMinute: Int
        }
        var clips = events.map { event in
            let start = max(event.interval.startSecond, origin)
            let end = min(event.interval.endSecond, window.endSecond)
            let startMinute = LayoutOrder.startMinute(start, from: origin)
            return Clip(
                event: event, startMinute: startMinute,
                endMinute: event.interval.isInstant
                    ? startMinute : LayoutOrder.endMinute(end, from: origin))
        }
        clips.sort { lhs, rhs in
            if lhs.startMinute != rhs.startMinute { return lhs.startMinute < rhs.startMinute }
            if lhs.endMinute != rhs.endMinute { return lhs.endMinute > rhs.endMinute }
            return LayoutOrder.breaksTie(lhs.event, rhs.event)
        }
        let (placements, _) = SlotPacker.pack(clips.map { ($0.startMinute, $0.endMinute) })
        let bars = zip(clips, placements).map { clip, placement in
            TimelineBar(
                event: clip.event, startMinute: clip.startMinute, endMinute: clip.endMinute,
                lane: placement.slot, clippedStart: clip.event.interval.startSecond < origin,
                clippedEnd: clip.event.interval.endSecond > window.endSecond)
        }
        return (bars, max(1, (placements.map(\.slot).max() ?? 0) + 1))
    }

    private static func columns(_ window: TimelineWindow) -> [TimelineColumn] {
        let length = window.days * 86_400
        return stride(from: 0, to: length, by: window.columnSeconds).compactMap { offset in
            guard
                let start = try? LocalDateTime(secondsSinceEpoch: window.startSecond + offset)
            else { return nil }
            return TimelineColumn(start: start, offsetSeconds: offset)
        }
    }

    private static func periods(_ window: TimelineWindow) -> [TimelinePeriod] {
        var periods: [TimelinePeriod] = []
        var day = 0
        while day < window.days {
            guard let date = try? window.start.adding(days: day) else { break }
            let length: Int
            let key: String
            switch window.scale {
            case .hour:
                length = 1
                key = date.description
            case .day:
                let (year, week) = date.isoWeek
                length = 7 - Weekday.monday.days(until: date.weekday)
                key = ASCIIDigits.padded(year, 4) + "-W" + ASCIIDigits.padded(week, 2)
            case .week:
                length = date.daysInMonth - date.day + 1
                key = "\(ASCIIDigits.padded(date.year, 4))-" + ASCIIDigits.padded(date.month, 2)
            }
            let end = min(window.days, day + length)
            periods.append(
                TimelinePeriod(key: key, startMinute: day * 1_440, endMinute: end * 1_440))
            day = end
        }
        return periods
    }
}
