import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// What changed between two versions of a calendar, VEVENT by VEVENT (`ics diff OLD NEW`).
///
/// Events are matched by UID and recurrence id, the RECURRENCE-ID compared as the time it
/// names (written in UTC in one version and with a TZID in the other, it is the same
/// instance); events without a UID by title and start, the first of one title and start in
/// the old version with the first in the new, and so on. Nothing is expanded: a series is
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
        let comparison = try Comparison(
            old, new, options: options, memory: .max, database: database)
        var changes: [Change] = []
        comparison.forEachChange { changes.append($0) }
        return CalendarDiff(changes: changes, diagnostics: comparison.diagnostics)
    }

    /// A diff whose changes are kept as the places of their versions in the two calendars,
    /// each calendar kept as bytes (``DiffSide``: in memory up to a budget, the rest in a
    /// temporary file), so that comparing calendars of millions of events holds tens of bytes
    /// of each; a change is built in full only when it is shown (``forEachChange(_:)``).
    package final class Comparison {
        /// What reading the two calendars found, the old one's first.
        package let diagnostics: [Diagnostic]
        /// The number of changes of each kind.
        package private(set) var counts: [Kind: Int] = [:]
        /// How many changes to an event in both versions do not raise its SEQUENCE.
        package private(set) var withoutHigherSequence = 0
        /// Whether the version shown of any change has instants (its times are zoned).
        package private(set) var showsInstants = false
        private let old: DiffSide
        private let new: DiffSide
        /// The changes, in report order.
        private var changes: [Reference] = []

        /// A change as the places of its versions (-1 for none).
        private struct Reference {
            var kind: Kind
            var old: Int32
            var new: Int32
            var sequenceIncreased: Bool?
            /// The shown version's start (seconds since the epoch as if its wall clock were
            /// UTC), whether it is timed, and whether it has times at all.
            var start = 0
            var timed = false
            var placed = false
        }

        /// Reads both sides and finds the changes.
        /// - Parameter memory: bytes of events kept in memory, half for each side, before the
        ///   rest go to a temporary file.
        /// - Throws: ``InputError`` when an input cannot be used at all.
        package init(
            _ old: [InputSource], _ new: [InputSource], options: LoadOptions, memory: Int,
            database: ZoneInfoDatabase = .system
        ) throws(InputError) {
            let prepare: InputPreparation = { input, limits, database, log throws(InputError) in
                try Converter.eventInput(
                    input, limits: limits, zone: options.zone, database: database, log: &log)
            }
            let before = DiffSide(budget: memory / 2)
            let after = DiffSide(budget: memory / 2)
            var diagnostics = try WrittenEvents.read(
                old, options: options, database: database, prepare: prepare
            ) { before.add($0, rank: $1, fileIndex: $2) }
            diagnostics += try WrittenEvents.read(
                new, options: options, database: database, prepare: prepare
            ) { after.add($0, rank: $1, fileIndex: $2) }
            self.old = before
            self.new = after
            self.diagnostics = diagnostics
            findChanges()
            order()
        }

        /// Whether the two calendars have the same events.
        package var isEmpty: Bool { changes.isEmpty }

        /// Why events stayed in memory past the budget (no temporary file could be made or
        /// written), if they did.
        package var spillFailure: SpillFailure? { old.spillFailure ?? new.spillFailure }

        /// Why an event could not be read back from the temporary file, if one could not: the
        /// changes found or shown are then not to be trusted.
        package var readFailure: SpillFailure? { old.readFailure ?? new.readFailure }

        /// Gives each change to `body`, by start of the version shown (``Change/current``),
        /// then UID, kind and recurrence id.
        package func forEachChange(_ body: (Change) -> Void) {
            for reference in changes {
                let before = reference.old >= 0 ? old.version(at: Int(reference.old)) : nil
                let after = reference.new >= 0 ? new.version(at: Int(reference.new)) : nil
                var fields: [FieldChange] = []
                if let before, let after, reference.kind != .uidChanged {
                    fields = CalendarDiff.fieldChanges(before, after)
                }
                body(
                    Change(
                        kind: reference.kind, recurrenceId: (after ?? before)?.recurrenceText,
                        old: before.map { version($0, old) }, new: after.map { version($0, new) },
                        fields: fields, sequenceIncreased: reference.sequenceIncreased))
            }
        }

        private func version(_ stored: StoredVersion, _ side: DiffSide) -> Version {
            Version(
                uid: stored.uid, title: stored.title, interval: stored.interval,
                instants: stored.instants, status: stored.status, sequence: stored.sequence,
                location: SourceLocation(file: side.file(stored.file), line: stored.line))
        }

        private func findChanges() {
            var matched = [Bool](repeating: false, count: old.count)
            var added: [Int32] = []
            for index in 0..<new.count {
                let after = new.version(at: index)
                // Of events without a UID alike in title and start, the first of the new
                // version is matched with the first of the old, the second with the second.
                guard let (earlier, before) = old.takeFirstEvent(matching: after.key) else {
                    added.append(Int32(index))
                    continue
                }
                matched[earlier] = true
                if let kind = CalendarDiff.kind(from: before, to: after) {
                    changes.append(
                        Reference(
                            kind: kind, old: Int32(earlier), new: Int32(index),
                            sequenceIncreased: after.sequence > before.sequence))
                }
            }
            // A removed event and an added one of the same title, start and recurrence id but
            // another UID: one event whose UID changed. Each removed one, in order, takes the
            // first added one not yet taken.
            var looks = HashChains()
            var withUID: [Int] = []
            for position in added.indices {
                let version = new.version(at: Int(added[position]))
                guard version.uid != nil else { continue }
                looks.append(hash: version.look.hashValue)
                withUID.append(position)
            }
            var paired = [Bool](repeating: false, count: added.count)
            var removed: [Int32] = []
            for index in 0..<old.count where !matched[index] {
                let version = old.version(at: index)
                if version.uid != nil,
                    let place = looks.first(
                        hash: version.look.hashValue,
                        where: { new.version(at: Int(added[withUID[$0]])).look == version.look })
                {
                    looks.take(place)
                    let position = withUID[place]
                    paired[position] = true
                    changes.append(
                        Reference(kind: .uidChanged, old: Int32(index), new: added[position]))
                } else {
                    removed.append(Int32(index))
                }
            }
            for (position, index) in added.enumerated() where !paired[position] {
                changes.append(Reference(kind: .added, old: -1, new: index))
            }
            for index in removed {
                changes.append(Reference(kind: .removed, old: index, new: -1))
            }
        }

        /// The shown version of a change: the new one, else the old.
        private func current(_ reference: Reference) -> StoredVersion {
            reference.new >= 0
                ? new.version(at: Int(reference.new)) : old.version(at: Int(reference.old))
        }

        /// Sorts the changes into report order, counting them as it goes: by start, then
        /// among those of one start by UID, kind and recurrence id (read back only for those).
        private func order() {
            for index in changes.indices {
                let reference = changes[index]
                let shown = current(reference)
                if let interval = shown.interval {
                    changes[index].start = interval.start.secondsSinceEpoch
                    changes[index].timed = !interval.isAllDay
                    changes[index].placed = true
                }
                counts[reference.kind, default: 0] += 1
                if reference.sequenceIncreased == false { withoutHigherSequence += 1 }
                if shown.instants != nil { showsInstants = true }
            }
            func when(_ reference: Reference) -> (Int, Int, Int) {
                (reference.placed ? 0 : 1, reference.start, reference.timed ? 1 : 0)
            }
            changes.sort { when($0) < when($1) }
            var start = 0
            while start < changes.count {
                var end = start + 1
                while end < changes.count, when(changes[end]) == when(changes[start]) { end += 1 }
                if end - start > 1 {
                    let tied = changes[start..<end].map { reference in
                        let shown = current(reference)
                        return (
                            reference, uid: shown.uid ?? "",
                            kind: Kind.allCases.firstIndex(of: reference.kind) ?? 0,
                            recurrence: shown.recurrenceText ?? ""
                        )
                    }.sorted {
                        ($0.uid, $0.kind, $0.recurrence, $0.0.new, $0.0.old)
                            < ($1.uid, $1.kind, $1.recurrence, $1.0.new, $1.0.old)
                    }
                    changes.replaceSubrange(start..<end, with: tied.map(\.0))
                }
                start = end
            }
        }
    }

    /// How an event in both versions changed; nil when it did not.
    private static func kind(from old: StoredVersion, to new: StoredVersion) -> Kind? {
        let moved = !samePlace(old, new)
        guard moved || !fieldChanges(old, new).isEmpty else { return nil }
        if new.status == "CANCELLED", old.status != "CANCELLED" { return .cancelled }
        return moved ? .moved : .changed
    }

    /// Whether two versions sit at the same times: the same instants when both have them,
    /// else the same dates or wall clock.
    private static func samePlace(_ old: StoredVersion, _ new: StoredVersion) -> Bool {
        guard let before = old.interval, let after = new.interval else {
            return (old.interval == nil) == (new.interval == nil)
        }
        if let first = old.instants, let second = new.instants { return first == second }
        return old.instants == nil && new.instants == nil && before == after
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

    private static func fieldChanges(_ old: StoredVersion, _ new: StoredVersion) -> [FieldChange] {
        let (first, second) = (old.component, new.component)
        // Most events of two versions are written alike: no value need be compared.
        if let first, let second, sameLines(first, second), old.startZone == new.startZone {
            return []
        }
        let before = entries(first)
        let after = entries(second)
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
        if oldZone != newZone, old.isRecurring || new.isRecurring {
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
