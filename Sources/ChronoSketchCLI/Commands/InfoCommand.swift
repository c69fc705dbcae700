import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax

/// `ics info`: what each calendar holds, at a glance.
struct InfoCommand: Command {
    enum Format: String, CaseIterable {
        case text, json
    }

    static let format = OutputFormats.option(Format.self, default: .text)

    static let spec = CommandSpec(
        name: "info",
        abstract: "Summarize calendars: events, series, zones, dates, findings.",
        discussion: """
            For each file: its calendars, names and producers (PRODID); its VEVENTs as single \
            events, series (and how many never end) and overrides; how their starts are \
            written (all-day, UTC, floating, zoned); every TZID the times name, how often and \
            how it was resolved (an embedded VTIMEZONE, the IANA database, a Windows name, a \
            prefixed or dashed name, or not at all); each calendar's X-WR-TIMEZONE; the \
            occurrences the events give and the span they cover in the --tz zone; the other \
            components; and what reading found, counted by kind. The findings are told here \
            instead of on stderr, counted as 'ics validate' counts them (with the same --profile); \
            'ics validate' lists each. Exit status: 0, or 2 when a file \
            cannot be read (the others are still summarized).
            """,
        positional: CommonOptions.calendarFiles,
        options: [CommonOptions.profile],
        groups: [.zone, .components, .output(format), .reporting, .inputs, .expansion])

    let inputs: [InputSource]
    let options: LoadOptions
    let format: Format
    let outputPath: String?
    let profile: ValidationProfile

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        inputs = CommonOptions.inputs(arguments)
        options = try CommonOptions.readingOptions(arguments, environment: environment)
        format = try CommonOptions.format(
            arguments, Self.format, default: Format.text,
            byExtension: ["txt": [.text], "json": [.json]])
        outputPath = arguments.value(CommonOptions.output.name)
        profile = try CommonOptions.choice(arguments, CommonOptions.profile, default: .rfc5545)
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = CommandLoading.withStandardInput(self.inputs, io)
        var summaries: [Result<CalendarInfo, InputError>] = []
        for input in inputs {
            do throws(InputError) {
                summaries.append(
                    .success(
                        try CalendarInfo.read(
                            input, options: options.reporting(to: io), policy: io.policy,
                            profile: profile)))
            } catch {
                summaries.append(.failure(error))
            }
        }
        let unusable = summaries.compactMap { summary -> InputError? in
            if case .failure(let error) = summary { return error }
            return nil
        }
        for error in unusable { DiagnosticPrinter.print(error, to: io) }
        if CommandLoading.shouldStop(unusable: unusable, inputs: inputs.count) {
            return .unusableInput
        }
        return OutputTarget.write(
            outputPath, io: io, unusable: unusable, forPeople: format == .text
        ) { output in
            switch format {
            case .text:
                let texts = summaries.compactMap { try? $0.get() }.map(InfoText.text)
                output.write(texts.joined(separator: "\n"))
            case .json:
                output.write(bytes: InfoJSON.json(summaries, zone: options.zone.name))
            }
        }
    }
}

/// `ics info` as text: a line per subject, labels in a column.
enum InfoText {
    static func text(_ info: CalendarInfo) -> String {
        var lines: [(label: String, text: String)] = []
        func line(_ label: String, _ text: String) { lines.append((label, text)) }

        var calendars = "\(info.calendars)"
        if !info.names.isEmpty {
            calendars += ": " + info.names.map { "“\($0)”" }.joined(separator: ", ")
        }
        if !info.methods.isEmpty {
            calendars += " (METHOD \(info.methods.joined(separator: ", ")))"
        }
        line("calendars", calendars)
        for (index, producer) in info.producers.enumerated() {
            line(index == 0 ? "producer" : "", producer)
        }
        var events = number(info.events)
        if info.events > 0 {
            var parts = ["\(number(info.singleEvents)) single"]
            var series = counted(info.series, "series", plural: "series")
            if info.openEndedSeries > 0 {
                series += " (\(number(info.openEndedSeries)) without end)"
            }
            parts.append(series)
            parts.append(counted(info.overrides, "override"))
            events += ": " + parts.joined(separator: ", ")
        }
        line("events", events)
        if info.events > 0 {
            let starts = [
                (info.allDayEvents, "all-day"), (info.zonedEvents, "zoned"),
                (info.utcEvents, "UTC"), (info.floatingEvents, "floating"),
            ].filter { $0.0 > 0 }.map { "\(number($0.0)) \($0.1)" }
            if !starts.isEmpty { line("starts", starts.joined(separator: ", ")) }
        }
        var occurrences = number(info.occurrences)
        if let first = info.firstStart, let last = info.lastEnd {
            occurrences += ", from \(shown(first)) to \(shown(last))"
            if info.openEndedSeries > 0 { occurrences += " (series without end cut there)" }
        }
        line("occurrences", occurrences)
        let width = info.zones.map(\.tzid.displayWidth).max() ?? 0
        let usesWidth = number(info.zones.map(\.uses).max() ?? 0).count
        for (index, zone) in info.zones.enumerated() {
            let uses = number(zone.uses)
            line(
                index == 0 ? "time zones" : "",
                zone.tzid.fitted(to: width) + "  " + uses.padded(left: usesWidth) + "× "
                    + resolved(zone))
        }
        if info.zones.isEmpty { line("time zones", "none named") }
        for zone in info.calendarZones {
            line("X-WR-TIMEZONE", "\(zone.tzid): \(resolved(zone))")
        }
        let others = info.components.filter { $0.name != "VEVENT" }
        if !others.isEmpty {
            line("components", others.map { "\($0.name) \($0.count)" }.joined(separator: ", "))
        }
        let errors = info.findings.filter { $0.severity == .error }.reduce(0) { $0 + $1.count }
        let warnings = info.findings.filter { $0.severity == .warning }.reduce(0) { $0 + $1.count }
        line(
            "findings",
            info.findings.isEmpty
                ? "none" : "\(counted(errors, "error")), \(counted(warnings, "warning"))")
        let countWidth = number(info.findings.map(\.count).max() ?? 0).count
        let codeWidth = info.findings.map(\.code.rawValue.count).max() ?? 0
        for kind in info.findings {
            let count = number(kind.count)
            line(
                "",
                count.padded(left: countWidth) + "  " + kind.severity.rawValue.fitted(to: 7) + " "
                    + kind.code.rawValue.fitted(to: codeWidth) + "  " + kind.code.summary)
        }
        let labelWidth = lines.map(\.label.displayWidth).max() ?? 0
        var text = info.file + "\n"
        for (label, value) in lines {
            text +=
                ("  " + label.fitted(to: labelWidth) + "  " + value).trimmingTrailingSpaces()
                + "\n"
        }
        return text
    }

    /// How a zone was resolved, in words.
    static func resolved(_ zone: CalendarInfo.Zone) -> String {
        zone.resolution?.description ?? "unknown, times kept floating"
    }

    static func counted(_ count: Int, _ word: String, plural: String? = nil) -> String {
        "\(number(count)) \(count == 1 ? word : plural ?? word + "s")"
    }

    /// `163,805`: thousands grouped.
    static func number(_ count: Int) -> String { ASCIIDigits.grouped(count) }

    /// `2026-12-07` at midnight, `2026-12-07 09:30` otherwise.
    static func shown(_ time: LocalDateTime) -> String {
        time.secondOfDay == 0
            ? time.date.description
            : "\(time.date) \(ClockText.hoursAndMinutes(time.secondOfDay / 60))"
    }
}

/// `ics info --format json`: an array with an object per file, `{"file", "error"}` for one
/// that cannot be read.
enum InfoJSON {
    /// - Parameter zone: the zone spans are given in, which each object's `window` names (the
    ///   whole calendar: no bounds, no weeks).
    static func json(_ summaries: [Result<CalendarInfo, InputError>], zone: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginArray()
        for summary in summaries {
            writer.beginObject()
            switch summary {
            case .failure(let error):
                writer.field("file", error.file)
                writer.field("error", error.message)
            case .success(let info):
                write(info, to: &writer)
                OutputWindow(from: nil as CivilDate?, to: nil, zone: zone, weekStart: nil)
                    .write(into: &writer)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.raw("\n")
        return writer.bytes
    }

    private static func write(_ info: CalendarInfo, to writer: inout JSONWriter) {
        writer.field("file", info.file)
        writer.field("calendars", info.calendars)
        writer.field("names", strings: info.names)
        writer.field("producers", strings: info.producers)
        writer.field("methods", strings: info.methods)
        writer.field("events") {
            $0.field("total", info.events)
            $0.field("single", info.singleEvents)
            $0.field("series", info.series)
            $0.field("seriesWithoutEnd", info.openEndedSeries)
            $0.field("overrides", info.overrides)
        }
        writer.field("starts") {
            $0.field("allDay", info.allDayEvents)
            $0.field("zoned", info.zonedEvents)
            $0.field("utc", info.utcEvents)
            $0.field("floating", info.floatingEvents)
        }
        writer.field("occurrences", info.occurrences)
        writer.field("firstStart", info.firstStart?.description)
        writer.field("lastEnd", info.lastEnd?.description)
        writer.key("zones")
        writer.beginArray()
        for zone in info.zones { write(zone, to: &writer) }
        writer.endArray()
        writer.key("calendarZones")
        writer.beginArray()
        for zone in info.calendarZones { write(zone, to: &writer) }
        writer.endArray()
        writer.field("components") { writer in
            for (name, count) in info.components { writer.field(name, count) }
        }
        writer.field("findings", objects: info.findings) { writer, kind in
            writer.field("severity", kind.severity.rawValue)
            writer.field("code", kind.code.rawValue)
            writer.field("summary", kind.code.summary)
            writer.field("count", kind.count)
        }
    }

    private static func write(_ zone: CalendarInfo.Zone, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("tzid", zone.tzid)
        writer.field("resolution", zone.resolution?.kind ?? "unknown")
        writer.field("readAs", zone.resolution?.ianaName)
        writer.field("uses", zone.uses)
        writer.endObject()
    }
}
