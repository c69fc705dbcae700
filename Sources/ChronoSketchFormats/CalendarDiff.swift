import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// What changed between two versions of a calendar, VEVENT by VEVENT (`ics diff OLD NEW`).
///
/// Events are matched by UID and recurrence id, the RECURRENCE-ID compared as the time it
/// names (written in UTC in one version and with a TZID in the other, it is the same
/// instance); events without a UID by title and start. Nothing is expanded: a series is
/// compared as its master and its overrides are written, a new RRULE is a changed field.
///
/// An event is *moved* when its start or end names another time (instants compared, so a
/// TZID written otherwise for the same moment is no move), *cancelled* when its STATUS
/// becomes CANCELLED, *changed* when any other property differs (compared as typed values
/// with their parameters, in any order; DTSTAMP, LAST-MODIFIED, CREATED and SEQUENCE are the
/// bookkeeping of a change and not compared). An event removed while one with another UID
/// and the same title and start appears is a *UID change*: to a subscriber it is both a
/// deletion and an addition, and what was attached to the old one (reminders, answers) is
/// lost.
public struct CalendarDiff: Sendable {
    /// The kinds of change, in the order a report lists them for one event.
    public enum Kind: String, Sendable, CaseIterable {
        case added, removed, cancelled, moved, changed
        case uidChanged = "uid-changed"
    }

    /// One version of an event: what a report shows of it.
    public struct Version: Sendable, Hashable {
        /// The UID; nil when the VEVENT has none.
        public var uid: String?
        /// SUMMARY, empty when missing.
        public var title: String
        /// Where it is placed (in the load's zone, as every listing places it); nil when its
        /// times cannot be placed.
        public var interval: EventInterval?
        /// Its times as instants; nil for dates and floating times.
        public var instants: InstantInterval?
        /// STATUS as written, in upper case.
        public var status: String?
        /// SEQUENCE, 0 when missing.
        public var sequence: Int
        /// The file and the line of its `BEGIN:VEVENT`.
        public var location: SourceLocation
    }

    /// A property whose values differ: what the old version has that the new one lacks, and
    /// the other way round.
    public struct FieldChange: Sendable, Hashable {
        /// The property's name in lower case (`summary`, `rrule`, `attendee`, `x-foo`), or
        /// `valarm` for the alarms, `zone` for the zone a series' start is written in.
        public var field: String
        /// The values only the old version has.
        public var old: [String]
        /// The values only the new version has.
        public var new: [String]
    }

    /// One event's change.
    public struct Change: Sendable, Hashable {
        /// What happened to the event.
        public var kind: Kind
        /// The RECURRENCE-ID as written (in the new version, if any), for an override.
        public var recurrenceId: String?
        /// The event in the old calendar; nil when it was added.
        public var old: Version?
        /// The event in the new calendar; nil when it was removed.
        public var new: Version?
        /// The properties that differ, for an event in both versions.
        public var fields: [FieldChange]
        /// Whether SEQUENCE rose, for an event in both versions whose change needs it to
        /// (RFC 5545 §3.8.7.4: clients ignore an update that does not raise it).
        public var sequenceIncreased: Bool?

        /// The version a report names and places it by: the new one, else the old.
        public var current: Version { (new ?? old)! }
    }

    /// The changes, by start of the version shown (``Change/current``), then UID.
    public var changes: [Change]
    /// What reading the two calendars found, the old one's first.
    public var diagnostics: [Diagnostic]

    /// The number of changes of each kind.
    public var counts: [Kind: Int] {
        changes.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }

    /// Compares the VEVENTs of `old` and `new`, each side read with `options` (several inputs
    /// of a side, the files of a vdir say, as one calendar).
    /// - Throws: ``InputError`` when an input cannot be used at all.
    public static func compare(
        _ old: [InputSource], _ new: [InputSource], options: LoadOptions,
        database: ZoneInfoDatabase = .system
    ) throws(InputError) -> CalendarDiff {
        let prepare: InputPreparation = { input, limits, database, log throws(InputError) in
            try Converter.eventInput(
                input, limits: limits, zone: options.zone, database: database, log: &log)
        }
        let before = try WrittenEvents.read(
            old, options: options, database: database, prepare: prepare)
        let after = try WrittenEvents.read(
            new, options: options, database: database, prepare: prepare)
        return CalendarDiff(
            changes: changes(from: before.events, to: after.events),
            diagnostics: before.diagnostics + after.diagnostics)
    }

    /// What identifies an event across versions.
    private enum Key: Hashable {
        case uid(String, recurrence: TimeIdentity?)
        /// An event without UID: its title and start.
        case unnamed(title: String, start: TimeIdentity?)

        init(_ event: WrittenEvent) {
            if let uid = event.source.uid {
                self = .uid(uid, recurrence: event.recurrence)
            } else {
                self = .unnamed(title: event.source.summary, start: event.start)
            }
        }
    }

    static func changes(from old: [WrittenEvent], to new: [WrittenEvent]) -> [Change] {
        var oldByKey: [Key: Int] = [:]
        for (index, event) in old.enumerated() { oldByKey[Key(event)] = index }
        var matched = Set<Int>()
        var changes: [Change] = []
        var added: [WrittenEvent] = []
        for event in new {
            guard let index = oldByKey[Key(event)] else {
                added.append(event)
                continue
            }
            matched.insert(index)
            if let change = change(from: old[index], to: event) { changes.append(change) }
        }
        var removed = old.indices.filter { !matched.contains($0) }.map { old[$0] }
        // A removed event and an added one of the same title, start and recurrence id but
        // another UID: one event whose UID changed.
        var addedByLook: [Look: [Int]] = [:]
        for (index, event) in added.enumerated() where event.source.uid != nil {
            addedByLook[Look(event), default: []].append(index)
        }
        var paired = Set<Int>()
        removed.removeAll { event in
            guard event.source.uid != nil,
                let index = addedByLook[Look(event)]?.first(where: { !paired.contains($0) })
            else { return false }
            paired.insert(index)
            changes.append(
                Change(
                    kind: .uidChanged, recurrenceId: recurrenceText(added[index]),
                    old: version(event), new: version(added[index]), fields: []))
            return true
        }
        for (index, event) in added.enumerated() where !paired.contains(index) {
            changes.append(
                Change(
                    kind: .added, recurrenceId: recurrenceText(event), old: nil,
                    new: version(event), fields: []))
        }
        for event in removed {
            changes.append(
                Change(
                    kind: .removed, recurrenceId: recurrenceText(event), old: version(event),
                    new: nil, fields: []))
        }
        return changes.sorted(by: Self.inReportOrder)
    }

    /// What a UID change keeps: title, start and recurrence id.
    private struct Look: Hashable {
        var title: String
        var start: TimeIdentity?
        var recurrence: TimeIdentity?

        init(_ event: WrittenEvent) {
            title = event.source.summary
            start = event.start
            recurrence = event.recurrence
        }
    }

    private static func change(from old: WrittenEvent, to new: WrittenEvent) -> Change? {
        let fields = fieldChanges(old, new)
        let moved = !samePlace(old, new)
        guard moved || !fields.isEmpty else { return nil }
        let kind: Kind
        if new.source.status?.value == "CANCELLED", old.source.status?.value != "CANCELLED" {
            kind = .cancelled
        } else {
            kind = moved ? .moved : .changed
        }
        return Change(
            kind: kind, recurrenceId: recurrenceText(new), old: version(old), new: version(new),
            fields: fields, sequenceIncreased: new.source.sequence > old.source.sequence)
    }

    /// Whether two versions sit at the same times: the same instants when both have them,
    /// else the same dates or wall clock.
    private static func samePlace(_ old: WrittenEvent, _ new: WrittenEvent) -> Bool {
        guard let before = old.interval, let after = new.interval else {
            return (old.interval == nil) == (new.interval == nil)
        }
        if let first = old.instants, let second = new.instants { return first == second }
        return old.instants == nil && new.instants == nil && before == after
    }

    private static func version(_ event: WrittenEvent) -> Version {
        Version(
            uid: event.source.uid, title: event.source.summary, interval: event.interval,
            instants: event.instants, status: event.source.status?.value,
            sequence: event.source.sequence,
            location: SourceLocation(file: event.source.file, line: event.source.line))
    }

    private static func recurrenceText(_ event: WrittenEvent) -> String? {
        event.source.recurrenceID?.original.text
    }

    private static func inReportOrder(_ left: Change, _ right: Change) -> Bool {
        let (a, b) = (left.current, right.current)
        switch (a.interval, b.interval) {
        case (let x?, let y?) where x != y:
            return CalendarEvent.OrderKey(interval: x, id: "")
                < CalendarEvent.OrderKey(interval: y, id: "")
        case (nil, _?): return false
        case (_?, nil): return true
        default: break
        }
        if a.uid != b.uid { return (a.uid ?? "") < (b.uid ?? "") }
        if left.kind != right.kind {
            return Kind.allCases.firstIndex(of: left.kind)! < Kind.allCases.firstIndex(
                of: right.kind)!
        }
        return (left.recurrenceId ?? "") < (right.recurrenceId ?? "")
    }

    // MARK: - Fields

    /// The properties left out of the comparison: the event's identity and times (compared
    /// as such) and the bookkeeping of a change.
    private static let unfielded: Set<String> = [
        "UID", "RECURRENCE-ID", "DTSTART", "DTEND", "DURATION", "DTSTAMP", "LAST-MODIFIED",
        "CREATED", "SEQUENCE",
    ]

    /// One property as compared: its typed values and its parameters in a fixed order.
    private struct Entry: Hashable {
        var parameters: [ICalParameter]
        var values: [ICalValue]
        /// The value as written, when it could not be read.
        var unread: String?
        var shown: String

        static func == (left: Entry, right: Entry) -> Bool {
            left.parameters == right.parameters && left.values == right.values
                && left.unread == right.unread
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(parameters)
            hasher.combine(values)
            hasher.combine(unread)
        }

        init(_ property: ICalProperty) {
            parameters = property.parameters.map {
                ICalParameter(name: $0.name.uppercased(), values: $0.values)
            }.sorted { $0.name < $1.name }
            values = property.values
            unread = property.isUnderstood ? nil : property.rawValue
            let texts = values.compactMap(\.text)
            var shown =
                texts.count == values.count && !values.isEmpty
                ? texts.joined(separator: ",") : property.rawValue
            if !parameters.isEmpty {
                shown +=
                    " ("
                    + parameters.map { "\($0.name)=\($0.values.joined(separator: ","))" }
                    .joined(separator: ";") + ")"
            }
            self.shown = shown
        }

        /// A component inside the event (an alarm): its properties, in any order.
        init(_ component: ICalComponent) {
            let inner = component.properties.map(Entry.init).sorted { $0.shown < $1.shown }
            parameters = []
            values = []
            unread = inner.map(\.shown).joined(separator: "\n")
            let action = component.property("ACTION")?.rawValue
            let trigger = component.property("TRIGGER")?.rawValue
            shown = [action, trigger].compactMap { $0 }.joined(separator: " ")
            if shown.isEmpty { shown = component.name }
        }
    }

    private static func fieldChanges(_ old: WrittenEvent, _ new: WrittenEvent) -> [FieldChange] {
        // Most events of two versions are written alike: no value need be compared.
        if let first = old.source.component, let second = new.source.component,
            sameLines(first, second), old.startZone == new.startZone
        {
            return []
        }
        let before = entries(old.source.component)
        let after = entries(new.source.component)
        var changes: [FieldChange] = []
        for name in Set(before.keys).union(after.keys).sorted() {
            let was = before[name] ?? []
            let now = after[name] ?? []
            let gone = difference(was, now)
            let came = difference(now, was)
            guard !gone.isEmpty || !came.isEmpty else { continue }
            changes.append(
                FieldChange(
                    field: name.lowercased(), old: gone.map(\.shown), new: came.map(\.shown)))
        }
        // The zone a series is written in decides where its later instances fall; that of a
        // single event only its instants, compared as such.
        let (oldZone, newZone) = (old.startZone, new.startZone)
        if oldZone != newZone, old.source.isRecurring || new.source.isRecurring {
            changes.append(
                FieldChange(
                    field: "zone", old: oldZone.map { [$0] } ?? [], new: newZone.map { [$0] } ?? [])
            )
        }
        return changes
    }

    /// Whether the compared properties and the components inside are written byte for
    /// byte alike, in the same order.
    private static func sameLines(_ first: ICalComponent, _ second: ICalComponent) -> Bool {
        func compared(_ component: ICalComponent) -> [ICalProperty] {
            component.properties.filter { !unfielded.contains($0.name) }
        }
        let (left, right) = (compared(first), compared(second))
        guard first.name == second.name, left.count == right.count,
            first.components.count == second.components.count
        else { return false }
        for (a, b) in zip(left, right) where a.contentLine != b.contentLine { return false }
        for (a, b) in zip(first.components, second.components) where !sameLines(a, b) {
            return false
        }
        return true
    }

    private static func entries(_ component: ICalComponent?) -> [String: [Entry]] {
        guard let component else { return [:] }
        var entries: [String: [Entry]] = [:]
        for property in component.properties
        where property.isProperty && !unfielded.contains(property.name) {
            entries[property.name, default: []].append(Entry(property))
        }
        // A VEVENT inside another (one missing its END) is read as an event of its own.
        for child in component.components where child.name != "VEVENT" {
            entries[child.name, default: []].append(Entry(child))
        }
        return entries
    }

    /// What `left` holds that `right` does not, each entry counted as often as it is given.
    private static func difference(_ left: [Entry], _ right: [Entry]) -> [Entry] {
        var remaining: [Entry: Int] = [:]
        for entry in right { remaining[entry, default: 0] += 1 }
        return left.filter { entry in
            guard let count = remaining[entry], count > 0 else { return true }
            remaining[entry] = count - 1
            return false
        }
    }
}
