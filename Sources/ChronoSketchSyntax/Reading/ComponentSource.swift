import ChronoSketchCore

/// Where the items of one input come from: the reader over its text, or a tree in memory.
package protocol ComponentSource {
    /// The input's name, for messages.
    var name: String { get }
    /// The next item, or nil at the end.
    /// - Throws: ``InputError`` when the input cannot be used at all.
    mutating func next() throws(InputError) -> ReaderItem?
    /// What the source found wrong so far.
    mutating func takeDiagnostics() -> [Diagnostic]
    /// How the lines read so far end and run; nil for a source that is not `.ics` text.
    var lineShape: LineShape? { get }
}

extension ComponentSource {
    package var lineShape: LineShape? { nil }
}

extension ICalendarReader: ComponentSource {}

package enum ComponentSources {
    /// The items of `source`: a tree as it is, a calendar made as it is read as it is made,
    /// anything else read.
    /// - Parameter measuringLines: whether the reader counts how lines end and run
    ///   (``ComponentSource/lineShape``), which only a profile's rules ask.
    /// - Throws: ``InputError`` when the input is missing or unreadable.
    package static func open(
        _ source: InputSource, limits: ReadLimits, progress: ReadProgress? = nil,
        measuringLines: Bool = false
    )
        throws(InputError) -> any ComponentSource
    {
        switch source {
        case .document(let name, let document):
            return DocumentItems(name: name, document: document)
        case .generated(_, let calendar):
            return calendar.items()
        case .file, .standardInput, .standardInputReadAhead, .memory:
            var reader = try ICalendarReader(source, limits: limits, progress: progress)
            reader.measuresLines = measuringLines
            return reader
        }
    }
}

/// The items of a tree, as the reader would hand them on: each VCALENDAR's properties and
/// components in the order they were read, then its end; components outside a calendar and
/// loose lines where they stood.
struct DocumentItems: ComponentSource {
    let name: String
    private var items: [ReaderItem] = []
    private var index = 0

    init(name: String, document: ICalDocument) {
        self.name = name
        var items: [ReaderItem] = []
        document.forEachInReadOrder(looseLine: { items.append(.looseLine($0)) }) { component in
            guard component.name == "VCALENDAR" else {
                items.append(.component(component))
                return
            }
            var calendar = component
            calendar.properties = []
            calendar.components = []
            items.append(.calendarBegin(calendar))
            component.forEachInReadOrder(
                property: { items.append(.calendarProperty($0)) },
                component: { items.append(.component($0)) })
            items.append(.calendarEnd(closing: component.closing, endText: component.endText))
        }
        self.items = items
    }

    mutating func next() throws(InputError) -> ReaderItem? {
        guard index < items.count else { return nil }
        defer { index += 1 }
        return items[index]
    }

    mutating func takeDiagnostics() -> [Diagnostic] { [] }
}
