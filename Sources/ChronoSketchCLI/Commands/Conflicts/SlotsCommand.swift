import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

/// `ics slots`: the bookable slots of a day, each free or taken and by what.
struct SlotsCommand: Command {
    enum Format: String, CaseIterable {
        case text, json
    }

    static let between = OptionSpec.value(
        "between", "HH:MM-HH:MM",
        help:
            "The part of the day to offer, on the --tz clock, such as 09:00-17:00 or 9-17. (default: 09:00-17:00, or the whole day with --hours)"
    )
    static let every = OptionSpec.value(
        "every", "duration", help: "Time from one slot start to the next. (default: 30m)")
    static let length = OptionSpec.value(
        "length", "duration", help: "The length of each slot. (default: --every)")
    static let duration = OptionSpec.value(
        "duration", "duration", help: "Another name of --length: the time you need, such as 1h.")
    static let first = OptionSpec.value(
        "first", "n", help: "Over several days, stop after the first n free slots.")
    static let format = OutputFormats.option(Format.self, default: .text)

    static let spec = CommandSpec(
        name: "slots",
        abstract: "List the slots of a day, free or not and why, or free slots of days.",
        discussion: """
            Each slot is checked as 'ics check' checks a proposal: widened by the buffers, \
            against every busy event and blocked window. Slots start at the first time of \
            --between, every --every, as long as they end by its second time. With --date (or \
            none of --from, --to, --days) one day is listed, every slot with what is in its \
            way. With --from/--to or --days the free slots of each day are listed, from every \
            calendar given, on --weekdays, stopping after --first; the exit status is 1 when \
            there is none.
            """,
        positional: CommonOptions.calendarFiles,
        options: [LayoutOptions.date, between, every, length, duration, first],
        groups: [
            .window, .dates, .workingHours, .filters, .busy, .people, .blocked, .zone,
            .output(format), .language, .diagnostics, .inputs, .expansion,
        ])

    let layout: LayoutOptions
    let busy: BusyOptions
    let date: CivilDate
    /// The days to list the free slots of; nil for one day's every slot.
    let days: [CivilDate]?
    let firstCount: Int?
    let range: (from: Int, to: Int)
    /// Whether `--between` was given (else it is the whole day, with working hours).
    let betweenGiven: Bool
    let step: Int
    let length: Int
    let format: Format
    /// Each person's working days and hours (`--hours`), on their own clock.
    let workingHours: [WorkingHours]

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        layout = try LayoutOptions(arguments, environment: environment)
        let dates = try layout.dates(arguments)
        busy = try BusyOptions(arguments, dates: dates, zone: layout.zone)
        date = try CommonOptions.date(arguments, LayoutOptions.date, dates) ?? dates.today
        workingHours = try WorkingHours.parse(arguments, zone: layout.zone)
        betweenGiven = arguments.isSet(Self.between.name)
        // Working hours say when each person can meet: the asker's day is no bound of its own.
        range = try Self.range(
            arguments.value(Self.between.name) ?? (workingHours.isEmpty ? "09:00-17:00" : "0-24"))
        step = try BusyOptions.duration(arguments, Self.every) ?? 1_800
        let length = try BusyOptions.duration(arguments, Self.length)
        let needed = try BusyOptions.duration(arguments, Self.duration)
        if let length, let needed, length != needed {
            throw .contradiction("--length", "--duration")
        }
        self.length = length ?? needed ?? step
        let window = try CommonOptions.window(arguments, dates: dates)
        if window.start != nil || window.end != nil {
            guard !arguments.isSet(LayoutOptions.date.name) else {
                throw .contradiction("--date", "--from, --to or --days")
            }
            // With working hours, each person's days are on their own clock; without, the
            // days looked at are the asker's.
            let weekdays = workingHours.isEmpty ? try WorkingHours.days(arguments) : nil
            days = try Self.days(
                from: window.start, to: window.end, today: dates.today,
                on: weekdays ?? Set(Weekday.allCases), arguments: arguments)
        } else {
            let severalDays =
                workingHours.isEmpty ? [WorkingHours.weekdays, Self.first] : [Self.first]
            for option in severalDays where arguments.isSet(option.name) {
                throw .invalidValue(
                    arguments.value(option.name) ?? "", for: option,
                    "it is for several days: give --from and --to, or --days")
            }
            days = nil
        }
        firstCount = try CommonOptions.positive(arguments, Self.first)
        guard step > 0 else { throw .invalidValue("0", for: Self.every, "it must be positive") }
        guard self.length > 0 else {
            throw .invalidValue("0", for: Self.length, "it must be positive")
        }
        format = try CommonOptions.format(
            arguments, Self.format, default: Format.text,
            byExtension: ["txt": [.text], "json": [.json]])
    }

    /// `--between`: `09:00-17:00` as minutes after 00:00; the end may be `24:00`.
    private static func range(_ text: String) throws(UsageError) -> (from: Int, to: Int) {
        guard let range = ClockText.range(text) else {
            throw .invalidValue(
                text, for: between, "expected HH:MM-HH:MM such as 09:00-17:00 or 9-17")
        }
        return range
    }

    /// The days of `[from, to)` on the chosen weekdays; `from` is today when only `--to` is
    /// given. At most two years of them: more blame the option that ended the window.
    private static func days(
        from: LocalDateTime?, to: LocalDateTime?, today: CivilDate, on weekdays: Set<Weekday>,
        arguments: ParsedArguments
    ) throws(UsageError) -> [CivilDate] {
        let first = from?.date ?? today
        guard let end = to else {
            throw UsageError(message: "ics slots over several days needs --to or --days")
        }
        let count = first.days(to: end.date) + (end.secondOfDay == 0 ? 0 : 1)
        guard count <= 731 else {
            let option =
                [CommonOptions.days, CommonOptions.length].first { arguments.isSet($0.name) }
                ?? CommonOptions.to
            throw .invalidValue(
                arguments.value(option.name) ?? end.description, for: option,
                "ics slots looks at two years at most")
        }
        return (0..<max(0, count)).compactMap { try? first.adding(days: $0) }
            .filter { weekdays.contains($0.weekday) }
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = layout.runOptions.inputs(io)
        let first = days?.first ?? date
        let last = days?.last ?? date
        let from = (try? first.adding(days: -1)) ?? first
        let to = (try? last.adding(days: 2)) ?? last
        var load = layout.load
        (load.from, load.to) = (from, to)
        guard
            let (loaded, blocked) = CommandLoading.busy(
                inputs, busy, options: load, strict: layout.runOptions.strict, command: "ics slots",
                io: io)
        else { return .unusableInput }
        let windows = blocked + outsideWorkingHours(from: from, to: to)
        if let days {
            return freeSlots(days, loaded: loaded, windows: windows, inputs: inputs, io: io)
        }
        let slots = Availability.slots(
            events: Array(loaded.events), windows: windows, policy: busy.policy, date: date,
            from: range.from, to: range.to, step: step, length: length,
            on: layout.zone.timeLine)
        let written = OutputTarget.write(
            layout.runOptions.outputPath, io: io, unusable: loaded.unusableInputs,
            forPeople: format == .text
        ) { output in
            switch format {
            case .text: output.write(text(slots, zone: loaded.zone))
            case .json: output.write(bytes: json(slots, zone: loaded.zone))
            }
        }
        guard written == .success else { return written }
        // As over several days: nothing free is a finding.
        return slots.contains(where: \.isAvailable) ? .success : .findings
    }

    /// The time outside each person's working hours (``WorkingHours/outside(from:to:viewer:)``).
    private func outsideWorkingHours(from: CivilDate, to: CivilDate) -> [BlockedWindow] {
        workingHours.flatMap { $0.outside(from: from, to: to, viewer: layout.zone) }
    }

    private func text(_ slots: [Slot], zone: String) -> String {
        let language = layout.runOptions.language
        var text = "\(language.longDate(date)) · \(DurationText.describe(length))"
        text += " / \(DurationText.describe(step)) · \(language.timesIn(zone))\n\n"
        for slot in slots {
            let range = AgendaFormatter.timeLabel(
                .timed(start: slot.start, end: slot.end), language)
            text += "  \(range.fitted(to: 13)) "
            if let clash = slot.clashes.first {
                text +=
                    "\(language.busyWord.fitted(to: 6)) \(clash.second.title) (\(language.kindName(clash.kind)))"
            } else {
                text += language.freeWord
            }
            text += "\n"
        }
        let free = slots.filter(\.isAvailable).count
        text += "\n\(language.slotSummary(free: free, of: slots.count))\n"
        return text
    }

    private func json(_ slots: [Slot], zone: String) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.field("zone", zone)
        OutputWindow(
            from: date, to: try? date.adding(days: 1), zone: zone, weekStart: layout.weekStart
        ).write(into: &json)
        json.field("date", date.description)
        json.field(
            "between",
            "\(ClockText.hoursAndMinutes(range.from))-\(ClockText.hoursAndMinutes(range.to))")
        json.field("everyMinutes", step / 60)
        json.field("lengthMinutes", length / 60)
        json.field("slots", objects: slots) { json, slot in
            json.field("start", slot.start.description)
            json.field("end", slot.end.description)
            json.field("available", slot.isAvailable)
            json.key("blockedBy")
            if let clash = slot.clashes.first {
                json.beginObject()
                json.field("kind", clash.kind.rawValue)
                json.key("by")
                ConflictJSON.party(clash.second, into: &json)
                json.endObject()
            } else {
                json.null()
            }
        }
        json.field("counts") {
            $0.field("available", slots.filter(\.isAvailable).count)
            $0.field("unavailable", slots.filter { !$0.isAvailable }.count)
        }
        json.endObject()
        json.raw("\n")
        return json.bytes
    }

    // MARK: - Several days

    /// The free slots of each day, in order, the first `--first` of them.
    private func freeSlots(
        _ days: [CivilDate], loaded: LoadedCalendar, windows: [BlockedWindow],
        inputs: [InputSource], io: CommandIO
    ) -> ExitStatus {
        let events = Array(loaded.events)
        let found: [(date: CivilDate, slot: Slot)]
        if let stretch = stretch(days) {
            found = Availability.slots(
                events: events, windows: windows, policy: busy.policy, within: stretch.window,
                anchor: stretch.anchor, step: step, length: length, limit: firstCount ?? .max,
                keep: \.isAvailable, on: layout.zone.timeLine
            ).map { ($0.start.date, $0) }
        } else {
            found = Availability.freeSlots(
                events: events, windows: windows, policy: busy.policy, days: days,
                from: range.from, to: range.to, step: step, length: length,
                limit: firstCount ?? .max, on: layout.zone.timeLine)
        }
        let reason = found.isEmpty ? whyNothingIsFree(days, events: events, windows: windows) : nil
        let written = OutputTarget.write(
            layout.runOptions.outputPath, io: io, unusable: loaded.unusableInputs,
            forPeople: format == .text
        ) { output in
            switch format {
            case .text:
                output.write(freeText(found, days: days, zone: loaded.zone, reason: reason))
            case .json:
                output.write(
                    bytes: freeJSON(found, days: days, zone: loaded.zone, reason: reason))
            }
        }
        guard written == .success else { return written }
        return found.isEmpty ? .findings : .success
    }

    /// With working hours and no `--between`, the days as one stretch of time (from the
    /// first's 00:00 to the end of the last, on the --tz clock) and the start of the first
    /// person's working day, which slots are counted from: the slots are then those of time,
    /// not of the asker's days, the same whatever --tz asks. Nil otherwise.
    private func stretch(_ days: [CivilDate]) -> (window: Span, anchor: Int)? {
        guard !betweenGiven, let person = workingHours.first, let first = days.first,
            let last = days.last, let end = try? last.adding(days: 1)
        else { return nil }
        let line = layout.zone.timeLine
        let window = Span(
            start: line.position(of: LocalDateTime(startOf: first)),
            end: line.position(of: LocalDateTime(startOf: end)))
        let start = person.zone.utcSeconds(
            forLocal: LocalDateTime(startOf: first).secondsSinceEpoch + person.from * 60)
        guard let wallClock = try? layout.zone.wallClock(atUTC: start) else { return nil }
        let anchor = line.position(of: wallClock)
        return (window, anchor)
    }

    private var betweenText: String {
        "\(ClockText.hoursAndMinutes(range.from))-\(ClockText.hoursAndMinutes(range.to))"
    }

    /// Why no slot of `days` is free, by what took the candidates: none fits the part of the
    /// day asked for, everyone's hours never meet, or the candidates are busy, blocked or
    /// outside someone's hours (counted).
    private func whyNothingIsFree(
        _ days: [CivilDate], events: [CalendarEvent], windows: [BlockedWindow]
    ) -> String {
        guard !days.isEmpty else { return "no day of the window is one of --weekdays" }
        let line = layout.zone.timeLine
        let slots =
            stretch(days).map {
                Availability.slots(
                    events: events, windows: windows, policy: busy.policy, within: $0.window,
                    anchor: $0.anchor, step: step, length: length, on: line)
            }
            ?? days.flatMap { day in
                Availability.slots(
                    events: events, windows: windows, policy: busy.policy, date: day,
                    from: range.from, to: range.to, step: step, length: length, on: line)
            }
        var counts: [String: Int] = [:]
        let candidates = slots.count
        do {
            for slot in slots {
                guard let clash = slot.clashes.first else { continue }
                let what: String
                switch (clash.kind, clash.second) {
                case (.blocked, .window(let window))
                where window.id.hasPrefix(WorkingHours.windowPrefix):
                    what = "outside someone's working hours"
                case (.blocked, _): what = "blocked"
                default: what = "busy"
                }
                counts[what, default: 0] += 1
            }
        }
        guard candidates > 0 else {
            return "no slot of \(DurationText.describe(length)) fits \(betweenText)"
        }
        if counts.count == 1, counts["outside someone's working hours"] != nil,
            workingHours.count > 1
        {
            return
                "the working hours never meet: \(workingHours.map(\.description).joined(separator: ", "))"
        }
        let parts = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
            "\($0.value) \($0.key)"
        }
        return "of \(candidates) candidate slots, " + parts.joined(separator: ", ")
    }

    private func freeText(
        _ found: [(date: CivilDate, slot: Slot)], days: [CivilDate], zone: String, reason: String?
    ) -> String {
        let language = layout.runOptions.language
        var text = "\(language.freeSlotsTitle) · \(DurationText.describe(length))"
        text += " / \(DurationText.describe(step)) · \(betweenText) · \(language.timesIn(zone))\n"
        var shown: CivilDate?
        for (date, slot) in found {
            if date != shown {
                text += "\n\(language.longDate(date))\n"
                shown = date
            }
            text +=
                "  \(AgendaFormatter.timeLabel(.timed(start: slot.start, end: slot.end), language))\n"
        }
        text += "\n\(language.freeSlotSummary(found.count, days: days.count))"
        text += reason.map { ": \($0)" } ?? ""
        return text + "\n"
    }

    private func freeJSON(
        _ found: [(date: CivilDate, slot: Slot)], days: [CivilDate], zone: String, reason: String?
    ) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.field("zone", zone)
        let window = OutputWindow(
            from: days.first, to: days.last.flatMap { try? $0.adding(days: 1) }, zone: zone,
            weekStart: layout.weekStart)
        window.write(into: &json)
        json.field("from", window.from)
        json.field("to", window.to)
        json.field("between", betweenText)
        json.field("everyMinutes", step / 60)
        json.field("lengthMinutes", length / 60)
        json.field("days", strings: days.map(\.description))
        json.key("slots")
        json.beginArray()
        for (date, slot) in found {
            json.beginObject()
            json.field("date", date.description)
            json.field("start", slot.start.description)
            json.field("end", slot.end.description)
            json.endObject()
        }
        json.endArray()
        json.field("count", found.count)
        json.field("reason", reason)
        json.endObject()
        json.raw("\n")
        return json.bytes
    }
}
