/// Takes a calendar item by item, in the order the reader hands them on (``ReaderItem``): a
/// writer of one format, or a tree being built.
package protocol CalendarItemSink {
    mutating func take(_ item: ReaderItem)
}

/// A sink that turns items into bytes, handed out as they are ready so that a large calendar
/// is never held whole.
///
/// A component is written a piece at a time: once ``pieceSize`` bytes are ready the rest of it
/// waits, and is written as the bytes are taken (``takeBytes()``), so that the bytes of a
/// component of any size are never held whole either. Its taker takes bytes while at least
/// ``pieceSize`` are ready.
package protocol CalendarItemWriter: CalendarItemSink {
    /// How many bytes are ready.
    var pendingByteCount: Int { get }
    /// The bytes ready so far; each is handed out once. What is left of a component then
    /// becomes ready, up to ``pieceSize`` bytes.
    mutating func takeBytes() -> [UInt8]
    /// Writes what closes the output.
    mutating func finish()
}

extension CalendarItemWriter {
    /// The bytes made of a large component before the rest of it waits to be asked for.
    package static var pieceSize: Int { 1 << 16 }
}

/// Writes items as RFC 5545 text, each line as ``ICalWriter`` writes it: the items of a
/// document give the bytes ``ICalWriter/write(_:)`` gives for it.
package struct ICalItemWriter: CalendarItemWriter {
    private var bytes: [UInt8] = []
    /// What is left to write of the last component.
    private var walk: ComponentWalk?

    package init() {}

    package var pendingByteCount: Int { bytes.count }

    package mutating func take(_ item: ReaderItem) {
        write(upTo: .max)
        switch item {
        case .calendarBegin(let calendar):
            ICalWriter.appendFolded(calendar.beginText ?? Array("BEGIN:VCALENDAR".utf8), to: &bytes)
        case .calendarProperty(let property), .looseLine(let property):
            ICalWriter.appendFolded(property.contentLine, to: &bytes)
        case .component(let component):
            walk = ComponentWalk(component, order: .asRead)
            write(upTo: Self.pieceSize)
        case .calendarEnd(_, let endText):
            ICalWriter.appendFolded(endText ?? Array("END:VCALENDAR".utf8), to: &bytes)
        }
    }

    /// Writes what is left of the last component until `bytes` hold `limit`.
    private mutating func write(upTo limit: Int) {
        guard var open = walk else { return }
        walk = nil
        ICalWriter.append(&open, to: &bytes, upTo: limit)
        if !open.isDone { walk = open }
    }

    package mutating func takeBytes() -> [UInt8] {
        let taken = bytes
        bytes.removeAll(keepingCapacity: true)
        write(upTo: Self.pieceSize)
        return taken
    }

    package mutating func finish() {
        write(upTo: .max)
    }
}
