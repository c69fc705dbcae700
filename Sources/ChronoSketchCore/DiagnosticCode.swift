/// What kind of problem a diagnostic reports: a stable name, the same in every command, by
/// which diagnostics are folded and counted, shown in `validate --format json` and chosen with
/// `--ignore` and `--error`. The README lists each one with the RFC text it comes from and an
/// example.
public enum DiagnosticCode: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// An input that cannot be used at all: missing, unreadable, empty, not a calendar.
    case unusableInput = "unusable-input"
    /// An entry of an input directory that is no regular file (a FIFO, a socket, a device),
    /// left unread.
    case skippedFile = "skipped-file"

    // MARK: Bytes and lines (RFC 5545 §3.1, §6)

    /// A line that is not UTF-8, read as Windows-1252.
    case notUTF8 = "not-utf8"
    /// A UTF-16 file, read as such (§6 requires UTF-8).
    case utf16 = "utf16"
    /// A line holding a NUL byte.
    case nulByte = "nul-byte"
    /// An unfolded line longer than the limit, cut.
    case lineTooLong = "line-too-long"
    /// Blank lines (empty, or spaces and tabs only), skipped; said once per input.
    case blankLine = "blank-line"
    /// A line that is no `name;params:value` property.
    case notAProperty = "not-a-property"
    /// A parameter without `=` and a value.
    case parameterWithoutValue = "parameter-without-value"
    /// A line the reader rebuilt (quotes around a value, a TZID holding a colon).
    case repairedLine = "repaired-line"
    /// More parameters on a line than the limit.
    case tooManyParameters = "too-many-parameters"
    /// A parameter that RFC 5545 allows once, given again.
    case repeatedParameter = "repeated-parameter"

    // MARK: Structure (§3.4, §3.6)

    /// A BEGIN or END line without a component name.
    case componentWithoutName = "component-without-name"
    /// A component or property outside VCALENDAR, or an END:VCALENDAR without its BEGIN.
    case outsideCalendar = "outside-calendar"
    /// An END that names no open component.
    case unmatchedEnd = "unmatched-end"
    /// A component without its END.
    case missingEnd = "missing-end"
    /// Components nested deeper than the limit.
    case nestedTooDeep = "nested-too-deep"
    /// More properties in a component than the limit.
    case tooManyProperties = "too-many-properties"
    /// A VEVENT inside another component (a VTODO, an VALARM).
    case eventInsideComponent = "event-inside-component"
    /// A property that a component allows once, given again.
    case repeatedProperty = "repeated-property"
    /// A property RFC 5545 requires is missing (PRODID, VERSION, UID, DTSTAMP, DTSTART, …).
    case missingProperty = "missing-property"
    /// A property no RFC defines, without the X- of a private one.
    case unknownProperty = "unknown-property"
    /// VERSION other than 2.0.
    case version = "version"
    /// A VCALENDAR with no component.
    case emptyCalendar = "empty-calendar"
    /// DTEND (or DUE) beside DURATION.
    case endAndDuration = "end-and-duration"
    /// A VTIMEZONE without STANDARD or DAYLIGHT.
    case timeZoneWithoutObservance = "time-zone-without-observance"
    /// An X-LIC-ERROR line an earlier libical-based program wrote.
    case libicalError = "libical-error"
    /// A line or component libical's own parser reads otherwise (`validate --libical`).
    case libicalReadsOtherwise = "libical-reads-otherwise"

    // MARK: Values (§3.3)

    /// A value that does not read by its type (a date, an integer, a rule, …).
    case invalidValue = "invalid-value"
    /// A value whose type differs from what VALUE (or the default) says.
    case valueTypeMismatch = "value-type-mismatch"
    /// A PERIOD of dates, where date-times are needed.
    case periodOfDates = "period-of-dates"
    /// A recurrence rule read once a producer's slip is undone.
    case repairedRule = "repaired-rule"
    /// A STATUS or TRANSP value that is none of the RFC's.
    case unknownEnumeration = "unknown-enumeration"

    // MARK: Events (§3.6.1, §3.8.2)

    /// A VEVENT that cannot be placed: no DTSTART, or one that does not read.
    case eventWithoutStart = "event-without-start"
    /// A VEVENT without UID.
    case eventWithoutUID = "event-without-uid"
    /// An end that is not after the start, a negative duration.
    case endBeforeStart = "end-before-start"
    /// DTSTART and DTEND of different kinds (a date and a date-time, floating and zoned).
    case mixedTimes = "mixed-times"
    /// A DURATION of an all-day event that is not whole days.
    case partialDayDuration = "partial-day-duration"
    /// Two VEVENTs with the same id; the newer is kept.
    case duplicateEvent = "duplicate-event"
    /// X-WR-TIMEZONE after the first event.
    case lateCalendarZone = "late-calendar-zone"

    // MARK: Time zones (§3.2.19, §3.3.5, §3.6.5)

    /// A TZID that names no VTIMEZONE and no zone.
    case unknownTimeZone = "unknown-time-zone"
    /// A TZID read as a zone of another name (a dashed IANA name).
    case guessedTimeZone = "guessed-time-zone"
    /// A TZID on a UTC time.
    case zoneOnUTCTime = "zone-on-utc-time"
    /// A wall-clock time that does not exist (a spring-forward gap).
    case nonexistentTime = "nonexistent-time"
    /// A wall-clock time that occurs twice (a fall-back fold).
    case ambiguousTime = "ambiguous-time"
    /// A time outside the span a VTIMEZONE defines.
    case outsideTimeZoneSpan = "outside-time-zone-span"

    // MARK: Recurrence (§3.3.10, §3.8.4.4, §3.8.5)

    /// A series without COUNT or UNTIL.
    case endlessSeries = "endless-series"
    /// A rule that can never give an instance.
    case ruleNeverMatches = "rule-never-matches"
    /// A rule written against the RFC: COUNT with UNTIL, a DATE UNTIL for a timed series,
    /// an UNTIL before DTSTART, a BYDAY ordinal where none is allowed.
    case ruleMisuse = "rule-misuse"
    /// A rule libical cannot expand, or walks too long between instances.
    case unexpandableRule = "unexpandable-rule"
    /// A series that goes on past libical's last year.
    case yearLimit = "year-limit"
    /// An RDATE period that does not end after it starts.
    case emptyPeriod = "empty-period"
    /// An override of an instance that is removed, or older than another of it.
    case droppedOverride = "dropped-override"
    /// An override whose series has no such instance.
    case orphanOverride = "orphan-override"
    /// A VALARM that cannot go off as written: without TRIGGER, REPEAT without DURATION or
    /// the other way round, an absurd REPEAT, a trigger related to a time its component lacks
    /// or too far from its occurrence.
    case alarmMisuse = "alarm-misuse"

    // MARK: Limits

    /// An expansion bound reached: instances per series or in all, steps of a rule.
    case expansionLimit = "expansion-limit"

    // MARK: Conversion

    /// A calendar property of a later input that a merge does not carry.
    case notMerged = "not-merged"
    /// Two VTIMEZONEs of one TZID that differ, in a merge.
    case conflictingTimeZone = "conflicting-time-zone"
    /// A UID used in several inputs of a merge.
    case sharedUID = "shared-uid"
    /// Lines jCal has no form for.
    case noJCalForm = "no-jcal-form"
    /// A record (JSON, NDJSON, CSV) that cannot become an event, or text left out of one.
    case record = "record"
    /// What a series record has no field for: a component other than VEVENT, a second
    /// RRULE, EXRULE, a zone only a VTIMEZONE defines.
    case noRecordForm = "no-record-form"
    /// Occurrence records read back as one VEVENT each.
    case occurrenceRecords = "occurrence-records"
    /// A FREEBUSY value of a blocking calendar that is no period.
    case blockingValue = "blocking-value"

    // MARK: Publishing (`validate --profile feed`)

    /// Lines ending in LF alone, where RFC 5545 §3.1 ends every line with CRLF.
    case bareLineFeed = "bare-line-feed"
    /// Lines longer than 75 octets, not folded (RFC 5545 §3.1).
    case unfoldedLine = "unfolded-line"
    /// A TZID with no VTIMEZONE of that TZID in its calendar (RFC 5545 §3.2.19).
    case zoneWithoutDefinition = "zone-without-definition"
    /// A METHOD other than PUBLISH in a published calendar (RFC 5546).
    case methodInFeed = "method-in-feed"
    /// An override (RECURRENCE-ID) whose series is not in the calendar.
    case overrideWithoutMaster = "override-without-master"
    /// A PRIORITY or PERCENT-COMPLETE outside its range (RFC 5545 §3.8.1.9, §3.8.1.8).
    case valueOutOfRange = "value-out-of-range"
    /// A URL, SOURCE or other URI value that is no URI (RFC 3986).
    case invalidURI = "invalid-uri"
    /// A VTIMEZONE Outlook cannot read as written (MS-OXCICAL §2.1.3.1.1.19).
    case outlookTimeZone = "outlook-time-zone"
    /// Several VCALENDARs in one file, which Outlook and Exchange read in part or not at all.
    case outlookSeveralCalendars = "outlook-several-calendars"

    /// What the findings of this code are, in a few words (`lines that are no property`).
    public var summary: String {
        switch self {
        case .unusableInput: "inputs that cannot be used at all"
        case .skippedFile: "special files in a directory, left unread"
        case .notUTF8: "lines that are not UTF-8, read as Windows-1252"
        case .utf16: "a UTF-16 file, read as such"
        case .nulByte: "NUL bytes, which no line can hold"
        case .lineTooLong: "lines longer than the limit, cut"
        case .blankLine: "blank lines, skipped"
        case .notAProperty: "lines that are no property"
        case .parameterWithoutValue: "parameters without a value"
        case .repairedLine: "lines read once a slip of their writer is undone"
        case .tooManyParameters: "more parameters on a line than the limit"
        case .repeatedParameter: "parameters given twice"
        case .componentWithoutName: "BEGIN or END without a name"
        case .outsideCalendar: "lines outside VCALENDAR"
        case .unmatchedEnd: "END lines that match no open component"
        case .missingEnd: "components without their END"
        case .nestedTooDeep: "components nested deeper than the limit"
        case .tooManyProperties: "more properties in a component than the limit"
        case .eventInsideComponent: "VEVENTs inside other components"
        case .repeatedProperty: "properties given more often than RFC 5545 allows"
        case .missingProperty: "properties RFC 5545 requires that are missing"
        case .unknownProperty: "properties no RFC defines"
        case .version: "a VERSION other than 2.0"
        case .emptyCalendar: "calendars with no component"
        case .endAndDuration: "DURATION beside DTEND or DUE, or in a VTODO without DTSTART"
        case .timeZoneWithoutObservance: "VTIMEZONEs without observances"
        case .libicalError: "X-LIC-ERROR lines of an earlier program"
        case .libicalReadsOtherwise: "lines libical's parser reads otherwise"
        case .invalidValue: "values that do not read by their type"
        case .valueTypeMismatch: "values of another type than VALUE says"
        case .periodOfDates: "periods of dates"
        case .repairedRule: "recurrence rules read once a slip is undone"
        case .unknownEnumeration: "STATUS or TRANSP values RFC 5545 does not define"
        case .eventWithoutStart: "events without a usable DTSTART, skipped"
        case .eventWithoutUID: "events without UID"
        case .endBeforeStart: "ends before their starts"
        case .mixedTimes: "starts and ends of different kinds"
        case .partialDayDuration: "all-day durations that are not whole days"
        case .duplicateEvent: "events defined twice"
        case .lateCalendarZone: "X-WR-TIMEZONE after the first event"
        case .unknownTimeZone: "TZIDs that name no zone"
        case .guessedTimeZone: "TZIDs read as a zone of another name"
        case .zoneOnUTCTime: "TZIDs on UTC times"
        case .nonexistentTime: "times in a spring-forward gap"
        case .ambiguousTime: "times in a fall-back fold"
        case .outsideTimeZoneSpan: "times outside the years a VTIMEZONE covers"
        case .endlessSeries: "series without an end"
        case .ruleNeverMatches: "rules that never match"
        case .ruleMisuse: "rules written against RFC 5545"
        case .alarmMisuse: "alarms that cannot go off as written"
        case .unexpandableRule: "rules that are not expanded"
        case .yearLimit: "series past the last year libical expands"
        case .emptyPeriod: "RDATE periods that do not end after they start"
        case .droppedOverride: "overrides of removed or changed instances, dropped"
        case .orphanOverride: "overrides of instances a series does not have"
        case .expansionLimit: "expansion bounds reached"
        case .notMerged: "calendar properties a merge does not carry"
        case .conflictingTimeZone: "VTIMEZONEs of one TZID that differ"
        case .sharedUID: "UIDs used in several inputs"
        case .noJCalForm: "lines jCal has no form for"
        case .record: "records that cannot become events, or lose text"
        case .noRecordForm: "what series records have no field for"
        case .occurrenceRecords: "occurrence records read back one VEVENT each"
        case .blockingValue: "blocking values that are no period"
        case .bareLineFeed: "lines ending in LF alone"
        case .unfoldedLine: "lines longer than 75 octets"
        case .zoneWithoutDefinition: "TZIDs without their VTIMEZONE"
        case .methodInFeed: "METHODs that make a feed an invitation"
        case .overrideWithoutMaster: "overrides whose series is not in the calendar"
        case .valueOutOfRange: "values outside their range"
        case .invalidURI: "URIs that do not parse"
        case .outlookTimeZone: "time zones Outlook approximates"
        case .outlookSeveralCalendars: "calendars Outlook reads in part"
        }
    }

    /// Orders codes by name.
    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
