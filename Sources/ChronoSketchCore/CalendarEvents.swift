/// Why a set of events could not be formed.
public enum CalendarEventsError: Error, Sendable, Hashable, CustomStringConvertible {
    case blankID(SourceLocation)
    case duplicateID(String, first: SourceLocation, second: SourceLocation)
    case invalidInterval(id: String, CivilTimeError)

    /// Says what is wrong and where.
    public var description: String {
        switch self {
        case .blankID(let source): "Blank event id at \(source)"
        case .duplicateID(let id, let first, let second):
            "Duplicate event id '\(id)' at \(first) and \(second)"
        case .invalidInterval(let id, let error): "Event '\(id)': \(error)"
        }
    }
}

/// Events with unique ids, kept sorted by start, then id (see ``CalendarEvent/precedes(_:_:)``).
public struct CalendarEvents: Sendable, Hashable, RandomAccessCollection {
    public private(set) var elements: [CalendarEvent]

    /// Sorts `events` and checks that their ids are unique.
    /// - Throws: ``CalendarEventsError/duplicateID(_:first:second:)`` naming both sources.
    /// - Complexity: O(n log n); events are compared through small precomputed keys, so
    ///   sorting never copies an event more than once.
    public init(_ events: some Sequence<CalendarEvent>) throws(CalendarEventsError) {
        var elements = Array(events)
        var seen: [ExactText: SourceLocation] = [:]
        seen.reserveCapacity(elements.count)
        for event in elements {
            if let first = seen.updateValue(event.source, forKey: ExactText(event.id)) {
                throw .duplicateID(event.id, first: first, second: event.source)
            }
        }
        let keys = elements.map(CalendarEvent.OrderKey.init)
        var order = Array(keys.indices)
        order.sort { keys[$0] < keys[$1] }
        Self.permute(&elements, into: order)
        self.elements = elements
    }

    /// Rearranges `elements` in place so that position `i` holds the old `elements[order[i]]`,
    /// by following the permutation's cycles with swaps (no second array of events).
    private static func permute(_ elements: inout [CalendarEvent], into order: [Int]) {
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            var position = start
            while true {
                placed[position] = true
                let source = order[position]
                if source == start || placed[source] { break }
                elements.swapAt(position, source)
                position = source
            }
        }
    }

    /// No events.
    public init() { elements = [] }

    /// The position of the first event.
    public var startIndex: Int { elements.startIndex }
    /// The position after the last event.
    public var endIndex: Int { elements.endIndex }
    /// The event at `position`.
    public subscript(position: Int) -> CalendarEvent { elements[position] }

    /// The events that overlap the window `[from, to)` (see ``EventInterval/overlaps(from:to:)``).
    public func overlapping(from: LocalDateTime?, to: LocalDateTime?) -> [CalendarEvent] {
        elements.filter { $0.interval.overlaps(from: from, to: to) }
    }
}
