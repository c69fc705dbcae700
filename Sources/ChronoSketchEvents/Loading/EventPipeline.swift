import ChronoSketchCore
import ChronoSketchSyntax

/// Where the events of a load go, in the order the pipeline makes them.
package protocol EventSink {
    /// An event mapped from a VEVENT of its own, or an instance or override of a series.
    /// - Parameters:
    ///   - stamp: the DTSTAMP of its VEVENT (of the master, for a series' events).
    ///   - inWindow: whether it overlaps the load's window; one outside still counts when
    ///     the newest version of an id is chosen.
    mutating func take(
        _ event: CalendarEvent, stamp: ICalDateTime?, fileIndex: Int, inWindow: Bool,
        logs: inout [DiagnosticLog])

    /// The start of the event without RECURRENCE-ID kept under `uid` (within its calendar
    /// when inputs are read apart: ``EventSource/seriesKey``), which an override without a
    /// recurring master replaces when it names that start; nil when there is none or the
    /// sink keeps every version.
    func singleStart(of uid: String) -> OriginalTime?

    /// Drops the event ``singleStart(of:)`` gave, replaced by an override.
    mutating func dropSingle(_ uid: String)

    /// Whether the sink wants no more events: reading stops there.
    var isSatisfied: Bool { get }
}

extension EventSink {
    package var isSatisfied: Bool { false }
}

/// Makes an input that is not `.ics` one before it is read for events.
package typealias InputPreparation = (
    _ input: InputSource, _ limits: ReadLimits, _ database: ZoneInfoDatabase,
    _ log: inout DiagnosticLog
) throws(InputError) -> InputSource

/// Loading as stages, each consuming the one before: each input's VEVENTs as they are read
/// (``CalendarStream``, read ahead on a thread of its own), series assembly
/// (``SeriesAssembly``), mapping (``EventMapper``) and series expansion (``SeriesExpander``),
/// then the window. Every stage writes to the log of the input it read.
package struct EventPipeline {
    let inputs: [InputSource]
    private let prepare: InputPreparation
    let options: LoadOptions
    private let mapper: EventMapper
    private let database: ZoneInfoDatabase
    private var assembly: SeriesAssembly
    private var expander: SeriesExpander
    private var logs: [DiagnosticLog]
    private var unusable: [InputError] = []
    /// The series expanded to the horizon, per input.
    private var reachedHorizon: [Int: [SourceLocation]] = [:]
    private let from: LocalDateTime?
    private let to: LocalDateTime?

    /// - Parameter release: when a series is expanded; `.atEnd` unless the output is written
    ///   as it is read.
    /// - Parameter prepare: makes an input that is not `.ics` (records, jCal) one before it is
    ///   read; the formats module's converter.
    package init(
        _ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase,
        release: SeriesAssembly.Release, prepare: @escaping InputPreparation
    ) {
        self.prepare = prepare
        self.inputs = inputs
        self.options = options
        self.database = database
        mapper = EventMapper(
            target: options.zone, wrPolicy: options.wrTimezone, database: database)
        assembly = SeriesAssembly(release: release)
        expander = SeriesExpander(mapper: mapper, limits: options.expansion)
        logs = Array(repeating: DiagnosticLog(), count: inputs.count)
        from = options.start
        to = options.end
    }

    /// Reads every input and hands each event to `sink`: single events as they are read,
    /// each series as the assembly releases it (by start within the series), and what is
    /// left once every input is read: the remaining series in the order first seen, then
    /// the overrides without a recurring master.
    /// - Returns: each input's log, and the inputs that could not be used at all (what was
    ///   handed on of one before it failed stays handed on).
    package mutating func run<Sink: EventSink>(into sink: inout Sink) -> (
        logs: [DiagnosticLog], unusable: [InputError]
    ) {
        for (fileIndex, input) in inputs.enumerated() where !sink.isSatisfied {
            do throws(InputError) {
                let readable = try prepare(
                    input, options.limits, database, &logs[fileIndex])
                let stream = ReadAheadStream(
                    try CalendarStream(
                        reading: readable, limits: options.limits, checks: options.checks,
                        comparesWithLibical: options.comparesWithLibical, profile: options.profile,
                        inspector: options.inspector, progress: options.progress,
                        calendarName: options.calendarNames[input.name],
                        namingComponentsLeftOut: options.namesComponentsLeftOut,
                        components: options.components, undatedTasks: options.undatedTasks,
                        readingAlarms: options.readsAlarms))
                defer { logs[fileIndex] += stream.takeDiagnostics() }
                let separateCalendar = options.separateCalendars?[input.name]
                while !sink.isSatisfied, let item = try stream.next() {
                    var source = item.source
                    source.separateCalendar = separateCalendar
                    guard
                        let ready = assembly.take(
                            source, fileIndex: fileIndex, scope: item.scope, logs: &logs)
                    else {
                        if let event = mapper.map(
                            source, fileIndex: fileIndex, scope: item.scope,
                            log: &logs[fileIndex])
                        {
                            hand(event, stamp: source.stamp, fileIndex: fileIndex, to: &sink)
                        }
                        continue
                    }
                    deliver(ready, horizon: .maximum, to: &sink)
                }
            } catch {
                unusable.append(error)
            }
            deliver(assembly.endOfInput(fileIndex, logs: &logs), horizon: .maximum, to: &sink)
        }
        finish(into: &sink)
        options.progress?.finishedReading()
        return (logs, unusable)
    }

    /// Expands what the assembly holds at the end, maps the overrides without a recurring
    /// master, and says where series without an end stopped.
    private mutating func finish<Sink: EventSink>(into sink: inout Sink) {
        let (series, loose) = assembly.finish(logs: &logs)
        let latest = max(assembly.latestStart ?? options.from ?? .minimum, options.from ?? .minimum)
        let horizon = (try? latest.adding(years: options.expansion.horizonYears)) ?? .maximum
        let assembled =
            series.map { SeriesAssembly.Assembled(series: $0, looseOverrides: []) }
            + [SeriesAssembly.Assembled(series: nil, looseOverrides: loose)]
        deliver(assembled, horizon: horizon, to: &sink)
        for (fileIndex, input) in inputs.enumerated() where options.saysSeriesHorizon {
            guard let locations = reachedHorizon[fileIndex], let first = locations.first else {
                continue
            }
            let count = Set(locations).count
            logs[fileIndex].append(
                Diagnostic(
                    .warning, .endlessSeries, file: input.name, line: first.line,
                    message: count == 1
                        ? "A series has no end" : "\(count) series have no end (the first here)",
                    assumption:
                        "listed until \(horizon), \(options.expansion.horizonYears) years after the latest event start; pass --to to choose"
                ))
        }
    }

    /// Expands each series released and maps each override without a recurring master.
    /// - Parameter horizon: where rules without an end stop when there is no `to`.
    private mutating func deliver<Sink: EventSink>(
        _ assembled: [SeriesAssembly.Assembled], horizon: CivilDate, to sink: inout Sink
    ) {
        let window = ExpansionWindow(from: from, to: to, horizon: LocalDateTime(startOf: horizon))
        for item in assembled where !sink.isSatisfied {
            if let group = item.series {
                let fileIndex = group.master.fileIndex
                let expansion = expander.expand(group, window: window, log: &logs[fileIndex])
                if expansion.reachedHorizon {
                    reachedHorizon[fileIndex, default: []].append(
                        SourceLocation(
                            file: group.master.source.file, line: group.master.source.line))
                }
                for event in expansion.events where !sink.isSatisfied {
                    hand(event, stamp: group.master.source.stamp, fileIndex: fileIndex, to: &sink)
                }
            }
            for override in item.looseOverrides {
                let source = override.source
                if let key = source.seriesKey, let start = sink.singleStart(of: key),
                    let recurrence = source.recurrenceID,
                    mapper.names(recurrence, start, override, log: &logs[override.fileIndex])
                {
                    sink.dropSingle(key)
                }
                if let event = mapper.map(
                    source, fileIndex: override.fileIndex, scope: override.scope,
                    log: &logs[override.fileIndex])
                {
                    hand(event, stamp: source.stamp, fileIndex: override.fileIndex, to: &sink)
                }
            }
        }
    }

    private mutating func hand<Sink: EventSink>(
        _ event: CalendarEvent, stamp: ICalDateTime?, fileIndex: Int, to sink: inout Sink
    ) {
        options.progress?.mapped()
        sink.take(
            event, stamp: stamp, fileIndex: fileIndex,
            inWindow: event.interval.overlaps(from: from, to: to)
                && (options.filter.isEmpty || options.filter.matches(event)), logs: &logs)
    }
}
