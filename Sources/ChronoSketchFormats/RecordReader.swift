import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Reads occurrence records into a calendar tree: the JSON, NDJSON and CSV that `ics events`
/// and `ics convert` write, and Outlook's and Google's CSV shape. Each record becomes a VEVENT
/// built from its fields (``RecordImport``, ``ComponentBuilder``), on the line of its record,
/// with a VTIMEZONE for each zone named (``ZoneDefinitionForm``); a record that cannot become
/// one is reported and skipped.
enum RecordReader {
    /// The calendar of the records in `bytes`, in `format` (json, ndjson or csv).
    /// - Parameters:
    ///   - zone: the zone the times of Outlook's rows, which name none, are read in.
    ///   - uidFields: the fields a record without a `uid` has its UID made from; nil for its
    ///     title and start date.
    ///   - zoneForm: how much of each zone's history its VTIMEZONE holds.
    static func read(
        _ bytes: [UInt8], format: ConversionFormat, name: String, stamp: LocalDateTime,
        zone: TargetZone, uidFields: [String]? = nil, zoneForm: ZoneDefinitionForm = .minimal,
        database: ZoneInfoDatabase, diagnostics: inout [Diagnostic]
    ) throws(InputError) -> ICalDocument {
        var fields: [RecordImport.Fields]
        var outlook: OutlookCSV.Names?
        switch format {
        case .ndjson: fields = ndjson(bytes, name: name, diagnostics: &diagnostics)
        case .csv: (fields, outlook) = try csv(bytes, name: name)
        default: fields = try json(bytes, name: name, diagnostics: &diagnostics)
        }
        if let uidFields {
            for field in uidFields where !fields.contains(where: { $0.has(field) }) {
                throw InputError(
                    file: name,
                    message:
                        "No record has the field '\(field)' that --uid-from makes UIDs from")
            }
        }
        return try calendar(
            fields, name: name, stamp: stamp, database: database, diagnostics: &diagnostics,
            outlook: outlook.map { ($0, zone) }, uidFields: uidFields, zoneForm: zoneForm)
    }

    /// A JSON array of record objects, or one object.
    private static func json(
        _ bytes: [UInt8], name: String, diagnostics: inout [Diagnostic]
    ) throws(InputError) -> [RecordImport.Fields] {
        let json = try JSONParser.parse(bytes, name: name)
        let items: [JSONValue]
        switch json {
        case .array(let list): items = list
        case .object: items = [json]
        default:
            throw InputError(
                file: name,
                message: "Expected occurrence records: an array of objects or one object")
        }
        let lines = JSONParser.arrayElementLines(bytes)
        var fields: [RecordImport.Fields] = []
        for (index, item) in items.enumerated() {
            let line = lines.indices.contains(index) ? lines[index] : nil
            guard case .object(let members) = item else {
                diagnostics.append(
                    Diagnostic(
                        .error, .record, file: name, line: line,
                        message: "Record \(index + 1) is not an object",
                        assumption: "record skipped"))
                continue
            }
            fields.append(
                RecordImport.Fields(
                    storage: .json(members), place: "record \(index + 1)", line: line))
        }
        return fields
    }

    /// One record object per line.
    private static func ndjson(
        _ bytes: [UInt8], name: String, diagnostics: inout [Diagnostic]
    ) -> [RecordImport.Fields] {
        var fields: [RecordImport.Fields] = []
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            .enumerated()
        {
            let trimmed = line.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
            guard !trimmed.isEmpty else { continue }
            let problem: String
            do {
                if case .object(let members) = try JSONParser.parse(Array(line)) {
                    fields.append(
                        RecordImport.Fields(
                            storage: .json(members), place: "line \(index + 1)", line: index + 1
                        ))
                    continue
                }
                problem = "it is not a JSON object"
            } catch {
                problem = "it is not JSON (\(error.message), column \(error.column))"
            }
            diagnostics.append(
                Diagnostic(
                    .error, .record, file: name, line: index + 1,
                    message: "Line \(index + 1): \(problem)",
                    assumption: "line skipped"))
        }
        return fields
    }

    /// A header and a row per record, in the schema's columns or Outlook's (in one of the
    /// languages it writes), split at commas, semicolons or tabs, in UTF-8 or UTF-16.
    private static func csv(_ bytes: [UInt8], name: String) throws(InputError) -> (
        fields: [RecordImport.Fields], outlook: OutlookCSV.Names?
    ) {
        let text = CSVReader.text(of: bytes)
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(text, separator: CSVReader.separator(of: text))
        } catch {
            throw InputError(
                file: name, line: error.line, message: "Not CSV: \(error.message)")
        }
        guard let header = records.first else {
            throw InputError(file: name, message: "Empty file: no calendar data")
        }
        let names = header.fields.map { $0.trimmingCharacters() }
        let outlook = OutlookCSV.names(names)
        guard outlook != nil || names.contains("start") else {
            throw InputError(
                file: name, line: header.line,
                message:
                    "Not a calendar CSV: the header has neither 'start' nor the subject and start date columns of Outlook's export (\(OutlookCSV.languages.map { "\($0.subject[0]), \($0.startDate[0])" }.joined(separator: "; ")))"
            )
        }
        let keys = outlook == nil ? names : OutlookCSV.keys(names)
        var fields: [RecordImport.Fields] = []
        for record in records.dropFirst() {
            var row: [String: String] = [:]
            for (index, key) in keys.enumerated() where index < record.fields.count {
                row[key] = record.fields[index]
            }
            fields.append(
                RecordImport.Fields(
                    storage: .csv(row), place: "line \(record.line)", line: record.line))
        }
        return (fields, outlook)
    }

    /// Records as a calendar of VEVENTs built from their fields (``ComponentBuilder``), each on
    /// the line of its record, with a VTIMEZONE for each zone named.
    private static func calendar(
        _ records: [RecordImport.Fields], name: String, stamp: LocalDateTime,
        database: ZoneInfoDatabase, diagnostics: inout [Diagnostic],
        outlook: (names: OutlookCSV.Names, zone: TargetZone)?, uidFields: [String]?,
        zoneForm: ZoneDefinitionForm
    ) throws(InputError) -> ICalDocument {
        func skipped(_ record: RecordImport.Fields, _ problem: RecordImport.Problem) -> Diagnostic {
            Diagnostic(
                .error, .record, file: name, line: record.line,
                message: "\(record.place.capitalizedFirst): \(problem.message)",
                assumption: "record skipped")
        }
        var drafts: [(draft: EventDraft, record: RecordImport.Fields, line: Int)] = []
        for (index, record) in records.enumerated() {
            for problem in record.mistyped() {
                diagnostics.append(
                    Diagnostic(
                        .warning, .record, file: name, line: record.line,
                        message: "\(record.place.capitalizedFirst): \(problem)"))
            }
            do throws(RecordImport.Problem) {
                let draft: EventDraft
                if let outlook, case .csv(let row) = record.storage {
                    draft = OutlookCSV.zoned(
                        try OutlookCSV.draft(row, names: outlook.names), in: outlook.zone,
                        database: database)
                } else {
                    draft = try RecordImport.draft(record) { database.zone(named: $0) != nil }
                }
                drafts.append((draft, record, record.line ?? index + 1))
            } catch {
                diagnostics.append(skipped(record, error))
            }
        }
        if let outlook, drafts.contains(where: { !$0.draft.start.isDate }) {
            let zone = outlook.zone.name
            diagnostics.append(
                Diagnostic(
                    .warning, .record, file: name, line: nil,
                    message: "Outlook's rows name no zone",
                    assumption: OutlookCSV.zoneName(outlook.zone, database: database) == nil
                        ? "their times stay floating (\(zone) has no IANA name to write)"
                        : "their times are read in \(zone), the --tz zone"))
        }
        let made = RecordImport.assignUIDs(&drafts, from: uidFields)
        if made > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, .record, file: name, line: nil,
                    message: "\(made) record\(made == 1 ? " has" : "s have") no uid",
                    assumption: uidFields.map {
                        "each is given one made from its \($0.joined(separator: ", ")) (--uid-from)"
                    }
                        ?? "each is given one made from its title and start date: a new time keeps it, a new day or title makes a new event (--uid-from chooses the fields)"
                ))
        }
        RecordImport.matchSeries(&drafts)
        var events: [ICalComponent] = []
        var zones: [String] = []
        var reach: [String: ClosedRange<Int>] = [:]
        for (draft, _, _) in drafts {
            let span = draft.reach
            for zone in draft.zoneNames {
                reach[zone] =
                    reach[zone].map {
                        min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound)
                    } ?? span
            }
        }
        for (draft, record, line) in drafts {
            do throws(RecordImport.Problem) {
                let (event, omissions) = try ComponentBuilder.vevent(
                    draft, stamp: stamp, line: line)
                for zone in draft.zoneNames where !zones.contains(zone) { zones.append(zone) }
                events.append(event)
                for omission in omissions {
                    diagnostics.append(
                        Diagnostic(
                            .warning, .record, file: name, line: record.line,
                            message: "\(record.place.capitalizedFirst): \(omission)",
                            assumption: "left out"))
                }
            } catch {
                diagnostics.append(skipped(record, error))
            }
        }
        let instances = drafts.filter { $0.draft.recurrenceId != nil }
        if let first = records.first, !first.has("rrule"), !instances.isEmpty {
            let series = Set(instances.map(\.draft.uid)).count
            diagnostics.append(
                Diagnostic(
                    .warning, .occurrenceRecords, file: name, line: nil,
                    message:
                        "\(instances.count) occurrence record\(instances.count == 1 ? "" : "s") of \(series) series became \(instances.count) VEVENT\(instances.count == 1 ? "" : "s") with a RECURRENCE-ID, without their series' rule",
                    assumption:
                        "records written with --records series carry a series whole"))
        }
        var calendar = ICalComponent(
            name: "VCALENDAR",
            properties: [
                ICalProperty(name: "VERSION", rawValue: "2.0", line: 1),
                ICalProperty(name: "PRODID", rawValue: Converter.productID, line: 1),
            ], line: 1)
        for zone in zones {
            switch zoneForm {
            case .full:
                guard let component = LibicalTimezone.component(named: zone) else { continue }
                calendar.components.append(component)
            case .minimal:
                // A day each side: the reach is wall-clock seconds, not yet instants.
                guard let rules = database.zone(named: zone), let span = reach[zone] else {
                    continue
                }
                calendar.components.append(
                    ZoneDefinition.minimal(
                        tzid: zone, rules: rules,
                        covering: (span.lowerBound - 86_400)...(span.upperBound + 86_400)))
            }
        }
        calendar.components += events
        return ICalDocument(components: [calendar])
    }
}

extension String {
    /// The text with its first character in upper case: `record 3` → `Record 3`.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

extension JSONParser {
    /// The JSON value of a whole input; a syntax error names its line and column.
    static func parse(_ bytes: [UInt8], name: String) throws(InputError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw InputError(
                file: name, line: error.line,
                message: "Not JSON: \(error.message) (column \(error.column))")
        }
    }
}
