import ChronoSketchCore

/// Reads a whole input into an ``ICalDocument``, for conversion and validation.
public enum DocumentReader {
    /// The document and the problems met while reading it.
    /// - Throws: ``InputError`` when the input cannot be used at all.
    public static func read(_ source: InputSource, limits: ReadLimits = ReadLimits())
        throws(InputError)
        -> (document: ICalDocument, diagnostics: [Diagnostic])
    {
        var reader = try ICalendarReader(source, limits: limits)
        var builder = DocumentBuilder()
        while let item = try reader.next() { builder.take(item) }
        return (builder.document, reader.takeDiagnostics())
    }

    /// Reads iCalendar text already in memory (text built by a conversion).
    package static func read(text: String, name: String) throws(InputError) -> ICalDocument {
        try read(.memory(name: name, bytes: Array(text.utf8))).document
    }
}

/// Builds the tree of the items the reader hands on: the inverse of ``DocumentItems``.
package struct DocumentBuilder: CalendarItemSink {
    package private(set) var document = ICalDocument()
    private var calendar: ICalComponent?

    package init() {}

    package mutating func take(_ item: ReaderItem) {
        switch item {
        case .calendarBegin(let begun):
            calendar = begun
        case .calendarProperty(let property):
            calendar?.properties.append(property)
        case .component(let component):
            if calendar != nil {
                calendar?.components.append(component)
            } else {
                document.components.append(component)
            }
        case .calendarEnd(let closing, let endText):
            if var finished = calendar {
                finished.closing = closing
                finished.endText = endText
                document.components.append(finished)
            }
            calendar = nil
        case .looseLine(let property):
            document.looseLines.append(
                ICalDocument.LooseLine(property: property, position: document.components.count))
        }
    }
}
