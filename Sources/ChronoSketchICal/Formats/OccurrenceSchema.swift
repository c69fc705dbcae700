import ChronoSketchCore

/// Receives the fields of one occurrence record, in order; the JSON writer and the CSV writer
/// are two.
public protocol RecordSink {
    mutating func field(_ name: String, _ value: String?)
    mutating func field(_ name: String, _ value: Bool)
    mutating func field(_ name: String, _ value: Int)
    mutating func field(_ name: String, strings: [String])
    mutating func field(_ name: String, participant: Participant?)
    mutating func field(_ name: String, participants: [Participant])
}

/// The occurrence schema shared by `ics events --format json|ndjson|csv`, `ics convert` and
/// the import of such files back to `.ics`: the fields and their order are written down once,
/// in ``write(_:to:)``, and read back by ``OccurrenceRecord``.
public enum OccurrenceSchema {
    public static func write(_ event: CalendarEvent, to sink: inout some RecordSink) {
        sink.field("id", event.id)
        sink.field("uid", event.uid)
        sink.field("recurrenceId", event.recurrenceId)
        sink.field("title", event.title)
        sink.field("allDay", event.interval.isAllDay)
        sink.field("start", event.interval.startText)
        sink.field("end", event.interval.endText)
        sink.field("zone", event.zone)
        sink.field("status", event.status?.rawValue)
        sink.field("transparency", event.transparency.rawValue)
        sink.field("location", event.location)
        sink.field("categories", strings: event.categories)
        sink.field("attendees", participants: event.attendees)
        sink.field("organizer", participant: event.organizer)
        sink.field("resources", strings: event.resources)
        sink.field("url", event.url)
        sink.field("color", event.color)
        sink.field("description", event.description)
        sink.field("originalStart", event.originalStart.text)
        sink.field("originalZone", event.originalStart.zoneName)
        sink.field("sequence", event.sequence)
        sink.field("file", event.source.file)
        sink.field("line", event.source.line)
    }

    /// The field names in order, for the CSV header.
    public static let columnNames: [String] = {
        var names = NameCollector()
        let time = LocalDateTime(startOf: .minimum)
        if let sample = try? CalendarEvent(
            uid: "x", title: "", interval: .timed(start: time, end: time),
            source: SourceLocation(file: "", line: 1), originalStart: .floating(time))
        {
            write(sample, to: &names)
        }
        return names.names
    }()

    /// Writes one event as a JSON object.
    public static func writeJSON(_ event: CalendarEvent, to writer: inout JSONWriter) {
        writer.beginObject()
        write(event, to: &writer)
        writer.endObject()
    }

    /// One event as CSV fields.
    public static func csvFields(_ event: CalendarEvent) -> [String] {
        var sink = CSVRecordSink()
        write(event, to: &sink)
        return sink.fields
    }

    /// `Name <address>`, or the address alone.
    public static func label(_ participant: Participant) -> String {
        guard let name = participant.name, !name.isEmpty else { return participant.address }
        return "\(name) <\(participant.address)>"
    }
}

/// Writes fields as the members of the JSON object being written.
extension JSONWriter: RecordSink {
    public mutating func field(_ name: String, participant: Participant?) {
        key(name)
        if let participant { write(participant) } else { null() }
    }

    public mutating func field(_ name: String, participants: [Participant]) {
        key(name)
        beginArray()
        for participant in participants { write(participant) }
        endArray()
    }

    private mutating func write(_ participant: Participant) {
        beginObject()
        field("address", participant.address)
        field("name", participant.name)
        field("role", participant.role)
        field("status", participant.status)
        endObject()
    }
}

/// Collects fields as CSV cells: lists joined with `; `, participants as `Name <address>`.
struct CSVRecordSink: RecordSink {
    var fields: [String] = []

    mutating func field(_ name: String, _ value: String?) { fields.append(value ?? "") }
    mutating func field(_ name: String, _ value: Bool) { fields.append(value ? "true" : "false") }
    mutating func field(_ name: String, _ value: Int) { fields.append(String(value)) }
    mutating func field(_ name: String, strings: [String]) {
        fields.append(strings.joined(separator: "; "))
    }

    mutating func field(_ name: String, participant: Participant?) {
        fields.append(participant.map(OccurrenceSchema.label) ?? "")
    }

    mutating func field(_ name: String, participants: [Participant]) {
        fields.append(participants.map(OccurrenceSchema.label).joined(separator: "; "))
    }
}

/// Records only the field names.
private struct NameCollector: RecordSink {
    var names: [String] = []

    mutating func field(_ name: String, _ value: String?) { names.append(name) }
    mutating func field(_ name: String, _ value: Bool) { names.append(name) }
    mutating func field(_ name: String, _ value: Int) { names.append(name) }
    mutating func field(_ name: String, strings: [String]) { names.append(name) }
    mutating func field(_ name: String, participant: Participant?) { names.append(name) }
    mutating func field(_ name: String, participants: [Participant]) { names.append(name) }
}
