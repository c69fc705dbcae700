import ChronoSketchSyntax

/// A time-zone description that could not be read or found.
///
/// Messages are a capitalised fragment that quotes the offending text, as in
/// `Invalid TZ string 'EST': missing UTC offset after 'EST'`.
public enum ZoneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A POSIX TZ string (TZ environment variable or TZif footer) that is malformed.
    case invalidTZString(text: String, reason: String)
    /// TZif data that is truncated, inconsistent or not TZif at all; `source` names the zone
    /// or file.
    case invalidTZif(source: String, reason: String)
    /// A zone name that is not a safe relative path of letters, digits, `/`, `_`, `-` and `+`.
    case invalidZoneName(name: String, reason: String)
    /// A well-formed zone name that the database does not contain.
    case unknownZone(String)
    /// A file that does not exist or cannot be read.
    case unreadableFile(path: String)

    /// Says what is wrong with which zone.
    public var description: String {
        switch self {
        case .invalidTZString(let text, let reason): "Invalid TZ string '\(text)': \(reason)"
        case .invalidTZif(let source, let reason): "Invalid TZif data in '\(source)': \(reason)"
        case .invalidZoneName(let name, let reason): "Invalid zone name '\(name)': \(reason)"
        case .unknownZone(let name): "Unknown time zone '\(name)'"
        case .unreadableFile(let path): "Cannot read file '\(path)'"
        }
    }
}
