import ChronoSketchCore
import ChronoSketchEvents

/// The alarm record of `ics alarms --format json|ndjson|csv`: one per time an alarm goes off,
/// with the occurrence it belongs to. Its fields and their order are written down once, in
/// ``write(_:zone:to:)``.
public enum AlarmSchema {
    /// Writes the fields of `trigger`'s record to `sink`; `triggerLocal` on `zone`'s clock.
    public static func write(
        _ trigger: AlarmTrigger, zone: TargetZone, to sink: inout some RecordSink
    ) {
        let occurrence = trigger.occurrence
        let alarm = trigger.alarm
        sink.field(.trigger, OccurrenceSchema.utcText(trigger.instant))
        sink.field(.triggerLocal, (try? zone.wallClock(atUTC: trigger.instant))?.description)
        sink.field(.action, alarm.action)
        sink.field(.description, alarm.description)
        sink.field(.summary, alarm.summary)
        sink.field(.repetition, trigger.repetition)
        sink.field(.id, occurrence.id)
        sink.field(.uid, occurrence.writtenUID)
        sink.field(.title, occurrence.title)
        sink.field(.start, occurrence.interval.startText)
        sink.field(.startUTC, occurrence.instants.flatMap { OccurrenceSchema.utcText($0.start) })
        sink.field(.component, occurrence.component.rawValue)
        sink.field(.calendar, occurrence.calendar)
        sink.field(.file, occurrence.source.file)
        sink.field(.line, alarm.line)
    }

    /// The field names in order, for the CSV header.
    public static let columnNames: [String] = {
        var names = NameSink()
        if let sample = OccurrenceSchema.sample {
            let trigger = AlarmTrigger(
                occurrence: sample, alarm: Alarm(trigger: .absolute(0), line: 1), instant: 0,
                repetition: 0)
            write(trigger, zone: .utc, to: &names)
        }
        return names.names
    }()

    /// The records of `triggers` in `format`, whole: a JSON array, NDJSON lines, or CSV with
    /// its header (cells a spreadsheet would run marked unless `guardsFormulas` is false).
    public static func records(
        _ triggers: [AlarmTrigger], format: OccurrenceFormat, zone: TargetZone,
        guardsFormulas: Bool = true
    ) -> [UInt8] {
        RecordList.bytes(
            triggers, format: format, columns: columnNames, guardsFormulas: guardsFormulas,
            json: { write($0, zone: zone, to: &$1) }, csv: { write($0, zone: zone, to: &$1) })
    }
}

/// A whole list of records of one schema in JSON, NDJSON or CSV: what the task and alarm
/// listings write.
enum RecordList {
    /// `items` as records, each written as a JSON object by `json` or as CSV cells by `csv`
    /// (the same schema function, given either sink).
    static func bytes<Item>(
        _ items: [Item], format: OccurrenceFormat, columns: [String], guardsFormulas: Bool,
        json: (Item, inout JSONWriter) -> Void, csv: (Item, inout CSVRecordSink) -> Void
    ) -> [UInt8] {
        var header = CSVWriter(guardsFormulas: guardsFormulas)
        if format == .csv { header.record(columns) }
        var stream = OccurrenceStream(format: format, header: header.bytes)
        var output: [UInt8] = []
        var writer = JSONWriter()
        var row = CSVWriter(guardsFormulas: guardsFormulas)
        for item in items {
            if format == .csv {
                var cells = CSVRecordSink()
                csv(item, &cells)
                row.record(cells.fields)
                if let chunk = stream.append(record: row.bytes[...]) { output += chunk }
                row.reset()
            } else {
                writer.beginObject()
                json(item, &writer)
                writer.endObject()
                if let chunk = stream.append(record: writer.bytes[...]) { output += chunk }
                writer.reset()
            }
        }
        return output + stream.finish()
    }
}
