import ChronoSketchCore

/// The one traversal of the checks: every item a reader hands on goes through it, in the
/// order read, and each component is checked with its children by every ``ComponentCheck``.
///
/// Every reading command runs it on its input (``CalendarStream`` for the commands that read
/// events, ``Converter`` for `convert`), with the ``CheckScope`` that says what the command
/// reports; so a rule lives in one place, and the same line gets the same finding everywhere.
package struct ComponentChecker {
    /// Every check, in the order their findings are said for one line.
    static let checks: [any ComponentCheck] = [
        PropertyLineCheck(), ValueCheck(), ZoneOnUTCTimeCheck(), RepeatedPropertyCheck(),
        LibicalErrorCheck(), UnknownPropertyCheck(), RequiredPropertyCheck(),
        EndAndDurationCheck(), NegativeDurationCheck(), VersionCheck(), ObservanceCheck(),
        NestedEventCheck(),
    ]

    let scope: CheckScope
    /// Checks the caller adds to these (what a command asks for beyond RFC 5545).
    /// The checks run, ``checks`` and those added.
    private let running: [any ComponentCheck]
    private var findings: Findings
    /// The calendar being read: its properties gather until its end, when it is checked.
    private var calendar: ICalComponent?
    private var method: String?
    /// How many components the calendar being read has had.
    private var componentCount = 0

    package init(file: String, scope: CheckScope, adding added: [any ComponentCheck] = []) {
        self.scope = scope
        running = Self.checks + added
        findings = Findings(file: file)
    }

    /// Checks what `item` completes: a component as soon as it is read, the calendar's own
    /// properties at its end.
    package mutating func take(_ item: ReaderItem) {
        switch item {
        case .calendarBegin(let begun):
            finishCalendar()
            calendar = begun
            method = nil
            componentCount = 0
        case .calendarProperty(let property):
            calendar?.properties.append(property)
            if property.name == "METHOD", method == nil {
                method = property.value?.text?.trimmingCharacters().uppercased()
            }
        case .component(let component):
            componentCount += 1
            check(component, parent: calendar.map { ($0.name, $0.line) })
        case .looseLine:
            break
        case .calendarEnd:
            finishCalendar()
        }
    }

    /// Checks a calendar the input ended inside.
    package mutating func finishInput() {
        finishCalendar()
    }

    /// Hands over every finding so far.
    package mutating func takeFindings() -> DiagnosticLog {
        findings.take()
    }

    private mutating func finishCalendar() {
        guard let finished = calendar else { return }
        calendar = nil
        findings.uidProperty = finished.property("UID")
        let context = CheckContext(scope: scope, parent: nil, method: method)
        for check in running { check.check(finished, in: context, findings: &findings) }
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
            var context = CheckContext(scope: scope, parent: parent, method: method)
            if scope == .events, component.name == "VEVENT" {
                context.skipsEvent = !Self.hasStart(component)
            }
            for check in running {
                check.check(component, in: context, findings: &findings)
            }
        }
        for child in component.components {
            check(child, parent: (component.name, component.line))
        }
    }

    /// Whether a VEVENT has a DTSTART that reads as a date or a date-time.
    private static func hasStart(_ event: ICalComponent) -> Bool {
        if case .dateTime? = event.property("DTSTART")?.value { return true }
        return false
    }
}
