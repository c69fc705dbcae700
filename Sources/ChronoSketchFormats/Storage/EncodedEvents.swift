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
        var records: ByteRecords
        var readFailure: SpillFailure?
        /// Decoded events by position modulo its size.
        var cache: [(position: Int, event: CalendarEvent)?] = Array(repeating: nil, count: 4096)
    }

    private let state: Mutex<State>

    /// A store that keeps up to `budget` bytes of events in memory, the rest in a temporary
    /// file in `directory` (by default `$TMPDIR`, else `/tmp`).
    package init(budget: Int, directory: String? = nil) {
        state = Mutex(State(records: ByteRecords(budget: budget, directory: directory)))
    }

    /// How many events were appended.
    package var count: Int { state.withLock { $0.records.count } }

    /// Why events stayed in memory past the budget (no temporary file could be made or
    /// written), if they did.
    package var spillFailure: SpillFailure? { state.withLock { $0.records.spillFailure } }

    /// Why an event could not be read back from the temporary file, if one could not: what
    /// was read for it instead is not the event.
    package var readFailure: SpillFailure? { state.withLock { $0.readFailure } }

    /// Appends `event`; returns its position.
    package func append(_ event: CalendarEvent) -> Int {
        var bytes: [UInt8] = []
        EventCodec.encode(event, into: &bytes)
        return state.withLock { $0.records.append(bytes) }
    }

    /// The event at `position`. When the temporary file cannot be read, a stand-in
    /// (``EventCodec/unreadable(position:)``) takes its place and ``readFailure`` says so.
    package func event(at position: Int) -> CalendarEvent {
        state.withLock { state in
            let slot = position & (state.cache.count - 1)
            if let cached = state.cache[slot], cached.position == position { return cached.event }
            let event: CalendarEvent
            do throws(SpillFailure) {
                event = EventCodec.decode(try state.records.record(at: position))
            } catch {
                state.readFailure = state.readFailure ?? error
                return EventCodec.unreadable(position: position)
            }
            state.cache[slot] = (position, event)
            return event
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
