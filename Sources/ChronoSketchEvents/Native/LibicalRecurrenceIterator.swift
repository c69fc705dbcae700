import ChronoSketchCore
import ChronoSketchSyntax
internal import CLibical
import Glibc

/// libical's RRULE iterator (`icalrecur_iterator`) over floating wall-clock times.
///
/// The caller budgets iterations: a rule that never matches makes `next()` search far ahead,
/// so callers stop after a bounded number of calls.
final class LibicalRecurrenceIterator {
    private let iterator: OpaquePointer

    /// The last year libical 3.0.16 gives instances in: its iterator stops every rule there.
    static let lastYear = 2582

    /// Starts iterating `rule` from `start`, with `until` (the rule's UNTIL on the series'
    /// clock) in place of the rule's own, and without its COUNT when `counting` is false (the
    /// caller counts). Returns nil when libical could not take the rule as written either, or
    /// cannot start an iterator for it.
    init?(rule: RecurrenceRule, until: ICalDateTime?, start: ICalDateTime, counting: Bool = true) {
        _ = LibicalRuntime.prepared
        guard let recurrence = LibicalRule.recurrence(rule, until: until, counting: counting)
        else { return nil }
        rscale = recurrence.rscale
        guard let iterator = icalrecur_iterator_new(recurrence, Self.time(start)) else {
            free(rscale)
            return nil
        }
        self.iterator = iterator
    }

    /// The RSCALE text handed to libical with the rule, owned here: the iterator keeps a
    /// pointer to it.
    private let rscale: UnsafeMutablePointer<CChar>?

    /// Moves ahead so that the next instance is the first at or after `start`.
    /// Returns false when the rule has a COUNT (libical cannot skip counted instances).
    func skip(to start: ICalDateTime) -> Bool {
        icalrecur_iterator_set_start(iterator, Self.time(start)) != 0
    }

    static func time(_ value: ICalDateTime) -> icaltimetype {
        var time = icaltime_null_time()
        let wallClock = value.wallClock
        time.year = Int32(wallClock.date.year)
        time.month = Int32(wallClock.date.month)
        time.day = Int32(wallClock.date.day)
        if value.isDate {
            time.is_date = 1
        } else {
            time.hour = Int32(wallClock.hour)
            time.minute = Int32(wallClock.minute)
            time.second = Int32(wallClock.second)
        }
        return time
    }

    deinit {
        icalrecur_iterator_free(iterator)
        free(rscale)
    }

    /// The next instance, or nil when the rule is exhausted.
    func next() -> ICalDateTime? {
        let time = icalrecur_iterator_next(iterator)
        guard icaltime_is_null_time(time) == 0 else { return nil }
        return Self.dateTime(time)
    }

    /// A libical time as a date or date-time; nil when it is out of range.
    private static func dateTime(_ time: icaltimetype) -> ICalDateTime? {
        guard
            let date = try? CivilDate(
                year: Int(time.year), month: Int(time.month), day: Int(time.day))
        else { return nil }
        if time.is_date != 0 { return .date(date) }
        guard
            let local = try? LocalDateTime(
                date: date, hour: Int(time.hour), minute: Int(time.minute),
                second: min(Int(time.second), 59))
        else { return nil }
        return .dateTime(local, isUTC: false)
    }
}
