import ChronoSketchCore

/// The formats `ics convert` reads and writes.
public enum ConversionFormat: String, Sendable, CaseIterable {
    case ics, jcal, json, ndjson, csv

    /// The format a file name's extension names, if any (`.json` may hold jCal or occurrence
    /// records; reading tells them apart).
    public static func inferred(fromPath path: String) -> ConversionFormat? {
        let lower = path.lowercased()
        guard let dot = lower.lastIndex(of: "."), !lower[dot...].contains("/") else { return nil }
        switch lower[lower.index(after: dot)...] {
        case "ics", "ical", "icalendar", "ifb": return .ics
        case "jcal": return .jcal
        case "json": return .json
        case "ndjson", "jsonl": return .ndjson
        case "csv": return .csv
        default: return nil
        }
    }
}

/// What `ics convert` is asked to do.
public struct ConversionOptions: Sendable {
    /// The input format; nil to infer it per input from its extension, else its content.
    public var from: ConversionFormat?
    public var to: ConversionFormat
    public var columns: CSVColumns
    /// Zone, window and limits for occurrence outputs; the window also filters `.ics` and jCal.
    public var load: LoadOptions
    /// DTSTAMP (UTC) of events built from records.
    public var stamp: LocalDateTime

    public init(
        from: ConversionFormat? = nil, to: ConversionFormat, columns: CSVColumns = .all,
        load: LoadOptions, stamp: LocalDateTime
    ) {
        self.from = from
        self.to = to
        self.columns = columns
        self.load = load
        self.stamp = stamp
    }
}

/// The converted bytes and what was found on the way.
public struct ConversionResult: Sendable {
    /// What is written: bytes made whole, or occurrences written piece by piece, so a listing
    /// is never held twice.
    enum Body: Sendable {
        case bytes([UInt8])
        case occurrences(OccurrenceRecords, [OccurrenceRecords.Record])
    }

    let body: Body
    public var diagnostics: [Diagnostic]
    /// The inputs that could not be used at all, left out of the output.
    public var unusableInputs: [InputError]

    init(bytes: [UInt8], diagnostics: [Diagnostic], unusableInputs: [InputError]) {
        body = .bytes(bytes)
        self.diagnostics = diagnostics
        self.unusableInputs = unusableInputs
    }

    init(
        records: OccurrenceRecords, sorted: [OccurrenceRecords.Record], diagnostics: [Diagnostic],
        unusableInputs: [InputError]
    ) {
        body = .occurrences(records, sorted)
        self.diagnostics = diagnostics
        self.unusableInputs = unusableInputs
    }

    /// Hands the output to `emit` in pieces.
    public func write(to emit: ([UInt8]) -> Void) {
        switch body {
        case .bytes(let bytes): emit(bytes)
        case .occurrences(let records, let sorted):
            records.write(sorted, to: emit)
        }
    }

    /// The whole output.
    public var bytes: [UInt8] {
        var all: [UInt8] = []
        write { all += $0 }
        return all
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Converts between `.ics`, jCal, occurrence JSON/NDJSON/CSV and Outlook's CSV.
///
/// `.ics` and jCal go through the lossless tree (``ICalDocument``): properties are written from
/// their text as read. Records become VEVENTs built from their fields, with a VTIMEZONE for each zone
/// they name. Occurrence outputs are the listing of `ics events`.
public enum Converter {
    /// PRODID of calendars built from records.
    static let productID = "-//ChronoSketch//ics//EN"

    /// Converts `inputs` (several merge into one calendar). An input that cannot be used at
    /// all is left out and named in ``ConversionResult/unusableInputs``.
    /// - Throws: ``InputError`` when the events of a window cannot be put in order.
    public static func convert(
        _ inputs: [InputSource], options: ConversionOptions, database: ZoneInfoDatabase = .system
    ) throws(InputError) -> ConversionResult {
        var diagnostics: [Diagnostic] = []
        var unusable: [InputError] = []
        switch options.to {
        case .json, .ndjson, .csv:
            let format = OccurrenceFormat(rawValue: options.to.rawValue) ?? .json
            let sources = icsSources(
                inputs, options: options, database: database, diagnostics: &diagnostics,
                unusable: &unusable)
            diagnostics = inLineOrder(diagnostics)
            let (records, sorted, found, failed) = OccurrenceRecords.load(
                sources, options: options.load, format: format, columns: options.columns,
                database: database)
            return ConversionResult(
                records: records, sorted: sorted, diagnostics: diagnostics + found,
                unusableInputs: inInputOrder(unusable + failed, inputs))
        case .ics, .jcal:
            var documents: [(name: String, document: ICalDocument)] = []
            for input in inputs {
                var found: [Diagnostic] = []
                do {
                    documents.append(
                        (
                            input.name,
                            try document(
                                input, options: options, database: database, diagnostics: &found)
                        ))
                } catch {
                    unusable.append(error)
                }
                diagnostics += inLineOrder(found)
            }
            var merged = merge(documents, diagnostics: &diagnostics)
            if options.load.from != nil || options.load.to != nil {
                merged = try window(merged, options: options, database: database)
            }
            if options.to == .ics {
                return ConversionResult(
                    bytes: ICalWriter.write(merged), diagnostics: diagnostics,
                    unusableInputs: unusable)
            }
            let dropped = merged.components.reduce(merged.looseLines.count) {
                $0 + $1.linesThatAreNotProperties
            }
            if dropped > 0 {
                diagnostics.append(
                    Diagnostic(
                        .warning, file: inputs.count == 1 ? inputs[0].name : "<inputs>", line: nil,
                        message:
                            "\(dropped) line\(dropped == 1 ? " is" : "s are") not properties or outside every component",
                        assumption: "jCal has no form for them; they are left out"))
            }
            var writer = JSONWriter()
            writer.value(JCal.encode(merged))
            writer.raw("\n")
            return ConversionResult(
                bytes: writer.bytes, diagnostics: diagnostics, unusableInputs: unusable)
        }
    }

    /// Failures in the order of the inputs they name.
    private static func inInputOrder(_ errors: [InputError], _ inputs: [InputSource])
        -> [InputError]
    {
        func position(_ error: InputError) -> Int {
            inputs.firstIndex { $0.name == error.file } ?? inputs.count
        }
        return errors.sorted { position($0) < position($1) }
    }

    /// Diagnostics of one input by line, keeping the order of those on one line.
    private static func inLineOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted {
            ($0.element.file, $0.element.line ?? 0, $0.offset) < (
                $1.element.file, $1.element.line ?? 0, $1.offset
            )
        }.map(\.element)
    }

    // MARK: - Reading

    /// The format of one input: `--from-format`, else its extension, else its content.
    static func format(of input: InputSource, bytes: [UInt8]?, options: ConversionOptions)
        -> ConversionFormat
    {
        if let format = options.from { return format }
        if case .file(let path) = input, let format = ConversionFormat.inferred(fromPath: path),
            format != .json
        {
            return format
        }
        guard let bytes else { return .ics }
        return sniff(bytes)
    }

    /// Tells formats apart by their first characters.
    static func sniff(_ bytes: [UInt8]) -> ConversionFormat {
        let start = bytes.drop(while: {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB
                || $0 == 0xBF
        })
        guard let first = start.first else { return .ics }
        switch first {
        case UInt8(ascii: "["):
            let head = String(decoding: start.prefix(64), as: UTF8.self).lowercased()
                .filter { !$0.isWhitespace }
            return head.hasPrefix("[\"vcalendar\"") || head.hasPrefix("[[\"vcalendar\"")
                ? .jcal : .json
        case UInt8(ascii: "{"):
            let lines = start.split(separator: 0x0A, omittingEmptySubsequences: true)
            return lines.count > 1
                && lines.allSatisfy { $0.drop(while: { $0 == 0x20 }).first == UInt8(ascii: "{") }
                ? .ndjson : .json
        default:
            let head = String(decoding: start.prefix(6), as: UTF8.self).uppercased()
            return head.hasPrefix("BEGIN:") ? .ics : .csv
        }
    }

    /// Inputs as `.ics` sources for the events pipeline: `.ics` files as they are (read as a
    /// stream), every other format converted to `.ics` text first.
    private static func icsSources(
        _ inputs: [InputSource], options: ConversionOptions, database: ZoneInfoDatabase,
        diagnostics: inout [Diagnostic], unusable: inout [InputError]
    ) -> [InputSource] {
        var sources: [InputSource] = []
        for input in inputs {
            if options.from == .ics || options.from == nil && isICSByName(input) {
                sources.append(input)
                continue
            }
            do {
                let document = try document(
                    input, options: options, database: database, diagnostics: &diagnostics)
                sources.append(.document(name: input.name, document))
            } catch {
                unusable.append(error)
            }
        }
        return sources
    }

    private static func isICSByName(_ input: InputSource) -> Bool {
        if case .file(let path) = input { return ConversionFormat.inferred(fromPath: path) == .ics }
        return false
    }

    /// One input as a tree, whatever its format.
    static func document(
        _ input: InputSource, options: ConversionOptions, database: ZoneInfoDatabase,
        diagnostics: inout [Diagnostic]
    ) throws(InputError) -> ICalDocument {
        if options.from == .ics || options.from == nil && isICSByName(input) {
            let (document, found) = try DocumentReader.read(input, limits: options.load.limits)
            diagnostics += found
            return document
        }
        let bytes = try input.readAll()
        switch format(of: input, bytes: bytes, options: options) {
        case .ics:
            let (document, found) = try DocumentReader.read(
                .memory(name: input.name, bytes: bytes), limits: options.load.limits)
            diagnostics += found
            return document
        case .jcal:
            let json = try parseJSON(bytes, name: input.name)
            do {
                let (document, found) = try JCal.decode(
                    json, name: input.name, limits: options.load.limits)
                diagnostics += found
                return document
            } catch {
                throw InputError(file: input.name, message: "Not jCal: \(error.message)")
            }
        case .json:
            let json = try parseJSON(bytes, name: input.name)
            let items: [JSONValue]
            switch json {
            case .array(let list): items = list
            case .object: items = [json]
            default:
                throw InputError(
                    file: input.name,
                    message: "Expected occurrence records: an array of objects or one object")
            }
            var fields: [RecordImport.Fields] = []
            for (index, item) in items.enumerated() {
                guard case .object(let members) = item else {
                    diagnostics.append(
                        Diagnostic(
                            .error, file: input.name, line: nil,
                            message: "Record \(index + 1) is not an object",
                            assumption: "record skipped"))
                    continue
                }
                fields.append(
                    RecordImport.Fields(
                        storage: .json(members), place: "record \(index + 1)", line: nil))
            }
            return try drafts(
                fields, name: input.name, options: options, database: database,
                diagnostics: &diagnostics)
        case .ndjson:
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
                        .error, file: input.name, line: index + 1,
                        message: "Line \(index + 1): \(problem)",
                        assumption: "line skipped"))
            }
            return try drafts(
                fields, name: input.name, options: options, database: database,
                diagnostics: &diagnostics)
        case .csv:
            let text = String(decoding: bytes, as: UTF8.self)
            let records: [CSVReader.Record]
            do {
                records = try CSVReader.records(text)
            } catch {
                throw InputError(
                    file: input.name, line: error.line, message: "Not CSV: \(error.message)")
            }
            guard let header = records.first else {
                throw InputError(file: input.name, message: "Empty file: no calendar data")
            }
            let names = header.fields.map { $0.trimmingCharacters() }
            guard OutlookCSV.matches(names) || names.contains("start") else {
                throw InputError(
                    file: input.name, line: header.line,
                    message:
                        "Not a calendar CSV: the header has neither 'start' nor Outlook's 'Subject' and 'Start Date'"
                )
            }
            var fields: [RecordImport.Fields] = []
            for record in records.dropFirst() {
                var row: [String: String] = [:]
                for (index, name) in names.enumerated() where index < record.fields.count {
                    row[name] = record.fields[index]
                }
                fields.append(
                    RecordImport.Fields(
                        storage: .csv(row), place: "line \(record.line)", line: record.line))
            }
            return try drafts(
                fields, name: input.name, options: options, database: database,
                diagnostics: &diagnostics,
                outlook: OutlookCSV.matches(names))
        }
    }

    private static func parseJSON(_ bytes: [UInt8], name: String) throws(InputError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw InputError(
                file: name, line: error.line,
                message: "Not JSON: \(error.message) (column \(error.column))")
        }
    }

    /// Records as a calendar of VEVENTs built from their fields (``ComponentBuilder``), each on
    /// the line of its record, with a VTIMEZONE built by libical for each zone named.
    private static func drafts(
        _ records: [RecordImport.Fields], name: String, options: ConversionOptions,
        database: ZoneInfoDatabase, diagnostics: inout [Diagnostic], outlook: Bool = false
    ) throws(InputError) -> ICalDocument {
        var events: [ICalComponent] = []
        var zones: [String] = []
        for (index, record) in records.enumerated() {
            do {
                let draft: EventDraft
                if outlook, case .csv(let row) = record.storage {
                    draft = try OutlookCSV.draft(row)
                } else {
                    draft = try RecordImport.draft(record) { database.zone(named: $0) != nil }
                }
                for zone in draft.zoneNames where !zones.contains(zone) { zones.append(zone) }
                events.append(
                    ComponentBuilder.vevent(
                        draft, stamp: options.stamp, line: record.line ?? index + 1))
            } catch {
                diagnostics.append(
                    Diagnostic(
                        .error, file: name, line: record.line,
                        message:
                            "\(record.place.prefix(1).uppercased() + record.place.dropFirst()): \(error.message)",
                        assumption: "record skipped"))
            }
        }
        var calendar = ICalComponent(
            name: "VCALENDAR",
            properties: [
                ICalProperty(name: "VERSION", rawValue: "2.0", line: 1),
                ICalProperty(name: "PRODID", rawValue: productID, line: 1),
            ], line: 1)
        for zone in zones {
            guard let definition = LibicalTimezone.vtimezone(named: zone),
                let component = try? DocumentReader.read(text: definition, name: name)
                    .components.first
            else { continue }
            calendar.components.append(component)
        }
        calendar.components += events
        return ICalDocument(components: [calendar])
    }

    // MARK: - Merging and the window

    /// Several documents as one VCALENDAR: the first calendar's properties, every component in
    /// input order, VTIMEZONEs with the same TZID written once. A VTIMEZONE whose TZID another
    /// input defines differently, and a UID defined in two inputs, are reported.
    static func merge(
        _ documents: [(name: String, document: ICalDocument)], diagnostics: inout [Diagnostic]
    ) -> ICalDocument {
        if documents.count == 1 { return documents[0].document }
        var calendar = ICalComponent(name: "VCALENDAR", line: 1)
        var zones: [String: (file: String, component: ICalComponent)] = [:]
        var uids: [String: String] = [:]
        for (name, document) in documents {
            for top in document.components {
                let children: [ICalComponent]
                if top.name == "VCALENDAR" {
                    if calendar.properties.isEmpty {
                        calendar.properties = top.properties
                    } else {
                        for property in top.properties
                        where !calendar.properties.contains(where: {
                            $0.contentLine == property.contentLine
                        }) {
                            diagnostics.append(
                                Diagnostic(
                                    .warning, file: name, line: property.line,
                                    message:
                                        "\(property.name):\(property.rawValue) is not carried into the merged calendar",
                                    assumption: "the first input's calendar properties are kept"))
                        }
                    }
                    children = top.components
                } else {
                    children = [top]
                }
                for child in children {
                    if child.name == "VTIMEZONE", let tzid = child.property("TZID")?.value?.text {
                        if let first = zones[tzid] {
                            if !first.component.isSameTree(as: child, exactText: false) {
                                diagnostics.append(
                                    Diagnostic(
                                        .warning, file: name, line: child.line,
                                        message:
                                            "VTIMEZONE '\(tzid)' differs from the one in \(first.file)",
                                        assumption: "the first is kept"))
                            }
                            continue
                        }
                        zones[tzid] = (name, child)
                    } else if child.property("RECURRENCE-ID") == nil,
                        let uid = child.property("UID")?.value?.text
                    {
                        if let other = uids[uid], other != name {
                            diagnostics.append(
                                Diagnostic(
                                    .warning, file: name, line: child.line, uid: uid,
                                    message: "UID '\(uid)' is also used in \(other)",
                                    assumption: "both are kept"))
                        }
                        uids[uid] = name
                    }
                    calendar.components.append(child)
                }
            }
        }
        var looseLines: [ICalDocument.LooseLine] = []
        for (_, document) in documents {
            looseLines += document.looseLines.map {
                ICalDocument.LooseLine(property: $0.property, position: 1)
            }
        }
        if calendar.properties.isEmpty {
            calendar.properties = [
                ICalProperty(name: "VERSION", rawValue: "2.0", line: 1),
                ICalProperty(name: "PRODID", rawValue: productID, line: 1),
            ]
        }
        return ICalDocument(components: [calendar], looseLines: looseLines)
    }

    /// Only the VEVENTs (whole series) with an occurrence in the window; other components stay.
    private static func window(
        _ document: ICalDocument, options: ConversionOptions, database: ZoneInfoDatabase
    ) throws(InputError) -> ICalDocument {
        let loaded = try CalendarLoader.load(
            [.document(name: "window", document)], options: options.load, database: database)
        let kept = Set(loaded.events.map(\.uid))
        var result = document
        for index in result.components.indices {
            result.components[index].components.removeAll { component in
                component.name == "VEVENT"
                    && !kept.contains(component.property("UID")?.value?.text ?? "")
            }
        }
        return result
    }
}
