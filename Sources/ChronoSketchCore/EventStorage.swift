/// Events by position, held however their owner holds them: as values in an array, or as
/// bytes (``EventCodec``) in memory or on disk, each made an event again when it is read.
///
/// A report over millions of occurrences reads each event once to take what it compares
/// (times, keys) and again only for what it shows.
package protocol EventStorage: Sendable {
    /// How many events there are.
    var count: Int { get }
    /// Whether the events are in the order a load sorts them (``CalendarEvent/OrderKey``:
    /// start, all-day first, then id), with no id twice, so that position breaks ties of
    /// equal starts as the id would.
    var isInLoadOrder: Bool { get }
    /// The event at `position`, `0..<count`.
    func event(at position: Int) -> CalendarEvent
}

/// Events held as values.
package struct HeldEvents: EventStorage {
    package let events: [CalendarEvent]
    package let isInLoadOrder: Bool

    package init(_ events: [CalendarEvent], isInLoadOrder: Bool = false) {
        self.events = events
        self.isInLoadOrder = isInLoadOrder
    }

    package var count: Int { events.count }

    package func event(at position: Int) -> CalendarEvent { events[position] }
}
