import ChronoSketchCore
import ChronoSketchEvents

/// The task record of `ics todos --format json|ndjson|csv`: one per task listed, an
/// occurrence of a VTODO or one without a time (`due` and `start` null). Its fields and their
/// order are written down once, in ``write(_:now:to:)``.
public enum TaskSchema {
    /// Writes the fields of `entry`'s record to `sink`; `overdue` is counted from `now`.
    public static func write(
        _ entry: TaskEntry, now: LocalDateTime, to sink: inout some RecordSink
    ) {
        let details = entry.details
        sink.field(.id, entry.id)
        switch entry {
        case .occurrence(let event):
            sink.field(.uid, event.writtenUID)
            sink.field(.recurrenceId, event.recurrenceId?.text)
        case .undated(let task):
            sink.field(.uid, task.uid)
            sink.field(.recurrenceId, nil as String?)
        }
        sink.field(.title, entry.title)
        sink.field(.status, details.status)
        sink.field(.done, entry.isDone)
        sink.field(.overdue, entry.isOverdue(at: now))
        sink.field(.due, entry.due?.text)
        sink.field(.dueUTC, entry.dueUTC.flatMap(OccurrenceSchema.utcText))
        sink.field(.start, entry.start?.text)
        sink.field(.priority, details.priority)
        sink.field(.percentComplete, details.percentComplete)
        sink.field(.completed, details.completed.flatMap(OccurrenceSchema.utcText))
        let item = entry.item
        sink.field(.location, item.location)
        sink.field(.categories, strings: item.categories)
        sink.field(.description, item.description)
        sink.field(.calendar, entry.calendar)
        sink.field(.file, entry.source.file)
        sink.field(.line, entry.source.line)
    }

    /// The field names in order, for the CSV header.
    public static let columnNames: [String] = {
        var names = NameSink()
        let task = UndatedTask(
            uid: nil, title: "", source: SourceLocation(file: "", line: 1), details: TaskDetails())
        write(.undated(task), now: LocalDateTime(startOf: .minimum), to: &names)
        return names.names
    }()

    /// The records of `entries` in `format`, whole: a JSON array, NDJSON lines, or CSV with its
    /// header (cells a spreadsheet would run marked unless `guardsFormulas` is false).
    public static func records(
        _ entries: [TaskEntry], format: OccurrenceFormat, now: LocalDateTime,
        guardsFormulas: Bool = true
    ) -> [UInt8] {
        RecordList.bytes(
            entries, format: format, columns: columnNames, guardsFormulas: guardsFormulas,
            json: { write($0, now: now, to: &$1) }, csv: { write($0, now: now, to: &$1) })
    }
}
