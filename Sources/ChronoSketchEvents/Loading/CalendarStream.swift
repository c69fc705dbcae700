import ChronoSketchCore
import ChronoSketchSyntax

/// The VEVENTs of one input (and its VTODOs and VJOURNALs when asked), handed on as they
/// are read.
///
/// An event is handed on as soon as every TZID it names has its VTIMEZONE, so a large file is
/// never held whole. One naming a TZID without a VTIMEZONE so far waits for the end of its
/// calendar, because RFC 5545 puts no order on a calendar's components and an embedded
/// VTIMEZONE wins over the IANA database. Every other component is let go once read.
struct CalendarStream {
    let name: String
    /// The name of its calendars that give none (X-WR-CALNAME).
    let calendarName: String
    private var reader: any ComponentSource
    /// What the stream itself says (X-WR-TIMEZONE after an event).
    private var log = DiagnosticLog()
    /// The checks, run on every item read (``ComponentChecker``).
    private var checker: ComponentChecker
    private(set) var scopes: [CalendarScope] = []
    private var current: Int?
    private var waiting: [EventSource] = []
    private var ready: [EventSource] = []
    private var readyIndex = 0
    /// Shown every item the reader hands on, before the stream takes what it needs.
    private let inspector: ComponentInspector?
    /// Whether each event keeps its VEVENT (``EventSource/component``).
    private let keepsComponents: Bool
    /// Which components' occurrences are read (``LoadOptions/components``).
    private let readsEvents: Bool
    private let readsTasks: Bool
    private let readsJournals: Bool
    /// The components left out so far (all but those read and VTIMEZONE, and those inside
    /// one read); nil when they are not counted.
    private var leftOut: LeftOutComponents?
    /// The VTODOs and VJOURNALs read that have no time to be placed at.
    private var undated = LeftOutComponents()
    /// Where the VTODOs without a time go, when a task list shows them.
    private let undatedTasks: UndatedTasks?
    /// Whether each event and task read keeps its VALARMs.
    private let readsAlarms: Bool

    /// Opens `source`: a tree is taken as it is, anything else read.
    /// - Parameters:
    ///   - checks: what the checks report (``CheckScope``).
    ///   - profile: the rules checked beyond RFC 5545's.
    ///   - inspector: shown every item read (what `ics info` counts).
    ///   - progress: told the bytes read.
    ///   - keepingComponents: whether each event keeps its VEVENT as read.
    ///   - components: the components whose occurrences are read (VEVENT alone by default).
    ///   - namingComponentsLeftOut: whether the input's end says which components were left
    ///     out (``LoadOptions/namesComponentsLeftOut``).
    ///   - undatedTasks: where the VTODOs without DTSTART and DUE go
    ///     (``LoadOptions/undatedTasks``); nil counts them as not listed.
    ///   - readingAlarms: whether each event and task keeps its VALARMs
    ///     (``LoadOptions/readsAlarms``).
    /// - Throws: ``InputError`` when the input is missing or unreadable.
    init(
        reading source: InputSource, limits: ReadLimits, checks: CheckScope = .events,
        comparesWithLibical: Bool = false, profile: ValidationProfile = .rfc5545,
        inspector: ComponentInspector? = nil,
        progress: ReadProgress? = nil, calendarName: String? = nil,
        keepingComponents: Bool = false, namingComponentsLeftOut: Bool = false,
        components: Set<ComponentKind> = [.event], undatedTasks: UndatedTasks? = nil,
        readingAlarms: Bool = false
    ) throws(InputError) {
        self.undatedTasks = undatedTasks
        readsAlarms = readingAlarms
        keepsComponents = keepingComponents
        readsEvents = components.contains(.event)
        readsTasks = components.contains(.todo)
        readsJournals = components.contains(.journal)
        leftOut = namingComponentsLeftOut ? LeftOutComponents() : nil
        name = source.name
        self.calendarName = calendarName ?? Self.calendarName(of: source.name)
        reader = try ComponentSources.open(
            source, limits: limits, progress: progress, measuringLines: profile != .rfc5545)
        checker = ComponentChecker(
            file: source.name, scope: checks, profile: profile,
            adding: comparesWithLibical ? [LibicalReadingCheck()] : [],
            readsTasks: components.contains(.todo))
        self.inspector = inspector
    }

    /// Problems found so far: of structure, what the checks found, and how events sit in
    /// their calendar.
    mutating func takeDiagnostics() -> [Diagnostic] {
        defer { log = DiagnosticLog() }
        var found = checker.takeFindings()
        found += log.diagnostics
        return reader.takeDiagnostics() + found.diagnostics
    }

    /// The next VEVENT, or nil at the end of the input.
    /// - Throws: ``InputError`` when the input turns out empty, not iCalendar or truncated.
    mutating func next() throws(InputError) -> EventSource? {
        while true {
            if readyIndex < ready.count {
                defer { readyIndex += 1 }
                return ready[readyIndex]
            }
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            guard let item = try reader.next() else {
                checker.finishInput(lines: reader.lineShape)
                let file = name
                if let said = leftOut?.take(file: file, record: "occurrence record") {
                    log.append(said)
                }
                if let said = undated.takeUndated(file: file) { log.append(said) }
                if waiting.isEmpty { return nil }
                release()
                continue
            }
            inspector?.inspect(item)
            checker.take(item)
            handle(item)
        }
    }

    private mutating func handle(_ item: ReaderItem) {
        switch item {
        case .calendarBegin:
            scopes.append(CalendarScope())
            current = scopes.count - 1
        case .calendarEnd:
            release()
            current = nil
        case .looseLine:
            break
        case .calendarProperty(let property):
            guard let current, let text = property.value?.text?.trimmingCharacters(), !text.isEmpty
            else { return }
            switch property.name {
            case "X-WR-TIMEZONE":
                scopes[current].wrTimezone = text
                if scopes[current].sawEvent {
                    log.append(
                        Diagnostic(
                            .warning, .lateCalendarZone, file: name, line: property.line,
                            message: "X-WR-TIMEZONE comes after the first VEVENT",
                            assumption: "the events before it are read without it"))
                }
            case "METHOD":
                scopes[current].method = text.uppercased()
            case "X-WR-CALNAME":
                scopes[current].name = text
            default:
                break
            }
        case .component(let component):
            let scope = current ?? implicitScope()
            if let kind = ComponentKind(name: component.name), reads(kind) {
                take(component, scope: scope)
            } else if component.name == "VTIMEZONE" {
                if let tzid = component.property("TZID")?.value?.text, !tzid.isEmpty {
                    scopes[scope].zones[tzid] = component
                }
            } else {
                leftOut?.add(component)
            }
            guard readsEvents else { break }
            for event in component.nestedEvents { take(event, scope: scope) }
        }
    }

    private func reads(_ kind: ComponentKind) -> Bool {
        switch kind {
        case .event: readsEvents
        case .todo: readsTasks
        case .journal: readsJournals
        }
    }

    /// Hands on a component read, or holds it until its calendar ends when a zone it names has no
    /// VTIMEZONE yet. One the input ends inside is not read: it may be cut short (the reader
    /// has said so).
    private mutating func take(_ component: ICalComponent, scope: Int) {
        guard component.closing != .endOfInput else { return }
        leftOut?.addChildren(of: component)
        scopes[scope].sawEvent = true
        var source = EventSource(component, file: name, calendar: scope)
        // A VEVENT without DTSTART is the checks' to say; a task may have no time at all.
        source.calendarName = scopes[scope].name ?? calendarName
        if source.kind != .event, source.start == nil {
            if source.kind == .todo, let undatedTasks {
                undatedTasks.append(undatedTask(source))
            } else {
                undated.add(component)
            }
            return
        }
        if keepsComponents { source.component = component }
        if readsAlarms, !component.components.isEmpty {
            source.alarms = AlarmReader.alarms(of: component, source: source, log: &log)
        }
        if source.zoneNames.allSatisfy({ scopes[scope].zones[$0] != nil }) {
            ready.append(source)
        } else {
            waiting.append(source)
        }
    }

    /// A VTODO without a time as a task list shows it; what it says out of range is said.
    private mutating func undatedTask(_ source: EventSource) -> UndatedTask {
        UndatedTask(
            uid: source.uid, title: source.summary, location: source.location,
            description: source.description, categories: source.categories, url: source.url,
            organizer: source.organizer, attendees: source.attendees,
            calendar: source.calendarName,
            source: SourceLocation(file: source.file, line: source.line),
            details: EventMapper.taskDetails(source, due: .none, log: &log))
    }

    /// Hands on the events that waited for their calendar's end.
    private mutating func release() {
        ready.append(contentsOf: waiting)
        waiting.removeAll()
    }

    /// The scope for components written outside any VCALENDAR.
    private mutating func implicitScope() -> Int {
        if scopes.isEmpty { scopes.append(CalendarScope()) }
        current = scopes.count - 1
        return scopes.count - 1
    }
}

/// Sees every item a ``CalendarStream`` reads, on the thread that reads it.
///
/// A stream read ahead (``ReadAheadStream``) calls it on the reading thread; what it gathers
/// is read by the calling thread only once the stream has ended.
package protocol ComponentInspector: AnyObject, Sendable {
    func inspect(_ item: ReaderItem)
}

extension CalendarStream {
    /// The name of a calendar that gives none: its file's name without folder and extension
    /// (`work` for `~/cal/work.ics`); standard input's as it is named.
    static func calendarName(of input: String) -> String {
        guard !input.hasPrefix("<") else { return input }
        var name = input.split(separator: "/").last.map(String.init) ?? input
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            name = String(name[..<dot])
        }
        return name
    }
}
