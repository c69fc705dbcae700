import ChronoSketchCore

/// A DATE or DATE-TIME value as read from a property (RFC 5545 §3.3.4, §3.3.5).
public enum ICalDateTime: Sendable, Hashable, CustomStringConvertible {
    case date(CivilDate)
    /// A date-time; `isUTC` when it was written with `Z`.
    case dateTime(LocalDateTime, isUTC: Bool)

    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The wall-clock value; a date reads as 00:00 of its day.
    public var wallClock: LocalDateTime {
        switch self {
        case .date(let date): LocalDateTime(startOf: date)
        case .dateTime(let time, _): time
        }
    }

    /// RFC 5545 basic form: `YYYYMMDD`, `YYYYMMDDTHHMMSS`, or with a trailing `Z`.
    public var description: String {
        switch self {
        case .date(let date): date.basicFormat
        case .dateTime(let time, let isUTC): time.basicFormat + (isUTC ? "Z" : "")
        }
    }
}

/// An RFC 5545 PERIOD (§3.3.9): a start and either an end or a duration.
public struct ICalPeriod: Sendable, Hashable {
    public let start: ICalDateTime
    public let end: ICalDateTime?
    public let duration: CalendarDuration?

    public init(start: ICalDateTime, end: ICalDateTime?, duration: CalendarDuration?) {
        self.start = start
        self.end = end
        self.duration = duration
    }

    /// RFC 5545 form: `start/end` or `start/duration`.
    public var text: String {
        start.description + "/" + (end?.description ?? duration?.description ?? "")
    }
}

/// A TIME value (RFC 5545 §3.3.12): a time of day, local or in UTC.
public struct ICalTime: Sendable, Hashable {
    public let hour: Int
    public let minute: Int
    /// 0…60: a leap second is written as 60.
    public let second: Int
    public let isUTC: Bool

    public init(hour: Int, minute: Int, second: Int, isUTC: Bool) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.isUTC = isUTC
    }
}

/// One value of a property, read by its value type (RFC 5545 §3.3): the property's own
/// default, or the type its VALUE parameter names.
public enum ICalValue: Sendable, Hashable {
    /// TEXT, unescaped (RFC 5545 §3.3.11).
    case text(String)
    case dateTime(ICalDateTime)
    case period(ICalPeriod)
    case duration(CalendarDuration)
    /// UTC-OFFSET in seconds east of UTC.
    case utcOffset(Int)
    case integer(Int)
    case recurrence(RecurrenceRule)
    /// GEO (RFC 5545 §3.8.1.6): latitude and longitude in degrees.
    case geo(latitude: Double, longitude: Double)
    /// CAL-ADDRESS or URI, as written.
    case uri(String)
    /// FLOAT (§3.3.7).
    case float(Double)
    /// TIME (§3.3.12).
    case time(ICalTime)
    /// BOOLEAN (§3.3.2).
    case boolean(Bool)
    /// BINARY (§3.3.1): the base64 text as written.
    case binary(String)
    /// REQUEST-STATUS (§3.8.8.3): the code, the description and any data, each unescaped.
    case requestStatus([String])
    /// A value of no known type (an X- property without VALUE, a type RFC 5545 does not
    /// define), as written.
    case other(String)

    /// The value as text, for the kinds that have one.
    public var text: String? {
        switch self {
        case .text(let text), .uri(let text), .other(let text), .binary(let text): text
        case .integer(let number): String(number)
        default: nil
        }
    }
}
