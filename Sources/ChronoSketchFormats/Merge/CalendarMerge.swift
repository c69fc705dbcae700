import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// The items of `convert`'s inputs as the items of what it writes, handed to a sink as they
/// arrive.
///
/// One input is written as it was read. Several become one VCALENDAR: the properties of the
/// first calendar read (VERSION and PRODID of `ics` when it gives none before its first
/// component), then every component in input order, each VTIMEZONE once per TZID, then the
/// lines that stood outside every component. A calendar property of a later calendar that
/// the first does not have, a VTIMEZONE that another input defines differently and a UID
/// that two inputs use are reported. What is held is a VTIMEZONE per TZID, a hash per UID and
/// per calendar property carried, and the lines outside components, never an event.
///
/// `X-WR-TIMEZONE` is never carried into a merge: under `--x-wr-timezone apply` each input's
/// own is applied to its floating times (``CalendarZoneInMerge``), so every event keeps the
/// instant it has when its input is read alone.
struct CalendarMerge<Sink: CalendarItemSink> {
    var sink: Sink
    private let names: [String]
    private let merging: Bool
    private let window: EventsInWindow?

    /// Whether the open input's items are inside a VCALENDAR.
    private var inCalendar = false
    /// Whether the merged calendar has begun, takes the properties of the calendar now being
    /// read, and has properties.
    private var begun = false
    private var takingProperties = false
    private var hasProperties = false
    /// The calendar properties carried into the merged calendar, by a hash of their lines.
    private var carried: Set<Int> = []
    private var zones: [String: (input: Int, component: ICalComponent)] = [:]
    /// The last input that used each UID, by a hash of the UID.
    private var uids: [Int: Int] = [:]
    private var looseLines: [ICalProperty] = []
    /// VTIMEZONEs written for an X-WR-TIMEZONE, by TZID: an input's own by that TZID is then
    /// left out without a word.
    private var generatedZones: Set<String> = []
    private let resolver: ZoneResolver?
    /// With `--dedupe`, which input's version of a shared UID is kept.
    private let newest: NewestAcrossInputs?
    /// The VTIMEZONE written for a TZID in place of the first input's, where that one does
    /// not hold every time written in it (``MergedZones``).
    private let zoneReplacements: [String: ICalComponent]
    /// The UIDs of each input already said to be left out.
    private var leftOut: Set<String> = []
    /// The open calendar's X-WR-TIMEZONE, its line, its VTIMEZONEs so far and how many
    /// calendars came before it; the zone once resolved.
    private var calendarZoneName: (name: String, line: Int)?
    private var calendarZones: [String: ICalComponent] = [:]
    private var calendarCount = 0
    private var calendarZone: CalendarZoneInMerge??
    /// Lines written that are not properties, or outside every component.
    private(set) var linesThatAreNotProperties = 0

    /// - Parameters:
    ///   - names: the inputs' names, for messages.
    ///   - window: the events to keep, when a date window is asked for; other components
    ///     are always kept.
    ///   - zones: how X-WR-TIMEZONE names are read, when they are applied (nil for
    ///     `--x-wr-timezone ignore`).
    init(
        into sink: Sink, names: [String], window: EventsInWindow?, zones resolver: ZoneResolver?,
        newest: NewestAcrossInputs? = nil, mergedZones: MergedZones? = nil
    ) {
        self.newest = newest
        zoneReplacements = mergedZones?.replacements ?? [:]
        self.sink = sink
        self.names = names
        merging = names.count > 1
        self.window = window
        self.resolver = resolver
    }

    /// Takes the next item of input `input`.
    mutating func take(_ item: ReaderItem, input: Int, log: inout DiagnosticLog) {
        guard merging else {
            pass(item, input: input)
            return
        }
        switch item {
        case .calendarBegin:
            takingProperties = !begun
            calendarZoneName = nil
            calendarZones = [:]
            calendarZone = nil
            calendarCount += 1
            begin()
        case .calendarProperty(let property) where property.name == "X-WR-TIMEZONE":
            guard let name = property.value?.text, !name.isEmpty else { return }
            calendarZoneName = (name, property.line)
            calendarZone = nil
        case .calendarProperty(let property):
            if takingProperties {
                hasProperties = true
                carried.insert(property.contentLine.hashValue)
                write(item)
            } else if !carried.contains(property.contentLine.hashValue) {
                log.append(
                    Diagnostic(
                        .warning, .notMerged, file: names[input], line: property.line,
                        message:
                            "\(property.name):\(property.rawValue) is not carried into the merged calendar",
                        assumption: "the first input's calendar properties are kept"))
            }
        case .component(let component):
            begin()
            if !hasProperties {
                hasProperties = true
                for property in Self.defaultProperties { write(.calendarProperty(property)) }
            }
            if component.name == "VTIMEZONE", let tzid = component.property("TZID")?.value?.text {
                calendarZones[tzid] = component
            }
            guard isFirst(component, input: input, log: &log),
                window?.keeps(component, input: names[input]) ?? true
            else { return }
            if component.name == "VTIMEZONE", let tzid = component.property("TZID")?.value?.text,
                let replacement = zoneReplacements[tzid]
            {
                return write(.component(replacement))
            }
            guard component.name != "VTIMEZONE",
                let zone = zoneOfCalendar(input: input, log: &log)
            else { return write(item) }
            let (applied, changed) = zone.applied(to: component)
            if changed, !zone.isUTC, zones[zone.tzid] == nil,
                let definition = zone.definition
            {
                zones[zone.tzid] = (input, definition)
                generatedZones.insert(zone.tzid)
                write(.component(definition))
            }
            write(.component(applied))
        case .calendarEnd:
            takingProperties = false
        case .looseLine(let property):
            looseLines.append(property)
        }
    }

    /// Ends the output; nothing is written when no input gave anything.
    mutating func finish() {
        guard merging, begun else { return }
        if !hasProperties {
            for property in Self.defaultProperties { write(.calendarProperty(property)) }
        }
        write(.calendarEnd(closing: .end, endText: nil))
        for line in looseLines { write(.looseLine(line)) }
        looseLines = []
    }

    /// One input's item as it came, but for VEVENTs outside the window.
    private mutating func pass(_ item: ReaderItem, input: Int) {
        switch item {
        case .calendarBegin: inCalendar = true
        case .calendarEnd: inCalendar = false
        case .component(let component):
            if inCalendar, let window, !window.keeps(component, input: names[input]) { return }
        case .calendarProperty, .looseLine: break
        }
        write(item)
    }

    private mutating func begin() {
        guard !begun else { return }
        begun = true
        write(.calendarBegin(ICalComponent(name: "VCALENDAR", line: 1)))
    }

    /// Whether the component is written: false for a VTIMEZONE whose TZID came before
    /// (reported when it differs); a UID an earlier input used is reported.
    private mutating func isFirst(
        _ component: ICalComponent, input: Int, log: inout DiagnosticLog
    ) -> Bool {
        if component.name == "VTIMEZONE", let tzid = component.property("TZID")?.value?.text {
            guard let first = zones[tzid] else {
                zones[tzid] = (input, component)
                return true
            }
            // A replaced definition was said in the first pass.
            if !generatedZones.contains(tzid), zoneReplacements[tzid] == nil,
                !first.component.isSameTree(as: component, exactText: false)
            {
                log.append(
                    MergedZones.conflict(
                        file: names[input], line: component.line,
                        "VTIMEZONE '\(tzid)' differs from the one in \(names[first.input])",
                        "the first is kept"))
            }
            return false
        }
        if component.name == "VEVENT", let uid = component.property("UID")?.value?.text,
            let (kept, reason) = newest?.replacement(of: uid, in: input)
        {
            if leftOut.insert("\(input) \(uid)").inserted {
                log.append(
                    Diagnostic(
                        .warning, .sharedUID, file: names[input], line: component.line, uid: uid,
                        message: "UID '\(uid)' is also used in \(names[kept])",
                        assumption:
                            "this input's version is left out (--dedupe): the other \(reason)"))
            }
            return false
        }
        if component.property("RECURRENCE-ID") == nil,
            let uid = component.property("UID")?.value?.text
        {
            let key = uid.hashValue
            if let other = uids[key], other != input {
                log.append(
                    Diagnostic(
                        .warning, .sharedUID, file: names[input], line: component.line, uid: uid,
                        message: "UID '\(uid)' is also used in \(names[other])",
                        assumption: "both are kept"))
            }
            uids[key] = input
        }
        return true
    }

    /// The zone the open calendar's X-WR-TIMEZONE names, resolved when its first component
    /// other than a VTIMEZONE comes (its VTIMEZONEs come first), and said once: it is not
    /// carried, and what its floating times become.
    private mutating func zoneOfCalendar(input: Int, log: inout DiagnosticLog)
        -> CalendarZoneInMerge?
    {
        if let calendarZone { return calendarZone }
        guard let (name, line) = calendarZoneName else { return nil }
        let zone = resolver.flatMap {
            CalendarZoneInMerge(
                name: name, zones: calendarZones, resolver: $0, input: input,
                calendar: calendarCount)
        }
        calendarZone = .some(zone)
        let assumption =
            if let zone {
                zone.isUTC
                    ? "its floating times are written in UTC, the instants they have in this file"
                    : "its floating times are written with TZID=\(zone.tzid), the instants they have in this file"
            } else if resolver == nil {
                "its floating times stay floating (--x-wr-timezone ignore)"
            } else {
                "it names no zone: its floating times stay floating, as in this file"
            }
        log.append(
            Diagnostic(
                .warning, .notMerged, file: names[input], line: line,
                message: "X-WR-TIMEZONE:\(name) is not carried into the merged calendar",
                assumption: assumption))
        return zone
    }

    private mutating func write(_ item: ReaderItem) {
        switch item {
        case .calendarProperty(let property):
            if !property.isProperty { linesThatAreNotProperties += 1 }
        case .looseLine:
            linesThatAreNotProperties += 1
        case .component(let component):
            linesThatAreNotProperties += component.linesThatAreNotProperties
        case .calendarBegin, .calendarEnd: break
        }
        sink.take(item)
    }

    /// The properties of a calendar built from parts.
    static var defaultProperties: [ICalProperty] {
        [
            ICalProperty(name: "VERSION", value: .text("2.0")),
            ICalProperty(name: "PRODID", value: .text(Converter.productID)),
        ]
    }
}

/// Which VEVENTs have an occurrence in a date window: found by a pass of the events pipeline
/// over the inputs before they are written, kept as a hash per UID (a series is kept whole)
/// and, for VEVENTs without a UID, the line they begin on.
struct EventsInWindow: Sendable {
    private var uids: Set<Int> = []
    private var withoutUID: Set<SourceLocation> = []
    /// What the pass said of the series it expanded, which decides which of them are kept:
    /// where it stopped one at a bound (``DiagnosticCode/expansionLimit``: an occurrence past it
    /// is not seen, so its series may be left out) and how it read a rule (``readsARule(_:)``).
    /// The rest of what the pass finds is found again when the inputs are written.
    private(set) var expansionFindings: [Diagnostic] = []

    /// Whether `code` says how a rule was read or expanded.
    static func readsARule(_ code: DiagnosticCode) -> Bool {
        switch code {
        case .expansionLimit, .ruleMisuse, .ruleNeverMatches, .unexpandableRule, .yearLimit: true
        default: false
        }
    }

    /// Reads `inputs` (each must be readable twice) for the events in `options`' window that
    /// its filter keeps.
    init(_ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase) {
        final class Found {
            var uids: Set<Int> = []
            var withoutUID: Set<SourceLocation> = []
        }
        let found = Found()
        let (diagnostics, _) = CalendarLoader.stream(inputs, options: options, database: database) {
            event in
            found.uids.insert(ExactText(event.uid).hashValue)
            // An event without a UID goes by `file:line`.
            if !event.hasUID { found.withoutUID.insert(event.source) }
        }
        expansionFindings = diagnostics.filter { Self.readsARule($0.code) }
        uids = found.uids
        withoutUID = found.withoutUID
    }

    /// Whether `component` is written: every component but a VEVENT without an occurrence in
    /// the window (and the filter).
    func keeps(_ component: ICalComponent, input: String) -> Bool {
        guard component.name == "VEVENT" else { return true }
        if let uid = component.property("UID")?.value?.text {
            return uids.contains(ExactText(uid).hashValue)
        }
        return withoutUID.contains(SourceLocation(file: input, line: component.line))
    }
}
