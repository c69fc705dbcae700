import ChronoSketchCore

/// Why two things clash.
public enum ConflictKind: String, Sendable, Hashable, CaseIterable {
    /// The events themselves overlap.
    case overlap
    /// Only their buffers do: the events are too close.
    case buffer
    /// An event (with its buffers) reaches into a blocked window.
    case blocked
}

/// Which pairs of events may clash.
public enum ConflictScope: Sendable, Hashable, CaseIterable {
    /// Events of the same input file.
    case withinFiles
    /// Events of different input files only.
    case acrossFiles
    /// Any two events.
    case all

    func allows(_ lhs: CalendarEvent, _ rhs: CalendarEvent) -> Bool {
        switch self {
        case .withinFiles: lhs.source.file == rhs.source.file
        case .acrossFiles: lhs.source.file != rhs.source.file
        case .all: true
        }
    }
}

/// One side of a conflict: an event or a blocked window.
public enum ConflictParty: Sendable, Hashable {
    /// An event of the calendars read.
    case event(CalendarEvent)
    /// A blocked window.
    case window(BlockedWindow)

    /// The event's id, or the window's.
    public var id: String {
        switch self {
        case .event(let event): event.id
        case .window(let window): window.id
        }
    }

    /// The event's title, or the window's.
    public var title: String {
        switch self {
        case .event(let event): event.title
        case .window(let window): window.title
        }
    }

    /// The party's own interval (without buffers) on `line`.
    func span(on line: TimeLine) -> Span {
        switch self {
        case .event(let event): line.span(of: event)
        case .window(let window): window.span(on: line)
        }
    }
}

/// The events and windows a report's conflicts point into, shared so that a conflict is a
/// few numbers and one reference however large the events are.
final class ConflictParties: Sendable {
    let events: any EventStorage
    let windows: [BlockedWindow]
    /// The line the conflicts' seconds are positions on.
    let line: TimeLine
    /// The names of the resources conflicts are found per.
    let resources: [String]

    init(
        events: any EventStorage, windows: [BlockedWindow], line: TimeLine,
        resources: [String] = []
    ) {
        self.events = events
        self.windows = windows
        self.line = line
        self.resources = resources
    }
}

/// Two things that clash, and where: a few numbers and a shared reference (forty bytes), so
/// that a report of a million conflicts holds tens of megabytes.
public struct Conflict: Sendable, Hashable {
    private let parties: ConflictParties
    private let startSecond: Int
    private let endSecond: Int
    private let firstIndex: Int32
    /// An event index, or a window index plus the number of events.
    private let secondIndex: Int32
    /// An index into the parties' resources; -1 for none.
    private let resourceIndex: Int32
    /// Why they clash.
    public let kind: ConflictKind

    init(
        kind: ConflictKind, parties: ConflictParties, first: Int, second: Int, common: Span,
        resource: Int?
    ) {
        self.kind = kind
        self.parties = parties
        self.firstIndex = Int32(first)
        self.secondIndex = Int32(second)
        self.startSecond = common.start
        self.endSecond = common.end
        self.resourceIndex = resource.map(Int32.init) ?? -1
    }

    /// The resource both share, when conflicts are found per resource.
    public var resource: String? {
        resourceIndex < 0 ? nil : parties.resources[Int(resourceIndex)]
    }

    /// The earlier event (by start, all-day first, then id); for a blocked window, the event.
    public var first: CalendarEvent { parties.events.event(at: Int(firstIndex)) }

    /// The later event, or the window.
    public var second: ConflictParty {
        Int(secondIndex) < parties.events.count
            ? .event(parties.events.event(at: Int(secondIndex)))
            : .window(parties.windows[Int(secondIndex) - parties.events.count])
    }

    /// Where they clash: the events' common time for an overlap, the common busy time (with
    /// buffers) for a buffer or a blocked window.
    public var overlapStart: LocalDateTime { shownRange.start }
    /// Where the clash ends (exclusive), on the same clock as ``overlapStart``.
    public var overlapEnd: LocalDateTime { shownRange.end }

    private var shownRange: (start: LocalDateTime, end: LocalDateTime) {
        parties.line.wallClock(of: Span(start: startSecond, end: endSecond))
    }

    /// The length of the clash in minutes (measured on the report's ``TimeLine``), a part of a
    /// minute counting as one.
    public var minutes: Int { (endSecond - startSecond + 59) / 60 }

    /// Conflicts are equal when their kind, times, resource and parties are.
    public static func == (lhs: Conflict, rhs: Conflict) -> Bool {
        lhs.kind == rhs.kind && lhs.startSecond == rhs.startSecond
            && lhs.endSecond == rhs.endSecond && lhs.resource == rhs.resource
            && lhs.first == rhs.first && lhs.second == rhs.second
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(startSecond)
        hasher.combine(first.id)
        hasher.combine(second.id)
        hasher.combine(resource)
    }
}

/// Conflicts connected through shared members: what must be untangled together.
public struct ConflictCluster: Sendable, Hashable {
    /// Member ids by start, then id.
    public let ids: [String]
    /// The earliest start of the members' own intervals.
    public let start: LocalDateTime
    /// The latest end of the members' own intervals (exclusive).
    public let end: LocalDateTime
}

/// What conflicts are looked for.
public struct ConflictOptions: Sendable, Hashable {
    /// Which events take up time, and their buffers.
    public var policy: BusyPolicy
    /// Which pairs of events may clash.
    public var scope: ConflictScope
    /// When set, only events sharing a value of this key (a room, a person) can clash.
    public var resource: EventKey?
    /// The most conflicts found before the search stops: a series of hour-long events every
    /// second would otherwise give billions.
    public var maximumConflicts: Int
    /// What times are compared on: the target zone's instants, or the wall clock.
    public var timeLine: TimeLine

    /// Options with the default policy, every pair, no resource, a million conflicts at most
    /// and the wall clock.
    public init(
        policy: BusyPolicy = BusyPolicy(), scope: ConflictScope = .all,
        resource: EventKey? = nil, maximumConflicts: Int = 1_000_000,
        timeLine: TimeLine = .wallClock
    ) {
        self.timeLine = timeLine
        self.policy = policy
        self.scope = scope
        self.resource = resource
        self.maximumConflicts = max(1, maximumConflicts)
    }
}

/// Every conflict among events and blocked windows, found with a sweep line.
///
/// Two events conflict when their busy intervals (``BusyPolicy``) overlap, half-open: an event
/// ending at 10:00 and one starting at 10:00 do not. The kind is `overlap` when the events
/// themselves overlap and `buffer` when only their buffers do; with `--buffer 10m` each event
/// is widened by ten minutes on both sides, so two events need twenty minutes between them.
/// An event conflicts with a blocked window when its busy interval reaches into the window,
/// unless the window names the event's UID as its owner. Within the chosen scope (and
/// resource), every clashing pair is reported once, the earlier event first; copies of one
/// occurrence read from two separate calendars (``CalendarEvent/isCopy(of:)``) do not clash.
public struct ConflictReport: Sendable, Hashable {
    /// By overlap start, then the first event, then the second (each by start, end, then id),
    /// then resource.
    public let conflicts: ConflictList
    /// Connected groups of conflicting events and windows, by start.
    public let clusters: [ConflictCluster]
    /// The events that took up time.
    public let busyEvents: Int
    /// The events left out as free (cancelled, transparent, instants, and as the policy says).
    public let freeEvents: Int
    /// Whether the search stopped at ``ConflictOptions/maximumConflicts``: the conflicts are
    /// then those the sweep met first (the earliest), not all.
    public let isTruncated: Bool
    /// Whether any event read (busy or free) has a value of the options' resource key.
    package let hasResource: Bool
    /// When the search stopped at the limit, the conflict that reached it: the last one the
    /// sweep met, so that a warning can say where the search stopped.
    public let limitReachedAt: Conflict?

    /// - Complexity: O(n log n + k) for n events and windows and k overlapping pairs of busy
    ///   intervals: one sort, then a sweep that keeps the intervals still open. A conflict is
    ///   a few numbers and a shared reference, so a million events with millions of conflicts
    ///   take seconds.
    public init(
        events: some Sequence<CalendarEvent>, windows: [BlockedWindow] = [],
        options: ConflictOptions = ConflictOptions()
    ) {
        // Conflicts point into the events as given: an array (or the array of a
        // ``CalendarEvents``, sorted as a load sorts) is shared, not copied.
        let storage =
            (events as? CalendarEvents).map { HeldEvents($0.elements, isInLoadOrder: true) }
            ?? HeldEvents((events as? [CalendarEvent]) ?? Array(events))
        self.init(storage: storage, windows: windows, options: options)
    }

    /// The report over events held as `storage` holds them. Each event is read once for what
    /// the search compares (``ConflictFacts``), and again only for ties of equal times
    /// outside the load's order, the clusters' ids, and what the conflicts show.
    package init(
        storage: any EventStorage, windows: [BlockedWindow] = [],
        options: ConflictOptions = ConflictOptions()
    ) {
        let line = options.timeLine
        var facts = ConflictFacts(
            storage: storage, options: options, owners: windows.compactMap(\.owner))
        // Busy events ranked by busy start, busy end, then the tie-break, so that the ranks,
        // and everything ordered by them, do not depend on the input order.
        var order = Array(facts.busy.indices)
        do {
            let spans = facts.spans
            order.sort { lhs, rhs in
                if spans[lhs].start != spans[rhs].start {
                    return spans[lhs].start < spans[rhs].start
                }
                if spans[lhs].end != spans[rhs].end { return spans[lhs].end < spans[rhs].end }
                return facts.breaksTie(lhs, rhs)
            }
        }
        facts.rank(order)
        let ranked = facts.busy
        let busySpans = facts.spans
        let rawSpans = facts.raw
        let sortedWindows = windows.map { (window: $0, start: $0.span(on: line).start) }
            .sorted { ($0.start, $0.window.id) < ($1.start, $1.window.id) }.map(\.window)
        let (resources, groups) = facts.partitions()
        let parties = ConflictParties(
            events: storage, windows: sortedWindows, line: line, resources: resources)
        var found: [Found] = []
        let limit = options.maximumConflicts
        for (resource, members) in groups where found.count < limit {
            Self.sweep(members.map { busySpans[$0] }) { earlier, later in
                let a = members[earlier]
                let b = members[later]
                guard facts.allows(a, b, options.scope), !facts.areCopies(a, b) else {
                    return true
                }
                found.append(
                    Self.eventPair(
                        a, b, raw: rawSpans, busy: busySpans, facts: facts, resource: resource))
                return found.count < limit
            }
        }
        if found.count < limit {
            found += Self.blocked(
                busySpans, facts: facts, parties: parties, limit: limit - found.count)
        }
        self.isTruncated = found.count >= limit
        let last = isTruncated ? found.last : nil
        found.sort()
        self.clusters = Self.clusters(found, ranked: ranked, raw: rawSpans, parties: parties)
        let conflicts = ConflictList(found: found, parties: parties, ranked: ranked)
        self.conflicts = conflicts
        self.limitReachedAt = last.flatMap { found.firstIndex(of: $0) }.map { conflicts[$0] }
        self.busyEvents = ranked.count
        self.freeEvents = storage.count - ranked.count
        self.hasResource = facts.hasResource
    }

    /// The clashes a proposed interval would have: with each busy event and each window, as
    /// conflicts whose first member is the proposal; of the copies of one occurrence read
    /// from separate calendars (``CalendarEvent/isCopy(of:)``), the first given.
    /// - Complexity: O(n) in the events and windows.
    public static func clashes(
        of proposal: CalendarEvent, events: some Sequence<CalendarEvent>,
        windows: [BlockedWindow] = [], policy: BusyPolicy = BusyPolicy(),
        on line: TimeLine = .wallClock
    ) -> [Conflict] {
        guard let span = policy.busySpan(proposal, on: line) else { return [] }
        let raw = line.span(of: proposal)
        var others: [CalendarEvent] = [proposal]
        var common: [(index: Int, kind: ConflictKind, span: Span)] = []
        // Copies of one meeting read from several people's calendars are one clash.
        var copies: Set<CopyKey> = []
        for event in events where event.id != proposal.id {
            guard let other = policy.busySpan(event, on: line), span.overlaps(other) else {
                continue
            }
            if event.separateCalendar != nil, event.hasUID,
                !copies.insert(CopyKey(event)).inserted
            {
                continue
            }
            let otherRaw = line.span(of: event)
            let overlapping = raw.overlaps(otherRaw)
            common.append(
                (
                    others.count, overlapping ? .overlap : .buffer,
                    overlapping ? raw.intersection(otherRaw) : span.intersection(other)
                ))
            others.append(event)
        }
        let blocking = windows.filter {
            $0.owner != proposal.uid && span.overlaps($0.span(on: line))
        }
        for (offset, window) in blocking.enumerated() {
            common.append(
                (others.count + offset, .blocked, span.intersection(window.span(on: line))))
        }
        let parties = ConflictParties(events: HeldEvents(others), windows: blocking, line: line)
        // By the other party's start, then id.
        return common.map {
            let conflict = Conflict(
                kind: $0.kind, parties: parties, first: 0, second: $0.index, common: $0.span,
                resource: nil)
            return (conflict, conflict.second.span(on: line).start)
        }.sorted { ($0.1, $0.0.second.id) < ($1.1, $1.0.second.id) }.map(\.0)
    }

    // MARK: - Sweep

    /// Calls `report(i, j)` (i < j) for every pair of overlapping spans until it returns
    /// false; `spans` are sorted by start. Each span stays in the open list until a later one
    /// starts at or after its end, so the work is the number of spans plus the number of
    /// overlapping pairs.
    static func sweep(_ spans: [Span], report: (Int, Int) -> Bool) {
        var open: [Int] = []
        for (index, span) in spans.enumerated() {
            open.removeAll { spans[$0].end <= span.start }
            for earlier in open where !report(earlier, index) { return }
            open.append(index)
        }
    }

    private static func eventPair(
        _ lhs: Int, _ rhs: Int, raw: [Span], busy: [Span], facts: ConflictFacts,
        resource: Int?
    ) -> Found {
        // The earlier event by its own start, all-day first, then id.
        let swap: Bool
        if raw[lhs].start != raw[rhs].start {
            swap = raw[rhs].start < raw[lhs].start
        } else {
            swap = facts.startsBefore(rhs, lhs)
        }
        let (a, b) = swap ? (rhs, lhs) : (lhs, rhs)
        let overlapping = raw[a].overlaps(raw[b])
        let common = overlapping ? raw[a].intersection(raw[b]) : busy[a].intersection(busy[b])
        return Found(
            start: common.start, first: a, second: b, resource: resource, end: common.end,
            kind: overlapping ? .overlap : .buffer)
    }

    /// Events against windows: one sweep over both that keeps the open events and the open
    /// windows apart, so pairs of events (however many) cost nothing here. Events are ranks; a
    /// window is its index plus the number of busy events.
    private static func blocked(
        _ busy: [Span], facts: ConflictFacts, parties: ConflictParties, limit: Int
    ) -> [Found] {
        let windows = parties.windows
        guard !windows.isEmpty else { return [] }
        var items = Array(0..<(busy.count + windows.count))
        let spans = busy + windows.map { $0.span(on: parties.line) }
        items.sort { lhs, rhs in
            if spans[lhs].start != spans[rhs].start { return spans[lhs].start < spans[rhs].start }
            if spans[lhs].end != spans[rhs].end { return spans[lhs].end < spans[rhs].end }
            return lhs < rhs
        }
        var found: [Found] = []
        var openEvents: [Int] = []
        var openWindows: [Int] = []
        var prunedSize = 0
        for item in items {
            let start = spans[item].start
            openWindows.removeAll { spans[$0].end <= start }
            let isEvent = item < busy.count
            if isEvent {
                // Events are pruned when a window needs them, or when their list has doubled,
                // so each expired event is dropped once.
                if openEvents.count > 2 * prunedSize + 64 {
                    openEvents.removeAll { spans[$0].end <= start }
                    prunedSize = openEvents.count
                }
            } else {
                openEvents.removeAll { spans[$0].end <= start }
                prunedSize = openEvents.count
            }
            for other in isEvent ? openWindows : openEvents {
                let (event, window) = isEvent ? (item, other) : (other, item)
                guard !facts.owns(event, windows[window - busy.count]) else { continue }
                let common = busy[event].intersection(spans[window])
                found.append(
                    Found(
                        start: common.start, first: event, second: window, resource: nil,
                        end: common.end, kind: .blocked))
                if found.count >= limit { return found }
            }
            if isEvent { openEvents.append(item) } else { openWindows.append(item) }
        }
        return found
    }

    // MARK: - Clusters

    /// Union-find over the parties of the conflicts (events by rank, windows after them).
    private static func clusters(
        _ found: [Found], ranked: [Int], raw: [Span], parties: ConflictParties
    ) -> [ConflictCluster] {
        let count = ranked.count + parties.windows.count
        var parent = Array(0..<count)
        func root(_ node: Int) -> Int {
            var node = node
            while parent[node] != node {
                parent[node] = parent[parent[node]]
                node = parent[node]
            }
            return node
        }
        var involved = [Bool](repeating: false, count: count)
        for item in found {
            let (first, second) = (Int(item.first), Int(item.second))
            involved[first] = true
            involved[second] = true
            let a = root(first)
            let b = root(second)
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        func span(_ node: Int) -> Span {
            node < ranked.count
                ? raw[node] : parties.windows[node - ranked.count].span(on: parties.line)
        }
        func id(_ node: Int) -> String {
            node < ranked.count
                ? parties.events.event(at: ranked[node]).id
                : parties.windows[node - ranked.count].id
        }
        // Nodes grouped by their root: sort once instead of hashing every node.
        let nodes = (0..<count).filter { involved[$0] }.map { (root: root($0), node: $0) }
            .sorted { ($0.root, $0.node) < ($1.root, $1.node) }
        var clusters: [ConflictCluster] = []
        var start = 0
        while start < nodes.count {
            var end = start
            while end < nodes.count, nodes[end].root == nodes[start].root { end += 1 }
            let members = nodes[start..<end].map { (span: span($0.node), id: id($0.node)) }
                .sorted { ($0.span.start, $0.id) < ($1.span.start, $1.id) }
            let shown = parties.line.wallClock(
                of: Span(
                    start: members.map(\.span.start).min() ?? 0,
                    end: members.map(\.span.end).max() ?? 0))
            clusters.append(
                ConflictCluster(ids: members.map(\.id), start: shown.start, end: shown.end))
            start = end
        }
        return clusters.sorted { lhs, rhs in
            lhs.start != rhs.start
                ? lhs.start < rhs.start : lhs.ids.lexicographicallyPrecedes(rhs.ids)
        }
    }
}

/// A conflict while it is being found: indices and seconds only (32 bytes), ordered as
/// reported.
private struct Found: Comparable, Sendable {
    var start: Int
    var end: Int
    /// Ranks of events; a window is its index plus the number of busy events.
    var first: Int32
    var second: Int32
    /// The resource's position in the names; -1 for none.
    var resource: Int32
    var kind: ConflictKind

    init(start: Int, first: Int, second: Int, resource: Int?, end: Int, kind: ConflictKind) {
        self.start = start
        self.end = end
        self.first = Int32(first)
        self.second = Int32(second)
        self.resource = resource.map(Int32.init) ?? -1
        self.kind = kind
    }

    static func < (lhs: Found, rhs: Found) -> Bool {
        if lhs.start != rhs.start { return lhs.start < rhs.start }
        if lhs.first != rhs.first { return lhs.first < rhs.first }
        if lhs.second != rhs.second { return lhs.second < rhs.second }
        return lhs.resource < rhs.resource
    }
}

/// The conflicts of a report in the order reported, each made when it is read from a few
/// numbers (32 bytes a conflict).
public struct ConflictList: RandomAccessCollection, Sendable, Hashable {
    private let found: [Found]
    private let parties: ConflictParties
    /// The position in the events of each busy rank.
    private let ranked: [Int]

    fileprivate init(found: [Found], parties: ConflictParties, ranked: [Int]) {
        self.found = found
        self.parties = parties
        self.ranked = ranked
    }

    /// The position of the first conflict.
    public var startIndex: Int { found.startIndex }
    /// The position after the last conflict.
    public var endIndex: Int { found.endIndex }

    /// The conflict at `position`.
    public subscript(position: Int) -> Conflict {
        let item = found[position]
        // Ranks become positions in the events as given; windows follow the events.
        func party(_ rank: Int32) -> Int {
            let rank = Int(rank)
            return rank < ranked.count ? ranked[rank] : rank - ranked.count + parties.events.count
        }
        return Conflict(
            kind: item.kind, parties: parties, first: party(item.first),
            second: party(item.second), common: Span(start: item.start, end: item.end),
            resource: item.resource < 0 ? nil : Int(item.resource))
    }

    /// Lists are equal when they hold equal conflicts in the same order.
    public static func == (lhs: ConflictList, rhs: ConflictList) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for conflict in self { hasher.combine(conflict) }
    }
}
