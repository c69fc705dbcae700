/// Takes a calendar item by item, in the order the reader hands them on (``ReaderItem``): a
/// writer of one format, or a tree being built.
package protocol CalendarItemSink {
    mutating func take(_ item: ReaderItem)
}

/// A sink that turns items into bytes, handed out as they are ready so that a large calendar
/// is never held whole.
package protocol CalendarItemWriter: CalendarItemSink {
    /// How many bytes are ready.
    var pendingByteCount: Int { get }
    /// The bytes ready so far; each is handed out once.
    mutating func takeBytes() -> [UInt8]
    /// Writes what closes the output.
    mutating func finish()
}

/// Writes items as RFC 5545 text, each line as ``ICalWriter`` writes it: the items of a
/// document give the bytes ``ICalWriter/write(_:)`` gives for it.
package struct ICalItemWriter: CalendarItemWriter {
    private var bytes: [UInt8] = []

    package init() {}

    package var pendingByteCount: Int { bytes.count }

    package mutating func take(_ item: ReaderItem) {
        switch item {
        case .calendarBegin(let calendar):
            ICalWriter.appendFolded(calendar.beginText ?? Array("BEGIN:VCALENDAR".utf8), to: &bytes)
        case .calendarProperty(let property), .looseLine(let property):
            ICalWriter.appendFolded(property.contentLine, to: &bytes)
        case .component(let component):
            ICalWriter.append(component, to: &bytes)
        case .calendarEnd(_, let endText):
            ICalWriter.appendFolded(endText ?? Array("END:VCALENDAR".utf8), to: &bytes)
        }
    }

    package mutating func takeBytes() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    package mutating func finish() {}
}
