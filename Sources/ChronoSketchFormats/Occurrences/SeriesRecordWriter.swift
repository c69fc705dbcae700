import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// The records `--records occurrences` (every occurrence, the default) or `--records series`
/// (every VEVENT as written) stand for.
public enum RecordKind: String, Sendable, CaseIterable {
    case occurrences, series
}

/// Writes each VEVENT the items hold as one series record (JSON, NDJSON or CSV), in the
/// order read: its rule, RDATE and EXDATE lists, recurrence id, zone and times as written,
/// and the fields occurrence records have. Read back (``RecordImport``), the records are the
/// same VEVENTs: same UIDs, rules and instants.
///
/// Times are written on the wall clock of the zone their TZID names, by its IANA name (a
/// Windows, prefixed or dashed TZID by the IANA zone it is read as), when the calendar's
/// VTIMEZONE for it, if any, keeps that zone's clock over the event's years. A VTIMEZONE
/// that keeps no IANA zone's clock cannot be named in a record: its times are written in UTC,
/// said once per zone. An X-WR-TIMEZONE is applied to the floating times of its
/// calendar as a merge applies it (``CalendarZoneInMerge``), since a record carries no
/// calendar. What a record has no field for (other components, a second RRULE, EXRULE,
/// alarms, properties outside the schema) is left out; all but the properties are said (the
/// components by the conversion, once per input).
struct SeriesRecordWriter: CalendarItemWriter {
    private var stream: OccurrenceStream
    private let format: OccurrenceFormat
    private var json = JSONWriter(capacity: 1 << 12)
    private var csv: CSVWriter
    private var record: [UInt8] = []
    private var pending: [UInt8] = []
    private let resolver: ZoneResolver?
    private let names: ZoneResolver
    private let database: ZoneInfoDatabase
    private let file: String
    /// The components written besides VEVENTs (VTODO, VJOURNAL).
    private let components: Set<ComponentKind>
    /// The open calendar's VTIMEZONEs, its X-WR-TIMEZONE and how many calendars came before.
    private var calendarZones: [String: ICalComponent] = [:]
    private var calendarZoneName: String?
    private var calendarZone: CalendarZoneInMerge??
    private var calendarCount = 0
    /// Zones written in UTC, already said.
    private var zonesInUTC: Set<String> = []
    /// Events of the open calendar waiting for a VTIMEZONE that comes after them.
    private var deferred: [EventSource] = []
    /// The IANA name whose clock each VTIMEZONE of the open calendar keeps over a span of
    /// years, by TZID and span.
    private var agreement: [String: String?] = [:]
    /// The UTC seconds the event being written covers, for ``sameClock(_:_:over:)``.
    private var span = 0..<1
    private(set) var diagnostics: [Diagnostic] = []

    /// The CSV columns of series records, in order.
    static let columnNames: [String] = {
        var names = NameSink()
        SeriesRecord.write(SeriesRecord(), to: &names)
        return names.names
    }()

    /// - Parameters:
    ///   - file: the name diagnostics give (the input, or `<inputs>` for a merge).
    ///   - resolver: how X-WR-TIMEZONE names are read, when they are applied.
    ///   - components: the components written as records (VEVENTs always).
    init(
        format: OccurrenceFormat, guardsFormulas: Bool, file: String, resolver: ZoneResolver?,
        database: ZoneInfoDatabase, components: Set<ComponentKind> = [.event]
    ) {
        self.components = components
        self.format = format
        self.file = file
        self.resolver = resolver
        names = resolver ?? ZoneResolver(database: database)
        self.database = database
        csv = CSVWriter(guardsFormulas: guardsFormulas)
        var header = CSVWriter(guardsFormulas: false)
        header.record(Self.columnNames)
        stream = OccurrenceStream(format: format, header: format == .csv ? header.bytes : [])
    }

    var pendingByteCount: Int { pending.count }

    mutating func take(_ item: ReaderItem) {
        switch item {
        case .calendarBegin:
            calendarZones = [:]
            agreement = [:]
            calendarZoneName = nil
            calendarZone = nil
            calendarCount += 1
        case .calendarEnd:
            writeDeferred()
        case .calendarProperty(let property) where property.name == "X-WR-TIMEZONE":
            calendarZoneName = property.value?.text.flatMap { $0.isEmpty ? nil : $0 }
            calendarZone = nil
        case .component(let component):
            switch component.name {
            case "VTIMEZONE":
                if let tzid = component.property("TZID")?.value?.text {
                    calendarZones[tzid] = component
                }
            case "VEVENT":
                take(event: component)
            default:
                if let kind = ComponentKind(name: component.name), components.contains(kind) {
                    take(event: component)
                }
            }
            // A VEVENT inside another is a record of its own, as it is an event of its own.
            for event in component.nestedEvents { take(event: event) }
        case .calendarProperty, .looseLine:
            break
        }
    }

    private mutating func take(event component: ICalComponent) {
        var event = component
        if let zone = zoneOfCalendar() { event = zone.applied(to: event).component }
        var source = EventSource(event, file: file, calendar: calendarCount)
        source.component = event
        // A VTIMEZONE may come after the events that name it: from the first event naming a
        // TZID not yet defined, events wait (in order, a bounded number) for the end of the
        // calendar.
        if !deferred.isEmpty || source.zoneNames.contains(where: { calendarZones[$0] == nil }) {
            deferred.append(source)
            if deferred.count >= Self.deferredLimit { writeDeferred() }
        } else {
            write(source)
        }
    }

    mutating func takeBytes() -> [UInt8] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    mutating func finish() {
        writeDeferred()
        pending += stream.finish()
    }

    private mutating func write(_ source: EventSource) {
        span = Self.span(of: source)
        var series = SeriesRecord()
        var startZone = zone(of: source.start)
        // A floating start beside a zoned end is read in the end's zone.
        if startZone.name == nil, case .dateTime(_, false)? = source.start?.value,
            let end = source.end, case .dateTime = end.value
        {
            startZone = zone(of: end)
        }
        series.zone = startZone.name
        series.uid = source.uid
        series.title = source.summary
        series.allDay = source.start?.value.isDate ?? false
        series.start = source.start.map { text($0, in: startZone) }
        series.end = source.end.map { text($0, in: startZone) }
        if source.end == nil, let duration = source.duration { series.duration = duration.value }
        if let recurrence = source.recurrenceID {
            if series.allDay, case .dateTime(_, false) = recurrence.value {
                // An all-day instance is named by its date, whatever zone the id names.
                series.recurrenceId = recurrence.value.wallClock.date.description
            } else {
                series.recurrenceId = text(recurrence, in: startZone)
                series.originalZone = startZone.name
            }
            series.recurrenceRange = source.recurrenceRange
        }
        if let rule = source.rules.first { series.rrule = rule.rule.text }
        for extra in source.rules.dropFirst() + source.exceptionRules {
            leftOut(extra.name, line: extra.line, uid: source.uid)
        }
        series.rdate = source.recurrenceDates.flatMap {
            texts($0, in: startZone, allDay: series.allDay)
        }
        series.exdate = source.exceptionDates.flatMap {
            texts($0, in: startZone, allDay: series.allDay)
        }
        series.status = source.status?.value
        series.transparency = source.transparency?.value ?? Transparency.opaque.rawValue
        series.location = source.location
        series.categories = source.categories
        series.attendees = source.attendees
        series.organizer = source.organizer
        series.resources = source.resources
        series.url = source.url
        series.color = source.color
        series.description = source.description
        series.sequence = source.sequence
        series.file = source.file
        series.line = source.line
        var log = DiagnosticLog()
        series.alarms =
            source.component.map {
                AlarmReader.alarms(of: $0, source: source, for: .record, log: &log)
            } ?? []
        if source.kind != .event {
            series.component = source.kind
            switch source.dueLies {
            case .atStart: series.due = series.start
            case .atEnd: series.due = series.end
            case .none: break
            }
            series.completed = source.completed.flatMap(OccurrenceSchema.utcText)
            let details = EventMapper.taskDetails(source, due: source.dueLies, log: &log)
            series.percentComplete = details.percentComplete
            series.priority = details.priority
        }
        diagnostics += log.diagnostics
        record.removeAll(keepingCapacity: true)
        switch format {
        case .json, .ndjson:
            json.beginObject()
            SeriesRecord.write(series, to: &json)
            json.endObject()
            record += json.bytes
            json.reset()
        case .csv:
            var cells = CSVRecordSink()
            SeriesRecord.write(series, to: &cells)
            csv.record(cells.fields)
            record += csv.bytes
            csv.reset()
        }
        if let chunk = stream.append(record: record[...]) { pending += chunk }
    }

    /// How many events wait for a later VTIMEZONE at most; more are written with the zones
    /// known so far (IANA names by the database).
    private static let deferredLimit = 4_096

    private mutating func writeDeferred() {
        let waiting = deferred
        deferred = []
        for event in waiting { write(event) }
    }

    private mutating func leftOut(_ name: String, line: Int, uid: String?) {
        diagnostics.append(
            LeftOutComponents.noRecordForm(
                file: file, line: line, uid: uid,
                name == "RRULE"
                    ? "A second RRULE has no place in a series record"
                    : "EXRULE has no place in a series record",
                "left out; .ics and jCal keep it"))
    }

    /// The zone a record names for times with this TZID: its IANA name; UTC for a zone only
    /// the calendar defines (with the rules to convert by); nil for floating times and
    /// TZIDs that name no zone (read as floating, as the events pipeline reads them).
    private struct RecordZone {
        var name: String?
        /// The rules to convert the wall clock by, to write it in UTC.
        var toUTC: (any ZoneRules)?
    }

    private mutating func zone(of time: TimeProperty?) -> RecordZone {
        guard let time else { return RecordZone() }
        if case .dateTime(_, true) = time.value { return RecordZone(name: "UTC") }
        return zone(named: time.tzid, line: time.line)
    }

    private mutating func zone(named tzid: String?, line: Int) -> RecordZone {
        guard let tzid else { return RecordZone() }
        func named(_ name: String) -> RecordZone {
            RecordZone(name: ZoneInfoDatabase.utcAliases.contains(name.uppercased()) ? "UTC" : name)
        }
        guard let component = calendarZones[tzid] else {
            return names.ianaName(tzid).map(named) ?? RecordZone()
        }
        guard
            let rules = names.zone(
                tzid, file: 0, calendar: calendarCount,
                scope: CalendarScope(zones: calendarZones))?.zone
        else { return names.ianaName(tzid).map(named) ?? RecordZone() }
        let key = "\(span.lowerBound / 31_536_000) \(span.upperBound / 31_536_000) \(tzid)"
        if agreement[key] == nil {
            let candidates = [tzid, component.property("X-LIC-LOCATION")?.value?.text]
                .compactMap { $0 }.compactMap(names.ianaName)
            let span = span
            agreement[key] = .some(
                candidates.first { name in
                    database.zone(named: name).map { Self.sameClock(rules, $0, over: span) }
                        ?? false
                })
        }
        if case .some(.some(let name)) = agreement[key] { return named(name) }
        if zonesInUTC.insert(tzid).inserted {
            diagnostics.append(
                LeftOutComponents.noRecordForm(
                    file: file, line: line,
                    "TZID '\(tzid)' is defined by a VTIMEZONE that keeps the clock of no IANA zone it names, and a record cannot carry a VTIMEZONE",
                    "its times are written in UTC (a series then repeats on UTC's clock)"))
        }
        return RecordZone(name: "UTC", toUTC: rules)
    }

    /// Whether two zones keep the same clock over `span`: the same offset at its start and
    /// after every change either makes in it.
    private static func sameClock(
        _ one: any ZoneRules, _ other: any ZoneRules, over span: Range<Int>
    )
        -> Bool
    {
        let changes =
            (one.transitions(fromUTC: span.lowerBound, toUTC: span.upperBound)
            + other.transitions(fromUTC: span.lowerBound, toUTC: span.upperBound)).map(\.utc)
        return ([span.lowerBound] + changes).allSatisfy {
            one.offset(atUTC: $0) == other.offset(atUTC: $0)
        }
    }

    /// The years an event's times fall in, as UTC seconds: from a day before its start to
    /// a day after its end, a series to its UNTIL or twenty years on.
    private static func span(of source: EventSource) -> Range<Int> {
        let day = 86_400
        let own: [ICalDateTime] = [source.start, source.end, source.recurrenceID].compactMap {
            $0?.value
        }
        let times =
            own
            + (source.recurrenceDates + source.exceptionDates).flatMap { list in
                list.values.compactMap { value -> ICalDateTime? in
                    switch value {
                    case .dateTime(let time): time
                    case .period(let period): period.start
                    default: nil
                    }
                }
            }
        let seconds = times.map(\.wallClock.secondsSinceEpoch)
        guard let first = seconds.min(), let last = seconds.max() else { return 0..<1 }
        var end = last
        for rule in source.rules {
            if let until = rule.rule.until {
                end = max(end, until.wallClock.secondsSinceEpoch)
            } else {
                end = max(end, first + 20 * 365 * day)
            }
        }
        return (first - day)..<(end + day)
    }

    /// A time as a record writes it, beside a start in `zone`: a date, or the wall clock;
    /// a time in another zone than the start's is written in UTC, with `Z`.
    private mutating func text(_ time: TimeProperty, in zone: RecordZone) -> String {
        text(time.value, own: self.zone(of: time), in: zone)
    }

    private func text(_ value: ICalDateTime, own: RecordZone, in zone: RecordZone) -> String {
        guard case .dateTime(var local, _) = value else { return value.wallClock.date.description }
        var name = own.name
        if let rules = own.toUTC {
            local = Self.utc(local, rules) ?? local
            name = "UTC"
        }
        if name == zone.name || name == nil { return local.description }
        if name == "UTC" { return local.description + "Z" }
        guard let name, let rules = database.zone(named: name), let utc = Self.utc(local, rules)
        else { return local.description }
        return utc.description + "Z"
    }

    private static func utc(_ local: LocalDateTime, _ rules: any ZoneRules) -> LocalDateTime? {
        try? LocalDateTime(secondsSinceEpoch: rules.utcSeconds(forLocal: local.secondsSinceEpoch))
    }

    /// The values of an RDATE or EXDATE, each as ``text(_:own:in:)`` writes it; a period as
    /// `start/end` or `start/duration`.
    private mutating func texts(_ list: DateListProperty, in zone: RecordZone, allDay: Bool)
        -> [String]
    {
        // Of an all-day series, an instance is its date on its own clock.
        if allDay {
            return list.values.compactMap { value in
                switch value {
                case .dateTime(let time): time.wallClock.date.description
                case .period(let period): period.start.wallClock.date.description
                default: nil
                }
            }
        }
        let own = self.zone(named: list.tzid, line: list.line)
        func written(_ value: ICalDateTime) -> String {
            var ownZone = own
            if case .dateTime(_, true) = value { ownZone = RecordZone(name: "UTC") }
            return text(value, own: ownZone, in: zone)
        }
        return list.values.compactMap { value in
            switch value {
            case .dateTime(let time): written(time)
            case .period(let period):
                written(period.start) + "/"
                    + (period.end.map(written) ?? period.duration?.description ?? "")
            default: nil
            }
        }
    }

    /// The open calendar's X-WR-TIMEZONE, when it is applied and names a zone.
    private mutating func zoneOfCalendar() -> CalendarZoneInMerge? {
        if let calendarZone { return calendarZone }
        guard let resolver, let name = calendarZoneName else { return nil }
        let zone = CalendarZoneInMerge(
            name: name, zones: calendarZones, resolver: resolver, input: 0,
            calendar: calendarCount)
        calendarZone = .some(zone)
        return zone
    }
}

/// One VEVENT as a series record: the fields and their order, written down once.
struct SeriesRecord {
    var uid: String?
    var recurrenceId: String?
    var originalZone: String?
    /// RECURRENCE-ID's RANGE (`THISANDFUTURE`: the override moves every later instance too).
    var recurrenceRange: String?
    var title = ""
    var allDay = false
    var start: String?
    var end: String?
    var duration: CalendarDuration?
    var zone: String?
    var rrule: String?
    var rdate: [String] = []
    var exdate: [String] = []
    var status: String?
    var transparency = Transparency.opaque.rawValue
    var location: String?
    var categories: [String] = []
    var attendees: [Participant] = []
    var organizer: Participant?
    var resources: [String] = []
    var url: String?
    var color: String?
    var description: String?
    var sequence = 0
    var file = ""
    var line = 0
    var component = ComponentKind.event
    var due: String?
    var completed: String?
    var percentComplete: Int?
    var priority: Int?
    var alarms: [Alarm] = []

    static func write(_ record: SeriesRecord, to sink: inout some RecordSink) {
        sink.field(.uid, record.uid)
        sink.field(.recurrenceId, record.recurrenceId)
        sink.field(.originalZone, record.originalZone)
        sink.field(.recurrenceRange, record.recurrenceRange)
        sink.field(.title, record.title)
        sink.field(.allDay, record.allDay)
        sink.field(.start, record.start)
        sink.field(.end, record.end)
        sink.field(.duration, record.duration?.description)
        sink.field(.zone, record.zone)
        sink.field(.rrule, record.rrule)
        sink.field(.rdate, strings: record.rdate)
        sink.field(.exdate, strings: record.exdate)
        sink.field(.status, record.status)
        sink.field(.transparency, record.transparency)
        sink.details(
            location: record.location, categories: record.categories, attendees: record.attendees,
            organizer: record.organizer, resources: record.resources, url: record.url,
            color: record.color,
            description: record.description)
        sink.field(.sequence, record.sequence)
        sink.field(.file, record.file)
        sink.field(.line, record.line)
        sink.field(.component, record.component.rawValue)
        sink.field(.due, record.due)
        sink.field(.completed, record.completed)
        sink.field(.percentComplete, record.percentComplete)
        sink.field(.priority, record.priority)
        sink.field(.alarms, alarms: record.alarms)
    }
}
