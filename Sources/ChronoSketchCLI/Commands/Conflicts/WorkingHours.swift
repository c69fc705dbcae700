import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchLayout

/// One person's working time, on their own clock (`--hours
/// [NAME=][DAYS,]HH:MM-HH:MM[@ZONE]`): the days they work, the hours of those days, and the
/// zone both are read in. What lies outside it, on instants, is blocked for everyone's
/// question: a team asked from Berlin, New York or Tokyo gets the same slots.
struct WorkingHours: Sendable {
    /// `sam`, or the hours as written when no name is given.
    let name: String
    let days: Set<Weekday>
    /// Minutes after 00:00, the end at most 1440.
    let from: Int
    let to: Int
    let zone: any ZoneRules
    let zoneName: String

    static let option = OptionSpec.value(
        "hours", "[name=][days,]HH:MM-HH:MM[@zone]", repeats: true,
        help:
            "One person's working days and hours, on the clock of a zone: sam=mon-fri,09-17@America/New_York, or 9-17@Europe/Berlin (days default to --weekdays, else every day; the zone to --tz; the name labels what a slot falls outside). Repeat for each person: slots are offered only inside everyone's hours, and no default --between applies."
    )

    static let weekdays = OptionSpec.value(
        "weekdays", "days",
        help:
            "The days to look at: names or ranges, such as mon-fri or mo,we,fr; with --hours, the working days of each person who names none, on their own clock. (default: every day)"
    )

    /// Every `--hours` given; each without days works on `--weekdays` (their own clock).
    static func parse(_ arguments: ParsedArguments, zone target: TargetZone) throws(UsageError)
        -> [WorkingHours]
    {
        let defaultDays = try days(arguments) ?? Set(Weekday.allCases)
        return try (arguments.values[option.name] ?? []).map { text throws(UsageError) in
            try WorkingHours(text, defaultDays: defaultDays, zone: target)
        }
    }

    /// `--weekdays`, nil when not given.
    static func days(_ arguments: ParsedArguments) throws(UsageError) -> Set<Weekday>? {
        guard let text = arguments.value(weekdays.name) else { return nil }
        guard let days = Self.days(in: Substring(text)) else {
            throw .invalidValue(
                text, for: weekdays, "expected weekday names or ranges such as mon-fri")
        }
        return days
    }

    /// `mon-fri,sun`: names (`monday`, `mon`, `mo`) and ranges, which may wrap (`fri-mon`);
    /// nil when a part is none.
    static func days(in text: Substring) -> Set<Weekday>? {
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
            else { return nil }
            var current = start
            chosen.insert(current)
            while current != last {
                current = current.advanced(by: 1)
                chosen.insert(current)
            }
        }
        return chosen.isEmpty ? nil : chosen
    }

    private init(_ text: String, defaultDays: Set<Weekday>, zone target: TargetZone)
        throws(UsageError)
    {
        var rest = Substring(text)
        var label: String?
        if let equals = rest.lastIndex(of: "=") {
            label = String(rest[..<equals])
            rest = rest[rest.index(after: equals)...]
        }
        var zone = target.rules
        var zoneName = target.name
        if let at = rest.firstIndex(of: "@") {
            zoneName = String(rest[rest.index(after: at)...])
            guard let named = ZoneInfoDatabase.system.zone(named: zoneName) else {
                throw .invalidValue(
                    text, for: Self.option,
                    "'\(zoneName)' is not an IANA zone such as Europe/Berlin")
            }
            zone = named
            rest = rest[..<at]
        }
        self.zone = zone
        self.zoneName = zoneName
        var days = defaultDays
        if let comma = rest.lastIndex(of: ",") {
            guard let named = Self.days(in: rest[..<comma]) else {
                throw .invalidValue(
                    text, for: Self.option,
                    "'\(rest[..<comma])' names no weekdays: expected names or ranges such as mon-fri"
                )
            }
            days = named
            rest = rest[rest.index(after: comma)...]
        }
        self.days = days
        guard let range = ClockText.range(String(rest)) else {
            throw .invalidValue(
                text, for: Self.option, "expected HH:MM-HH:MM such as 09:00-17:00 or 9-17")
        }
        (from, to) = range
        let hours =
            "\(ClockText.hoursAndMinutes(from))-\(ClockText.hoursAndMinutes(to)) \(zoneName)"
        name = label ?? hours
    }

    /// The hours as a reason names them: `sam (09:00-17:00, Mon-Fri, America/New_York)`.
    var description: String {
        let hours = "\(ClockText.hoursAndMinutes(from))-\(ClockText.hoursAndMinutes(to))"
        // Runs of days, Monday first: `Mon-Fri`, `Mon Wed-Fri`.
        var runs: [[Weekday]] = []
        for day in Weekday.allCases.sorted() where days.contains(day) {
            if let last = runs.last?.last, last.advanced(by: 1) == day {
                runs[runs.count - 1].append(day)
            } else {
                runs.append([day])
            }
        }
        func short(_ day: Weekday) -> String { String(Language.en.weekdayName(day).prefix(3)) }
        let working =
            days.count == 7
            ? ""
            : ", "
                + runs.map { run in
                    run.count > 2
                        ? "\(short(run[0]))-\(short(run[run.count - 1]))"
                        : run.map(short).joined(separator: " ")
                }.joined(separator: " ")
        return "\(name) (\(hours)\(working), \(zoneName))"
    }

    /// The time outside these hours from the start of `from` to the end of `to` on the
    /// person's clock (a day more on either side, for zones apart from the viewer's), as
    /// windows nothing may be booked into, on instants: one from the end of one working day
    /// to the start of the next, across days off, so hours kept in New York are New York's
    /// across every clock change of either zone.
    /// - Parameter viewer: the zone the windows' wall clocks are shown in.
    func outside(from: CivilDate, to: CivilDate, viewer: TargetZone) -> [BlockedWindow] {
        guard let first = try? from.adding(days: -1), let last = try? to.adding(days: 1) else {
            return []
        }
        // Working time as instants, day by day on the person's clock.
        var working: [(start: Int, end: Int)] = []
        var day = first
        while day <= last, let next = try? day.adding(days: 1) {
            defer { day = next }
            guard days.contains(day.weekday) else { continue }
            let midnight = LocalDateTime(startOf: day).secondsSinceEpoch
            let start = zone.utcSeconds(forLocal: midnight + self.from * 60)
            let end = zone.utcSeconds(forLocal: midnight + self.to * 60)
            if end > start { working.append((start, end)) }
        }
        let lower = zone.utcSeconds(forLocal: LocalDateTime(startOf: first).secondsSinceEpoch)
        let upper = zone.utcSeconds(
            forLocal: LocalDateTime(startOf: (try? last.adding(days: 1)) ?? last).secondsSinceEpoch)
        var gaps: [(start: Int, end: Int)] = []
        var cursor = lower
        for stretch in working {
            if stretch.start > cursor { gaps.append((cursor, stretch.start)) }
            cursor = max(cursor, stretch.end)
        }
        if upper > cursor { gaps.append((cursor, upper)) }
        return gaps.compactMap { gap in
            guard let instants = try? InstantInterval(start: gap.start, end: gap.end),
                let start = try? viewer.wallClock(atUTC: gap.start),
                let end = try? viewer.wallClock(atUTC: gap.end)
            else { return nil }
            return try? BlockedWindow(
                id: "\(Self.windowPrefix)\(name):\(gap.start)",
                title: "outside the working hours of \(description)", start: start, end: end,
                instants: instants)
        }
    }

    /// How the ids of the windows outside working hours begin, so that a reason can tell them
    /// from blocked time.
    static let windowPrefix = "hours:"
}
