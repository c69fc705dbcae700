import ChronoSketchCore
import Synchronization

/// Events kept as bytes (``EventCodec``): in memory up to a budget, past it in a nameless
/// temporary file (``SpillFile``), so that a report over millions of events holds a few
/// bytes of each — its position — rather than the event with its strings.
///
/// Events are appended while a calendar is loaded, then read by position, in any order;
/// the events read last are kept decoded, since a report shows each conflicting event
/// several times in a row.
package final class EncodedEvents: Sendable {
    private struct State: ~Copyable {
        /// The bytes in memory, in blocks of a megabyte (larger for a larger event).
        var blocks: [[UInt8]] = []
        var memoryBytes = 0
        /// The events' places: in memory `block << 32 | offset`, on disk the file offset.
        var places: [Int] = []
        /// How many of the events (the first ones) are in memory.
        var inMemory = 0
        var file: SpillFile?
        /// Bytes appended but not yet written to the file.
        var pending: [UInt8] = []
        var fileEnd = 0
        var spillFailure: SpillFailure?
        var readFailure: SpillFailure?
        /// Decoded events by position modulo its size.
        var cache: [(position: Int, event: CalendarEvent)?] = Array(repeating: nil, count: 4096)
    }

    private let budget: Int
    private let directory: String?
    private let state = Mutex(State())

    /// A store that keeps up to `budget` bytes of events in memory, the rest in a temporary
    /// file in `directory` (by default `$TMPDIR`, else `/tmp`).
    package init(budget: Int, directory: String? = nil) {
        self.budget = budget
        self.directory = directory
    }

    /// How many events were appended.
    package var count: Int { state.withLock { $0.places.count } }

    /// Why events stayed in memory past the budget (no temporary file could be made or
    /// written), if they did.
    package var spillFailure: SpillFailure? { state.withLock { $0.spillFailure } }

    /// Why an event could not be read back from the temporary file, if one could not: what
    /// was read for it instead is not the event.
    package var readFailure: SpillFailure? { state.withLock { $0.readFailure } }

    /// Appends `event`; returns its position.
    package func append(_ event: CalendarEvent) -> Int {
        var bytes: [UInt8] = []
        EventCodec.encode(event, into: &bytes)
        return state.withLock { state in
            let position = state.places.count
            if state.file == nil, state.spillFailure == nil,
                state.memoryBytes + bytes.count > budget
            {
                do throws(SpillFailure) {
                    state.file = try SpillFile(directory: directory)
                } catch {
                    state.spillFailure = error
                }
            }
            if state.file != nil {
                // Once the file is begun, every later event goes to it.
                state.places.append(state.fileEnd + state.pending.count)
                state.pending += bytes
                if state.pending.count >= 1 << 16 { Self.flush(&state) }
                return position
            }
            Self.keep(bytes, in: &state)
            state.inMemory += 1
            return position
        }
    }

    private static func keep(_ bytes: [UInt8], in state: inout State) {
        let size = 1 << 20
        if state.blocks.isEmpty || state.blocks[state.blocks.count - 1].count + bytes.count > size {
            state.blocks.append([])
            state.blocks[state.blocks.count - 1].reserveCapacity(max(size, bytes.count))
        }
        let block = state.blocks.count - 1
        state.places.append(block << 32 | state.blocks[block].count)
        state.blocks[block] += bytes
        state.memoryBytes += bytes.count
    }

    /// Writes what is pending to the file; when it cannot, keeps it in memory instead.
    private static func flush(_ state: inout State) {
        guard !state.pending.isEmpty, state.spillFailure == nil, let file = state.file else {
            return
        }
        do throws(SpillFailure) {
            try file.append(state.pending)
            state.fileEnd += state.pending.count
            state.pending = []
        } catch {
            state.spillFailure = error
        }
    }

    /// The event at `position`. When the temporary file cannot be read, a stand-in
    /// (``EventCodec/unreadable(position:)``) takes its place and ``readFailure`` says so.
    package func event(at position: Int) -> CalendarEvent {
        state.withLock { state in
            let slot = position & (state.cache.count - 1)
            if let cached = state.cache[slot], cached.position == position { return cached.event }
            let event = Self.decode(position, &state)
            state.cache[slot] = (position, event)
            return event
        }
    }

    private static func decode(_ position: Int, _ state: inout State) -> CalendarEvent {
        let place = state.places[position]
        if position < state.inMemory {
            return EventCodec.decode(state.blocks[place >> 32][(place & 0xFFFF_FFFF)...])
        }
        let end =
            position + 1 < state.places.count
            ? state.places[position + 1] : state.fileEnd + state.pending.count
        if place >= state.fileEnd {
            // Not written yet.
            let start = place - state.fileEnd
            return EventCodec.decode(state.pending[start..<(end - state.fileEnd)])
        }
        do throws(SpillFailure) {
            guard let file = state.file else { throw SpillFailure(description: "no file") }
            let bytes = try file.read(at: place, count: end - place)
            return EventCodec.decode(bytes[...])
        } catch {
            state.readFailure = state.readFailure ?? error
            return EventCodec.unreadable(position: position)
        }
    }
}

/// The events of an ``EncodedEvents`` in a chosen order (a load's: start, all-day first,
/// id), as a report reads them.
package struct OrderedEvents: EventStorage {
    package let store: EncodedEvents
    /// The store's position of each event, in order.
    private let order: [Int32]

    package init(_ store: EncodedEvents, order: [Int32]) {
        self.store = store
        self.order = order
    }

    package var count: Int { order.count }
    package var isInLoadOrder: Bool { true }

    package func event(at position: Int) -> CalendarEvent {
        store.event(at: Int(order[position]))
    }
}
