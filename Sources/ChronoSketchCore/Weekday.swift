/// A day of the week, numbered as ISO 8601 does: Monday is 1, Sunday is 7.
public enum Weekday: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The RFC 5545 two-letter code (`MO`, `TU`, …), as used by `BYDAY` and `WKST`.
    public var icalendarCode: String {
        switch self {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }

    /// The weekday `count` days after this one (negative counts go back).
    public func advanced(by count: Int) -> Weekday {
        let zeroBased = ((rawValue - 1 + count) % 7 + 7) % 7
        return Weekday(rawValue: zeroBased + 1) ?? self
    }

    /// Days from `self` forward to `other`, in 0…6.
    public func days(until other: Weekday) -> Int {
        ((other.rawValue - rawValue) % 7 + 7) % 7
    }

    /// Orders weekdays from Monday to Sunday.
    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
