import ChronoSketchCore
import ChronoSketchSyntax

/// The components of an input that a conversion to records leaves out (VTODO, VJOURNAL,
/// VFREEBUSY, a VEVENT's VALARMs, …), counted by name, to be said once at the input's end.
package struct LeftOutComponents: Sendable {
    private var counts: [String: Int] = [:]
    private var firstLine = 0

    package init() {}

    /// Counts `component` as left out.
    package mutating func add(_ component: ICalComponent) {
        if counts.isEmpty { firstLine = component.line }
        counts[component.name, default: 0] += 1
    }

    /// Counts the components inside a VEVENT (its VALARMs), which no occurrence record
    /// carries; those named `kept` are carried (a series record's VALARMs).
    package mutating func addChildren(of event: ICalComponent, keeping kept: String? = nil) {
        for child in event.components where child.name != "VEVENT" && child.name != kept {
            add(child)
        }
    }

    /// The warning naming what was left out, by name and count (`3 VTODO and 1 VALARM
    /// components have no occurrence record`), at the first one's line; nil when nothing was.
    /// What was counted is then forgotten, so the input says it once.
    /// - Parameter record: what the records are called (`occurrence record`).
    package mutating func take(file: String, record: String) -> Diagnostic? {
        take(
            file: file, "has no \(record)", "have no \(record)",
            "left out; .ics and jCal keep every component")
    }

    /// The warning naming the VTODOs and VJOURNALs counted because they have no time to be
    /// placed at (neither DTSTART nor DUE), by name and count, at the first one's line; nil when
    /// there were none.
    package mutating func takeUndated(file: String) -> Diagnostic? {
        take(
            file: file, "has neither DTSTART nor DUE", "have neither DTSTART nor DUE",
            "not listed: nothing places it in time")
    }

    private mutating func take(file: String, _ one: String, _ several: String, _ choice: String)
        -> Diagnostic?
    {
        guard !counts.isEmpty else { return nil }
        defer { counts = [:] }
        let named = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        let list =
            named.count == 1
            ? named[0] : named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
        let total = counts.values.reduce(0, +)
        return Self.noRecordForm(
            file: file, line: firstLine,
            total == 1
                ? "\(list) component \(one)" : "\(list) components \(several) (the first here)",
            choice)
    }

    /// What a record cannot carry (`problem`), and what was done instead (`choice`).
    package static func noRecordForm(
        file: String, line: Int, uid: String? = nil, _ problem: String, _ choice: String
    ) -> Diagnostic {
        Diagnostic(
            .warning, .noRecordForm, file: file, line: line, uid: uid, message: problem,
            assumption: choice)
    }
}
