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
        help: "The part of the day to offer, such as 09:00-17:00 or 9-17. (default: 09:00-17:00)")
    static let every = OptionSpec.value(
        "every", "duration", help: "Time from one slot start to the next. (default: 30m)")
    static let length = OptionSpec.value(
        "length", "duration", help: "The length of each slot. (default: --every)")
    static let duration = OptionSpec.value(
        "duration", "duration", help: "Another name of --length: the time you need, such as 1h.")
    static let weekdays = OptionSpec.value(
        "weekdays", "days",
        help:
            "Over several days, the weekdays to look at: names or ranges, such as mon-fri or mo,we,fr. (default: every day)"
    )
    static let hours = OptionSpec.value(
        "hours", "[name=]HH:MM-HH:MM[@zone]", repeats: true,
        help:
            "Working hours of one person, on the clock of a zone: work.ics=09-17@Europe/Berlin, or 9-17@America/New_York (the zone defaults to --tz; the name labels what a slot falls outside). Repeat for each person: slots are offered only inside everyone's hours."
    )
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

    let inputs: [InputSource]
    let layout: LayoutOptions
    let busy: BusyOptions
    let date: CivilDate
    /// The days to list the free slots of; nil for one day's every slot.
    let days: [CivilDate]?
    let firstCount: Int?
    let range: (from: Int, to: Int)
    let step: Int
    let length: Int
    let format: Format
    /// Each person's working hours (`--hours`): a label, minutes after 00:00 and a zone.
    let workingHours: [(label: String, range: (from: Int, to: Int), zone: any ZoneRules)]

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        inputs = CommonOptions.inputs(arguments)
        layout = try LayoutOptions(arguments, environment: environment)
        let dates = try layout.dates(arguments)
        busy = try BusyOptions(arguments, dates: dates)
        date = try CommonOptions.date(arguments, LayoutOptions.date, dates) ?? dates.today
        range = try Self.range(arguments.value(Self.between.name) ?? "09:00-17:00")
        let targetZone = layout.zone
        workingHours = try (arguments.values[Self.hours.name] ?? []).map {
            text throws(UsageError) in
            var rest = Substring(text)
            var label: String?
            if let equals = rest.lastIndex(of: "=") {
                label = String(rest[..<equals])
                rest = rest[rest.index(after: equals)...]
            }
            var zone = targetZone.rules
            var zoneName = targetZone.name
            if let at = rest.firstIndex(of: "@") {
                zoneName = String(rest[rest.index(after: at)...])
                guard let named = ZoneInfoDatabase.system.zone(named: zoneName) else {
                    throw .invalidValue(
                        text, for: Self.hours,
                        "'\(zoneName)' is not an IANA zone such as Europe/Berlin")
                }
                zone = named
                rest = rest[..<at]
            }
            let range = try Self.range(String(rest))
            let shown =
                "\(ClockText.hoursAndMinutes(range.from))-\(ClockText.hoursAndMinutes(range.to)) \(zoneName)"
            return ((label.map { "\($0) " } ?? "") + shown, range, zone)
        }
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
            days = try Self.days(
                from: window.start, to: window.end, today: dates.today,
                on: Self.weekdays(arguments), arguments: arguments)
        } else {
            for option in [Self.weekdays, Self.first] where arguments.isSet(option.name) {
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

    /// `09:00-17:00` as minutes after 00:00; the end may be `24:00`.
    private static func range(_ text: String) throws(UsageError) -> (from: Int, to: Int) {
        let minutes = text.split(separator: "-").compactMap { ClockText.minutes(String($0)) }
        guard minutes.count == 2, text.filter({ $0 == "-" }).count == 1, minutes[0] < minutes[1]
        else {
            throw .invalidValue(
                text, for: between, "expected HH:MM-HH:MM such as 09:00-17:00 or 9-17")
        }
        return (minutes[0], minutes[1])
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

    /// `--weekdays mon-fri,sun`: names (`monday`, `mon`, `mo`) and ranges, which may wrap
    /// (`fri-mon`).
    private static func weekdays(_ arguments: ParsedArguments) throws(UsageError) -> Set<Weekday> {
        guard let text = arguments.value(weekdays.name) else { return Set(Weekday.allCases) }
        func day(_ name: Substring) -> Weekday? {
            let word = name.lowercased()
            guard word.count >= 2 else { return nil }
            return Weekday.allCases.first { weekday in
                let full = Language.en.weekdayName(weekday).lowercased()
                return full.hasPrefix(word) && (word.count <= 3 || full == word)
            }
        }
        var chosen: Set<Weekday> = []
        for item in text.split(separator: ",") {
            let ends = item.split(separator: "-")
            guard (1...2).contains(ends.count), let start = day(ends[0]),
                let last = day(ends[ends.count - 1])
            else {
                throw .invalidValue(
                    text, for: weekdays, "expected weekday names or ranges such as mon-fri")
            }
            var current = start
            chosen.insert(current)
            while current != last {
                current = current.advanced(by: 1)
                chosen.insert(current)
            }
        }
        return chosen
    }

    func run(io: CommandIO) -> ExitStatus {
        let inputs = CommandLoading.withStandardInput(self.inputs, io)
        let first = days?.first ?? date
        let last = days?.last ?? date
        let from = (try? first.adding(days: -1)) ?? first
        let to = (try? last.adding(days: 2)) ?? last
        var load = layout.load
        (load.from, load.to) = (from, to)
        guard
            let (loaded, blocked) = CommandLoading.busy(
                inputs, busy, options: load, strict: layout.strict, command: "ics slots", io: io)
        else { return .unusableInput }
        let windows = blocked + outsideWorkingHours(from: from, to: to)
        if let days {
            return freeSlots(days, loaded: loaded, windows: windows, inputs: inputs, io: io)
        }
        let slots = Availability.slots(
            events: Array(loaded.events), windows: windows, policy: busy.policy, date: date,
            from: range.from, to: range.to, step: step, length: length,
            on: layout.zone.timeLine)
        return OutputTarget.write(
            layout.outputPath, io: io, unusable: loaded.unusableInputs, forPeople: format == .text
        ) { output in
            switch format {
            case .text: output.write(text(slots, zone: loaded.zone))
            case .json: output.write(bytes: json(slots, zone: loaded.zone))
            }
        }
    }

    /// The time outside each person's working hours (`--hours`), from `from` to `to` on the
    /// person's clock, as windows nothing may be booked into: from the end of one working
    /// day to the start of the next, on instants, so that hours kept in New York are New
    /// York's across every clock change of either zone.
    private func outsideWorkingHours(from: CivilDate, to: CivilDate) -> [BlockedWindow] {
        var windows: [BlockedWindow] = []
        for (label, range, zone) in workingHours {
            var day = (try? from.adding(days: -1)) ?? from
            while day <= to, let next = try? day.adding(days: 1) {
                defer { day = next }
                let start = zone.utcSeconds(
                    forLocal: LocalDateTime(startOf: day).secondsSinceEpoch + range.to * 60)
                let end = zone.utcSeconds(
                    forLocal: LocalDateTime(startOf: next).secondsSinceEpoch + range.from * 60)
                guard end > start, let instants = try? InstantInterval(start: start, end: end),
                    let wallStart = try? layout.zone.wallClock(atUTC: start),
                    let wallEnd = try? layout.zone.wallClock(atUTC: end),
                    let window = try? BlockedWindow(
                        id: "hours:\(label):\(day)", title: "outside working hours \(label)",
                        start: wallStart, end: wallEnd, instants: instants)
                else { continue }
                windows.append(window)
            }
        }
        return windows
    }

    private func text(_ slots: [Slot], zone: String) -> String {
        let language = layout.language
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
        json.key("counts")
        json.beginObject()
        json.field("available", slots.filter(\.isAvailable).count)
        json.field("unavailable", slots.filter { !$0.isAvailable }.count)
        json.endObject()
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
        let found = Availability.freeSlots(
            events: Array(loaded.events), windows: windows, policy: busy.policy, days: days,
            from: range.from, to: range.to, step: step, length: length,
            limit: firstCount ?? .max, on: layout.zone.timeLine)
        let written = OutputTarget.write(
            layout.outputPath, io: io, unusable: loaded.unusableInputs, forPeople: format == .text
        ) { output in
            switch format {
            case .text: output.write(freeText(found, days: days, zone: loaded.zone))
            case .json: output.write(bytes: freeJSON(found, days: days, zone: loaded.zone))
            }
        }
        guard written == .success else { return written }
        return found.isEmpty ? .findings : .success
    }

    private var betweenText: String {
        "\(ClockText.hoursAndMinutes(range.from))-\(ClockText.hoursAndMinutes(range.to))"
    }

    private func freeText(_ found: [(date: CivilDate, slot: Slot)], days: [CivilDate], zone: String)
        -> String
    {
        let language = layout.language
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
        text += "\n\(language.freeSlotSummary(found.count, days: days.count))\n"
        return text
    }

    private func freeJSON(_ found: [(date: CivilDate, slot: Slot)], days: [CivilDate], zone: String)
        -> [UInt8]
    {
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
        json.endObject()
        json.raw("\n")
        return json.bytes
    }
}
