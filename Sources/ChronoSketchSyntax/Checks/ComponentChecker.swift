import ChronoSketchCore

/// The one traversal of the checks: every item a reader hands on goes through it, in the
/// order read, and each component is checked with its children by every ``ComponentCheck``.
///
/// Every reading command runs it on its input (``CalendarStream`` for the commands that read
/// events, ``Converter`` for `convert`), with the ``CheckScope`` that says what the command
/// reports; so a rule lives in one place, and the same line gets the same finding everywhere.
package struct ComponentChecker {
    /// Every check, in the order their findings are said for one line; called directly, not
    /// through a list of protocol values, since an indirect call that changes target on every
    /// check is one the processor mispredicts for every component read.
    private static func runChecks(
        _ component: ICalComponent, in context: CheckContext, findings: inout Findings
    ) {
        PropertyLineCheck().check(component, in: context, findings: &findings)
        ValueCheck().check(component, in: context, findings: &findings)
        ZoneOnUTCTimeCheck().check(component, in: context, findings: &findings)
        RepeatedPropertyCheck().check(component, in: context, findings: &findings)
        LibicalErrorCheck().check(component, in: context, findings: &findings)
        UnknownPropertyCheck().check(component, in: context, findings: &findings)
        RequiredPropertyCheck().check(component, in: context, findings: &findings)
        EndAndDurationCheck().check(component, in: context, findings: &findings)
        NegativeDurationCheck().check(component, in: context, findings: &findings)
        VersionCheck().check(component, in: context, findings: &findings)
        ObservanceCheck().check(component, in: context, findings: &findings)
        NestedEventCheck().check(component, in: context, findings: &findings)
        ZoneOnsetCheck().check(component, in: context, findings: &findings)
    }

    /// The checks of one property of a calendar, as it is read (those of ``runChecks(_:in:findings:)``
    /// that look at each property alone), in their order there.
    private static func runPropertyChecks(
        _ property: ICalProperty, of calendar: ICalComponent, seen: inout Occurrences.Seen,
        in context: CheckContext, findings: inout Findings
    ) {
        let alone = ICalComponent(name: calendar.name, properties: [property], line: calendar.line)
        PropertyLineCheck().check(alone, in: context, findings: &findings)
        ValueCheck().check(alone, in: context, findings: &findings)
        ZoneOnUTCTimeCheck().check(alone, in: context, findings: &findings)
        RepeatedPropertyCheck.check(
            property, of: calendar, seen: &seen, in: context, findings: &findings)
        LibicalErrorCheck().check(alone, in: context, findings: &findings)
        UnknownPropertyCheck().check(alone, in: context, findings: &findings)
    }

    /// The checks of a calendar as a whole, over the properties it keeps of it.
    private static func runCalendarChecks(
        _ calendar: ICalComponent, in context: CheckContext, findings: inout Findings
    ) {
        RequiredPropertyCheck().check(calendar, in: context, findings: &findings)
        VersionCheck().check(calendar, in: context, findings: &findings)
    }

    let scope: CheckScope
    /// Checks the caller adds to these (what a command asks for beyond RFC 5545), run after
    /// them.
    private let added: [any ComponentCheck]
    private var findings: Findings
    /// The calendar being read, with the first of each of its properties that RFC 5545 allows
    /// once (what the checks of the calendar as a whole read): each property is checked as
    /// it comes and let go, so that a calendar of a million properties holds a dozen.
    private var calendar: ICalComponent?
    /// The properties that may occur once seen in the calendar so far.
    private var calendarSeen = Occurrences.Seen(in: "VCALENDAR")
    /// What the checks found of the calendar's properties, said once its UID is known.
    private var calendarFindings: Findings
    private var method: String?
    /// The first onset of each VTIMEZONE of the calendar being read, by TZID
    /// (``ZoneOnsetCheck``).
    private var zoneOnsets: [String: LocalDateTime] = [:]
    /// How many components the calendar being read has had.
    private var componentCount = 0
    private static let keptOfCalendar = Occurrences.singleUse(in: "VCALENDAR")
    /// The rules of the profile asked for, which see every item as read and judge the
    /// input at its end.
    private var feed: FeedProfile?
    private var outlook: OutlookProfile?
    /// What they found, once the input ended (they are then let go).
    private var profileFindings: [Diagnostic] = []
    /// Whether the VTODOs are read as well as the VEVENTs (``CheckContext/readsTasks``).
    private let readsTasks: Bool

    /// - Parameters:
    ///   - profile: the rules checked beyond RFC 5545's, in the same pass.
    ///   - added: further checks of each component (`--libical`'s).
    ///   - readsTasks: whether the VTODOs are read (`--component VTODO`), so that what keeps
    ///     one from being placed as written is said beside the events' problems.
    package init(
        file: String, scope: CheckScope, profile: ValidationProfile = .rfc5545,
        adding added: [any ComponentCheck] = [], readsTasks: Bool = false
    ) {
        self.readsTasks = readsTasks
        self.scope = scope
        self.added = added
        findings = Findings(file: file)
        calendarFindings = Findings(file: file)
        if profile != .rfc5545 { feed = FeedProfile(file: file) }
        if profile == .outlook { outlook = OutlookProfile(file: file) }
    }

    /// Checks what `item` completes: a component as soon as it is read, the calendar's own
    /// properties at its end.
    package mutating func take(_ item: ReaderItem) {
        // Outlook's rules come with the feed's: one test keeps both out of a plain read.
        if feed != nil {
            feed?.take(item)
            outlook?.take(item)
        }
        switch item {
        case .calendarBegin(let begun):
            finishCalendar()
            calendar = begun
            calendarSeen = Occurrences.Seen(in: begun.name)
            method = nil
            componentCount = 0
            zoneOnsets = [:]
        case .calendarProperty(let property):
            if property.name == "METHOD", method == nil {
                method = property.value?.text?.trimmingCharacters().uppercased()
            }
            check(calendarProperty: property)
        case .component(let component):
            componentCount += 1
            check(component, parent: calendar.map { ($0.name, $0.line) })
        case .looseLine:
            break
        case .calendarEnd:
            finishCalendar()
        }
    }

    /// Checks a calendar the input ended inside, and judges the input as a whole by the
    /// profile's rules: `lines` is how its lines ended and ran, nil when it was not read as
    /// `.ics` text.
    package mutating func finishInput(lines: LineShape? = nil) {
        finishCalendar()
        // The input is judged once, however often its end is reached.
        if var rules = feed.take() { profileFindings += rules.finishInput(lines: lines) }
        if var rules = outlook.take() { profileFindings += rules.finishInput() }
    }

    /// Hands over every finding so far.
    package mutating func takeFindings() -> DiagnosticLog {
        var found = findings.take()
        found += profileFindings
        profileFindings = []
        return found
    }

    /// How many properties of the open calendar are kept until its end.
    var keptCalendarProperties: Int { calendar?.properties.count ?? 0 }

    /// Checks a property of the open calendar, keeping it when the calendar as a whole is
    /// checked by it.
    private mutating func check(calendarProperty property: ICalProperty) {
        guard var open = calendar else { return }
        let context = CheckContext(scope: scope, parent: nil, method: method)
        Self.runPropertyChecks(
            property, of: open, seen: &calendarSeen, in: context, findings: &calendarFindings)
        if !added.isEmpty {
            let alone = ICalComponent(name: open.name, properties: [property], line: open.line)
            for check in added { check.check(alone, in: context, findings: &calendarFindings) }
        }
        if let known = property.known, Self.keptOfCalendar.contains(known),
            !open.properties.contains(where: { $0.known == known })
        {
            calendar = nil
            open.properties.append(property)
            calendar = open
        }
    }

    private mutating func finishCalendar() {
        guard let finished = calendar else { return }
        calendar = nil
        findings.uidProperty = finished.property("UID")
        findings.take(&calendarFindings)
        let context = CheckContext(scope: scope, parent: nil, method: method)
        Self.runCalendarChecks(finished, in: context, findings: &findings)
        // RFC 5545 §3.6: a calendar holds at least one component. Said where a calendar is
        // judged or written; a listing of its events just has none.
        if componentCount == 0, scope != .events {
            findings.report(
                scope == .conformance ? .error : .warning, .emptyCalendar, line: finished.line,
                "VCALENDAR has no component, where RFC 5545 requires one")
        }
    }

    private mutating func check(_ component: ICalComponent, parent: (name: String, line: Int)?) {
        // A VEVENT the input ends inside is not read as an event: it may be cut short, which
        // the reader has said. What it holds that ended is.
        if scope != .events || component.closing != .endOfInput || component.name != "VEVENT" {
            findings.uidProperty = component.property("UID")
            // A VTIMEZONE whose observances end is said by the events' mapping, for the time
            // on both sides of them (`outside-time-zone-span`); one that goes on, here.
            if scope == .conformance, component.name == "VTIMEZONE",
                let tzid = component.property("TZID")?.value?.text,
                let onset = component.firstOnset, component.goesOn
            {
                zoneOnsets[tzid] = min(zoneOnsets[tzid] ?? onset, onset)
            }
            var context = CheckContext(scope: scope, parent: parent, method: method)
            context.zoneOnsets = zoneOnsets
            context.readsTasks = readsTasks
            if scope == .events, component.name == "VEVENT" {
                context.skipsEvent = !Self.hasStart(component)
            }
            run(component, in: context)
        }
        for child in component.components {
            check(child, parent: (component.name, component.line))
        }
    }

    private mutating func run(_ component: ICalComponent, in context: CheckContext) {
        Self.runChecks(component, in: context, findings: &findings)
        for check in added { check.check(component, in: context, findings: &findings) }
    }

    /// Whether a VEVENT has a DTSTART that reads as a date or a date-time.
    private static func hasStart(_ event: ICalComponent) -> Bool {
        if case .dateTime? = event.property("DTSTART")?.value { return true }
        return false
    }
}
