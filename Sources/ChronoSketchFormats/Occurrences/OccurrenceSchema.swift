import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// A field of the occurrence schema: its name, and that name as a JSON key, written once.
public struct RecordField: Sendable {
    /// The field's name, as the JSON key and the CSV header say it.
    public let name: String
    /// `"name":`
    let jsonKey: [UInt8]

    init(_ name: String) {
        self.name = name
        var key = JSONWriter()
        key.key(name)
        jsonKey = key.bytes
    }

    static let id = RecordField("id")
    static let uid = RecordField("uid")
    static let recurrenceId = RecordField("recurrenceId")
    static let title = RecordField("title")
    static let allDay = RecordField("allDay")
    static let start = RecordField("start")
    static let end = RecordField("end")
    static let startUTC = RecordField("startUTC")
    static let endUTC = RecordField("endUTC")
    static let busy = RecordField("busy")
    static let sourceZone = RecordField("sourceZone")
    static let zone = RecordField("zone")
    static let status = RecordField("status")
    static let transparency = RecordField("transparency")
    static let location = RecordField("location")
    static let categories = RecordField("categories")
    static let attendees = RecordField("attendees")
    static let organizer = RecordField("organizer")
    static let resources = RecordField("resources")
    static let url = RecordField("url")
    static let color = RecordField("color")
    static let description = RecordField("description")
    static let originalStart = RecordField("originalStart")
    static let originalZone = RecordField("originalZone")
    static let recurrenceRange = RecordField("recurrenceRange")
    static let sequence = RecordField("sequence")
    static let calendar = RecordField("calendar")
    static let duration = RecordField("duration")
    static let rrule = RecordField("rrule")
    static let rdate = RecordField("rdate")
    static let exdate = RecordField("exdate")
    static let file = RecordField("file")
    static let line = RecordField("line")
    static let address = RecordField("address")
    static let name = RecordField("name")
    static let role = RecordField("role")
    static let component = RecordField("component")
    static let due = RecordField("due")
    static let completed = RecordField("completed")
    static let percentComplete = RecordField("percentComplete")
    static let priority = RecordField("priority")
    static let done = RecordField("done")
    static let overdue = RecordField("overdue")
    static let dueUTC = RecordField("dueUTC")
    static let trigger = RecordField("trigger")
    static let triggerLocal = RecordField("triggerLocal")
    static let action = RecordField("action")
    static let summary = RecordField("summary")
    static let repetition = RecordField("repetition")
    static let alarms = RecordField("alarms")
}

/// Receives the fields of one occurrence record, in order; the JSON writer and the CSV writer
/// are two.
public protocol RecordSink {
    mutating func field(_ field: RecordField, _ value: String?)
    mutating func field(_ field: RecordField, _ value: Bool)
    mutating func field(_ field: RecordField, _ value: Int?)
    mutating func field(_ field: RecordField, strings: [String])
    mutating func field(_ field: RecordField, participant: Participant?)
    mutating func field(_ field: RecordField, participants: [Participant])
    mutating func field(_ field: RecordField, alarms: [Alarm])
}

extension RecordSink {
    /// The fields that follow an event's times in both its occurrence and its series records,
    /// in their order.
    mutating func details(
        location: String?, categories: [String], attendees: [Participant],
        organizer: Participant?, resources: [String], url: String?, color: String?,
        description: String?
    ) {
        field(.location, location)
        field(.categories, strings: categories)
        field(.attendees, participants: attendees)
        field(.organizer, participant: organizer)
        field(.resources, strings: resources)
        field(.url, url)
        field(.color, color)
        field(.description, description)
    }
}

/// The occurrence schema shared by `ics events --format json|ndjson|csv`, `ics convert` and
/// the import of such files back to `.ics`: the fields and their order are written down once,
/// in ``write(_:to:)``, and read back by ``OccurrenceRecord``.
public enum OccurrenceSchema {
    /// Writes the fields of `event`'s record to `sink`, in the schema's order.
    public static func write(_ event: CalendarEvent, to sink: inout some RecordSink) {
        // Read once: what a task says is in the event's boxed extras.
        let task = event.component == .event ? nil : event.task
        sink.field(.id, event.id)
        sink.field(.uid, event.writtenUID)
        sink.field(.recurrenceId, event.recurrenceId?.text)
        sink.field(.title, event.title)
        sink.field(.allDay, event.interval.isAllDay)
        sink.field(.start, event.interval.startText)
        sink.field(.end, event.interval.endText)
        sink.field(.startUTC, event.instants.flatMap { utcText($0.start) })
        sink.field(.endUTC, event.instants.flatMap { utcText($0.end) })
        sink.field(.duration, duration(of: event))
        sink.field(.zone, event.zone)
        sink.field(.status, event.status?.rawValue ?? task?.status)
        sink.field(.transparency, event.transparency.rawValue)
        sink.field(.busy, event.busyKind.name)
        sink.details(
            location: event.location, categories: event.categories, attendees: event.attendees,
            organizer: event.organizer, resources: event.resources, url: event.url,
            color: event.color,
            description: event.description)
        sink.field(.originalStart, event.originalStart.text)
        sink.field(.originalZone, event.originalStart.zoneName)
        sink.field(.sourceZone, event.sourceZone)
        sink.field(.sequence, event.sequence)
        sink.field(.calendar, event.calendar)
        sink.field(.file, event.source.file)
        sink.field(.line, event.source.line)
        sink.field(.component, event.component.rawValue)
        sink.field(.due, event.dueText(task))
        sink.field(.completed, task?.completed.flatMap(utcText))
        sink.field(.percentComplete, task?.percentComplete)
        sink.field(.priority, task?.priority)
    }

    /// RFC 3339 in UTC: `2026-09-12T14:00:00Z`.
    static func utcText(_ seconds: Int) -> String? {
        (try? LocalDateTime(secondsSinceEpoch: seconds))?.utcText
    }

    /// How long the occurrence lasts, as an ISO 8601 duration: `P2D` for all-day days,
    /// `PT1H30M` for the time elapsed (between its instants, else on its wall clock).
    static func duration(of event: CalendarEvent) -> String {
        switch event.interval {
        case .allDay(let start, let end):
            return "P\(start.days(to: end))D"
        case .timed(let start, let end):
            let seconds =
                event.instants?.seconds ?? (end.secondsSinceEpoch - start.secondsSinceEpoch)
            guard seconds > 0 else { return "PT0S" }
            var text = "PT"
            if seconds >= 3600 { text += "\(seconds / 3600)H" }
            if seconds % 3600 >= 60 { text += "\(seconds % 3600 / 60)M" }
            if seconds % 60 > 0 { text += "\(seconds % 60)S" }
            return text
        }
    }

    /// The field names in order, for the CSV header.
    public static let columnNames: [String] = {
        var names = NameSink()
        if let sample { write(sample, to: &names) }
        return names.names
    }()

    /// An event whose record is written only for its field names.
    static let sample: CalendarEvent? = {
        let time = LocalDateTime(startOf: .minimum)
        return try? CalendarEvent(
            uid: "x", title: "", interval: .timed(start: time, end: time),
            source: SourceLocation(file: "", line: 1), originalStart: .floating(time))
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
    /// Writes `"name":` and a string (`null` for nil).
    public mutating func field(_ field: RecordField, _ value: String?) {
        key(json: field.jsonKey)
        string(value)
    }

    /// Writes `"name":` and `true` or `false`.
    public mutating func field(_ field: RecordField, _ value: Bool) {
        key(json: field.jsonKey)
        bool(value)
    }

    /// Writes `"name":` and a number (`null` for nil).
    public mutating func field(_ field: RecordField, _ value: Int?) {
        key(json: field.jsonKey)
        number(value)
    }

    /// Writes `"name":` and an array of strings.
    public mutating func field(_ field: RecordField, strings: [String]) {
        key(json: field.jsonKey)
        beginArray()
        for value in strings { string(value) }
        endArray()
    }

    /// Writes `"name":` and a participant object (`address`, `name`, `role`, `status`), or
    /// `null`.
    public mutating func field(_ field: RecordField, participant: Participant?) {
        key(json: field.jsonKey)
        if let participant { write(participant) } else { null() }
    }

    /// Writes `"name":` and an array of participant objects.
    public mutating func field(_ field: RecordField, participants: [Participant]) {
        key(json: field.jsonKey)
        beginArray()
        for participant in participants { write(participant) }
        endArray()
    }

    /// Writes `"name":` and the array of alarm objects (``AlarmFields``).
    public mutating func field(_ field: RecordField, alarms: [Alarm]) {
        key(json: field.jsonKey)
        AlarmFields.write(alarms, to: &self)
    }

    private mutating func write(_ participant: Participant) {
        beginObject()
        field(.address, participant.address)
        field(.name, participant.name)
        field(.role, participant.role)
        field(.status, participant.status)
        endObject()
    }
}

/// Collects fields as CSV cells: lists joined with `; `, participants as `Name <address>`.
struct CSVRecordSink: RecordSink {
    var fields: [String] = []

    mutating func field(_ field: RecordField, _ value: String?) { fields.append(value ?? "") }
    mutating func field(_ field: RecordField, _ value: Bool) {
        fields.append(value ? "true" : "false")
    }
    mutating func field(_ field: RecordField, _ value: Int?) {
        fields.append(value.map(String.init) ?? "")
    }
    mutating func field(_ field: RecordField, strings: [String]) {
        fields.append(strings.joined(separator: "; "))
    }

    mutating func field(_ field: RecordField, participant: Participant?) {
        fields.append(participant.map(OccurrenceSchema.label) ?? "")
    }

    mutating func field(_ field: RecordField, participants: [Participant]) {
        fields.append(participants.map(OccurrenceSchema.label).joined(separator: "; "))
    }

    mutating func field(_ field: RecordField, alarms: [Alarm]) {
        fields.append(AlarmFields.text(alarms))
    }
}

/// Records only the field names.
struct NameSink: RecordSink {
    var names: [String] = []

    mutating func field(_ field: RecordField, _ value: String?) { names.append(field.name) }
    mutating func field(_ field: RecordField, _ value: Bool) { names.append(field.name) }
    mutating func field(_ field: RecordField, _ value: Int?) { names.append(field.name) }
    mutating func field(_ field: RecordField, strings: [String]) { names.append(field.name) }
    mutating func field(_ field: RecordField, participant: Participant?) {
        names.append(field.name)
    }
    mutating func field(_ field: RecordField, participants: [Participant]) {
        names.append(field.name)
    }
    mutating func field(_ field: RecordField, alarms: [Alarm]) { names.append(field.name) }
}
