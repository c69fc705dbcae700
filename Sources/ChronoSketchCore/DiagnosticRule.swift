/// The registry of diagnostic codes: for each, the rule that says it (the type whose check
/// finds it), the severities it is said with, where it is said and what it means. Every code
/// is in it, by a switch the compiler checks is whole; `ics validate --list-rules` prints it,
/// and the README's table of codes follows it (a test compares them).
public struct DiagnosticRule: Sendable, Hashable {
    /// Where a code's findings are said.
    public enum Scope: String, Sendable, Hashable, CaseIterable {
        /// Finding the inputs named: every command.
        case inputs
        /// Reading `.ics` (and jCal) text into components: every command that reads one.
        case reading
        /// RFC 5545's rules over each component: `validate` and `info` every one, other
        /// commands those that change what they read.
        case checks
        /// Events as mapped and expanded: every command that reads events, and `validate`.
        case events
        /// `convert` of several inputs into one calendar.
        case merge
        /// `convert` to or from records and jCal.
        case conversion
        /// Calendars of blocked time (`--blocked`).
        case blocked
        /// `validate --profile feed` (and `outlook`, which holds the feed's rules).
        case feed
        /// `validate --profile outlook`.
        case outlook
        /// `validate --libical`.
        case libical

        /// Where it is said, in a few words.
        public var description: String {
            switch self {
            case .inputs: "every command, finding its inputs"
            case .reading: "every command, reading calendar text"
            case .checks: "validate and info; other commands what changes what they read"
            case .events: "every command that reads events, and validate"
            case .merge: "convert of several inputs"
            case .conversion: "convert to or from records and jCal"
            case .blocked: "--blocked calendars"
            case .feed: "validate --profile feed and outlook"
            case .outlook: "validate --profile outlook"
            case .libical: "validate --libical"
            }
        }
    }

    public let code: DiagnosticCode
    /// The severities its findings have, warning first: most codes have one; a few are an
    /// error where what they concern is left out (`validate`'s judgement, a component the
    /// input ends inside) and a warning where it is read on.
    public let severities: [Diagnostic.Severity]
    /// The type whose rule says it.
    public let rule: String
    public let scope: Scope
    /// What its findings are (``DiagnosticCode/summary``).
    public var description: String { code.summary }

    /// Every code's entry, in the order of ``DiagnosticCode/allCases``.
    public static var all: [DiagnosticRule] { DiagnosticCode.allCases.map(\.rule) }
}

extension DiagnosticCode {
    /// The code's entry in the registry.
    public var rule: DiagnosticRule {
        let (scope, severities, rule): (DiagnosticRule.Scope, [Diagnostic.Severity], String) =
            switch self {
            case .unusableInput: (.inputs, [.error], "InputError")
            case .skippedFile: (.inputs, [.warning], "InputPaths")
            case .notUTF8: (.reading, [.warning], "Windows1252")
            case .utf16: (.reading, [.warning], "ICalendarReader")
            case .nulByte: (.reading, [.error], "LineProblems")
            case .lineTooLong: (.reading, [.warning, .error], "LineProblems")
            case .blankLine: (.reading, [.warning], "ICalendarReader")
            case .notAProperty: (.reading, [.warning, .error], "LineProblems")
            case .parameterWithoutValue: (.reading, [.warning], "LineProblems")
            case .repairedLine: (.reading, [.warning], "PropertyTokenizer")
            case .tooManyParameters: (.reading, [.warning], "LineProblems")
            case .repeatedParameter: (.reading, [.warning], "Occurrences")
            case .componentWithoutName: (.reading, [.error], "ICalendarReader")
            case .outsideCalendar: (.reading, [.warning], "ICalendarReader")
            case .unmatchedEnd: (.reading, [.warning], "ICalendarReader")
            case .missingEnd: (.reading, [.warning, .error], "ICalendarReader")
            case .nestedTooDeep: (.reading, [.error], "LineProblems")
            case .tooManyProperties: (.reading, [.error], "LineProblems")
            case .eventInsideComponent: (.checks, [.warning], "NestedEventCheck")
            case .repeatedProperty: (.checks, [.warning], "RepeatedPropertyCheck")
            case .missingProperty: (.checks, [.error], "RequiredPropertyCheck")
            case .unknownProperty: (.checks, [.warning], "UnknownPropertyCheck")
            case .version: (.checks, [.warning], "VersionCheck")
            case .emptyCalendar: (.checks, [.warning, .error], "ComponentChecker")
            case .endAndDuration: (.checks, [.error], "EndAndDurationCheck")
            case .timeZoneWithoutObservance: (.checks, [.error], "ObservanceCheck")
            case .libicalError: (.checks, [.warning], "LibicalErrorCheck")
            case .libicalReadsOtherwise: (.libical, [.warning], "LibicalReadingCheck")
            case .invalidValue: (.checks, [.warning, .error], "ValueReader")
            case .valueTypeMismatch: (.checks, [.warning], "ValueReader")
            case .periodOfDates: (.checks, [.warning], "ValueReader")
            case .repairedRule: (.checks, [.warning], "ValueReader")
            case .unknownEnumeration: (.events, [.warning], "EventMapper")
            case .eventWithoutStart: (.checks, [.warning, .error], "RequiredPropertyCheck")
            case .eventWithoutUID: (.checks, [.warning, .error], "RequiredPropertyCheck")
            case .endBeforeStart: (.checks, [.warning, .error], "NegativeDurationCheck")
            case .mixedTimes: (.events, [.warning], "EventMapper")
            case .partialDayDuration: (.events, [.warning], "EventMapper")
            case .duplicateEvent: (.events, [.warning], "VersionRank")
            case .lateCalendarZone: (.events, [.warning], "CalendarStream")
            case .unknownTimeZone: (.events, [.warning], "EventMapper")
            case .guessedTimeZone: (.events, [.warning], "EventMapper")
            case .zoneOnUTCTime: (.checks, [.warning], "ZoneOnUTCTimeCheck")
            case .nonexistentTime: (.events, [.warning], "EventMapper")
            case .ambiguousTime: (.events, [.warning], "EventMapper")
            case .outsideTimeZoneSpan: (.events, [.warning], "ZoneOnsetCheck")
            case .endlessSeries: (.events, [.warning], "EventPipeline")
            case .ruleNeverMatches: (.events, [.warning], "SeriesExpander")
            case .ruleMisuse: (.events, [.warning], "SeriesExpander")
            case .unexpandableRule: (.events, [.warning], "SeriesExpander")
            case .yearLimit: (.events, [.warning], "SeriesExpander")
            case .emptyPeriod: (.events, [.warning], "SeriesExpander")
            case .droppedOverride: (.events, [.warning], "SeriesExpander")
            case .orphanOverride: (.events, [.warning], "SeriesExpander")
            case .alarmMisuse: (.events, [.warning], "AlarmReader")
            case .expansionLimit: (.events, [.warning], "ExpansionBudget")
            case .notMerged: (.merge, [.warning], "CalendarMerge")
            case .conflictingTimeZone: (.merge, [.warning], "MergedZones")
            case .sharedUID: (.merge, [.warning], "CalendarMerge")
            case .noJCalForm: (.conversion, [.warning], "Converter")
            case .record: (.conversion, [.warning, .error], "RecordReader")
            case .noRecordForm: (.conversion, [.warning], "LeftOutComponents")
            case .occurrenceRecords: (.conversion, [.warning], "RecordReader")
            case .blockingValue: (.blocked, [.warning], "BlockingCalendarReader")
            case .bareLineFeed: (.feed, [.warning], "FeedProfile")
            case .unfoldedLine: (.feed, [.warning], "FeedProfile")
            case .zoneWithoutDefinition: (.feed, [.warning], "FeedProfile")
            case .methodInFeed: (.feed, [.warning], "FeedProfile")
            case .overrideWithoutMaster: (.feed, [.warning], "FeedProfile")
            case .valueOutOfRange: (.feed, [.warning], "FeedProfile")
            case .invalidURI: (.feed, [.warning], "FeedProfile")
            case .outlookTimeZone: (.outlook, [.warning], "OutlookProfile")
            case .outlookSeveralCalendars: (.outlook, [.warning], "OutlookProfile")

            }
        return DiagnosticRule(code: self, severities: severities, rule: rule, scope: scope)
    }
}
