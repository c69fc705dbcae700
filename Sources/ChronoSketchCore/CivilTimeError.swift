/// A value of civil time that could not be read or would leave the supported range.
///
/// Messages are a capitalised fragment that quotes the offending text, as in
/// `Invalid date '2026-02-30': February 2026 has 28 days`.
public enum CivilTimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A date text that is not `YYYY-MM-DD` (or `YYYYMMDD`) or names a day that does not exist.
    case invalidDate(text: String, reason: String)
    /// A date-time or time-of-day text that is malformed or out of range.
    case invalidDateTime(text: String, reason: String)
    /// A duration text that is malformed.
    case invalidDuration(text: String, reason: String)
    /// Arithmetic that would leave the years 1…9999.
    case outOfRange(String)
    /// An interval whose end is not after (all-day) or not at or after (timed) its start.
    case invalidInterval(String)

    /// Says what is wrong, quoting the text.
    public var description: String {
        switch self {
        case .invalidDate(let text, let reason): "Invalid date '\(text)': \(reason)"
        case .invalidDateTime(let text, let reason): "Invalid date-time '\(text)': \(reason)"
        case .invalidDuration(let text, let reason): "Invalid duration '\(text)': \(reason)"
        case .outOfRange(let what): "Out of range: \(what)"
        case .invalidInterval(let what): "Invalid interval: \(what)"
        }
    }
}
