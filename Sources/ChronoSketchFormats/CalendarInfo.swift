import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// What a calendar input holds, told from one read: its calendars and producers, how many
/// events are single, series or overrides, the time zones its times name and how each was
/// resolved, the span its occurrences cover and what reading it found, by kind.
public struct CalendarInfo: Sendable {
    /// A time zone the times of an input name, and how the name was resolved.
    public struct Zone: Sendable, Hashable {
        /// The TZID as written.
        public var tzid: String
        /// How it was resolved; nil when it was not, and the times that name it are kept
        /// floating.
        public var resolution: ZoneResolution?
        /// How many times of the events (DTSTART, DTEND, RECURRENCE-ID, RDATE, EXDATE) name
        /// it; 0 for a calendar's X-WR-TIMEZONE no time names.
        public var uses: Int
    }

    /// Diagnostics that say the same thing of different values, counted together.
    public struct FindingKind: Sendable, Hashable {
        /// Error or warning.
        public var severity: Diagnostic.Severity
        /// What kind of finding it is.
        public var code: DiagnosticCode
        /// Every time it was found, repeats included.
        public var count: Int
    }

    /// The input's name.
    public var file: String
    /// VCALENDARs in the input.
    public var calendars = 0
    /// Calendar names (X-WR-CALNAME, NAME), each once, in the order read.
    public var names: [String] = []
    /// PRODIDs, each once, in the order read.
    public var producers: [String] = []
    /// METHODs (an iTIP message), each once.
    public var methods: [String] = []
    /// Components by name (VEVENT, VTODO, VTIMEZONE, …), the ones inside another included
    /// (VALARM, STANDARD, DAYLIGHT), sorted by name.
    public var components: [(name: String, count: Int)] = []
    /// VEVENTs without RECURRENCE-ID, RRULE or RDATE.
    public var singleEvents = 0
    /// VEVENTs with RRULE or RDATE (and no RECURRENCE-ID).
    public var series = 0
    /// Series whose rules have neither COUNT nor UNTIL.
    public var openEndedSeries = 0
    /// VEVENTs with RECURRENCE-ID.
    public var overrides = 0
    /// Events whose DTSTART is a DATE.
    public var allDayEvents = 0
    /// Events whose DTSTART is in UTC.
    public var utcEvents = 0
    /// Events whose DTSTART is a date-time with neither TZID nor UTC.
    public var floatingEvents = 0
    /// Events whose DTSTART names a TZID.
    public var zonedEvents = 0
    /// The zones event times name, by TZID.
    public var zones: [Zone] = []
    /// X-WR-TIMEZONE of each calendar that has one, and how it was resolved.
    public var calendarZones: [Zone] = []
    /// The occurrences the events give (series expanded, overrides and exceptions applied),
    /// series without an end listed as ``CalendarLoader`` lists them.
    public var occurrences = 0
    /// Where the first occurrence starts and the last one ends, on the wall clock of the
    /// target zone (floating and all-day times as written); nil without occurrences.
    public var firstStart: LocalDateTime?
    /// Where the last occurrence ends (exclusive); nil without occurrences.
    public var lastEnd: LocalDateTime?
    /// What reading and mapping found, by kind, errors first, then the most frequent.
    public var findings: [FindingKind] = []

    /// Every VEVENT in the input.
    public var events: Int { singleEvents + series + overrides }

    /// Reads `input` once: the components are counted as they are read while the events
    /// are mapped as for `ics events` (with `options`' zone and limits; its window and filter
    /// are not used).
    /// - Throws: ``InputError`` when the input cannot be used at all.
    /// - Parameter policy: which findings are left out or counted as errors.
    /// - Parameter profile: the rules beyond RFC 5545's, as `validate` checks them.
    public static func read(
        _ input: InputSource, options: LoadOptions, policy: DiagnosticPolicy = DiagnosticPolicy(),
        profile: ValidationProfile = .rfc5545, database: ZoneInfoDatabase = .system
    ) throws(InputError) -> CalendarInfo {
        let counter = Counter()
        var options = options
        options.start = nil
        options.end = nil
        options.filter = EventFilter()
        options.inspector = counter
        options.checks = .conformance
        options.profile = profile
        let (spans, diagnostics, unusable) = CalendarLoader.load(
            [input], options: options, database: database
        ) { ($0.interval.start, $0.interval.end) }
        if let failure = unusable.first { throw failure }

        var info = CalendarInfo(file: input.name)
        counter.fill(&info, database: database)
        info.occurrences = spans.count
        info.firstStart = spans.lazy.map(\.0).min()
        info.lastEnd = spans.lazy.map(\.1).max()
        info.findings = kinds(
            of: policy.apply(Validator.findings(diagnostics, profile: profile)))
        return info
    }

    /// Diagnostics grouped by severity and code, most frequent first.
    static func kinds(of diagnostics: [Diagnostic]) -> [FindingKind] {
        var counts: [Pair: Int] = [:]
        var order: [Pair] = []
        for diagnostic in diagnostics {
            let key = Pair(severity: diagnostic.severity, code: diagnostic.code)
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1 + diagnostic.repeats
        }
        let kinds = order.map {
            FindingKind(severity: $0.severity, code: $0.code, count: counts[$0] ?? 0)
        }
        // Stable: kinds of the same severity and count stay in the order first found.
        return kinds.enumerated().sorted { lhs, rhs in
            if lhs.element.severity != rhs.element.severity {
                return lhs.element.severity > rhs.element.severity
            }
            if lhs.element.count != rhs.element.count {
                return lhs.element.count > rhs.element.count
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    private struct Pair: Hashable {
        var severity: Diagnostic.Severity
        var code: DiagnosticCode
    }

    /// Counts the components as the stream reads them, on the reading thread; read once the
    /// stream has ended.
    private final class Counter: ComponentInspector, @unchecked Sendable {
        var calendars = 0
        var names: [String] = []
        var producers: [String] = []
        var methods: [String] = []
        var components: [String: Int] = [:]
        var singles = 0
        var series = 0
        var openEnded = 0
        var overrides = 0
        var allDay = 0
        var utc = 0
        var floating = 0
        var zoned = 0
        /// Per calendar: its VTIMEZONEs, the TZIDs its times name with their count, and its
        /// X-WR-TIMEZONE.
        var scopes: [CalendarScope] = []
        var uses: [[String: Int]] = []
        var current: Int?

        func inspect(_ item: ReaderItem) {
            switch item {
            case .calendarBegin:
                calendars += 1
                scopes.append(CalendarScope())
                uses.append([:])
                current = scopes.count - 1
            case .calendarProperty(let property):
                guard let text = property.value?.text?.trimmingCharacters(), !text.isEmpty else {
                    return
                }
                switch property.name {
                case "PRODID": Self.add(text, to: &producers)
                case "METHOD": Self.add(text.uppercased(), to: &methods)
                case "X-WR-CALNAME", "NAME": Self.add(text, to: &names)
                case "X-WR-TIMEZONE":
                    if let current { scopes[current].wrTimezone = text }
                default: break
                }
            case .component(let component):
                let scope = current ?? implicitScope()
                count(component, scope: scope)
            case .calendarEnd:
                current = nil
            case .looseLine:
                break
            }
        }

        private static func add(_ text: String, to list: inout [String]) {
            if !list.contains(text) { list.append(text) }
        }

        private func implicitScope() -> Int {
            if scopes.isEmpty {
                scopes.append(CalendarScope())
                uses.append([:])
            }
            current = scopes.count - 1
            return scopes.count - 1
        }

        private func count(_ component: ICalComponent, scope: Int) {
            components[component.name, default: 0] += 1
            switch component.name {
            case "VEVENT" where component.closing != .endOfInput:
                countEvent(component, scope: scope)
            case "VTIMEZONE":
                if let tzid = component.property("TZID")?.value?.text, !tzid.isEmpty {
                    scopes[scope].zones[tzid] = component
                }
            default:
                break
            }
            for child in component.components { count(child, scope: scope) }
        }

        private func countEvent(_ event: ICalComponent, scope: Int) {
            let rules = event.properties.filter { $0.name == "RRULE" }
            if event.property("RECURRENCE-ID") != nil {
                overrides += 1
            } else if !rules.isEmpty || event.property("RDATE") != nil {
                series += 1
                let ends = rules.contains {
                    guard case .recurrence(let rule)? = $0.value else { return false }
                    return rule.count == nil && rule.until == nil
                }
                if ends { openEnded += 1 }
            } else {
                singles += 1
            }
            if let start = event.property("DTSTART") {
                switch start.value {
                case .dateTime(.date)?: allDay += 1
                case .dateTime(.dateTime(_, isUTC: true))?: utc += 1
                case .dateTime(.dateTime(_, isUTC: false))?:
                    if start.parameter("TZID") == nil { floating += 1 } else { zoned += 1 }
                default: break
                }
            }
            for property in event.properties
            where ["DTSTART", "DTEND", "RECURRENCE-ID", "RDATE", "EXDATE"].contains(property.name) {
                if let tzid = property.parameter("TZID"), !tzid.isEmpty {
                    uses[scope][tzid, default: 0] += 1
                }
            }
        }

        /// Copies the counts into `info`, each zone resolved as mapping resolves it.
        func fill(_ info: inout CalendarInfo, database: ZoneInfoDatabase) {
            info.calendars = calendars
            info.names = names
            info.producers = producers
            info.methods = methods
            info.components = components.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            info.singleEvents = singles
            info.series = series
            info.openEndedSeries = openEnded
            info.overrides = overrides
            info.allDayEvents = allDay
            info.utcEvents = utc
            info.floatingEvents = floating
            info.zonedEvents = zoned
            let resolver = ZoneResolver(database: database)
            func resolution(_ tzid: String, _ index: Int) -> ZoneResolution? {
                resolver.zone(tzid, file: 0, calendar: index, scope: scopes[index])?.source
            }
            var zones: [Zone] = []
            for (index, counts) in uses.enumerated() {
                for (tzid, uses) in counts.sorted(by: { $0.key < $1.key }) {
                    let resolved = resolution(tzid, index)
                    if let known = zones.firstIndex(where: {
                        $0.tzid == tzid && $0.resolution == resolved
                    }) {
                        zones[known].uses += uses
                    } else {
                        zones.append(Zone(tzid: tzid, resolution: resolved, uses: uses))
                    }
                }
            }
            info.zones = zones.sorted { ($0.uses, $1.tzid) > ($1.uses, $0.tzid) }
            for (index, scope) in scopes.enumerated() {
                guard let name = scope.wrTimezone else { continue }
                let zone = Zone(tzid: name, resolution: resolution(name, index), uses: 0)
                if !info.calendarZones.contains(zone) { info.calendarZones.append(zone) }
            }
        }
    }
}
