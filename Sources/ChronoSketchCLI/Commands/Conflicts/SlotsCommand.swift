import ChronoSketchCore
import ChronoSketchICal
import ChronoSketchLayout

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
    static let format = OptionSpec.value(
        "format", "format", short: "f", help: "text or json. (default: text)")

    static let spec = CommandSpec(
        name: "slots",
        abstract: "List a day's slots at a step, each available or not and why.",
        discussion: """
            Each slot is checked as 'ics check' checks a proposal: widened by the buffers, \
            against every busy event and blocked window. Slots start at the first time of \
            --between, every --every, as long as they end by its second time.
            """,
        positional: CommonOptions.calendarFiles,
        options: [LayoutOptions.date, between, every, length] + BusyOptions.policyOptions
            + BusyOptions.windowOptions + [
                CommonOptions.today, CommonOptions.zone, format, CommonOptions.language,
                CommonOptions.output,
                CommonOptions.strict, CommonOptions.quiet, CommonOptions.wrTimezone,
            ])

    let inputs: [InputSource]
    let layout: LayoutOptions
    let busy: BusyOptions
    let date: CivilDate
    let range: (from: Int, to: Int)
    let step: Int
    let length: Int
    let format: Format

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        inputs = CommonOptions.inputs(arguments)
        layout = try LayoutOptions(arguments, environment: environment)
        busy = try BusyOptions(arguments, dates: layout.dates(arguments))
        date = try layout.date(arguments)
        range = try Self.range(arguments.value(Self.between.name) ?? "09:00-17:00")
        step = try BusyOptions.duration(arguments, Self.every) ?? 1_800
        length = try BusyOptions.duration(arguments, Self.length) ?? step
        guard step > 0 else { throw .invalidValue("0", for: Self.every, "it must be positive") }
        guard length > 0 else { throw .invalidValue("0", for: Self.length, "it must be positive") }
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

    func run(io: CommandIO) -> ExitStatus {
        let inputs = CommandLoading.withStandardInput(self.inputs, io)
        let from = (try? date.adding(days: -1)) ?? date
        let to = (try? date.adding(days: 2)) ?? date
        var load = LoadOptions(
            zone: layout.zone, from: from, to: to, wrTimezone: layout.wrTimezone,
            expansion: layout.expansion)
        load.filter = layout.filter
        guard
            let (loaded, windows) = CommandLoading.busy(
                inputs, busy, options: load, strict: layout.strict, command: "ics slots", io: io)
        else { return .unusableInput }
        let slots = Availability.slots(
            events: Array(loaded.events), windows: windows, policy: busy.policy, date: date,
            from: range.from, to: range.to, step: step, length: length,
            on: layout.zone.timeLine)
        return OutputTarget.write(
            layout.outputPath, inputs: inputs, io: io, unusable: loaded.unusableInputs
        ) { output in
            switch format {
            case .text: output.write(text(slots, zone: loaded.zone))
            case .json: output.write(bytes: json(slots, zone: loaded.zone))
            }
        }
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
                    "\(language.busyWord.fitted(to: 6)) \(clash.second.title) (\(clash.kind.rawValue))"
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
        json.field("date", date.description)
        json.field(
            "between",
            "\(ClockText.hoursAndMinutes(range.from))-\(ClockText.hoursAndMinutes(range.to))")
        json.field("everyMinutes", step / 60)
        json.field("lengthMinutes", length / 60)
        json.key("slots")
        json.beginArray()
        for slot in slots {
            json.beginObject()
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
            json.endObject()
        }
        json.endArray()
        json.key("counts")
        json.beginObject()
        json.field("available", slots.filter(\.isAvailable).count)
        json.field("unavailable", slots.filter { !$0.isAvailable }.count)
        json.endObject()
        json.endObject()
        json.raw("\n")
        return json.bytes
    }
}
