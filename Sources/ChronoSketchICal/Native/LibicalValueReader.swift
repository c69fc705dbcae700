internal import CLibical
import ChronoSketchCore

/// Converts libical's parsed values into ``ICalValue``s.
enum LibicalValueReader {
    static func value(_ value: OpaquePointer) -> ICalValue {
        let kind = icalvalue_isa(value)
        switch kind {
        case ICAL_TEXT_VALUE:
            // libical drops white space at the end of a value as written (a form feed
            // included) but keeps the space it reads from an unknown escape there (`\M`),
            // which no writing can give back: trailing spaces are dropped here too. What is
            // left empty is an empty value, as when the line had none.
            var text = icalvalue_get_text(value).map { String(cString: $0) } ?? ""
            while text.last == " " { text.removeLast() }
            return text.isEmpty ? .empty : .text(text)
        case ICAL_DATE_VALUE, ICAL_DATETIME_VALUE, ICAL_DATETIMEDATE_VALUE:
            return dateTime(icalvalue_get_datetime(value)).map(ICalValue.dateTime)
                ?? fallback(value)
        case ICAL_DATETIMEPERIOD_VALUE:
            let both = icalvalue_get_datetimeperiod(value)
            if icaltime_is_null_time(both.time) == 0 {
                return dateTime(both.time).map(ICalValue.dateTime) ?? fallback(value)
            }
            return period(both.period).map(ICalValue.period) ?? fallback(value)
        case ICAL_PERIOD_VALUE:
            return period(icalvalue_get_period(value)).map(ICalValue.period) ?? fallback(value)
        case ICAL_DURATION_VALUE:
            return .duration(duration(icalvalue_get_duration(value)))
        case ICAL_UTCOFFSET_VALUE:
            return .utcOffset(Int(icalvalue_get_utcoffset(value)))
        case ICAL_INTEGER_VALUE:
            return .integer(Int(icalvalue_get_integer(value)))
        case ICAL_RECUR_VALUE:
            return .recurrence(asText(value))
        case ICAL_CALADDRESS_VALUE:
            return .uri(icalvalue_get_caladdress(value).map { String(cString: $0) } ?? "")
        case ICAL_URI_VALUE:
            return .uri(icalvalue_get_uri(value).map { String(cString: $0) } ?? "")
        default:
            return fallback(value)
        }
    }

    /// libical's text form of a value it holds in a type this module does not model.
    private static func fallback(_ value: OpaquePointer) -> ICalValue {
        let text = asText(value)
        return text.isEmpty ? .empty : .other(text)
    }

    private static func asText(_ value: OpaquePointer) -> String {
        guard let text = icalvalue_as_ical_string_r(value) else { return "" }
        defer { icalmemory_free_buffer(text) }
        return String(cString: text)
    }

    /// A libical time as a date or date-time; nil when it is null or out of range.
    /// A leap second (`:60`, RFC 5545 §3.3.12) reads as `:59`.
    static func dateTime(_ time: icaltimetype) -> ICalDateTime? {
        guard icaltime_is_null_time(time) == 0,
            let date = try? CivilDate(
                year: Int(time.year), month: Int(time.month), day: Int(time.day))
        else { return nil }
        if time.is_date != 0 { return .date(date) }
        guard
            let local = try? LocalDateTime(
                date: date, hour: Int(time.hour), minute: Int(time.minute),
                second: min(Int(time.second), 59))
        else { return nil }
        return .dateTime(local, isUTC: icaltime_is_utc(time) != 0)
    }

    private static func period(_ period: icalperiodtype) -> ICalPeriod? {
        guard let start = dateTime(period.start) else { return nil }
        if icaltime_is_null_time(period.end) == 0 {
            return ICalPeriod(start: start, end: dateTime(period.end), duration: nil)
        }
        return ICalPeriod(start: start, end: nil, duration: duration(period.duration))
    }

    static func duration(_ duration: icaldurationtype) -> CalendarDuration {
        let days = Int(duration.weeks) * 7 + Int(duration.days)
        let seconds =
            Int(duration.hours) * 3600 + Int(duration.minutes) * 60 + Int(duration.seconds)
        let sign = duration.is_neg != 0 ? -1 : 1
        return CalendarDuration(days: sign * days, seconds: sign * seconds)
    }
}
