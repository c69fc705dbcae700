import ChronoSketchCore

/// A calendar made as it is read rather than read from text (the events of imported records,
/// built one record at a time), so that it is never held whole: each reading makes its items
/// afresh (``InputSource/generated(name:_:)``).
public final class GeneratedCalendar: Sendable, Hashable {
    /// Makes the calendar's items, from the first.
    private let makeItems: @Sendable () -> any ComponentSource

    /// A calendar whose items `makeItems` makes, afresh at each call.
    package init(items makeItems: @escaping @Sendable () -> any ComponentSource) {
        self.makeItems = makeItems
    }

    /// The calendar's items, from the first.
    package func items() -> any ComponentSource {
        makeItems()
    }

    /// The calendar as RFC 5545 text, for what reads text.
    package var text: [UInt8] {
        var items = items()
        var writer = ICalItemWriter()
        var bytes: [UInt8] = []
        while let item = try? items.next() {
            writer.take(item)
            bytes += writer.takeBytes()
        }
        writer.finish()
        return bytes + writer.takeBytes()
    }

    /// The same calendar: the same maker.
    public static func == (left: GeneratedCalendar, right: GeneratedCalendar) -> Bool {
        left === right
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
