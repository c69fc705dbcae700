import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Reads calendars and maps their VEVENTs to events: the three ways of consuming the
/// ``EventPipeline``.
public enum CalendarLoader {
    /// Reads every input (several merge into one stream) and maps its events.
    ///
    /// Duplicate ids (the same UID and recurrence id twice) keep the version with the highest
    /// SEQUENCE, then the latest DTSTAMP, then the last one read, and say so. An input that
    /// cannot be used at all is left out and named in ``LoadedCalendar/unusableInputs``.
    /// - Throws: ``InputError`` when the events cannot be put in order (a blank id).
    /// - Complexity: O(n log n) in the events read.
    /// - Parameter trim: what of each event is kept, as soon as it is mapped (a report that
    ///   reads only times and a few fields leaves out the rest); the whole event by default.
    public static func load(
        _ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase = .system,
        trimming trim: @escaping (CalendarEvent) -> CalendarEvent = { $0 }
    ) throws(InputError) -> LoadedCalendar {
        let (kept, diagnostics, unusable) = load(
            inputs, options: options, database: database, keeping: trim)
        let events: CalendarEvents
        do {
            events = try CalendarEvents(kept)
        } catch {
            throw InputError(file: inputs.first?.name ?? "<input>", message: "\(error)")
        }
        return LoadedCalendar(
            events: events, diagnostics: diagnostics, zone: options.zone.name,
            unusableInputs: unusable)
    }

    /// Reads the inputs as ``load(_:options:database:)`` does, but keeps of each event in the
    /// window only what `keep` makes of it as soon as it is mapped (its output record, say),
    /// so that a large listing is not held as events until it is sorted.
    /// - Returns: what `keep` made, in the order ``load(_:options:database:)`` sorts events
    ///   (start, all-day first, id), the diagnostics (inputs in order, each in line order),
    ///   and the inputs that could not be used.
    public static func load<Kept>(
        _ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase = .system,
        keeping keep: @escaping (CalendarEvent) -> Kept
    ) -> (kept: [Kept], diagnostics: [Diagnostic], unusableInputs: [InputError]) {
        var pipeline = EventPipeline(
            inputs, options: options, database: database, release: release(inputs, options),
            prepare: eventInput(zone: options.zone))
        var newest = NewestEvents(keeping: keep)
        var (logs, unusable) = pipeline.run(into: &newest)
        let kept = newest.sorted(logs: &logs)
        return (kept, logs.flatMap(\.diagnostics), unusable)
    }

    /// Reads the inputs and hands each occurrence in the window to `emit` in file order, as it
    /// is read: single events at once, a recurring series once its last VEVENT (master or
    /// override, anywhere in the inputs) has been read, each series by start.
    ///
    /// A quick pass over the inputs first counts the VEVENTs of each series (``SeriesPlan``),
    /// so only the series still missing an override are held and memory stays flat in the
    /// size of the input. Series without an end and without `to` wait for the end, since
    /// their horizon follows the latest start of all events; so does every series when an
    /// input cannot be read twice (standard input, a pipe).
    ///
    /// Unlike ``load(_:options:database:)``, nothing is sorted, duplicate ids are not merged
    /// (each version is written), and an override of a single event is written beside it.
    /// - Parameter limit: how many events are wanted; reading stops once they are emitted.
    /// - Returns: the diagnostics, in input order and then line order, and the inputs that
    ///   could not be used at all (what was emitted of one before it failed stays emitted).
    public static func stream(
        _ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase = .system,
        limit: Int = .max, emit: @escaping (CalendarEvent) -> Void
    ) -> (diagnostics: [Diagnostic], unusableInputs: [InputError]) {
        var pipeline = EventPipeline(
            inputs, options: options, database: database, release: release(inputs, options),
            prepare: eventInput(zone: options.zone))
        var sink = EventsInFileOrder(limit: limit, emit: emit)
        let (logs, unusable) = pipeline.run(into: &sink)
        return (logs.flatMap(\.diagnostics), unusable)
    }

    /// When a series is expanded: once its last VEVENT has been read, by a quick first pass
    /// (``SeriesPlan``) over inputs that can be read twice, so that only series still missing
    /// an override are held; else at the end.
    private static func release(_ inputs: [InputSource], _ options: LoadOptions)
        -> SeriesAssembly.Release
    {
        SeriesPlan(inputs, limits: options.limits).map {
            .whenComplete($0, holdingOpenEnded: options.to == nil)
        } ?? .atEnd
    }

    /// How an input of records or jCal is made `.ics` for the pipeline
    /// (``Converter/eventInput``), Outlook's rows read in `zone`.
    private static func eventInput(zone: TargetZone) -> InputPreparation {
        { input, limits, database, log throws(InputError) in
            try Converter.eventInput(
                input, limits: limits, zone: zone, database: database, log: &log)
        }
    }
}
