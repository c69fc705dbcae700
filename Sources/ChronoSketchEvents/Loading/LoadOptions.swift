import ChronoSketchCore
import ChronoSketchSyntax

/// What to read and how to map it.
public struct LoadOptions: Sendable {
    /// The zone UTC and zoned times are converted to.
    public var zone: TargetZone
    /// The window's start on the target zone's wall clock: occurrences that end after it are
    /// kept.
    public var start: LocalDateTime?
    /// The window's exclusive end: occurrences that start before it are kept.
    public var end: LocalDateTime?
    /// The first day of the window (``start``'s), set as its 00:00.
    public var from: CivilDate? {
        get { start?.date }
        set { start = newValue.map(LocalDateTime.init(startOf:)) }
    }
    /// The first day after the window (the day ``end`` falls on, or the next when it is not at
    /// 00:00), set as its 00:00.
    public var to: CivilDate? {
        get {
            end.map { $0.secondOfDay == 0 ? $0.date : ((try? $0.date.adding(days: 1)) ?? $0.date) }
        }
        set { end = newValue.map(LocalDateTime.init(startOf:)) }
    }
    /// Whether X-WR-TIMEZONE gives floating times a zone.
    public var wrTimezone: WRTimezonePolicy
    /// The occurrences looked at, besides the window.
    public var filter = EventFilter()
    /// The calendar name of inputs read from a directory (a vdir), by input name: the
    /// directory's `displayname`, else its name. Other inputs go by their file name.
    public var calendarNames: [String: String] = [:]
    /// When set, each input is a calendar of its own (one person's export, say), named here
    /// by input name: no version of an event in one calendar replaces one in another, a
    /// series gathers its overrides from its own calendar only, and each id begins with its
    /// calendar's name and `/` (``CalendarEvent/separateCalendar``). Nil reads the inputs as
    /// versions of one calendar: of each id, the newest version of any input is kept.
    public var separateCalendars: [String: String]?
    /// Bounds on reading (line length, nesting, components).
    public var limits: ReadLimits
    /// Bounds on expanding series.
    public var expansion: ExpansionLimits
    /// What the checks report (``CheckScope``): `.events` unless set.
    public var checks = CheckScope.events
    /// Whether every component is also read by libical's own parser and what a libical-based
    /// client would read differently is reported (``LibicalReadingCheck``, `validate --libical`).
    public var comparesWithLibical = false
    /// The rules checked beyond RFC 5545's (``ValidationProfile``), in the same pass.
    public var profile = ValidationProfile.rfc5545
    /// The components whose occurrences are read: VEVENT unless set. A VTODO starts at its
    /// DTSTART, else its DUE, and ends at its DUE, else after its DURATION, else where it
    /// starts; a VJOURNAL starts and ends at its DTSTART (a date: that day).
    public var components: Set<ComponentKind> = [.event]
    /// Whether each input says which components it holds that the events leave out (VTODO,
    /// VJOURNAL, VFREEBUSY, VALARM, …), with counts: a conversion to occurrence records.
    public var namesComponentsLeftOut = false
    /// Where the VTODOs without DTSTART and DUE go when a task list asks for them (read
    /// with ``components`` holding VTODO); nil counts them and says they are not listed.
    public var undatedTasks: UndatedTasks?
    /// Whether each event and task keeps its VALARMs (``CalendarEvent/alarms``), what each
    /// says that keeps one from going off as written said.
    public var readsAlarms = false
    /// Whether the series without an end say where their listing stops (`endless-series`):
    /// not for a listing that shows each series by its first occurrence.
    public var saysSeriesHorizon = true
    /// Shown every item read from the inputs (what ``CalendarInfo`` counts).
    package var inspector: ComponentInspector?
    /// Told the bytes read and the events mapped, for a progress line.
    public var progress: ReadProgress?

    /// Options with the given zone, policy and bounds; no window, no filter.
    public init(
        zone: TargetZone, from: CivilDate? = nil, to: CivilDate? = nil,
        wrTimezone: WRTimezonePolicy = .apply, limits: ReadLimits = ReadLimits(),
        expansion: ExpansionLimits = ExpansionLimits()
    ) {
        self.zone = zone
        start = from.map(LocalDateTime.init(startOf:))
        end = to.map(LocalDateTime.init(startOf:))
        self.wrTimezone = wrTimezone
        self.limits = limits
        self.expansion = expansion
    }
}

/// The events of one or more inputs and everything worth telling about them.
public struct LoadedCalendar: Sendable {
    /// The events that overlap the window, sorted by start, then id.
    public var events: CalendarEvents
    /// Problems, in input order and then line order.
    public var diagnostics: [Diagnostic]
    /// The target zone's name.
    public var zone: String
    /// The inputs that could not be used at all (missing, not a calendar, …), in input order:
    /// each costs only its own events.
    public var unusableInputs: [InputError] = []

    package init(
        events: CalendarEvents, diagnostics: [Diagnostic], zone: String,
        unusableInputs: [InputError] = []
    ) {
        self.events = events
        self.diagnostics = diagnostics
        self.zone = zone
        self.unusableInputs = unusableInputs
    }

    /// Whether any diagnostic is an error (an event was skipped).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
