import ChronoSketchEvents
import ChronoSketchSyntax

/// The shape of an input, found by a quick pass over its lines before it is read: whether it
/// can be written as jCal while it is read (``JCalItemWriter``), and how many top-level
/// components it holds.
///
/// An input streams when its structure needs no recovery and each calendar's properties
/// come before its components, as RFC 5545 writes them: it begins with `BEGIN:VCALENDAR`,
/// every END closes the innermost open component by its name, nothing stands outside a
/// VCALENDAR or after the calendar's first component at calendar level, no VCALENDAR is
/// nested and no nesting passes the reader's limit. Lines are told apart exactly as the
/// reader tells them apart (``LineReading``), so where the pass says yes the reader hands on
/// the same structure. Any other input is converted from its whole tree instead.
struct CalendarOutline {
    /// VCALENDARs in the input.
    let calendars: Int

    /// The outline of an input of `calendars` calendars that streams.
    init(calendars: Int) {
        self.calendars = calendars
    }

    /// Scans `input`; nil when it does not stream (or cannot be read, which the reading
    /// proper then reports).
    init?(scanning input: InputSource, limits: ReadLimits) {
        guard let lines = try? ChunkReader(input) else { return nil }
        var reader = ContentLineReader(chunks: lines, maximumLineLength: limits.maximumLineLength)
        // Open components, VCALENDAR first.
        var open: [String] = []
        var calendars = 0
        var calendarHasComponents = false
        do {
            while let content = try reader.next() {
                switch Self.structure(content) {
                case .begin(let name):
                    if open.isEmpty {
                        guard name == "VCALENDAR" else { return nil }
                        calendars += 1
                        calendarHasComponents = false
                    } else {
                        guard name != "VCALENDAR", open.count + 1 <= limits.maximumDepth
                        else { return nil }
                        if open.count == 1 { calendarHasComponents = true }
                    }
                    open.append(name)
                case .end(let name):
                    guard open.last == name else { return nil }
                    open.removeLast()
                case nil:
                    // A property, or a line the reader keeps as written.
                    guard !open.isEmpty, open.count > 1 || !calendarHasComponents else {
                        return nil
                    }
                }
            }
        } catch {
            return nil
        }
        guard open.isEmpty, calendars > 0 else { return nil }
        self.calendars = calendars
    }

    /// The outline of a tree: every top-level component counts, and it streams when each
    /// calendar's properties come before its components.
    init?(of document: ICalDocument) {
        guard document.looseLines.isEmpty else { return nil }
        for calendar in document.components where calendar.name == "VCALENDAR" {
            for child in calendar.components {
                guard
                    (child.precedingProperties ?? calendar.properties.count)
                        >= calendar.properties.count
                else { return nil }
            }
        }
        calendars = document.components.count
    }

    private enum Structure {
        case begin(String)
        case end(String)
    }

    /// What a BEGIN or END line opens or closes, told as ``LineReading`` tells it; nil for
    /// every other line.
    private static func structure(_ content: ContentLine) -> Structure? {
        guard content.problem == nil, let first = content.bytes.first,
            first | 0x20 == UInt8(ascii: "b") || first | 0x20 == UInt8(ascii: "e"),
            let tokens = try? PropertyTokenizer.tokenize(content.bytes)
        else { return nil }
        switch tokens.name {
        case "BEGIN": return .begin(ICalendarReader.componentName(tokens))
        case "END": return .end(ICalendarReader.componentName(tokens))
        default: return nil
        }
    }
}
