/// A DTSTART or RECURRENCE-ID as it was written, before any conversion.
public enum OriginalTime: Sendable, Hashable {
    /// `VALUE=DATE`.
    case date(CivilDate)
    /// A date-time with neither `Z` nor `TZID`.
    case floating(LocalDateTime)
    /// A date-time with `Z`.
    case utc(LocalDateTime)
    /// A date-time with a `TZID` parameter, kept with the zone's name as written.
    case zoned(LocalDateTime, tzid: String)

    /// The value in a SPEC text form: `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm[:ss]`, with `Z` for UTC.
    public var text: String {
        switch self {
        case .date(let date): date.description
        case .floating(let time), .zoned(let time, _): time.description
        case .utc(let time): time.description + "Z"
        }
    }

    /// The zone the value was written in: `UTC`, the TZID, or nil for dates and floating times.
    public var zoneName: String? {
        switch self {
        case .date, .floating: nil
        case .utc: "UTC"
        case .zoned(_, let tzid): tzid
        }
    }

    /// The wall-clock value; a date reads as 00:00 of its day.
    public var wallClock: LocalDateTime {
        switch self {
        case .date(let date): LocalDateTime(startOf: date)
        case .floating(let time), .utc(let time), .zoned(let time, _): time
        }
    }

    /// Whether it is a DATE.
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }
}
