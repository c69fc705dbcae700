/// The rules a calendar is checked against beyond RFC 5545's own (`--profile`), each run in
/// the one pass of the checks (``ComponentChecker``).
public enum ValidationProfile: String, Sendable, CaseIterable {
    /// RFC 5545 and what reading finds.
    case rfc5545
    /// Also what feed readers reject (``FeedProfile``).
    case feed
    /// The feed's rules and what Outlook and Exchange read otherwise (``OutlookProfile``).
    case outlook
}
