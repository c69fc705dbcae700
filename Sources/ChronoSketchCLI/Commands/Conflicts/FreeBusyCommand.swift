import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

/// `ics freebusy`: the merged busy time of a window, as JSON or a VFREEBUSY.
struct FreeBusyCommand: Command {
    enum Format: String, CaseIterable {
        case json, ics, text
    }

    static let format = OutputFormats.option(
        Format.self, default: .json,
        help:
            "json, ics (a VFREEBUSY component) or text (the busy periods day by day, for people). (default: json, or the format the -o file's extension names)"
    )

    static let perPerson = OptionSpec.flag(
        "per-person",
        help:
            "The busy time of each person apart: each --as address, else everyone who organizes or attends an event; a person's time is their inputs' events and those naming them, with their answers read."
    )

    static let spec = CommandSpec(
        name: "freebusy",
        abstract: "Merge the busy time of a window into periods, as JSON or a VFREEBUSY.",
        discussion: """
            Busy intervals (buffers included) that overlap or touch are merged and clipped to \
            [--from, --to). The VFREEBUSY gives every time in UTC, converted from --tz, as \
            FBTYPE=BUSY, BUSY-TENTATIVE for time only tentative events take (STATUS:TENTATIVE, \
            answered TENTATIVE by the --as person, or Outlook's X-MICROSOFT-CDO-BUSYSTATUS), or \
            BUSY-UNAVAILABLE for out-of-office time; ORGANIZER names whose time it is when that \
            is one person. Its DTSTAMP is SOURCE_DATE_EPOCH when set, else now.
            """,
        positional: CommonOptions.calendarFiles,
        options: [perPerson],
        groups: [
            .window, .dates, .filters, .busy, .people, .zone, .output(format), .language,
            .diagnostics,
            .inputs, .expansion,
        ])

    let runOptions: RunOptions
    let load: LoadOptions
    let busy: BusyOptions
    let from: LocalDateTime
    let to: LocalDateTime
    let format: Format
    let perPerson: Bool
    let stamp: LocalDateTime

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        runOptions = try RunOptions(arguments, environment: environment)
        load = try CommonOptions.loadOptions(arguments, environment: environment)
        guard let from = load.start, let to = load.end else {
            throw UsageError(
                message:
                    "ics freebusy needs a bounded window: --from and --to, or --days (from today or --from)"
            )
        }
        self.from = from
        self.to = to
        busy = try BusyOptions(arguments, load: load, environment: environment)
        format = try CommonOptions.format(
            arguments, Self.format, default: Format.json,
            byExtension: ["json": [.json], "ics": [.ics], "txt": [.text]])
        perPerson = arguments.isSet(Self.perPerson.name)
        stamp = try ConvertCommand.stamp(environment)
    }

    /// Whose busy time is shown, and of which events: one block of everyone's time, or one
    /// per person.
    private struct Block {
        var person: String?
        var events: [CalendarEvent]
        var policy: BusyPolicy
    }

    private func blocks(_ events: [CalendarEvent]) -> [Block] {
        let attendance = busy.policy.attendance
        guard perPerson else {
            // The time is one person's when one is named, for every input (or for the inputs
            // of every event).
            var person: String?
            if let attendance, attendance.people.count == 1,
                !attendance.everywhere.isEmpty
                    || events.allSatisfy({ attendance.byFile[$0.source.file] != nil })
            {
                person = attendance.people[0]
            }
            return [Block(person: person, events: events, policy: busy.policy)]
        }
        return (attendance ?? Attendance()).eventsByPerson(events, of: attendance?.people).map {
            person, events in
            var own = Attendance()
            own.add(person)
            var policy = busy.policy
            policy.attendance = own
            return Block(person: person, events: events, policy: policy)
        }
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = runOptions.inputs(io)
        let people = perPerson || busy.policy.attendance != nil
        guard
            let loaded = CommandLoading.events(
                inputs, options: load, strict: runOptions.strict, command: "ics freebusy", io: io,
                trimming: { $0.busyTime(filedBy: nil, keepingPeople: people) })
        else { return .unusableInput }
        let start = from
        let end = to
        let line = load.zone.timeLine
        let blocks = blocks(Array(loaded.events))
        return OutputTarget.write(
            runOptions.outputPath, io: io, unusable: loaded.unusableInputs,
            forPeople: format == .text
        ) { output in
            switch format {
            case .text:
                let titles = Dictionary(
                    loaded.events.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first }
                )
                for (number, block) in blocks.enumerated() {
                    if number > 0 { output.write("\n") }
                    output.write(
                        FreeBusyText.report(
                            Availability.busyPeriods(
                                events: block.events, policy: block.policy, from: start, to: end,
                                on: line),
                            titles: titles, person: block.person, from: start,
                            to: end, zone: loaded.zone, language: runOptions.language))
                }
            case .ics:
                output.write(
                    bytes: FreeBusyWriter.write(
                        blocks.map { block in
                            FreeBusyBlock(
                                person: block.person,
                                periods: Availability.busySpansByKind(
                                    events: block.events, policy: block.policy, from: start,
                                    to: end, on: line
                                ).map { ($0.span.start, $0.span.end, $0.kind) })
                        }, from: start, to: end, zone: load.zone, stamp: stamp))
            case .json:
                var json = JSONWriter()
                json.beginObject()
                json.field("zone", loaded.zone)
                json.field("from", start.description)
                json.field("to", end.description)
                OutputWindow(
                    from: start, to: end, zone: loaded.zone, weekStart: runOptions.weekStart
                )
                .write(into: &json)
                if perPerson {
                    json.field("people", objects: blocks) { json, block in
                        json.field("person", block.person ?? "")
                        writeBusy(block, from: start, to: end, on: line, into: &json)
                    }
                } else {
                    writeBusy(blocks[0], from: start, to: end, on: line, into: &json)
                }
                json.endObject()
                json.raw("\n")
                output.write(bytes: json.bytes)
            }
        }
    }

    /// The `busy` periods of a block and its `busyMinutes`.
    private func writeBusy(
        _ block: Block, from: LocalDateTime, to: LocalDateTime, on line: TimeLine,
        into json: inout JSONWriter
    ) {
        json.key("busy")
        json.beginArray()
        var total = 0
        for period in Availability.busyPeriods(
            events: block.events, policy: block.policy, from: from, to: to, on: line)
        {
            let minutes = period.minutes
            total += minutes
            json.beginObject()
            json.field("start", period.start.description)
            json.field("end", period.end.description)
            json.field("minutes", minutes)
            json.field("ids", strings: period.ids)
            json.endObject()
        }
        json.endArray()
        json.field("busyMinutes", total)
    }
}
