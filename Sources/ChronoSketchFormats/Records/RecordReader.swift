import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Reads occurrence records into a calendar: the JSON, NDJSON and CSV that `ics events` and
/// `ics convert` write, and Outlook's and Google's CSV shape. Each record becomes a VEVENT
/// built from its fields (``RecordImport``, ``ComponentBuilder``), on the line of its record,
/// with a VTIMEZONE for each zone named (``ZoneDefinitionForm``); a record that cannot become
/// one is reported and skipped.
///
/// The calendar is made as it is read (``GeneratedCalendar``): passes over the records find
/// first what comes before the events and what is said of them (the zones and how far each is
/// used, which records lack a UID, the series with overrides, what cannot become an event),
/// and each reading of the calendar then builds its events one record at a time. What is held
/// is the input's text and a few bytes of each record, never the records' fields or events.
enum RecordReader {
    /// The calendar of the records in `bytes`, in `format` (json, ndjson or csv), and what was
    /// said of them; nil when no record became an event.
    /// - Parameters:
    ///   - zone: the zone the times of Outlook's rows, which name none, are read in.
    ///   - uidFields: the fields a record without a `uid` has its UID made from; nil for its
    ///     title and start date.
    ///   - zoneForm: how much of each zone's history its VTIMEZONE holds.
    /// - Throws: ``InputError`` when the input is not records of `format` at all.
    static func read(
        _ bytes: [UInt8], format: ConversionFormat, name: String, stamp: LocalDateTime,
        zone: TargetZone, uidFields: [String]? = nil, zoneForm: ZoneDefinitionForm = .minimal,
        database: ZoneInfoDatabase, diagnostics: inout [Diagnostic]
    ) throws(InputError) -> GeneratedCalendar {
        let text = try RecordText(bytes, format: format, name: name)
        if text.decodedAsWindows1252 {
            diagnostics.append(Windows1252.readInstead(file: name, line: nil))
        }
        let outlook = text.outlook.map { ($0, zone) }
        var plan = Plan(
            text: text, name: name, stamp: stamp, database: database, outlook: outlook,
            uidFields: uidFields)
        try plan.survey(diagnostics: &diagnostics)
        let zones = plan.zoneDefinitions(zoneForm)
        let made = plan
        return GeneratedCalendar { RecordItems(plan: made, zones: zones) }
    }

    /// What building the events of one input's records needs, found by passes over them.
    fileprivate struct Plan: Sendable {
        let text: RecordText
        let name: String
        let stamp: LocalDateTime
        let database: ZoneInfoDatabase
        let outlook: (names: OutlookCSV.Names, zone: TargetZone)?
        let uidFields: [String]?
        /// The number of each record whose made UID another shares, by record index
        /// (``RecordImport/UIDMaker/numbers``).
        var uidNumbers: [Int: Int] = [:]
        /// The start of each series with overrides, by UID: what their recurrence ids are
        /// matched to (``RecordImport/matched(_:toSeriesStart:)``).
        var seriesStarts: [String: OriginalTime] = [:]
        /// The zones the events name, in the order first named, and the wall-clock seconds
        /// each reaches.
        var zones: [String] = []
        var reach: [String: ClosedRange<Int>] = [:]

        init(
            text: RecordText, name: String, stamp: LocalDateTime, database: ZoneInfoDatabase,
            outlook: (names: OutlookCSV.Names, zone: TargetZone)?, uidFields: [String]?
        ) {
            self.text = text
            self.name = name
            self.stamp = stamp
            self.database = database
            self.outlook = outlook
            self.uidFields = uidFields
        }

        /// A record that cannot become an event, said.
        func skipped(_ record: RecordImport.Fields, _ problem: RecordImport.Problem) -> Diagnostic {
            Diagnostic(
                .error, .record, file: name, line: record.line,
                message: "\(record.place.capitalizedFirst): \(problem.message)",
                assumption: "record skipped")
        }

        /// The draft of one record, as it came.
        func draft(_ record: RecordImport.Fields) throws(RecordImport.Problem) -> EventDraft {
            if let outlook, case .csv(let row) = record.storage {
                return OutlookCSV.zoned(
                    try OutlookCSV.draft(row, names: outlook.names), in: outlook.zone,
                    database: database)
            }
            return try RecordImport.draft(record) { database.zone(named: $0) != nil }
        }

        /// The VEVENT of a draft and what was left out of it.
        func event(_ draft: EventDraft, _ record: RecordImport.Fields, index: Int)
            throws(RecordImport.Problem) -> (component: ICalComponent, omissions: [String])
        {
            try ComponentBuilder.component(draft, stamp: stamp, line: record.line ?? index + 1)
        }

        /// Reads the records through: what is said of them, in the order it was said when
        /// every record was held (what cannot be read, what gives no draft, Outlook's zone,
        /// the UIDs made, what cannot be built or is left out, overrides without a rule), the
        /// series starts and the zones.
        /// - Throws: ``InputError`` when the records cannot be read, a field `--uid-from`
        ///   names is in none of them, or no record becomes an event.
        mutating func survey(diagnostics: inout [Diagnostic]) throws(InputError) {
            var unread = DiagnosticLog()
            var mistyped = DiagnosticLog()
            var undrafted = DiagnosticLog()
            var fieldsSeen = Set<String>()
            var anyTimed = false
            var withoutUID = 0
            var overrides = 0
            var overridden = Set<String>()
            // The events are built in the same pass, as they are when no series has an
            // override to match to its start (the most often); else again once it is known.
            var built = Built()
            var drafts = Drafts(self)
            while let (draft, record, index, madeUID) = try drafts.next(
                record: { record in
                    for field in uidFields ?? [] where record.hasUIDPart(field) {
                        fieldsSeen.insert(field)
                    }
                    for problem in record.mistyped() {
                        mistyped.append(
                            Diagnostic(
                                .warning, .record, file: name, line: record.line,
                                message: "\(record.place.capitalizedFirst): \(problem)"))
                    }
                },
                unreadable: { unread.append($0) },
                undrafted: { undrafted.append(skipped($0, $1)) })
            {
                if !draft.start.isDate { anyTimed = true }
                if madeUID { withoutUID += 1 }
                if draft.recurrenceId != nil {
                    overrides += 1
                    overridden.insert(draft.uid)
                }
                build(draft, record, index: index, into: &built)
            }
            let first = drafts.first
            if withoutUID > 1 { uidNumbers = numbers(sharing: drafts.sharedHashes) }
            for field in uidFields ?? [] where !fieldsSeen.contains(field) {
                throw InputError(
                    file: name,
                    message: "No record has the field '\(field)' that --uid-from makes UIDs from")
            }
            if !overridden.isEmpty {
                var starts: [String: OriginalTime] = [:]
                var series = Drafts(self)
                while let (draft, _, _, _) = try? series.next() {
                    if draft.recurrenceId == nil, overridden.contains(draft.uid),
                        starts[draft.uid] == nil
                    {
                        starts[draft.uid] = draft.start
                    }
                }
                seriesStarts = starts
            }
            var found = unread.diagnostics + mistyped.diagnostics + undrafted.diagnostics
            if let outlook, anyTimed {
                found.append(
                    Diagnostic(
                        .warning, .record, file: name, line: nil,
                        message: "Outlook's rows name no zone",
                        assumption: OutlookCSV.zoneName(outlook.zone, database: database) == nil
                            ? "their times stay floating (\(outlook.zone.name) has no IANA name to write)"
                            : "their times are read in \(outlook.zone.name), the --tz zone"))
            }
            if withoutUID > 0 {
                found.append(
                    Diagnostic(
                        .warning, .record, file: name, line: nil,
                        message:
                            "\(withoutUID) record\(withoutUID == 1 ? " has" : "s have") no uid",
                        assumption: uidFields.map {
                            "each is given one made from its \($0.joined(separator: ", ")) (--uid-from)"
                        }
                            ?? "each is given one made from its title and start date: a new time keeps it, a new day or title makes a new event (--uid-from chooses the fields)"
                    ))
            }
            if !overridden.isEmpty {
                built = Built()
                var buildable = Drafts(self)
                while let (draft, record, index, _) = try? buildable.next() {
                    build(draft, record, index: index, into: &built)
                }
            }
            (zones, reach) = (built.zones, built.reach)
            let events = built.events
            found += built.log.diagnostics
            if let first, !first.has("rrule"), overrides > 0 {
                found.append(
                    Diagnostic(
                        .warning, .occurrenceRecords, file: name, line: nil,
                        message:
                            "\(overrides) occurrence record\(overrides == 1 ? "" : "s") of \(overridden.count) series became \(overrides) VEVENT\(overrides == 1 ? "" : "s") with a RECURRENCE-ID, without their series' rule",
                        assumption:
                            "records written with --records series carry a series whole"))
            }
            diagnostics += found
            // A calendar with no component is no calendar (RFC 5545 §3.6): published as a
            // feed, it would empty every subscriber's calendar.
            guard events > 0 else {
                let skipped = found.reduce(0) {
                    $0 + ($1.code == .record && $1.severity == .error ? $1.repeats + 1 : 0)
                }
                throw InputError(
                    file: name,
                    message: skipped > 0
                        ? "No record became an event (\(skipped) skipped, each said); nothing is written"
                        : "No record to make an event of; nothing is written")
            }
        }

        /// The number of each record whose made UID another shares (``RecordImport/UIDMaker``),
        /// by start time, then record order: a pass over the records that share `hashes`.
        private func numbers(sharing hashes: Set<UInt64>) -> [Int: Int] {
            guard !hashes.isEmpty else { return [:] }
            var sharing: [UInt64: [(start: Int, index: Int)]] = [:]
            var drafts = Drafts(self)
            while let (draft, record, index, madeUID) = try? drafts.next() {
                guard madeUID else { continue }
                let hash = drafts.hash(draft, of: record)
                guard hashes.contains(hash) else { continue }
                sharing[hash, default: []].append(
                    (draft.start.wallClock.secondsSinceEpoch, index))
            }
            var numbers: [Int: Int] = [:]
            for records in sharing.values {
                let sorted = records.sorted { ($0.start, $0.index) < ($1.start, $1.index) }
                for (rank, record) in sorted.enumerated() { numbers[record.index] = rank + 1 }
            }
            return numbers
        }

        /// What building the events found: how many were built, the zones they name (in the
        /// order first named) and how far each reaches, and what was said.
        private struct Built {
            var events = 0
            var zones: [String] = []
            var reach: [String: ClosedRange<Int>] = [:]
            var log = DiagnosticLog()
        }

        /// Builds the event of a draft, to count it and its zones and to say what cannot be
        /// built or is left out.
        private func build(
            _ draft: EventDraft, _ record: RecordImport.Fields, index: Int, into built: inout Built
        ) {
            do throws(RecordImport.Problem) {
                let (_, omissions) = try event(draft, record, index: index)
                built.events += 1
                for omission in omissions {
                    built.log.append(
                        Diagnostic(
                            .warning, .record, file: name, line: record.line,
                            message: "\(record.place.capitalizedFirst): \(omission)",
                            assumption: "left out"))
                }
            } catch {
                built.log.append(skipped(record, error))
                return
            }
            let span = draft.reach
            for zone in draft.zoneNames {
                if let known = built.reach[zone] {
                    built.reach[zone] =
                        min(
                            known.lowerBound, span.lowerBound)...max(
                            known.upperBound, span.upperBound)
                } else {
                    built.reach[zone] = span
                    built.zones.append(zone)
                }
            }
        }

        /// A VTIMEZONE for each zone named, in the order first named.
        func zoneDefinitions(_ form: ZoneDefinitionForm) -> [ICalComponent] {
            zones.compactMap { zone in
                switch form {
                case .full:
                    return LibicalTimezone.component(named: zone)
                case .minimal:
                    // A day each side: the reach is wall-clock seconds, not yet instants.
                    guard let rules = database.zone(named: zone), let span = reach[zone] else {
                        return nil
                    }
                    return ZoneDefinition.minimal(
                        tzid: zone, rules: rules,
                        covering: (span.lowerBound - 86_400)...(span.upperBound + 86_400))
                }
            }
        }
    }

    /// The drafts of one input's records in turn, each with its UID given and its recurrence
    /// id matched to its series, from the first record.
    fileprivate struct Drafts {
        private let plan: Plan
        private var records: RecordCursor
        private var uids: RecordImport.UIDMaker
        private var index = 0
        /// The first record read.
        private(set) var first: RecordImport.Fields?

        init(_ plan: Plan) {
            self.plan = plan
            records = RecordCursor(plan.text)
            uids = RecordImport.UIDMaker(from: plan.uidFields, numbers: plan.uidNumbers)
        }

        /// The hashes more than one record's made UID has had so far.
        var sharedHashes: Set<UInt64> { uids.sharedHashes }

        /// The hash a made UID of `draft` has.
        func hash(_ draft: EventDraft, of record: RecordImport.Fields) -> UInt64 {
            uids.hash(draft, of: record)
        }

        /// The next draft, the record it comes from, its index and whether it was given a
        /// UID; nil after the last. `record` is shown every record, `unreadable` told of text
        /// that is none, `undrafted` of a record that gives no draft.
        /// - Throws: ``InputError`` where the text stops being JSON or CSV.
        mutating func next(
            record seen: (RecordImport.Fields) -> Void = { _ in },
            unreadable: (Diagnostic) -> Void = { _ in },
            undrafted: (RecordImport.Fields, RecordImport.Problem) -> Void = { _, _ in }
        ) throws(InputError) -> (
            draft: EventDraft, record: RecordImport.Fields, index: Int, madeUID: Bool
        )? {
            while let next = try records.next(file: plan.name, unreadable: unreadable) {
                defer { index += 1 }
                guard let record = next else { continue }
                if first == nil { first = record }
                seen(record)
                do throws(RecordImport.Problem) {
                    var draft = try plan.draft(record)
                    let madeUID = uids.give(&draft, of: record, index: index)
                    if let recurrence = draft.recurrenceId,
                        let start = plan.seriesStarts[draft.uid]
                    {
                        draft.recurrenceId = RecordImport.matched(
                            recurrence, toSeriesStart: start)
                    }
                    return (draft, record, index, madeUID)
                } catch {
                    undrafted(record, error)
                }
            }
            return nil
        }
    }

    /// The items of the calendar of one input's records: the calendar with `ics`'s VERSION
    /// and PRODID, the zones' VTIMEZONEs, then each record's VEVENT, built as it is asked for.
    private struct RecordItems: ComponentSource {
        let name: String
        private let plan: Plan
        private var drafts: Drafts
        private var opening: [ReaderItem]
        private var ended = false

        init(plan: Plan, zones: [ICalComponent]) {
            name = plan.name
            self.plan = plan
            drafts = Drafts(plan)
            opening =
                [
                    .calendarBegin(ICalComponent(name: "VCALENDAR", line: 1)),
                    .calendarProperty(ICalProperty(name: "VERSION", value: .text("2.0"))),
                    .calendarProperty(
                        ICalProperty(name: "PRODID", value: .text(Converter.productID))),
                ] + zones.map { .component($0) }
        }

        mutating func next() throws(InputError) -> ReaderItem? {
            if !opening.isEmpty { return opening.removeFirst() }
            while let (draft, record, index, _) = try? drafts.next() {
                if let (event, _) = try? plan.event(draft, record, index: index) {
                    return .component(event)
                }
            }
            guard !ended else { return nil }
            ended = true
            return .calendarEnd(closing: .end, endText: nil)
        }

        mutating func takeDiagnostics() -> [Diagnostic] { [] }
    }
}

/// The text of one input's records, held once, and what its header says.
private struct RecordText: Sendable {
    enum Kind: Sendable {
        /// A JSON array of record objects.
        case array([UInt8])
        /// One JSON record object and the line it begins on.
        case object([JSONMember], line: Int)
        /// One record object per line.
        case ndjson([UInt8])
        /// A header and a row per record, split at `separator`; `keys` name the columns.
        case csv(String, separator: Character, keys: [String])
    }

    let kind: Kind
    /// The names of Outlook's columns, for a CSV in the shape of its export.
    let outlook: OutlookCSV.Names?
    /// Whether the CSV was not UTF-8 and was read as Windows-1252.
    private(set) var decodedAsWindows1252 = false

    /// The text of `bytes` in `format`, a CSV's header read.
    /// - Throws: ``InputError`` for JSON that is no array and no object, and a CSV with no
    ///   header a calendar is read from.
    init(_ bytes: [UInt8], format: ConversionFormat, name: String) throws(InputError) {
        switch format {
        case .csv:
            let (text, windows1252) = CSVReader.decoded(bytes)
            try self.init(csv: text, name: name)
            decodedAsWindows1252 = windows1252
        case .ndjson:
            self.init(kind: .ndjson(bytes), outlook: nil)
        default:
            guard JSONParser.ArrayElements(bytes) != nil else {
                guard case .object(let members) = try JSONParser.parse(bytes, name: name) else {
                    throw InputError(
                        file: name,
                        message: "Expected occurrence records: an array of objects or one object")
                }
                let blanks = bytes.prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
                self.init(
                    kind: .object(members, line: 1 + blanks.count { $0 == 0x0A }), outlook: nil)
                return
            }
            self.init(kind: .array(bytes), outlook: nil)
        }
    }

    private init(kind: Kind, outlook: OutlookCSV.Names?) {
        self.kind = kind
        self.outlook = outlook
    }

    private init(csv text: String, name: String) throws(InputError) {
        let separator = CSVReader.separator(of: text)
        var rows = CSVReader.Rows(text, separator: separator)
        let header: CSVReader.Record?
        do {
            header = try rows.next()
        } catch {
            throw RecordCursor.notCSV(error, name: name)
        }
        guard let header else {
            throw InputError(file: name, message: "Empty file: no calendar data")
        }
        let names = header.fields.map { $0.trimmingCharacters() }
        let outlook = OutlookCSV.names(names)
        guard outlook != nil || names.contains("start") else {
            // Text that is no CSV is said before what its header lacks.
            do {
                while try rows.next() != nil {}
            } catch {
                throw RecordCursor.notCSV(error, name: name)
            }
            throw InputError(
                file: name, line: header.line,
                message:
                    "Not a calendar CSV: the header has neither 'start' nor the subject and start date columns of Outlook's export (\(OutlookCSV.languages.map { "\($0.subject[0]), \($0.startDate[0])" }.joined(separator: "; ")))"
            )
        }
        self.init(
            kind: .csv(
                text, separator: separator, keys: outlook == nil ? names : OutlookCSV.keys(names)),
            outlook: outlook)
    }
}

/// The records of a ``RecordText``, one at a time, in order. Text that is no record (a JSON
/// element that is no object, an NDJSON line that is not one) is said to the caller and given
/// as nil in its place.
private struct RecordCursor {
    private enum State {
        case array(JSONParser.ArrayElements, index: Int)
        case object([JSONMember]?, line: Int)
        case lines([UInt8], start: Int, line: Int)
        case rows(CSVReader.Rows, keys: [String])
    }

    private var state: State

    init(_ text: RecordText) {
        switch text.kind {
        case .array(let bytes):
            // Checked to be an array.
            state =
                JSONParser.ArrayElements(bytes).map { .array($0, index: 0) }
                ?? .object(nil, line: 1)
        case .object(let members, let line):
            state = .object(members, line: line)
        case .ndjson(let bytes):
            state = .lines(bytes, start: 0, line: 1)
        case .csv(let text, let separator, let keys):
            var rows = CSVReader.Rows(text, separator: separator)
            _ = try? rows.next()
            state = .rows(rows, keys: keys)
        }
    }

    /// A CSV that does not read, said.
    static func notCSV(_ failure: CSVReader.Failure, name: String) -> InputError {
        InputError(file: name, line: failure.line, message: "Not CSV: \(failure.message)")
    }

    /// The next record: a record, nil for text that is none (said to `unreadable`, of
    /// `file`), or nil at the end.
    /// - Throws: ``InputError`` where the text stops being JSON or CSV.
    mutating func next(file: String, unreadable: (Diagnostic) -> Void) throws(InputError)
        -> RecordImport.Fields??
    {
        switch state {
        case .array(var elements, let index):
            let element: (value: JSONValue, line: Int)?
            do {
                element = try elements.next()
            } catch {
                throw InputError(
                    file: file, line: error.line,
                    message: "Not JSON: \(error.message) (column \(error.column))")
            }
            guard let (value, line) = element else { return nil }
            state = .array(elements, index: index + 1)
            guard case .object(let members) = value else {
                unreadable(
                    Diagnostic(
                        .error, .record, file: file, line: line,
                        message: "Record \(index + 1) is not an object",
                        assumption: "record skipped"))
                return .some(nil)
            }
            return RecordImport.Fields(
                storage: .json(members), place: "record \(index + 1)", line: line)
        case .object(let members, let line):
            state = .object(nil, line: line)
            guard let members else { return nil }
            return RecordImport.Fields(storage: .json(members), place: "record 1", line: line)
        case .lines(let bytes, var start, var line):
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                let text = bytes[start..<end]
                let number = line
                (start, line) = (end + 1, line + 1)
                state = .lines(bytes, start: start, line: line)
                let trimmed = text.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
                guard !trimmed.isEmpty else { continue }
                let problem: String
                do {
                    if case .object(let members) = try JSONParser.parse(Array(text)) {
                        return RecordImport.Fields(
                            storage: .json(members), place: "line \(number)", line: number)
                    }
                    problem = "it is not a JSON object"
                } catch {
                    problem = "it is not JSON (\(error.message), column \(error.column))"
                }
                unreadable(
                    Diagnostic(
                        .error, .record, file: file, line: number,
                        message: "Line \(number): \(problem)", assumption: "line skipped"))
                return .some(nil)
            }
            state = .lines(bytes, start: start, line: line)
            return nil
        case .rows(var rows, let keys):
            let next: CSVReader.Record?
            do {
                next = try rows.next()
            } catch {
                throw Self.notCSV(error, name: file)
            }
            guard let record = next else { return nil }
            state = .rows(rows, keys: keys)
            var row: [String: String] = [:]
            for (index, key) in keys.enumerated() where index < record.fields.count {
                row[key] = record.fields[index]
            }
            return RecordImport.Fields(
                storage: .csv(row), place: "line \(record.line)", line: record.line)
        }
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
