import ChronoSketchCore
import ChronoSketchSyntax

/// A time as what it names, so that two spellings of one moment are equal (a RECURRENCE-ID
/// in UTC and the same one with a TZID): a date, a floating wall clock, or an instant.
package enum TimeIdentity: Sendable, Hashable {
    case date(CivilDate)
    case floating(LocalDateTime)
    /// Seconds since 1970-01-01T00:00:00Z.
    case instant(Int)
}

/// One VEVENT as written, placed on its own: nothing expanded, no version chosen across
/// inputs.
package struct WrittenEvent: Sendable {
    /// What it says, with the VEVENT itself (``EventSource/component``).
    package var source: EventSource
    /// Where its own DTSTART and DTEND (or DURATION) place it, as every command places
    /// events; nil when it cannot be placed (the reason is in the diagnostics).
    package var interval: EventInterval?
    /// Its times as instants; nil for dates and floating times.
    package var instants: InstantInterval?
    /// Its RECURRENCE-ID as the time it names; nil for a series' master or a single event.
    package var recurrence: TimeIdentity?
    /// Its DTSTART as the time it names.
    package var start: TimeIdentity?
    /// The zone of its DTSTART, as ``CalendarEvent/sourceZone`` names it.
    package var startZone: String?
}

/// Reads the VEVENTs of inputs as written (what `ics diff` compares).
package enum WrittenEvents {
    /// Gives every VEVENT of `inputs` to `each` in the order read, with what decides which of
    /// two versions of one UID and recurrence id is the newest (``VersionRank``): choosing is
    /// the caller's, so that nothing but the event in hand is held here.
    /// - Parameters:
    ///   - prepare: makes an input that is not `.ics` one (the formats module's converter).
    ///   - each: takes an event, its rank and the index of its input in `inputs`.
    /// - Returns: the diagnostics of each input in turn, in line order.
    /// - Throws: ``InputError`` when an input cannot be used at all.
    package static func read(
        _ inputs: [InputSource], options: LoadOptions, database: ZoneInfoDatabase,
        prepare: InputPreparation, each: (WrittenEvent, VersionRank, Int) -> Void
    ) throws(InputError) -> [Diagnostic] {
        let mapper = EventMapper(
            target: options.zone, wrPolicy: options.wrTimezone, database: database)
        var diagnostics: [Diagnostic] = []
        var order = 0
        for (fileIndex, input) in inputs.enumerated() {
            var log = DiagnosticLog()
            let readable = try prepare(input, options.limits, database, &log)
            var stream = try CalendarStream(
                reading: readable, limits: options.limits, checks: options.checks,
                progress: options.progress, calendarName: options.calendarNames[input.name],
                keepingComponents: true)
            while let source = try stream.next() {
                let scope = stream.scopes[source.calendar]
                let context = EventMapper.Context(
                    source: source, fileIndex: fileIndex, scope: scope)
                let event = mapper.map(source, fileIndex: fileIndex, scope: scope, log: &log)
                var written = WrittenEvent(
                    source: source, interval: event?.interval, instants: event?.instants)
                written.recurrence = source.recurrenceID.map {
                    mapper.identity(of: $0, context, log: &log)
                }
                if let start = source.start {
                    let (resolved, zone) = mapper.resolveNamed(start, context, log: &log)
                    written.start = TimeIdentity(resolved)
                    written.startZone = zone
                }
                let rank = VersionRank(
                    sequence: source.sequence, stamp: source.stamp?.wallClock, order: order)
                order += 1
                each(written, rank, fileIndex)
            }
            let found = stream.takeDiagnostics() + log.diagnostics
            diagnostics += found.enumerated().sorted {
                ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
            }.map(\.element)
        }
        return diagnostics
    }
}

extension TimeIdentity {
    /// What a time names once its zone is resolved.
    init(_ resolved: ResolvedTime) {
        switch resolved {
        case .date(let date): self = .date(date)
        case .floating(let wallClock): self = .floating(wallClock)
        case .instant(let utc, _): self = .instant(utc)
        }
    }
}

extension EventMapper {
    /// What `time` names once its zone is resolved.
    func identity(of time: TimeProperty, _ context: Context, log: inout DiagnosticLog)
        -> TimeIdentity
    {
        TimeIdentity(resolve(time, context, log: &log))
    }
}
