import ChronoSketchCore

/// A DATE or DATE-TIME value as read from a property (RFC 5545 §3.3.4, §3.3.5).
public enum ICalDateTime: Sendable, Hashable, CustomStringConvertible {
    case date(CivilDate)
    /// A date-time; `isUTC` when it was written with `Z`.
    case dateTime(LocalDateTime, isUTC: Bool)

    /// Whether the value is a DATE.
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
    /// When the period starts.
    public let start: ICalDateTime
    /// When it ends, for a period written `start/end`; nil for `start/duration`.
    public let end: ICalDateTime?
    /// How long it lasts, for a period written `start/duration`; nil for `start/end`.
    public let duration: CalendarDuration?

    /// A period from its start and either its end or its duration.
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
    /// 0…23.
    public let hour: Int
    /// 0…59.
    public let minute: Int
    /// 0…60: a leap second is written as 60.
    public let second: Int
    /// Whether it was written with `Z`.
    public let isUTC: Bool

    /// A time from its fields, as read.
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
