import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Builds the components of events imported from records (JSON, NDJSON, CSV): each property
/// made from its parts by the one writer (``ICalWriter``), never from text read again. TEXT is
/// escaped (RFC 5545 §3.3.11, a line break as `\n`), parameter values are quoted and
/// caret-encoded (RFC 6868), dates get `VALUE=DATE` and zoned times a TZID, so no field can
/// become a second content line.
enum ComponentBuilder {
    /// A VEVENT (or the VTODO or VJOURNAL its record names) for `draft`, stamped with `stamp`
    /// (UTC), its lines numbered from `line`.
    /// - Returns: the component, and what was left out of which field (control characters
    ///   that iCalendar text cannot hold), worded for a warning.
    /// - Throws: when a URI or calendar address holds a control character, which no URI can.
    static func component(_ draft: EventDraft, stamp: LocalDateTime, line: Int)
        throws(RecordImport.Problem) -> (component: ICalComponent, omissions: [String])
    {
        var lines = Lines(first: line)
        lines.add("UID", text: draft.uid, field: "uid")
        lines.add("DTSTAMP", time: .utc(stamp))
        if let recurrence = draft.recurrenceId {
            lines.add(
                "RECURRENCE-ID", time: recurrence,
                parameters: draft.recurrenceRange.map {
                    [ICalParameter(name: "RANGE", values: [$0])]
                } ?? [])
        }
        switch draft.component {
        case .event:
            lines.add("DTSTART", time: draft.start)
            if let end = draft.end {
                lines.add("DTEND", time: end)
            } else if let duration = draft.duration {
                lines.add("DURATION", .duration(duration))
            }
        case .todo:
            lines.addTimes(ofTask: draft)
        case .journal:
            lines.add("DTSTART", time: draft.start)
        }
        if let rule = draft.rule { lines.add("RRULE", .recurrence(rule)) }
        lines.add("RDATE", dates: draft.recurrenceDates)
        lines.add("EXDATE", dates: draft.exceptionDates.map { .time($0) })
        lines.add("SUMMARY", text: draft.title, field: "title")
        if let location = draft.location {
            lines.add("LOCATION", text: location, field: "location")
        }
        if let description = draft.description {
            lines.add("DESCRIPTION", text: description, field: "description")
        }
        if let status = draft.status?.rawValue ?? draft.taskStatus {
            lines.add("STATUS", .text(status))
        }
        if let completed = draft.completed { lines.add("COMPLETED", time: .utc(completed)) }
        if let percent = draft.percentComplete {
            lines.add("PERCENT-COMPLETE", .integer(percent))
        }
        if let priority = draft.priority { lines.add("PRIORITY", .integer(priority)) }
        if draft.transparency == .transparent { lines.add("TRANSP", .text("TRANSPARENT")) }
        for category in draft.categories {
            lines.add("CATEGORIES", text: category, field: "categories")
        }
        for resource in draft.resources {
            lines.add("RESOURCES", text: resource, field: "resources")
        }
        if let organizer = draft.organizer {
            try lines.add("ORGANIZER", participant: organizer, field: "organizer")
        }
        for attendee in draft.attendees {
            try lines.add("ATTENDEE", participant: attendee, field: "attendees")
        }
        if let url = draft.url { try lines.add("URL", uri: url, field: "url") }
        if let color = draft.color { lines.add("COLOR", text: color, field: "color") }
        if draft.sequence != 0 { lines.add("SEQUENCE", .integer(draft.sequence)) }
        if let (name, length) = lines.overlong {
            throw RecordImport.Problem(
                message:
                    "its \(name) line would be \(length) bytes long, more than the \(ByteCount.text(Lines.maximumLength)) a content line may have to be read again"
            )
        }
        let omissions = lines.omitted.map { field, scalars in
            let names = scalars.map(\.codePoint).joined(separator: ", ")
            return "its \(field) holds control characters that iCalendar text cannot (\(names))"
        }
        // Each VALARM after the properties, its lines numbered on from theirs.
        var alarmLine = line + 1 + lines.properties.count
        let alarms = draft.alarms.map { alarm in
            let component = AlarmFields.component(alarm, line: alarmLine)
            alarmLine += component.properties.count + 2
            return component
        }
        return (
            ICalComponent(
                name: draft.component.rawValue, properties: lines.properties, components: alarms,
                line: line),
            omissions
        )
    }

    /// Properties made from their parts.
    private struct Lines {
        var properties: [ICalProperty] = []
        /// Control characters left out, by field, in the order met.
        var omitted: [(field: String, scalars: [Unicode.Scalar])] = []
        let first: Int
        /// The first property whose content line would be longer than the reader reads whole
        /// (``ReadLimits/maximumLineLength``), and its length.
        var overlong: (name: String, length: Int)?
        static let maximumLength = ReadLimits().maximumLineLength

        init(first: Int) { self.first = first }

        /// A property made by the writer; its length checked against what can be read again.
        mutating func add(_ property: ICalProperty) {
            let length = property.contentLine.count
            if length > Self.maximumLength, overlong == nil { overlong = (property.name, length) }
            properties.append(property)
        }

        /// A property of one typed value.
        mutating func add(_ name: String, parameters: [ICalParameter] = [], _ value: ICalValue) {
            add(ICalProperty(name: name, parameters: parameters, value: value, line: next))
        }

        /// A VTODO's times as its record gives them: DUE alone when it is due where it starts
        /// (it had no DTSTART), DTSTART and DUE when it is due elsewhere, else DTSTART and the
        /// DURATION to its end (none when it ends where it starts).
        mutating func addTimes(ofTask draft: EventDraft) {
            guard !draft.isUndated else { return }
            if let due = draft.due {
                if due != draft.start { add("DTSTART", time: draft.start) }
                add("DUE", time: due)
                return
            }
            add("DTSTART", time: draft.start)
            if let duration = draft.duration {
                add("DURATION", .duration(duration))
            } else if let end = draft.end,
                let length = EventDraft.length(from: draft.start, to: end),
                length != CalendarDuration()
            {
                add("DURATION", .duration(length))
            }
        }

        /// The line number of the next property.
        private var next: Int { first + 1 + properties.count }

        /// TEXT, without the control characters iCalendar text cannot hold (said, by field).
        mutating func add(_ name: String, text: String, field: String) {
            var left: [Unicode.Scalar] = []
            let conforming = ICalWriter.conforming(text, omitted: &left)
            add(ICalProperty(name: name, values: [.text(conforming)], line: next, omitted: &left))
            note(left, field)
        }

        mutating func add(_ name: String, time: OriginalTime, parameters: [ICalParameter] = []) {
            add(ICalProperty(name: name, times: [time], parameters: parameters, line: next))
        }

        /// RDATE or EXDATE: one property for each run of values of one kind and zone.
        mutating func add(_ name: String, dates: [EventDraft.DateEntry]) {
            /// What a run shares: periods or not, dates or not, and the zone of its times.
            func kind(_ entry: EventDraft.DateEntry) -> (period: Bool, date: Bool, zone: String?) {
                var zone: String?
                if case .zoned(_, let tzid) = entry.start { zone = tzid }
                if case .period = entry { return (true, false, zone) }
                return (false, entry.start.isDate, zone)
            }
            var index = dates.startIndex
            while index < dates.endIndex {
                let run = kind(dates[index])
                var end = index
                while end < dates.endIndex, kind(dates[end]) == run { end += 1 }
                let entries = dates[index..<end]
                if run.period {
                    add(
                        ICalProperty(
                            name: name,
                            periods: entries.compactMap {
                                guard case .period(let start, let end, let duration) = $0 else {
                                    return nil
                                }
                                return (start, end, duration)
                            }, line: next))
                } else {
                    add(ICalProperty(name: name, times: entries.map(\.start), line: next))
                }
                index = end
            }
        }

        mutating func add(_ name: String, participant: Participant, field: String)
            throws(RecordImport.Problem)
        {
            var left: [Unicode.Scalar] = []
            var parameters: [ICalParameter] = []
            for (parameter, value) in [
                ("CN", participant.name), ("ROLE", participant.role),
                ("PARTSTAT", participant.status),
            ] {
                guard let value else { continue }
                parameters.append(
                    ICalParameter(
                        name: parameter, values: [ICalWriter.conforming(value, omitted: &left)]))
            }
            note(left, field)
            try add(name, parameters: parameters, uri: participant.calendarAddress, field: field)
        }

        mutating func add(
            _ name: String, parameters: [ICalParameter] = [], uri: String, field: String
        ) throws(RecordImport.Problem) {
            if let control = uri.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }
            ) {
                throw RecordImport.Problem(
                    message:
                        "its \(field) '\(uri)' holds a control character (\(control.codePoint)), which no URI or calendar address can"
                )
            }
            var left: [Unicode.Scalar] = []
            add(
                ICalProperty(
                    name: name, parameters: parameters, values: [.uri(uri)], line: next,
                    omitted: &left))
            note(left, field)
        }

        private mutating func note(_ scalars: [Unicode.Scalar], _ field: String) {
            guard !scalars.isEmpty else { return }
            guard let index = omitted.firstIndex(where: { $0.field == field }) else {
                omitted.append((field, scalars))
                return
            }
            for scalar in scalars where !omitted[index].scalars.contains(scalar) {
                omitted[index].scalars.append(scalar)
            }
        }
    }
}
