/// A VALARM of an event or a task (RFC 5545 §3.6.6): when it goes off, what it does and how
/// often it repeats.
public struct Alarm: Sendable, Hashable {
    /// When it goes off (TRIGGER, §3.8.6.3).
    public enum Trigger: Sendable, Hashable {
        /// A duration from the start of its event or task (`-PT15M`), or from its end
        /// (`RELATED=END`; a VTODO's end is its DUE).
        case relative(CalendarDuration, toEnd: Bool)
        /// An instant, in seconds since the epoch (`VALUE=DATE-TIME`, in UTC), once for the
        /// whole series.
        case absolute(Int)
        /// A wall-clock time without a zone (not RFC 5545's form, but written), on the clock
        /// of the listing's zone.
        case floating(LocalDateTime)

        /// Whether it is counted from its occurrence (else it is a time of its own).
        public var isRelative: Bool {
            if case .relative = self { return true }
            return false
        }
    }

    public var trigger: Trigger
    /// ACTION, upper-cased: AUDIO, DISPLAY, EMAIL, or another; nil when missing.
    public var action: String?
    /// DESCRIPTION, the text a DISPLAY alarm shows.
    public var description: String?
    /// SUMMARY, the subject of an EMAIL alarm.
    public var summary: String?
    /// How many times it goes off again after the first (REPEAT), and how long after each
    /// other (DURATION, in seconds); 0 and nil when it goes off once.
    public var repeatCount: Int
    public var repeatInterval: Int?
    /// The line of its `BEGIN:VALARM`.
    public var line: Int

    /// An alarm as given.
    public init(
        trigger: Trigger, action: String? = nil, description: String? = nil,
        summary: String? = nil, repeatCount: Int = 0, repeatInterval: Int? = nil, line: Int
    ) {
        self.trigger = trigger
        self.action = action
        self.description = description
        self.summary = summary
        self.repeatCount = repeatCount
        self.repeatInterval = repeatInterval
        self.line = line
    }

    /// The most repetitions of one alarm that are listed: RFC 5545 sets no bound, and an
    /// absurd REPEAT must not make a listing without end.
    public static let repeatLimit = 1_000

    /// How far from its occurrence an alarm is looked for, in days: a listing of alarms reads
    /// the occurrences this far around its window (a trigger further away is said).
    public static let reachDays = 366

    /// How long after its first trigger it goes off for the last time, in seconds.
    public var repeatSpan: Int { repeatCount * (repeatInterval ?? 0) }
}
