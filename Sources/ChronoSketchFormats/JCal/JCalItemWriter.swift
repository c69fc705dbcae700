import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Writes items as jCal while they are read, giving the bytes ``JCal/encode(_:)`` gives for
/// the whole document, written compactly and ended by a newline.
///
/// jCal holds a calendar's properties in one array and its components in the next, so the
/// items must hold every property of a calendar before its first component, and the number
/// of top-level components must be known before the first (one is written as itself,
/// several as an array). ``CalendarOutline`` tells whether an input is so. Lines that are
/// not properties and lines outside every component have no jCal form and are left out.
struct JCalItemWriter: CalendarItemWriter {
    private var json = JSONWriter(capacity: 1 << 16)
    private let isArray: Bool
    private var started = false
    /// Where the open calendar is: in its properties or in its components.
    private var inCalendar = false
    private var inComponents = false
    /// What is left to write of the last component.
    private var walk: ComponentWalk?

    /// - Parameter topLevelComponents: how many components the output holds outside any
    ///   other: VCALENDARs, and components written outside one.
    init(topLevelComponents: Int) {
        isArray = topLevelComponents != 1
    }

    var pendingByteCount: Int { json.bytes.count }

    mutating func take(_ item: ReaderItem) {
        write(upTo: .max)
        if !started {
            started = true
            if isArray { json.beginArray() }
        }
        switch item {
        case .calendarBegin:
            json.beginArray()
            json.string("vcalendar")
            json.beginArray()
            inCalendar = true
            inComponents = false
        case .calendarProperty(let property):
            assert(!inComponents, "a calendar property after its components")
            if property.isProperty, !inComponents { json.value(JCal.property(property)) }
        case .component(let component):
            if inCalendar, !inComponents {
                json.endArray()
                json.beginArray()
                inComponents = true
            }
            walk = ComponentWalk(component, order: .propertiesFirst)
            write(upTo: Self.pieceSize)
        case .calendarEnd:
            guard inCalendar else { return }
            if !inComponents {
                json.endArray()
                json.beginArray()
            }
            json.endArray()
            json.endArray()
            inCalendar = false
        case .looseLine:
            break
        }
    }

    /// Writes what is left of the last component until `json` holds `limit` bytes.
    private mutating func write(upTo limit: Int) {
        guard var open = walk else { return }
        walk = nil
        JCal.write(&open, into: &json, upTo: limit)
        if !open.isDone { walk = open }
    }

    mutating func takeBytes() -> [UInt8] {
        let taken = json.takeBytes()
        write(upTo: Self.pieceSize)
        return taken
    }

    mutating func finish() {
        write(upTo: .max)
        if !started, isArray { json.beginArray() }
        if isArray { json.endArray() }
        json.raw("\n")
    }
}
