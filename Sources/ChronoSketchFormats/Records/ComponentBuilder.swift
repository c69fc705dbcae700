import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Builds the components of events imported from records (JSON, NDJSON, CSV): each property
/// made from its parts by the one writer (``ICalWriter``), never from text read again. TEXT is
/// escaped (RFC 5545 §3.3.11, a line break as `\n`), parameter values are quoted and
/// caret-encoded (RFC 6868), dates get `VALUE=DATE` and zoned times a TZID, so no field can
/// become a second content line.
enum ComponentBuilder {
    /// A VEVENT for `draft`, stamped with `stamp` (UTC), its lines numbered from `line`.
    /// - Returns: the component, and what was left out of which field (control characters
    ///   that iCalendar text cannot hold), worded for a warning.
    /// - Throws: when a URI or calendar address holds a control character, which no URI can.
    static func vevent(_ draft: EventDraft, stamp: LocalDateTime, line: Int)
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
        lines.add("DTSTART", time: draft.start)
        if let end = draft.end {
            lines.add("DTEND", time: end)
        } else if let duration = draft.duration {
            lines.add("DURATION", value: duration.description)
        }
        if let rule = draft.rule { lines.add("RRULE", value: rule.text) }
        lines.add("RDATE", dates: draft.recurrenceDates)
        lines.add("EXDATE", dates: draft.exceptionDates.map { .time($0) })
        lines.add("SUMMARY", text: draft.title, field: "title")
        if let location = draft.location {
            lines.add("LOCATION", text: location, field: "location")
        }
        if let description = draft.description {
            lines.add("DESCRIPTION", text: description, field: "description")
        }
        if let status = draft.status { lines.add("STATUS", value: status.rawValue) }
        if draft.transparency == .transparent { lines.add("TRANSP", value: "TRANSPARENT") }
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
        if draft.sequence != 0 { lines.add("SEQUENCE", value: String(draft.sequence)) }
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
        return (
            ICalComponent(name: "VEVENT", properties: lines.properties, line: line),
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

        /// A property whose value is already in its RFC 5545 form.
        mutating func add(_ name: String, parameters: [ICalParameter] = [], value: String) {
            // Name, parameters and value, unfolded: the value dominates, parameters are short.
            let length =
                name.utf8.count + 1 + value.utf8.count
                + parameters.reduce(0) {
                    $0 + 2 + $1.name.utf8.count + $1.values.reduce(0) { $0 + 3 + $1.utf8.count }
                }
            if length > Self.maximumLength, overlong == nil { overlong = (name, length) }
            properties.append(
                ICalProperty(
                    name: name, parameters: parameters, rawValue: value,
                    line: first + 1 + properties.count))
        }

        /// TEXT, without the control characters iCalendar text cannot hold (said, by field).
        mutating func add(_ name: String, text: String, field: String) {
            var left: [Unicode.Scalar] = []
            add(
                name,
                value: ICalWriter.text(ICalWriter.conforming(text, omitted: &left), omitted: &left))
            note(left, field)
        }

        mutating func add(_ name: String, time: OriginalTime, parameters: [ICalParameter] = []) {
            switch time {
            case .date(let date):
                add(
                    name, parameters: [ICalParameter(name: "VALUE", values: ["DATE"])] + parameters,
                    value: date.basicFormat)
            case .floating(let local):
                add(name, parameters: parameters, value: local.basicFormat)
            case .utc(let local): add(name, parameters: parameters, value: local.basicFormat + "Z")
            case .zoned(let local, let tzid):
                add(
                    name, parameters: [ICalParameter(name: "TZID", values: [tzid])] + parameters,
                    value: local.basicFormat)
            }
        }

        /// RDATE or EXDATE: one property for each run of values of one kind and zone.
        mutating func add(_ name: String, dates: [EventDraft.DateEntry]) {
            func parameters(_ entry: EventDraft.DateEntry) -> [ICalParameter] {
                var parameters: [ICalParameter] = []
                if case .period = entry {
                    parameters.append(ICalParameter(name: "VALUE", values: ["PERIOD"]))
                }
                switch entry.start {
                case .date:
                    if case .time = entry {
                        parameters.append(ICalParameter(name: "VALUE", values: ["DATE"]))
                    }
                case .zoned(_, let tzid):
                    parameters.append(ICalParameter(name: "TZID", values: [tzid]))
                case .floating, .utc: break
                }
                return parameters
            }
            func text(_ time: OriginalTime) -> String {
                switch time {
                case .date(let date): date.basicFormat
                case .floating(let local), .zoned(let local, _): local.basicFormat
                case .utc(let local): local.basicFormat + "Z"
                }
            }
            var index = dates.startIndex
            while index < dates.endIndex {
                let kind = parameters(dates[index])
                var values: [String] = []
                while index < dates.endIndex, parameters(dates[index]) == kind {
                    switch dates[index] {
                    case .time(let time): values.append(text(time))
                    case .period(let start, let end, let duration):
                        values.append(
                            text(start) + "/"
                                + (end.map(text) ?? duration?.description ?? ""))
                    }
                    index += 1
                }
                add(name, parameters: kind, value: values.joined(separator: ","))
            }
        }

        mutating func add(_ name: String, participant: Participant, field: String)
            throws(RecordImport.Problem)
        {
            var parameters: [ICalParameter] = []
            var left: [Unicode.Scalar] = []
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
            add(name, parameters: parameters, value: uri)
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
