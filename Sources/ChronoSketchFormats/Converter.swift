import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax
import Foundation

/// How much of a zone's history a VTIMEZONE written for records holds (`--vtimezone`).
public enum ZoneDefinitionForm: String, Sendable, CaseIterable {
    /// The observances from a year before the zone's first event to its last, as yearly
    /// rules Outlook imports (``ZoneDefinition``).
    case minimal
    /// Every observance since the zone began, as libical writes it.
    case full
}

/// The formats `ics convert` reads and writes.
public enum ConversionFormat: String, Sendable, CaseIterable {
    case ics, jcal, json, ndjson, csv

    /// The file name extensions that name the format, the one it is written with first: the
    /// one table that inference of inputs and of `-o` files reads.
    public var extensions: [String] {
        switch self {
        case .ics: ["ics", "ical", "icalendar", "ifb"]
        case .jcal: ["jcal"]
        case .json: ["json"]
        case .ndjson: ["ndjson", "jsonl"]
        case .csv: ["csv"]
        }
    }

    /// The formats a file with `name` may hold, most likely first: `.json` holds occurrence
    /// records or jCal (reading tells them apart).
    public static func candidates(forExtension name: String) -> [ConversionFormat] {
        let named = allCases.filter { $0.extensions.contains(name.lowercased()) }
        return named == [.json] ? [.json, .jcal] : named
    }

    /// The format a file name's extension names, if any.
    public static func inferred(fromPath path: String) -> ConversionFormat? {
        let lower = path.lowercased()
        guard let dot = lower.lastIndex(of: "."), !lower[dot...].contains("/") else { return nil }
        return candidates(forExtension: String(lower[lower.index(after: dot)...])).first
    }
}

/// What `ics convert` is asked to do.
public struct ConversionOptions: Sendable {
    /// The input format; nil to infer it per input from its extension, else its content.
    public var from: ConversionFormat?
    /// The output format.
    public var to: ConversionFormat
    /// The columns of CSV output.
    public var columns: CSVColumns
    /// Zone, window and limits for occurrence outputs; the window also filters `.ics` and jCal.
    public var load: LoadOptions
    /// DTSTAMP (UTC) of events built from records.
    public var stamp: LocalDateTime
    /// Whether a merge keeps, of a UID several inputs use, only the newest input's version.
    public var dedupe = false
    /// What JSON, NDJSON and CSV records stand for: each occurrence, or each VEVENT.
    public var records = RecordKind.occurrences
    /// Bytes of occurrence records kept in memory before sorted runs go to a temporary file.
    public var memory = OccurrenceRecords.defaultMemory
    /// Whether an `.ics` or jCal calendar is written when nothing is left in it but time zones
    /// (RFC 5545 §3.6 requires a component); without it, such a calendar is not written.
    public var allowsEmpty = false
    /// The fields a record without a `uid` has its UID made from; nil for its title and start
    /// date (``RecordImport/assignUIDs(_:from:)``).
    public var uidFields: [String]?
    /// Calendar properties set on an `.ics` or jCal output, in order (``CalendarSetting``).
    public var settings: [CalendarSetting] = []
    /// The feed as last published (`--previous`): each event of it written again has its
    /// SEQUENCE raised when its content changed, kept when not.
    public var published: PublishedVersions?
    /// How much of each zone's history the VTIMEZONEs written for records hold.
    public var zoneForm = ZoneDefinitionForm.minimal

    /// Options for a conversion; the rest take their defaults.
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

/// The occurrences `convert --to json|ndjson|csv` writes, sorted, and what was found on the way.
public struct ConversionResult: Sendable {
    /// The records, held in memory or spilled to disk.
    public let records: OccurrenceRecords
    /// The records in the order they are written (``OccurrenceRecords/write(_:to:)``).
    public let sorted: [OccurrenceRecords.Record]
    /// What reading found, input by input.
    public var diagnostics: [Diagnostic]
    /// The inputs that could not be used at all, left out of the output.
    public var unusableInputs: [InputError]

    /// Whether a diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Converts between `.ics`, jCal, occurrence JSON/NDJSON/CSV and Outlook's CSV.
///
/// Every input is read to items of the component tree: `.ics` by the reader as it goes, jCal
/// as a tree built in memory, JSON, NDJSON and CSV records as VEVENTs built one record at a
/// time (``RecordReader``, through ``ComponentBuilder``, after a VTIMEZONE for each zone they
/// name). `.ics` and jCal are
/// written from those items as they arrive (``CalendarMerge`` into ``ICalItemWriter`` or
/// ``JCalItemWriter``), properties from their text as read; occurrence outputs are the
/// listing of `ics events`.
public enum Converter {
    /// PRODID of calendars built from records.
    static let productID = "-//ChronoSketch//ics//EN"

    /// Converts `inputs` to `.ics`, jCal or series records (`options.to`), handing the output to `write` in
    /// pieces as it is made; several inputs merge into one calendar (``CalendarMerge``). An
    /// input that cannot be used at all is left out and returned.
    ///
    /// Memory stays flat in the size of `.ics` inputs: a date window is found by a first pass
    /// of the events pipeline, and jCal is written as read when every input holds its
    /// calendars in RFC order (``CalendarOutline``), else from the whole tree. Inputs that
    /// must be read twice for either and cannot be (standard input, a pipe) are held as bytes.
    ///
    /// An `.ics` or jCal calendar left with no component but time zones (every record skipped,
    /// a window or filter nothing matched, an empty input) is held back and not written unless
    /// ``ConversionOptions/allowsEmpty``: published as a feed, it would empty every
    /// subscriber's calendar.
    /// - Returns: the diagnostics, inputs in order and each in line order; the inputs that
    ///   could not be used, in input order; and whether an empty calendar was held back.
    public static func calendar(
        _ inputs: [InputSource], options: ConversionOptions, database: ZoneInfoDatabase = .system,
        write: ([UInt8]) -> Void
    ) -> (diagnostics: [Diagnostic], unusableInputs: [InputError], heldEmpty: Bool) {
        var logs = inputs.map { _ in DiagnosticLog() }
        var failures: [(input: Int, error: InputError)] = []
        let windowed =
            options.load.start != nil || options.load.end != nil || !options.load.filter.isEmpty
        var sources: [InputSource?] = []
        for (index, input) in inputs.enumerated() {
            do {
                sources.append(
                    try readable(
                        input, options: options, database: database,
                        twice: windowed || options.to == .jcal || options.dedupe
                            || inputs.count > 1,
                        log: &logs[index]))
            } catch {
                failures.append((index, error))
                sources.append(nil)
            }
        }
        let window =
            windowed
            ? EventsInWindow(sources.compactMap { $0 }, options: options.load, database: database)
            : nil
        for diagnostic in window?.expansionFindings ?? [] {
            guard let index = inputs.firstIndex(where: { $0.name == diagnostic.file }) else {
                continue
            }
            logs[index].append(diagnostic)
        }
        let names = inputs.map(\.name)
        let mergeZones =
            options.load.wrTimezone == .apply ? ZoneResolver(database: database) : nil
        let newest =
            options.dedupe && inputs.count > 1
            ? NewestAcrossInputs(sources, limits: options.load.limits) : nil
        // A merge writes one VTIMEZONE a TZID: one that holds every input's times in it.
        let mergedZones =
            inputs.count > 1
            ? MergedZones(
                sources, names: inputs.map(\.name), limits: options.load.limits,
                database: database) : nil
        for (input, diagnostic) in mergedZones?.said ?? [] { logs[input].append(diagnostic) }

        /// Feeds every input's items to `merge`; with `leftOutBy`, each input then says which
        /// of its components the records (so named) leave out.
        func drive<Sink: CalendarItemSink>(
            _ merge: inout CalendarMerge<Sink>, leftOutBy record: String? = nil,
            flush: (inout Sink) -> Void
        ) {
            for (index, source) in sources.enumerated() {
                guard let source else { continue }
                do {
                    var items = try ComponentSources.open(
                        source, limits: options.load.limits, progress: options.load.progress)
                    var checker = ComponentChecker(file: names[index], scope: .copy)
                    var leftOut = LeftOutComponents()
                    while let item = try items.next() {
                        checker.take(item)
                        if record != nil, case .component(let component) = item {
                            if let kind = ComponentKind(name: component.name),
                                kind == .event || options.load.components.contains(kind)
                            {
                                // A series record carries its component's VALARMs.
                                leftOut.addChildren(of: component, keeping: "VALARM")
                            } else if component.name != "VTIMEZONE" {
                                leftOut.add(component)
                            }
                        }
                        merge.take(item, input: index, log: &logs[index])
                        flush(&merge.sink)
                    }
                    if let record, let said = leftOut.take(file: names[index], record: record) {
                        logs[index].append(said)
                    }
                    checker.finishInput()
                    logs[index] += items.takeDiagnostics()
                    logs[index] += checker.takeFindings().diagnostics
                } catch {
                    failures.append((index, error))
                }
            }
            merge.finish()
        }
        let refusesEmpty = !options.allowsEmpty
        var heldEmpty = false
        func stream<Writer: CalendarItemWriter>(
            into writer: Writer, isCalendar: Bool, leftOutBy record: String? = nil
        ) -> (dropped: Int, writer: Writer) {
            var merge = CalendarMerge(
                into: HeldUntilComponent(
                    SettingCalendarProperties(
                        writer, settings: options.settings, published: options.published),
                    holding: isCalendar && refusesEmpty),
                names: names, window: window, zones: mergeZones, newest: newest,
                mergedZones: mergedZones)
            drive(&merge, leftOutBy: record) { sink in
                while sink.pendingByteCount >= Writer.pieceSize { write(sink.takeBytes()) }
            }
            if failures.count < inputs.count {
                if merge.sink.isHolding {
                    heldEmpty = true
                } else {
                    merge.sink.finish()
                    repeat {
                        write(merge.sink.takeBytes())
                    } while merge.sink.pendingByteCount > 0
                }
            }
            return (merge.linesThatAreNotProperties, merge.sink.writer.sink)
        }

        var dropped = 0
        var written: [Diagnostic] = []
        if options.to == .ics {
            _ = stream(into: ICalItemWriter(), isCalendar: true)
        } else if let format = OccurrenceFormat(rawValue: options.to.rawValue) {
            written =
                stream(
                    into: SeriesRecordWriter(
                        format: format, guardsFormulas: options.columns.guardsFormulas,
                        file: inputs.count == 1 ? inputs[0].name : "<inputs>",
                        resolver: mergeZones, database: database,
                        components: options.load.components),
                    isCalendar: false, leftOutBy: "series record"
                ).writer.diagnostics
        } else if let calendars = streamingCalendars(sources, options: options) {
            dropped =
                stream(into: JCalItemWriter(topLevelComponents: calendars), isCalendar: true)
                .dropped
        } else {
            var merge = CalendarMerge(
                into: SettingCalendarProperties(
                    DocumentBuilder(), settings: options.settings, published: options.published),
                names: names, window: window, zones: mergeZones, newest: newest,
                mergedZones: mergedZones)
            drive(&merge) { _ in }
            dropped = merge.linesThatAreNotProperties
            let document = merge.sink.sink.document
            if failures.count < inputs.count, refusesEmpty,
                !document.hasContent
            {
                heldEmpty = true
            } else if failures.count < inputs.count {
                var json = JSONWriter()
                JCal.write(document, into: &json)
                json.raw("\n")
                write(json.bytes)
            }
        }
        var diagnostics = logs.flatMap(\.diagnostics) + written
        if dropped > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, .noJCalForm, file: inputs.count == 1 ? inputs[0].name : "<inputs>",
                    line: nil,
                    message:
                        "\(dropped) line\(dropped == 1 ? " is" : "s are") not properties or outside every component",
                    assumption: "jCal has no form for them; they are left out"))
        }
        let unusable = failures.sorted { $0.input < $1.input }.map(\.error)
        return (diagnostics, unusable, heldEmpty)
    }

    /// How many top-level components jCal written as read holds; nil when an input needs its
    /// whole tree first (``CalendarOutline``).
    private static func streamingCalendars(_ sources: [InputSource?], options: ConversionOptions)
        -> Int?
    {
        var calendars = 0
        for case .some(let source) in sources {
            let outline: CalendarOutline? =
                switch source {
                case .document(_, let document): CalendarOutline(of: document)
                // Records make one calendar, its properties first.
                case .generated: CalendarOutline(calendars: 1)
                case .file, .standardInput, .standardInputReadAhead, .memory:
                    CalendarOutline(scanning: source, limits: options.load.limits)
                }
            guard let outline else { return nil }
            calendars += outline.calendars
        }
        return sources.count > 1 ? 1 : calendars
    }

    /// Converts `inputs` to the occurrences `ics events` lists, sorted, as JSON, NDJSON or
    /// CSV (`options.to`). An input that cannot be used at all is left out and named in
    /// ``ConversionResult/unusableInputs``; each input names the components it holds that no
    /// occurrence record carries (VTODO, VALARM, …).
    public static func occurrences(
        _ inputs: [InputSource], options: ConversionOptions, database: ZoneInfoDatabase = .system
    ) -> ConversionResult {
        var logs = inputs.map { _ in DiagnosticLog() }
        var sources: [InputSource] = []
        var failures: [InputError] = []
        for (index, input) in inputs.enumerated() {
            do {
                sources.append(
                    try readable(
                        input, options: options, database: database, twice: false,
                        log: &logs[index]))
            } catch {
                failures.append(error)
            }
        }
        let format = OccurrenceFormat(rawValue: options.to.rawValue) ?? .json
        var load = options.load
        load.namesComponentsLeftOut = true
        let (records, sorted, found, failed) = OccurrenceRecords.load(
            sources, options: load, format: format, columns: options.columns,
            memory: options.memory, database: database)
        return ConversionResult(
            records: records, sorted: sorted, diagnostics: logs.flatMap(\.diagnostics) + found,
            unusableInputs: inInputOrder(failures + failed, inputs))
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
            // A header row without a comma is no CSV a calendar was written to: the reader
            // then says what the text is not (`expected 'BEGIN:VCALENDAR', found …`).
            let firstLine = start.prefix { $0 != 0x0A && $0 != 0x0D }
            return head.hasPrefix("BEGIN:") || !firstLine.contains(UInt8(ascii: ",")) ? .ics : .csv
        }
    }

    /// One input of a command that reads events, as the loader takes it: `.ics` as it is
    /// (standard input and regular files without a telling extension are told by their first
    /// bytes, and still read as they come; a FIFO without one is `.ics`), jCal, JSON, NDJSON
    /// and CSV as their tree.
    /// - Throws: ``InputError`` when a record input cannot be read.
    /// - Parameter zone: the zone Outlook's rows, which name none, are read in.
    public static func eventInput(
        _ input: InputSource, limits: ReadLimits, zone: TargetZone = .utc,
        database: ZoneInfoDatabase = .system, log: inout DiagnosticLog
    ) throws(InputError) -> InputSource {
        let format: ConversionFormat
        switch input {
        case .document, .generated:
            return input
        case .memory(_, let bytes):
            format = sniff(bytes)
        case .standardInputReadAhead(let ahead, _):
            format = sniff(ahead)
        case .standardInput:
            // Read as it comes, with nothing read ahead to tell its format by: `.ics`.
            return input
        case .file(let path):
            if let named = ConversionFormat.inferred(fromPath: path), named != .json {
                format = named
            } else if input.canBeReadTwice {
                format = sniff(Self.head(of: path))
            } else {
                // A FIFO or a process substitution gives its bytes once: read as `.ics`.
                return input
            }
        }
        guard format != .ics else { return input }
        let options = ConversionOptions(
            from: format, to: .ics, load: LoadOptions(zone: zone, limits: limits),
            stamp: LocalDateTime(startOf: .minimum))
        return try readable(input, options: options, database: database, twice: false, log: &log)
    }

    /// The first bytes of a file; empty when it cannot be read (the reader says why).
    private static func head(of path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4_096)).map { [UInt8]($0) } ?? []
    }

    private static func isICSByName(_ input: InputSource) -> Bool {
        if case .file(let path) = input { return ConversionFormat.inferred(fromPath: path) == .ics }
        return false
    }

    /// One input as something the reading can take: `.ics` text as it is (held as bytes when
    /// it must be read `twice` and cannot be), jCal as its tree, records as a calendar made as
    /// it is read (``RecordReader``).
    static func readable(
        _ input: InputSource, options: ConversionOptions, database: ZoneInfoDatabase, twice: Bool,
        log: inout DiagnosticLog
    ) throws(InputError) -> InputSource {
        if options.from == .ics || options.from == nil && isICSByName(input) {
            return twice && !input.canBeReadTwice
                ? .memory(name: input.name, bytes: try input.readAll()) : input
        }
        let bytes = try input.readAll()
        let format = format(of: input, bytes: bytes, options: options)
        var diagnostics: [Diagnostic] = []
        let document: ICalDocument
        switch format {
        case .ics:
            return .memory(name: input.name, bytes: bytes)
        case .jcal:
            let json = try JSONParser.parse(bytes, name: input.name)
            do {
                (document, diagnostics) = try JCal.decode(
                    json, name: input.name, limits: options.load.limits)
            } catch {
                throw InputError(file: input.name, message: "Not jCal: \(error.message)")
            }
        case .json, .ndjson, .csv:
            // What was said of the records is said also when none became an event.
            defer { log += diagnostics }
            return .generated(
                name: input.name,
                try RecordReader.read(
                    bytes, format: format, name: input.name, stamp: options.stamp,
                    zone: options.load.zone, uidFields: options.uidFields,
                    zoneForm: options.zoneForm, database: database,
                    diagnostics: &diagnostics))
        }
        log += diagnostics
        return .document(name: input.name, document)
    }
}

/// A writer whose bytes are held back until a component other than a time zone has come, so
/// that a calendar left with nothing in it is never partly written. What is held is kept in
/// pieces as the writer makes them, so that holding a calendar's properties (a million of
/// them, say) takes their bytes and never a copy of them all at once.
struct HeldUntilComponent<Writer: CalendarItemWriter>: CalendarItemWriter {
    private(set) var writer: Writer
    /// Whether the bytes are still held: asked to hold, and no component has come.
    private(set) var isHolding: Bool
    /// The pieces held back, in order, the first of them not yet taken, and how many bytes
    /// are left in them.
    private var held: [[UInt8]] = []
    private var nextHeld = 0
    private var heldCount = 0

    init(_ writer: Writer, holding: Bool) {
        self.writer = writer
        isHolding = holding
    }

    mutating func take(_ item: ReaderItem) {
        if isHolding, case .component(let component) = item, component.isContent {
            isHolding = false
        }
        writer.take(item)
        while isHolding, writer.pendingByteCount >= Self.pieceSize {
            let piece = writer.takeBytes()
            heldCount += piece.count
            held.append(piece)
        }
    }

    var pendingByteCount: Int { isHolding ? 0 : heldCount + writer.pendingByteCount }

    /// The pieces held back first, one at a time, then what the writer has made.
    mutating func takeBytes() -> [UInt8] {
        guard nextHeld < held.count else {
            held = []
            nextHeld = 0
            return writer.takeBytes()
        }
        let piece = held[nextHeld]
        held[nextHeld] = []
        nextHeld += 1
        heldCount -= piece.count
        return piece
    }

    mutating func finish() { writer.finish() }
}

extension ICalComponent {
    /// Whether it makes a calendar more than its time zones.
    var isContent: Bool { name != "VTIMEZONE" }
}

extension ICalDocument {
    /// Whether it holds a component that ``ICalComponent/isContent``, in a calendar or
    /// outside one.
    var hasContent: Bool {
        components.contains { top in
            top.name == "VCALENDAR" ? top.components.contains(where: \.isContent) : top.isContent
        }
    }
}
