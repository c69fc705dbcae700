import Glibc

/// The system's words for what went wrong in a call to it.
public enum SystemError {
    /// The words for an `errno` value (`Broken pipe`).
    public static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
