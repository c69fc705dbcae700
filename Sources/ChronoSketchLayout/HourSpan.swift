import ChronoSketchCore

/// The hours a day or week grid shows: from `startMinute` to `endMinute` of the day, both on
/// whole hours, `0…1440`.
public struct HourSpan: Sendable, Hashable {
    /// The first minute of the day shown, a whole hour.
    public let startMinute: Int
    /// The minute after the last one shown, a whole hour.
    public let endMinute: Int

    /// Whole hours `start..<end` (`HourSpan(hours: 0..<24)` is the whole day); nil unless
    /// `0 ≤ start < end ≤ 24`.
    public init?(hours: Range<Int>) {
        guard hours.lowerBound >= 0, hours.upperBound <= 24, !hours.isEmpty else { return nil }
        startMinute = hours.lowerBound * 60
        endMinute = hours.upperBound * 60
    }

    /// 08:00 to 18:00, the least a grid shows.
    public static let workingDay = HourSpan(startMinute: 480, endMinute: 1_080)
    /// 00:00 to 24:00.
    public static let wholeDay = HourSpan(startMinute: 0, endMinute: 1_440)

    private init(startMinute: Int, endMinute: Int) {
        self.startMinute = startMinute
        self.endMinute = endMinute
    }

    /// The hours that have events, rounded out to whole hours and never less than `least`.
    ///
    /// Only the ends an event has on its own day count: the part of an overnight event after
    /// midnight adds its end, not 00:00, and the part before midnight its start, not 24:00.
    /// So a release from 23:00 to 01:30 widens the grid of its first day to 24:00, but the
    /// next day's grid does not begin at 00:00 for it (the picture marks the part it leaves
    /// out). A segment counts as at least `minimumMinutes` long, as a picture draws it.
    /// - Parameters:
    ///   - segments: the timed segments of the days on the grid.
    ///   - least: the span shown even when events fit in less.
    ///   - minimumMinutes: the least extent a segment is drawn with.
    public init(
        fitting segments: [DaySegment], least: HourSpan = .workingDay, minimumMinutes: Int = 0
    ) {
        var first = least.startMinute
        var last = least.endMinute
        for segment in segments {
            let drawnEnd = max(segment.endMinute, segment.startMinute + max(0, minimumMinutes))
            if !segment.continuesBefore { first = min(first, segment.startMinute) }
            if !segment.continuesAfter {
                last = max(last, drawnEnd)
            } else if !segment.continuesBefore {
                last = 1_440
            }
        }
        self.init(
            startMinute: max(0, first / 60 * 60), endMinute: min(1_440, (last + 59) / 60 * 60))
    }

    /// The span widened to whole hours around `minute` (0…1440).
    public func including(_ minute: Int) -> HourSpan {
        let minute = min(1_440, max(0, minute))
        return HourSpan(
            startMinute: min(startMinute, minute / 60 * 60),
            endMinute: max(endMinute, min(1_440, (minute / 60 + 1) * 60)))
    }

    /// Whether the grid shows any of `[start, end)` (an instant: whether it shows `start`).
    public func shows(start: Int, end: Int) -> Bool {
        end > start
            ? start < endMinute && startMinute < end : (startMinute..<endMinute).contains(start)
    }
}
