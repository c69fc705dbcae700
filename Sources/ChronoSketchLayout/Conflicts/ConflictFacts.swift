import ChronoSketchCore

/// What copies of one occurrence share (``CalendarEvent/isCopy(of:)``).
typealias CopyKey = CopyIdentity

/// What the conflict search compares of each busy event, taken from each event as it is read
/// once: its spans, its start, and its file, copy, owner and resource keys as small integers.
/// The search then sorts and sweeps these arrays, tens of bytes an event, and reads an event
/// again only for a tie its storage's order cannot break.
///
/// Arrays are by busy event: in storage order until ``rank(_:)``, by rank after.
struct ConflictFacts {
    let storage: any EventStorage
    /// The busy events' positions in the storage.
    private(set) var busy: [Int] = []
    /// Busy spans (``BusyPolicy/busySpan(_:on:)``).
    private(set) var spans: [Span] = []
    /// The events' own spans, without buffers.
    private(set) var raw: [Span] = []
    /// The wall-clock start of each interval, and whether it is all-day: the load's order.
    private var starts: [Int] = []
    private var allDay: [Bool] = []
    /// The source file, an index; empty when every pair is allowed.
    private var files: [Int32] = []
    /// The UID and recurrence id, an index (-1 without a UID), and the calendar the event was
    /// read apart in (-1 for none); empty when no event was read apart.
    private var copies: [Int32] = []
    private var calendars: [Int32] = []
    /// The index of the event's UID among the windows' owners, -1 when it owns none; empty
    /// when no window has an owner.
    private var owners: [Int32] = []
    private let ownerIndex: [String: Int32]
    /// The resource values of each event, `keyStarts[i]..<keyStarts[i + 1]` in `keyValues`
    /// (indices into `keyNames`) with their labels (indices into `labelNames`).
    private var keyStarts: [Int32] = [0]
    private var keyValues: [Int32] = []
    private var keyLabels: [Int32] = []
    private var keyNames: [String] = []
    private var labelNames: [String] = []
    private let key: EventKey?
    /// Whether attendees who answered TENTATIVE are left out of the events they answered.
    private let tentativeFree: Bool
    /// Whose inputs are whose, when events are filed by person (`--as ADDRESS=FILE`), and
    /// the copies each keeps there.
    private let ownCopies: OwnCopies?
    /// Whether any event read, busy or free, has a value of the key.
    private(set) var hasResource = false

    init(storage: any EventStorage, options: ConflictOptions, owners: [String]) {
        self.storage = storage
        key = options.resource
        tentativeFree = options.policy.ignoresTentative
        if key == .person || key == .attendee, let attendance = options.policy.attendance,
            !attendance.byFile.isEmpty
        {
            ownCopies = OwnCopies(
                attendance, events: (0..<storage.count).lazy.map { storage.event(at: $0) })
        } else {
            ownCopies = nil
        }
        var ownerIndex: [String: Int32] = [:]
        for owner in owners where ownerIndex[owner] == nil {
            ownerIndex[owner] = Int32(ownerIndex.count)
        }
        self.ownerIndex = ownerIndex
        let line = options.timeLine
        let needsFiles = options.scope != .all
        var fileIndex: [String: Int32] = [:]
        var keyIndex: [String: Int32] = [:]
        var labelIndex: [String: Int32] = [:]
        var copyIndex: [CopyKey: Int32] = [:]
        var calendarIndex: [String: Int32] = [:]
        // Busy events with a UID read with no calendar of their own, whose copy key is needed
        // only if another event was read apart.
        var unseparated: [Int] = []
        for position in 0..<storage.count {
            let event = storage.event(at: position)
            guard let span = options.policy.busySpan(event, on: line) else {
                if let key, !hasResource, key.hasValue(in: event) { hasResource = true }
                continue
            }
            busy.append(position)
            spans.append(span)
            raw.append(line.span(of: event))
            starts.append(event.interval.startSecond)
            allDay.append(event.interval.isAllDay)
            if needsFiles { files.append(Self.intern(event.source.file, &fileIndex)) }
            if !ownerIndex.isEmpty { self.owners.append(ownerIndex[event.uid] ?? -1) }
            if let calendar = event.separateCalendar {
                calendars.append(Self.intern(calendar, &calendarIndex))
                copies.append(event.hasUID ? Self.intern(CopyKey(event), &copyIndex) : -1)
            } else {
                calendars.append(-1)
                copies.append(-1)
                if event.hasUID { unseparated.append(busy.count - 1) }
            }
            if let key { addKeys(of: event, key: key, &keyIndex, &labelIndex) }
        }
        if calendarIndex.isEmpty {
            // No event was read apart: no two are copies.
            copies = []
            calendars = []
        } else {
            for index in unseparated {
                copies[index] = Self.intern(CopyKey(storage.event(at: busy[index])), &copyIndex)
            }
        }
    }

    /// The values of `key` the event is filed under (each once; with TENTATIVE free, not the
    /// attendees who answered TENTATIVE).
    private mutating func addKeys(
        of event: CalendarEvent, key: EventKey, _ keyIndex: inout [String: Int32],
        _ labelIndex: inout [String: Int32]
    ) {
        var values = key.values(of: event)
        if let ownCopies { values = ownCopies.people(of: event, named: values) }
        if !values.isEmpty { hasResource = true }
        var seen: Set<String> = []
        if tentativeFree, key == .attendee || key == .person {
            for person in event.attendees where person.status?.uppercased() == "TENTATIVE" {
                seen.insert(person.address.lowercased())
            }
        }
        for value in values where seen.insert(value.key).inserted {
            keyValues.append(Self.intern(value.key, &keyIndex, names: &keyNames))
            keyLabels.append(Self.intern(value.label, &labelIndex, names: &labelNames))
        }
        keyStarts.append(Int32(keyValues.count))
    }

    private static func intern<Key: Hashable>(_ key: Key, _ index: inout [Key: Int32]) -> Int32 {
        if let known = index[key] { return known }
        let next = Int32(index.count)
        index[key] = next
        return next
    }

    private static func intern(
        _ text: String, _ index: inout [String: Int32], names: inout [String]
    ) -> Int32 {
        if let known = index[text] { return known }
        let next = Int32(names.count)
        index[text] = next
        names.append(text)
        return next
    }

    /// Puts every array in rank order: `order[rank]` is the busy event's index before.
    mutating func rank(_ order: [Int]) {
        busy = order.map { busy[$0] }
        spans = order.map { spans[$0] }
        raw = order.map { raw[$0] }
        starts = order.map { starts[$0] }
        allDay = order.map { allDay[$0] }
        if !files.isEmpty { files = order.map { files[$0] } }
        if !copies.isEmpty {
            copies = order.map { copies[$0] }
            calendars = order.map { calendars[$0] }
        }
        if !owners.isEmpty { owners = order.map { owners[$0] } }
        if key != nil {
            var starts: [Int32] = [0]
            var values: [Int32] = []
            var labels: [Int32] = []
            starts.reserveCapacity(order.count + 1)
            for index in order {
                let range = Int(keyStarts[index])..<Int(keyStarts[index + 1])
                values += keyValues[range]
                labels += keyLabels[range]
                starts.append(Int32(values.count))
            }
            (keyStarts, keyValues, keyLabels) = (starts, values, labels)
        }
    }

    /// ``LayoutOrder/breaksTie(_:_:)`` of two busy events: in a storage in load order, events
    /// of one start and kind are already in id order, so their positions tell; else the ids.
    func breaksTie(_ lhs: Int, _ rhs: Int) -> Bool {
        if storage.isInLoadOrder, starts[lhs] == starts[rhs], allDay[lhs] == allDay[rhs] {
            return busy[lhs] < busy[rhs]
        }
        return LayoutOrder.breaksTie(storage.event(at: busy[lhs]), storage.event(at: busy[rhs]))
    }

    /// ``LayoutOrder/byStart(_:_:)`` of two busy events.
    func startsBefore(_ lhs: Int, _ rhs: Int) -> Bool {
        if starts[lhs] != starts[rhs] { return starts[lhs] < starts[rhs] }
        if allDay[lhs] != allDay[rhs] { return allDay[lhs] }
        return breaksTie(lhs, rhs)
    }

    /// Whether `scope` lets the two busy events clash.
    func allows(_ lhs: Int, _ rhs: Int, _ scope: ConflictScope) -> Bool {
        switch scope {
        case .withinFiles: files[lhs] == files[rhs]
        case .acrossFiles: files[lhs] != files[rhs]
        case .all: true
        }
    }

    /// ``CalendarEvent/isCopy(of:)`` of two busy events.
    func areCopies(_ lhs: Int, _ rhs: Int) -> Bool {
        guard !copies.isEmpty, copies[lhs] >= 0 else { return false }
        return copies[lhs] == copies[rhs] && calendars[lhs] != calendars[rhs]
    }

    /// Whether the busy event owns `window` (its UID is the window's owner).
    func owns(_ event: Int, _ window: BlockedWindow) -> Bool {
        guard let owner = window.owner, let index = ownerIndex[owner] else { return false }
        return owners[event] == index
    }

    /// The ranks of the events sharing each value of the key, each group with its value's
    /// position in the names, by value; all ranks in one group when there is no key. A text
    /// is named as the first event (by rank) that has it wrote it, a person by the address; a
    /// person's copies of one meeting, read from several people's calendars, are the one
    /// meeting in their time: the first (by rank) stands for them all.
    func partitions() -> (names: [String], groups: [(resource: Int?, members: [Int])]) {
        guard let key else { return ([], [(nil, Array(busy.indices))]) }
        var groups: [Int32: [Int]] = [:]
        let named = !key.namesPeople
        var labels: [Int32: Int32] = [:]
        var seenCopies: [Int32: Set<Int32>] = [:]
        for rank in busy.indices {
            let copy: Int32? =
                key.namesPeople && !copies.isEmpty && calendars[rank] >= 0 && copies[rank] >= 0
                ? copies[rank] : nil
            for entry in Int(keyStarts[rank])..<Int(keyStarts[rank + 1]) {
                let value = keyValues[entry]
                if let copy, !seenCopies[value, default: []].insert(copy).inserted { continue }
                groups[value, default: []].append(rank)
                if named, labels[value] == nil { labels[value] = keyLabels[entry] }
            }
        }
        let values = groups.keys.sorted { keyNames[Int($0)] < keyNames[Int($1)] }
        return (
            values.map { value in labels[value].map { labelNames[Int($0)] } ?? keyNames[Int(value)]
            },
            values.enumerated().map { ($0.offset, groups[$0.element] ?? []) }
        )
    }
}

