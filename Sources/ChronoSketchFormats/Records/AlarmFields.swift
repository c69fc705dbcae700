import ChronoSketchCore
import ChronoSketchSyntax

/// The VALARMs of a series record: an array of objects, each `action`, `trigger` (a duration
/// such as `-PT15M`, or a time: `2026-12-07T08:00:00Z` in UTC, without `Z` on the wall clock),
/// `related` (`END`, or null for the start), `description`, `summary`, `repeat` and
/// `duration` (the time between repetitions); in CSV, that array as JSON text. Read back, each
/// is the same VALARM (ACTION, TRIGGER, DESCRIPTION, SUMMARY, REPEAT, DURATION).
enum AlarmFields {
    /// Writes `alarms` as the array of the record's `alarms` field.
    static func write(_ alarms: [Alarm], to writer: inout JSONWriter) {
        writer.beginArray()
        for alarm in alarms {
            writer.beginObject()
            writer.field("action", alarm.action)
            writer.field("trigger", trigger(alarm.trigger))
            if case .relative(_, true) = alarm.trigger {
                writer.field("related", "END")
            } else {
                writer.field("related", nil as String?)
            }
            writer.field("description", alarm.description)
            writer.field("summary", alarm.summary)
            writer.key("repeat")
            writer.number(alarm.repeatCount > 0 ? alarm.repeatCount : nil)
            writer.field(
                "duration",
                alarm.repeatInterval.map { CalendarDuration(seconds: $0).description })
            writer.endObject()
        }
        writer.endArray()
    }

    /// The array as JSON text, for a CSV cell; empty without alarms.
    static func text(_ alarms: [Alarm]) -> String {
        guard !alarms.isEmpty else { return "" }
        var writer = JSONWriter()
        write(alarms, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func trigger(_ trigger: Alarm.Trigger) -> String {
        switch trigger {
        case .relative(let duration, _): duration.description
        case .absolute(let instant): OccurrenceSchema.utcText(instant) ?? ""
        case .floating(let time): time.description
        }
    }

    /// The alarms of a record's `alarms` field: a JSON array, or its text in a CSV cell.
    /// - Throws: a problem naming the alarm whose trigger does not read.
    static func read(_ value: JSONValue) throws(RecordImport.Problem) -> [Alarm] {
        guard let items = value.array else {
            throw RecordImport.Problem(message: "its alarms are not an array")
        }
        var alarms: [Alarm] = []
        for (index, item) in items.enumerated() {
            guard let text = item["trigger"]?.string, let trigger = trigger(text, item) else {
                throw RecordImport.Problem(
                    message:
                        "its alarm \(index + 1) has no trigger that reads (a duration such as -PT15M, or a time)"
                )
            }
            var alarm = Alarm(
                trigger: trigger, action: item["action"]?.string,
                description: item["description"]?.string, summary: item["summary"]?.string,
                line: 0)
            if case .integer(let count)? = item["repeat"], count > 0,
                let text = item["duration"]?.string,
                let interval = try? CalendarDuration(rfc5545: text)
            {
                alarm.repeatCount = count
                alarm.repeatInterval = interval.days * 86_400 + interval.seconds
            }
            alarms.append(alarm)
        }
        return alarms
    }

    private static func trigger(_ text: String, _ item: JSONValue) -> Alarm.Trigger? {
        if let duration = try? CalendarDuration(rfc5545: text) {
            return .relative(duration, toEnd: item["related"]?.string?.uppercased() == "END")
        }
        if text.hasSuffix("Z"), let time = try? LocalDateTime(parsing: String(text.dropLast())) {
            return .absolute(time.secondsSinceEpoch)
        }
        return (try? LocalDateTime(parsing: text)).map { .floating($0) }
    }

    /// The VALARM `alarm` is, its lines numbered from `line`.
    static func component(_ alarm: Alarm, line: Int) -> ICalComponent {
        var properties: [ICalProperty] = []
        var next: Int { line + 1 + properties.count }
        if let action = alarm.action {
            properties.append(ICalProperty(name: "ACTION", value: .text(action), line: next))
        }
        let asTime = [ICalParameter(name: "VALUE", values: ["DATE-TIME"])]
        switch alarm.trigger {
        case .relative(let duration, let toEnd):
            properties.append(
                ICalProperty(
                    name: "TRIGGER",
                    parameters: toEnd ? [ICalParameter(name: "RELATED", values: ["END"])] : [],
                    value: .duration(duration), line: next))
        case .absolute(let instant):
            if let time = try? LocalDateTime(secondsSinceEpoch: instant) {
                properties.append(
                    ICalProperty(
                        name: "TRIGGER", times: [.utc(time)], parameters: asTime, line: next))
            }
        case .floating(let time):
            properties.append(
                ICalProperty(
                    name: "TRIGGER", times: [.floating(time)], parameters: asTime, line: next))
        }
        for (name, text) in [("DESCRIPTION", alarm.description), ("SUMMARY", alarm.summary)] {
            if let text {
                properties.append(ICalProperty(name: name, value: .text(text), line: next))
            }
        }
        if alarm.repeatCount > 0, let interval = alarm.repeatInterval {
            properties.append(
                ICalProperty(name: "REPEAT", value: .integer(alarm.repeatCount), line: next))
            properties.append(
                ICalProperty(
                    name: "DURATION", value: .duration(CalendarDuration(seconds: interval)),
                    line: next))
        }
        return ICalComponent(name: "VALARM", properties: properties, line: line)
    }
}
