import ChronoSketchCore
import ChronoSketchEvents

/// One time an alarm goes off: the alarm, the occurrence it belongs to, the instant, and which
/// of its repetitions it is.
public struct AlarmTrigger: Sendable, Hashable {
    /// The occurrence of the event or task the alarm belongs to (for an absolute trigger, the
    /// first occurrence of its series).
    public let occurrence: CalendarEvent
    public let alarm: Alarm
    /// When it goes off, in seconds since the epoch.
    public let instant: Int
    /// 0 for the trigger itself, 1 … REPEAT for its repetitions.
    public let repetition: Int
}

/// The times the alarms of occurrences go off in a window (`ics alarms`).
public enum AlarmList {
    /// The triggers of the alarms of `occurrences` that fall in `window` (instants, the end
    /// exclusive), sorted by instant, then by occurrence as given, alarm line and repetition.
    ///
    /// A trigger relative to the start (or, with `RELATED=END`, the end) of its occurrence is
    /// counted from that instant: its days on the wall clock of the zone its times were
    /// written in (RFC 5545 §3.3.6: a day across a change of clock is 23 or 25 hours), its
    /// hours, minutes and seconds as elapsed time. A floating or all-day occurrence's times
    /// are those of `zone`'s wall clock. An absolute trigger goes off once for its series.
    public static func triggers(
        of occurrences: some Sequence<CalendarEvent>, in window: Range<Int>, zone: TargetZone,
        database: ZoneInfoDatabase = .system
    ) -> [AlarmTrigger] {
        var found: [(trigger: AlarmTrigger, order: Int)] = []
        var zones = SourceZones(database: database)
        var absolute: Set<AbsoluteKey> = []
        for (order, occurrence) in occurrences.enumerated() {
            for alarm in occurrence.alarms {
                let first: Int
                switch alarm.trigger {
                case .relative(let duration, let toEnd):
                    let base =
                        toEnd
                        ? occurrence.instants?.end ?? zone.instant(at: occurrence.interval.end)
                        : occurrence.instants?.start
                            ?? zone.instant(at: occurrence.interval.start)
                    let days = occurrence.instants == nil ? zone : zones.zone(of: occurrence)
                    first = shifted(base, by: duration, on: days)
                case .absolute(let instant):
                    first = instant
                case .floating(let time):
                    first = zone.instant(at: time)
                }
                // An instant given goes off once, not once per occurrence of its series.
                if !alarm.trigger.isRelative {
                    let key = AbsoluteKey(
                        series: (occurrence.separateCalendar ?? "") + "/" + occurrence.uid,
                        line: alarm.line, file: occurrence.source.file)
                    guard absolute.insert(key).inserted else { continue }
                }
                for repetition in repetitions(alarm, from: first, in: window) {
                    let instant = first + repetition * (alarm.repeatInterval ?? 0)
                    found.append(
                        (
                            AlarmTrigger(
                                occurrence: occurrence, alarm: alarm, instant: instant,
                                repetition: repetition), order
                        ))
                }
            }
        }
        found.sort {
            ($0.trigger.instant, $0.order, $0.trigger.alarm.line, $0.trigger.repetition)
                < ($1.trigger.instant, $1.order, $1.trigger.alarm.line, $1.trigger.repetition)
        }
        return found.map(\.trigger)
    }

    /// The repetitions (0 the trigger itself) of an alarm first going off at `first` that fall
    /// in `window`, found by arithmetic, not by counting through them.
    static func repetitions(_ alarm: Alarm, from first: Int, in window: Range<Int>)
        -> Range<Int>
    {
        guard let step = alarm.repeatInterval, step > 0, alarm.repeatCount > 0 else {
            return window.contains(first) ? 0..<1 : 0..<0
        }
        guard window.upperBound > first else { return 0..<0 }
        let low = first >= window.lowerBound ? 0 : (window.lowerBound - first + step - 1) / step
        let high = min(alarm.repeatCount, (window.upperBound - 1 - first) / step)
        return low <= high ? low..<(high + 1) : 0..<0
    }

    /// `base` moved by `duration`: its days on `zone`'s wall clock (nil: 24 hours each), then
    /// its seconds.
    private static func shifted(_ base: Int, by duration: CalendarDuration, on zone: TargetZone?)
        -> Int
    {
        var instant = base + duration.days * 86_400
        // Days on a wall clock within the years 1 to 9999, where zones are defined.
        if duration.days != 0, let zone, Self.civilRange.contains(instant) {
            instant = zone.instant(
                atWallClockSeconds: zone.wallClockSeconds(atUTC: base) + duration.days * 86_400)
        }
        return instant + duration.seconds
    }

    /// The instants of the years 1 to 9999.
    private static let civilRange =
        LocalDateTime(startOf: .minimum).secondsSinceEpoch...LocalDateTime(startOf: .maximum)
        .secondsSinceEpoch

    private struct AbsoluteKey: Hashable {
        let series: String
        let line: Int
        let file: String
    }

    /// The zones occurrences were written in, looked up once each by name; nil for UTC and
    /// for a name the zone database does not hold (a VTIMEZONE of its own), whose days are
    /// then 24 hours.
    private struct SourceZones {
        let database: ZoneInfoDatabase
        var found: [String: TargetZone?] = [:]

        mutating func zone(of occurrence: CalendarEvent) -> TargetZone? {
            guard let name = occurrence.sourceZone, name != "UTC" else { return nil }
            if let known = found[name] { return known }
            let zone = database.zone(named: name).map(TargetZone.init(rules:))
            found[name] = zone
            return zone
        }
    }
}
