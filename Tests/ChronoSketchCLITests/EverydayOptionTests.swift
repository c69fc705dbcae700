import ChronoSketchCore
import Foundation
import Testing

@testable import ChronoSketchCLI

/// Dates, durations and time ranges as people type them, and the output format as `--format`
/// and `-o` say it.
@Suite struct EverydayOptionTests {
    /// Wednesday 9 December 2026, weeks from Monday.
    private static let dates = DateText(
        today: try! CivilDate(year: 2026, month: 12, day: 9), weekStart: .monday)

    @Test(arguments: [
        ("2026-09-08", "2026-09-08"), ("today", "2026-12-09"), ("Tomorrow", "2026-12-10"),
        ("yesterday", "2026-12-08"), ("+3d", "2026-12-12"), ("-2d", "2026-12-07"),
        ("+1w", "2026-12-16"), ("-1w", "2026-12-02"), ("10d", "2026-12-19"),
        ("monday", "2026-12-14"), ("wed", "2026-12-09"), ("Friday", "2026-12-11"),
        ("this-week", "2026-12-07"), ("next-week", "2026-12-14"), ("last-week", "2026-11-30"),
        ("this-month", "2026-12-01"), ("next-month", "2027-01-01"), ("last-month", "2026-11-01"),
    ])
    func dayForms(text: String, expected: String) {
        #expect(Self.dates.day(text)?.description == expected)
    }

    @Test func weeksFollowTheWeekStart() throws {
        let sunday = DateText(
            today: try CivilDate(year: 2026, month: 12, day: 9), weekStart: .sunday)
        #expect(sunday.day("this-week")?.description == "2026-12-06")
        #expect(sunday.day("next-week")?.description == "2026-12-13")
    }

    /// Under `env -i` (as cron runs it) the week starts on Sunday unless `--week-start`
    /// says otherwise, in every command that takes a date.
    @Test(arguments: [
        ["events"], ["convert", "-f", "ndjson"], ["conflicts", "-f", "json"],
        ["freebusy"], ["slots"], ["layout", "ranges", "-f", "json"],
    ])
    func everyCommandTakesTheWeekStart(command: [String]) throws {
        let file = CLI.root.appendingPathComponent("Fixtures/demo/team-week.ics").path
        for start in ["monday", "sunday"] {
            let result = CLI.run(
                command + [
                    file, "--from", "this-week", "--to", "next-week", "--today", "2026-12-09",
                    "--week-start", start,
                ],
                environment: [:])
            #expect(result.status != 64 && result.status != 2, "\(command) \(result.standardError)")
            #expect(!result.standardOutput.isEmpty)
        }
    }

    @Test func theAgendaIsTheEventsOfTheNextSevenDays() throws {
        let file = CLI.root.appendingPathComponent("Fixtures/demo/team-week.ics").path
        let common = [file, "--today", "2026-12-08", "--tz", "Europe/Berlin"]
        let agenda = CLI.run(["agenda"] + common)
        let events = CLI.run(["events"] + common + ["--from", "today", "--days", "7"])
        #expect(agenda.status == 0)
        #expect(agenda.standardOutput == events.standardOutput)
        #expect(agenda.standardOutput.contains("Tuesday 8 December 2026"))
        #expect(!agenda.standardOutput.contains("Monday 7 December 2026"))
        // A window given is the window shown.
        let oneDay = CLI.run(["agenda"] + common + ["--days", "1"])
        #expect(oneDay.standardOutput.contains("Tuesday 8 December 2026"))
        #expect(!oneDay.standardOutput.contains("Wednesday 9 December 2026"))
    }

    @Test func forIsAWindowOfADurationFromNow() throws {
        let file = CLI.root.appendingPathComponent("Fixtures/demo/team-week.ics").path
        let common = [file, "--today", "2026-12-08T14:00", "--tz", "Europe/Berlin", "-f", "ndjson"]
        let next = CLI.run(["events"] + common + ["--for", "2h"])
        let same = CLI.run(["events"] + common + ["--from", "now", "--to", "+2h"])
        #expect(next.status == 0)
        #expect(!next.standardOutput.isEmpty)
        #expect(next.standardOutput == same.standardOutput)
        let both = CLI.run(["events"] + common + ["--for", "2h", "--days", "1"])
        #expect(both.status == 64)
        #expect(both.standardError.contains("give one of --to, --days and --for"))
        let bad = CLI.run(["events"] + common + ["--for", "soon"])
        #expect(bad.status == 64)
    }

    @Test func freebusyHasATextViewOfTheSamePeriods() throws {
        let file = CLI.root.appendingPathComponent("Fixtures/demo/team-week.ics").path
        let common = [
            file, "--from", "2026-12-07", "--to", "2026-12-09", "--tz", "Europe/Berlin",
        ]
        let text = CLI.run(["freebusy"] + common + ["-f", "text", "--lang", "en"])
        let json = CLI.run(["freebusy"] + common)
        #expect(text.status == 0)
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Busy · Times in Europe/Berlin")
        #expect(lines.contains("  14:30–15:30  Interview: backend engineer, 1:1 with Mira"))
        #expect(lines.contains("Tuesday 8 December 2026"))
        // One line per period of the JSON, and the same total.
        let object =
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
            as? [String: Any]
        let periods = object?["busy"] as? [Any] ?? []
        #expect(lines.count { $0.hasPrefix("  ") } == periods.count)
        #expect(
            lines.last
                == "\(object?["busyMinutes"] as? Int ?? -1) min busy from 2026-12-07 to 2026-12-09")
    }

    @Test func theWeekStartMovesThisWeek() throws {
        let file = CLI.root.appendingPathComponent("Fixtures/demo/team-week.ics").path
        /// The first day with an event in the first `days` days of this week.
        func firstDay(days: Int, _ weekStart: [String]) throws -> String? {
            let result = CLI.run(
                [
                    "events", file, "--from", "this-week", "--days", "\(days)", "--today",
                    "2026-12-09", "-f", "ndjson",
                ] + weekStart,
                environment: [:])
            return try CLI.records(result.standardOutput).compactMap { $0["start"] as? String }
                .map { String($0.prefix(10)) }.min()
        }
        // The demo week has events from Monday 7 December, none on Sunday 6 December.
        #expect(try firstDay(days: 1, ["--week-start", "monday"]) == "2026-12-07")
        #expect(try firstDay(days: 1, ["--week-start", "sunday"]) == nil)
        #expect(try firstDay(days: 2, ["--week-start", "sunday"]) == "2026-12-07")
        // Under env -i there is no locale: the week starts on Sunday.
        #expect(try firstDay(days: 1, []) == nil)
    }

    @Test(arguments: [
        ("2026-09-08T14:00", "2026-09-08T14:00"), ("2026-09-08", "2026-09-08T00:00"),
        ("tomorrow 9:30", "2026-12-10T09:30"), ("mondayT14:00", "2026-12-14T14:00"),
        ("+1d 23:59", "2026-12-10T23:59"), ("today", "2026-12-09T00:00"),
    ])
    func pointForms(text: String, expected: String) {
        #expect(Self.dates.point(text)?.description == expected)
    }

    @Test(arguments: ["2026-13-01", "someday", "+d", "+1y", "tomorrow 25:00", "", "mo"])
    func notDates(text: String) {
        #expect(Self.dates.point(text) == nil)
    }

    @Test(arguments: [
        ("30", 1_800), ("30m", 1_800), ("30min", 1_800), ("1h", 3_600), ("1h30m", 5_400),
        ("1h 30min", 5_400), ("PT30M", 1_800), ("pt1h", 3_600), ("2d", 172_800), ("45s", 45),
        ("90 minutes", 5_400),
    ])
    func durations(text: String, seconds: Int) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(arguments: ["", "m", "1x", "-5m", "P-1D", "1h-30m"])
    func notDurations(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    @Test(arguments: [("09:00", 540), ("9", 540), ("9:30", 570), ("17", 1_020), ("24:00", 1_440)])
    func clockTimes(text: String, minutes: Int) {
        #expect(ClockText.minutes(text) == minutes)
    }

    @Test(arguments: ["25", "9:5", "123", "09:60", "nine"])
    func notClockTimes(text: String) {
        #expect(ClockText.minutes(text) == nil)
    }

    // MARK: - Through the command line

    private static let week = CLI.fixture("demo/team-week.ics")

    private func starts(_ arguments: [String]) throws -> [String] {
        let result = CLI.run(
            ["events", Self.week, "--tz", "Europe/Berlin", "--format", "ndjson"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return try CLI.records(result.standardOutput).compactMap { $0["start"] as? String }
    }

    @Test func relativeWindowsCountFromToday() throws {
        let today = ["--today", "2026-12-09"]
        #expect(
            try starts(today + ["--from", "today", "--days", "1"])
                == ["2026-12-08T23:00", "2026-12-09T09:00", "2026-12-09T17:00"])
        #expect(
            try starts(today + ["--from", "tomorrow 12:00", "--to", "+2d"])
                == ["2026-12-10", "2026-12-10T16:00"])
        #expect(
            try starts(today + ["--from", "this-week", "--to", "next-week"])
                == starts(["--from", "2026-12-07", "--to", "2026-12-14"]))
        #expect(
            try starts(today + ["--days", "1"])
                == starts(today + ["--from", "today", "--to", "tomorrow"]))
    }

    @Test func slotsTakeRelativeDatesAndShortRanges() throws {
        let result = CLI.run([
            "slots", Self.week, "--tz", "Europe/Berlin", "--today", "2026-12-08", "--date",
            "tomorrow", "--between", "9-12", "--every", "1h", "--format", "json",
        ])
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        #expect(object["date"] as? String == "2026-12-09")
        #expect(object["between"] as? String == "09:00-12:00")
        #expect((object["slots"] as? [Any])?.count == 3)
    }

    @Test(arguments: [
        (["events", "--to", "tomorrow", "--days", "3"], "give --to or --days, not both"),
        (["events", "-o", "out.xlsx"], "ics writes no .xlsx files"),
        (["events", "-o", "week.svg"], "this command writes text, json, ndjson, csv, not .svg"),
        (["events", "--format", "json", "-o", "out.csv"], "--format json contradicts -o out.csv"),
        (
            ["convert", "--to", "csv"],
            "--to is the date the window ends; give the format as --format csv"
        ),
        (["convert", "--format", "csv", "-o", "out.ics"], "--format csv contradicts -o out.ics"),
        (["convert", "--format", "csv", "-o", "out.ifb"], "--format csv contradicts -o out.ifb"),
        (["events", "-o", "out.ical"], "this command writes text, json, ndjson, csv, not .ical"),
        (["freebusy", "--from", "today", "--days", "2", "-o", "busy.csv"], "not .csv"),
        (["events", "--from", "2026-02-30"], "February 2026 has 28 days"),
        (["events", "--from", "someday"], "expected a date or time: YYYY-MM-DD, "),
    ])
    func contradictionsAreUsageErrors(arguments: [String], message: String) {
        let result = CLI.run(arguments + [Self.week])
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func theOutputFileNamesTheFormat() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func written(_ arguments: [String], _ name: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            let result = CLI.run(arguments + [Self.week, "--tz", "UTC", "-o", path])
            #expect(result.status <= 1, "\(result.standardError)")
            return try String(contentsOfFile: path, encoding: .utf8)
        }
        #expect(try written(["events"], "week.csv").hasPrefix("id,uid,"))
        #expect(try written(["events"], "week.ndjson").hasPrefix(#"{"id":"#))
        #expect(try written(["events"], "week.txt").hasPrefix("Times in UTC"))
        #expect(try written(["conflicts"], "clashes.json").hasPrefix(#"{"zone":"UTC""#))
        #expect(
            try written(["freebusy", "--from", "2026-12-07", "--days", "7"], "busy.ics")
                .hasPrefix("BEGIN:VCALENDAR"))
        #expect(
            try written(["layout", "week", "--date", "2026-12-08"], "week.svg").hasPrefix("<?xml"))
        #expect(
            try written(["render", "week", "--date", "2026-12-08"], "week.html").hasPrefix(
                "<!DOCTYPE html>"))
        // .json holds jCal or occurrence records: --format chooses, the extension allows both.
        #expect(
            try written(["convert", "--format", "jcal"], "cal.json").hasPrefix(#"["vcalendar""#))
        #expect(
            try written(["convert", "--format", "jcal"], "old.json").hasPrefix(#"["vcalendar""#))
        #expect(try written(["convert"], "records.json").hasPrefix("["))
        #expect(try written(["convert", "-f", "csv"], "plain").hasPrefix("id,uid,"))
        // Every extension an input is read by names the same format for -o.
        #expect(try written(["convert"], "cal.ical").hasPrefix("BEGIN:VCALENDAR"))
        #expect(try written(["convert"], "records.jsonl").hasPrefix(#"{"id":"#))
    }

    // MARK: - Filters

    private static let team = CLI.fixture("layout/team.ics")

    private func titles(_ arguments: [String], file: String = team) throws -> [String] {
        let result = CLI.run(["events", file, "--tz", "UTC", "--format", "ndjson"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return try CLI.records(result.standardOutput).compactMap { $0["title"] as? String }
    }

    @Test func filtersKeepWhatTheyName() throws {
        #expect(try titles(["--match", "REVIEW"]) == ["Design review"])
        #expect(
            try titles(["--match", "review", "--match", "lunch"]) == ["Design review", "Lunch"])
        #expect(
            try Set(titles(["--attendee", "ana"]))
                == ["Stand-up", "Design review", "Late call", "Retrospective"])
        #expect(
            try Set(titles(["--attendee", "mailto:BEN@example.com"]))
                == ["Stand-up", "Interview", "Night deployment", "Retrospective"])
        // Different filters must all match.
        #expect(try titles(["--attendee", "ben@example.com", "--match", "review"]).isEmpty)
        #expect(try titles(["--attendee", "ana", "--match", "review"]) == ["Design review"])
        let week = Self.week
        #expect(try titles(["--category", "team"], file: week) == ["Team offsite"])
        #expect(
            try titles(["--status", "cancelled", "--status", "TENTATIVE"], file: week) == [
                "Lunch with the design team", "Sprint retrospective",
            ])
        #expect(
            try titles(["--uid", "offsite@demo.chronosketch"], file: week) == ["Team offsite"])
    }

    @Test func everyReadingCommandFilters() throws {
        let conflicts = CLI.run([
            "conflicts", Self.week, "--tz", "Europe/Berlin", "--match", "interview", "--match",
            "mira", "--format", "json",
        ])
        #expect(conflicts.status == 1)
        #expect(conflicts.standardOutput.contains(#""busyEvents":2"#))
        let week = CLI.run([
            "layout", "week", Self.week, "--date", "2026-12-08", "--tz", "Europe/Berlin",
            "--match", "offsite", "--format", "json",
        ])
        #expect(week.status == 0)
        #expect(week.standardOutput.contains("Team offsite"))
        #expect(!week.standardOutput.contains("Roadmap review"))
        // A conversion to .ics keeps the whole VEVENT of every matching series, and the rest
        // of the calendar (its VTIMEZONEs).
        let converted = CLI.run(["convert", Self.team, "--match", "stand-up"])
        #expect(converted.status == 0)
        let events = converted.standardOutput.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        #expect(events.count == 1)
        #expect(events.first?.contains("RRULE:FREQ=") == true)
        #expect(events.first?.contains("SUMMARY:Stand-up") == true)
        let busy = CLI.run([
            "freebusy", Self.week, "--tz", "UTC", "--from", "2026-12-07", "--days", "7",
            "--status", "cancelled",
        ])
        #expect(busy.standardOutput.contains(#""busy":[]"#))
        let bad = CLI.run(["events", Self.week, "--status", "maybe"])
        #expect(bad.status == 64)
    }

    // MARK: - Slots over days

    private func freeSlots(_ arguments: [String]) throws -> (status: Int32, slots: [[String: Any]])
    {
        let result = CLI.run(
            ["slots", Self.week, "--tz", "Europe/Berlin", "--format", "json"] + arguments)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any], "\(result.standardError)")
        return (result.status, try #require(object["slots"] as? [[String: Any]]))
    }

    @Test func theFirstFreeHourOfTheWeek() throws {
        let first = try freeSlots([
            "--today", "2026-12-07", "--from", "monday", "--to", "+7d", "--duration", "1h",
            "--first", "1",
        ])
        #expect(first.status == 0)
        #expect(first.slots.count == 1)
        // Monday is taken until the 1:1 ends at 13:00 (stand-up, roadmap review, lunch, New York sync).
        #expect(first.slots.first?["start"] as? String == "2026-12-07T13:00")
        #expect(first.slots.first?["end"] as? String == "2026-12-07T14:00")
    }

    @Test func freeSlotsOfSeveralDaysKeepToTheWeekdaysAndTheRange() throws {
        let all = try freeSlots([
            "--from", "2026-12-07", "--days", "7", "--between", "9-17", "--every", "1h",
            "--weekdays", "mon-fri",
        ])
        let dates = Set(all.slots.compactMap { $0["date"] as? String })
        #expect(!dates.contains("2026-12-12") && !dates.contains("2026-12-13"))
        // The offsite fills Thursday and Friday.
        #expect(!dates.contains("2026-12-10") && !dates.contains("2026-12-11"))
        for slot in all.slots {
            let start = try #require(slot["start"] as? String)
            let hour = Int(start.dropFirst(11).prefix(2)) ?? -1
            #expect((9...16).contains(hour))
        }
        let weekend = try freeSlots([
            "--from", "2026-12-07", "--days", "7", "--weekdays", "sa-su", "--duration", "8h",
            "--between", "9-17",
        ])
        #expect(weekend.status == 0)
        #expect(
            weekend.slots.compactMap { $0["start"] as? String } == [
                "2026-12-12T09:00", "2026-12-13T09:00",
            ])
        let none = try freeSlots([
            "--from", "2026-12-10", "--days", "2", "--duration", "1h",
        ])
        #expect(none.status == 1)
        #expect(none.slots.isEmpty)
    }

    @Test(arguments: [
        (["--weekdays", "mon-fri"], "it is for several days"),
        (["--days", "3", "--weekdays", "funday"], "expected weekday names or ranges"),
        (["--date", "2026-12-08", "--days", "3"], "--date contradicts"),
        (["--days", "2", "--length", "1h", "--duration", "2h"], "--length contradicts --duration"),
    ])
    func slotOptionsThatDoNotFit(arguments: [String], message: String) {
        let result = CLI.run(["slots", Self.week] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    // MARK: - Input formats

    /// The same week as `.ics`, jCal, NDJSON, JSON and CSV (the last ones the occurrences
    /// `ics events` writes), under telling names and under none: every reading command finds
    /// the same conflicts and busy time in each.
    @Test func everyReadingCommandReadsEveryFormat() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for (format, names) in [
            ("jcal", ["week.jcal", "week-jcal"]), ("ndjson", ["week.ndjson", "week-ndjson"]),
            ("json", ["week.json", "week-json"]), ("csv", ["week.csv", "week-csv"]),
        ] {
            let converted = CLI.run(["convert", Self.week, "--format", format, "--tz", "UTC"])
            #expect(converted.status == 0)
            for name in names {
                let path = directory.appendingPathComponent(name).path
                try Data(converted.standardOutput.utf8).write(to: URL(fileURLWithPath: path))
                files.append(path)
            }
        }
        let commands: [[String]] = [
            ["conflicts", "--format", "json"],
            ["freebusy", "--from", "2026-12-07", "--days", "7"],
            ["slots", "--from", "2026-12-07", "--days", "7", "--format", "json"],
            [
                "check", "--start", "2026-12-08T13:00", "--end", "2026-12-08T16:00", "--format",
                "json",
            ],
        ]
        for command in commands {
            let expected = CLI.run(command + [Self.week, "--tz", "UTC"])
            for file in files {
                let result = CLI.run(command + [file, "--tz", "UTC"])
                #expect(result.status == expected.status, "\(command) \(file)")
                #expect(
                    result.standardOutput.replacingOccurrences(of: file, with: "")
                        .replacingOccurrences(
                            of: #""line":\d+"#, with: "", options: .regularExpression)
                        == expected.standardOutput.replacingOccurrences(of: Self.week, with: "")
                        .replacingOccurrences(
                            of: #""line":\d+"#, with: "", options: .regularExpression),
                    "\(command) \(file)")
                #expect(result.standardError.isEmpty, "\(command) \(file): \(result.standardError)")
            }
        }
        // Standard input: the format is told by its first bytes.
        let records = CLI.run(["events", Self.week, "--format", "ndjson", "--tz", "UTC"])
        let piped = CLI.run(
            ["conflicts", "--tz", "UTC"], standardInput: Array(records.standardOutput.utf8))
        let direct = CLI.run(["conflicts", Self.week, "--tz", "UTC"])
        #expect(piped.status == 1)
        #expect(
            piped.standardOutput.split(separator: "\n").last
                == direct.standardOutput.split(separator: "\n").last)
    }

    /// Text whose first line holds no comma is no CSV: it is read as iCalendar, whose reader
    /// says what it is not. A CSV is told by its comma even after a long first column name,
    /// through a pipe.
    @Test func textWithoutACommaIsNoCSV() throws {
        let notes = CLI.run(["events"], standardInput: Array("Meeting notes\nbring coffee\n".utf8))
        #expect(notes.status == 2)
        #expect(
            notes.standardError
                == "<stdin>:1: error: Not an iCalendar file: expected 'BEGIN:VCALENDAR', found 'Meeting notes'\n"
        )
        let csv =
            "Description of the event,title,start,end\nlong,Planning,2026-12-08T09:00,2026-12-08T10:00\n"
        let piped = CLI.run(
            ["events", "--tz", "UTC", "--format", "ndjson"], standardInput: Data(csv.utf8))
        #expect(piped.status == 0)
        #expect(piped.standardOutput.contains(#""title":"Planning""#))
    }

    // MARK: - Standard input on a terminal

    /// Under a pseudo-terminal (util-linux `script`), a command given no file says it reads
    /// the terminal; through a pipe it says nothing of the kind.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aTerminalOnStandardInputGetsAHint() throws {
        let hint = "reading a calendar from standard input (the terminal)"
        let terminal = try CLI.runBinary(
            [
                "-c", "(sleep 1; printf '\\004') | script -qc \"$0 events --tz UTC\" /dev/null",
                CLI.binary.path,
            ], limit: 60, shell: true)
        #expect(terminal.standardOutput.contains(hint), "\(terminal.standardOutput)")
        let piped = try CLI.runBinary(
            ["-c", "printf '' | \"$0\" events --tz UTC", CLI.binary.path], shell: true)
        #expect(!piped.standardError.contains(hint))
        #expect(piped.standardError.contains("Empty file"))
    }

    /// Under a pseudo-terminal, a run that lasts more than a second shows a progress line on
    /// stderr and erases it at the end; through a pipe, or with `--quiet`, nothing. The run
    /// lasts because its input, a FIFO, stalls for two seconds halfway.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")),
        arguments: [
            (true, false, false), (true, true, false), (false, false, false), (true, false, true),
        ])
    func aLongReadShowsProgressOnATerminalOnly(terminal: Bool, quiet: Bool, dumb: Bool) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var first = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Tests//EN\r\n"
        var second = ""
        for number in 0..<200 {
            let event =
                "BEGIN:VEVENT\r\nUID:e\(number)@tests\r\nDTSTAMP:20260101T000000Z\r\n"
                + "DTSTART:20260105T\(String(format: "%02d", number % 24))0000Z\r\nDURATION:PT30M\r\n"
                + "SUMMARY:Event \(number)\r\nEND:VEVENT\r\n"
            if number < 100 { first += event } else { second += event }
        }
        second += "END:VCALENDAR\r\n"
        try first.write(
            to: directory.appendingPathComponent("first"), atomically: true, encoding: .utf8)
        try second.write(
            to: directory.appendingPathComponent("second"), atomically: true, encoding: .utf8)
        // `TERM=dumb` is a terminal that cannot erase a line: no progress either.
        let command =
            "\(dumb ? "TERM=dumb " : "")\"$0\" events cal.ics --format ndjson\(quiet ? " --quiet" : "") > out.ndjson"
        let run =
            terminal
            ? "script -qec '\(command.replacingOccurrences(of: "$0", with: CLI.binary.path))' typescript > /dev/null"
            : "\(command) 2> typescript"
        let result = try CLI.runBinary(
            [
                "-c",
                "mkfifo cal.ics && { cat first; sleep 2; cat second; } > cal.ics & \(run); wait",
                CLI.binary.path,
            ], in: directory, limit: 60, shell: true)
        #expect(result.status == 0, "\(result.standardError)")
        let output = try String(
            contentsOf: directory.appendingPathComponent("out.ndjson"), encoding: .utf8)
        #expect(output.split(separator: "\n").count == 200)
        let seen = try String(
            contentsOf: directory.appendingPathComponent("typescript"), encoding: .utf8)
        if terminal, !quiet, !dumb {
            #expect(seen.contains("\rics: reading "), "\(seen)")
            #expect(seen.contains(" events, "))
            // Erased at the end: the last thing drawn is a carriage return and a clear.
            let erased = try #require(seen.range(of: "\r\u{1B}[K", options: .backwards))
            #expect(!seen[erased.upperBound...].contains("ics: reading"))
        } else {
            #expect(!seen.contains("ics: reading"), "\(seen)")
        }
    }

    @Test func theProgressLineSaysBytesEventsAndTime() {
        #expect(
            ProgressLine.text(bytes: 45_200_000, total: 98_000_000, events: 41_000, seconds: 3.25)
                == "ics: reading 45.2 of 98.0 MB (46 %), 41,000 events, 3.2 s")
        #expect(
            ProgressLine.text(bytes: 1_000_000, total: nil, events: 1, seconds: 1.0)
                == "ics: reading 1.0 MB, 1 event, 1.0 s")
        // Text converted from JSON outgrows its file: no percentage above 100.
        #expect(
            ProgressLine.text(bytes: 3_000_000, total: 2_000_000, events: 10, seconds: 2)
                == "ics: reading 3.0 MB, 10 events, 2.0 s")
        #expect(
            ProgressLine.text(
                bytes: 106_500_000, total: 106_500_000, events: 163_805, seconds: 3.7,
                readingDone: true)
                == "ics: 163,805 events read (106.5 MB); working, 3.7 s")
        #expect(ASCIIDigits.grouped(1_234_567) == "1,234,567")
        #expect(ASCIIDigits.grouped(999) == "999")
        #expect(ASCIIDigits.grouped(-1_000) == "-1,000")
    }

    /// UTC by any of the database's names, `/etc/localtime`'s `Etc/UTC` included, is `UTC`.
    @Test(arguments: ["Etc/UTC", "Etc/Universal", "Zulu", "GMT"])
    func utcIsCalledUTC(name: String) {
        let named = CLI.run(["events", Self.week, "--tz", name])
        #expect(named.standardOutput.hasPrefix("Times in UTC\n"))
        let local = CLI.run(["events", Self.week, "--format", "json"], environment: ["TZ": name])
        #expect(local.standardOutput.contains(#""zone":"UTC""#))
        let london = CLI.run(["events", Self.week, "--tz", "Europe/London"])
        #expect(london.standardOutput.hasPrefix("Times in Europe/London\n"))
    }

    /// A TZ that names no zone is refused as --tz is, not read as UTC in silence; a POSIX TZ
    /// string and an empty TZ (UTC) are zones.
    @Test func aTZNamingNoZoneIsAUsageError() {
        let unknown = CLI.run(["events", Self.week], environment: ["TZ": "Foo/Bar"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("The TZ variable names no time zone ('Foo/Bar')"))
        #expect(unknown.standardOutput.isEmpty)
        // --tz says which zone: TZ is then not asked.
        #expect(
            CLI.run(["events", Self.week, "--tz", "UTC"], environment: ["TZ": "Foo/Bar"]).status
                == 0)
        for zone in ["EST5EDT", ""] {
            #expect(CLI.run(["events", Self.week], environment: ["TZ": zone]).status == 0)
        }
    }

    /// `now` and minutes or hours from it, counted from a --today with a time.
    @Test func nowAndHoursFromIt() throws {
        let window = ["events", Self.week, "--tz", "Europe/Berlin", "-f", "json"]
        func titles(_ arguments: [String]) throws -> [String] {
            let result = CLI.run(window + arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            let events = try #require(
                JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                    as? [[String: Any]])
            return events.compactMap { $0["title"] as? String }
        }
        let afternoon = ["Interview: backend engineer", "1:1 with Mira"]
        #expect(
            try titles(["--today", "2026-12-08T14:00", "--from", "now", "--to", "+2h"]) == afternoon
        )
        #expect(
            try titles(["--today", "2026-12-08T16:00", "--from", "-90m", "--to", "now"])
                == afternoon)
        #expect(
            try titles(["--today", "2026-12-08T14:00", "--from", "now", "--to", "+20m"]).isEmpty)
        #expect(CLI.run(window + ["--from", "15m"]).status == 64)
    }

    /// A directory is read as a vdir, every `.ics` in it (hidden files and others left out);
    /// a missing file named like a date asks whether --from was meant.
    @Test func directoriesAndDatesAsPositionals() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("vdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, day) in ["01", "02"].enumerated() {
            let event =
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:e\(index)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:202612\(day)T090000\r\nSUMMARY:Event \(index)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            try event.write(
                to: folder.appendingPathComponent("e\(index).ics"), atomically: true,
                encoding: .utf8)
        }
        try "not a calendar".write(
            to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let listed = CLI.run(["events", folder.path, "--tz", "UTC", "-f", "ndjson"])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(
            try CLI.records(listed.standardOutput).compactMap { $0["uid"] as? String } == [
                "e0", "e1",
            ])
        let dated = CLI.run(["events", Self.week, "today", "--tz", "UTC"])
        #expect(dated.status == 64)
        #expect(dated.standardOutput.isEmpty)
        #expect(
            dated.standardError.hasPrefix(
                "Error: 'today' is a date, not a calendar file: to start there, give --from today"))
        let missing = CLI.run(["events", "no-such-calendar.ics", "--tz", "UTC"])
        #expect(missing.standardError.contains("No such file\n"))
    }

    /// `check --duration` is `--end` counted from `--start`; both, or neither, is a usage error.
    @Test func checkTakesADuration() {
        let base = ["check", Self.week, "--tz", "Europe/Berlin", "--start", "2026-12-08T14:00"]
        let byDuration = CLI.run(base + ["--duration", "1h"])
        let byEnd = CLI.run(base + ["--end", "2026-12-08T15:00"])
        #expect(byDuration.status == 1)
        #expect(byDuration.standardOutput == byEnd.standardOutput)
        #expect(
            byDuration.standardOutput.hasPrefix(
                "Not allowed: 14:00–15:00 on Tuesday 8 December 2026"))
        #expect(CLI.run(base + ["--duration", "20m"]).status == 0)
        let both = CLI.run(base + ["--duration", "1h", "--end", "2026-12-08T15:00"])
        #expect(both.status == 64)
        #expect(both.standardError.contains("--end contradicts --duration"))
        #expect(CLI.run(base).status == 64)
    }

    /// Filters and versions: a sorted listing chooses the newest version first; the streaming
    /// paths filter each version as read (as the README says).
    @Test func filtersMeetVersionsAsDocumented() throws {
        let calendar = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:v\r\nSEQUENCE:0\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000\r\nSUMMARY:Budget review\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:v\r\nSEQUENCE:1\r\nDTSTAMP:20260102T000000Z\r\nDTSTART:20260105T100000\r\nSUMMARY:Planning\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """
        let input = Data(calendar.utf8)
        let base = ["--tz", "UTC", "-f", "ndjson"]
        let sorted = CLI.run(
            ["events", "-", "--match", "budget"] + base, standardInput: input)
        #expect(sorted.standardOutput.isEmpty)
        let newest = CLI.run(
            ["events", "-", "--match", "planning"] + base, standardInput: input)
        #expect(
            try CLI.records(newest.standardOutput).map { $0["title"] as? String } == ["Planning"])
        let streamed = CLI.run(
            ["events", "-", "--match", "budget", "--order", "file"] + base, standardInput: input)
        #expect(
            try CLI.records(streamed.standardOutput).map { $0["title"] as? String } == [
                "Budget review"
            ])
        let copied = CLI.run(
            ["convert", "-", "--match", "budget", "-f", "ics"], standardInput: input)
        #expect(copied.standardOutput.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
    }

    /// A short option's value written against it, and the last of an option given twice.
    @Test func shellHabitsAreTaken() throws {
        let attached = CLI.run(["events", Self.week, "-fjson", "--tz", "UTC"])
        #expect(attached.status == 0)
        #expect(attached.standardOutput.hasPrefix("["))
        let twice = CLI.run([
            "events", Self.week, "--tz", "UTC", "-f", "json", "--from", "2000-01-01", "--from",
            "2100-01-01", "--days", "1",
        ])
        #expect(twice.status == 0)
        #expect(twice.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}

/// `--lang` and `--week-start` from the locale (`LC_ALL`, `LC_TIME`, `LANG`).
@Suite struct LocaleDefaultTests {
    @Test(
        arguments: [
            (["LANG": "de_DE.UTF-8"], "de", "DE"), (["LANG": "en_US"], "en", "US"),
            (["LANG": "pt_BR.UTF-8@euro"], "pt", "BR"), (["LANG": "de"], "de", nil),
            (["LANG": "C.UTF-8"], nil, nil), (["LANG": "POSIX"], nil, nil), ([:], nil, nil),
            (["LC_ALL": "de_AT.UTF-8", "LANG": "en_US.UTF-8"], "de", "AT"),
            (["LC_ALL": "", "LC_TIME": "en_GB.UTF-8", "LANG": "de_DE.UTF-8"], "en", "GB"),
        ] as [([String: String], String?, String?)])
    func readsTheLocale(environment: [String: String], language: String?, territory: String?) {
        #expect(UserLocale(environment) == UserLocale(language: language, territory: territory))
    }

    @Test(
        arguments: [
            ("en_US.UTF-8", nil, Weekday.sunday), ("en_GB.UTF-8", nil, .monday),
            ("de_DE.UTF-8", nil, .monday), ("de", nil, .monday), ("C.UTF-8", nil, .sunday),
            ("ja_JP.UTF-8", nil, .sunday), ("en_US.UTF-8", Language.de, .monday),
            ("de_DE.UTF-8", Language.en, .sunday),
        ] as [(String, Language?, Weekday)])
    func weekStart(lang: String, given: Language?, expected: Weekday) {
        #expect(UserLocale(["LANG": lang]).weekStart(lang: given) == expected)
    }

    private static let week = CLI.fixture("demo/team-week.ics")

    private func weekStart(_ arguments: [String], _ environment: [String: String]) throws
        -> String?
    {
        let result = CLI.run(
            ["layout", "week", Self.week, "--date", "2026-12-09", "-f", "json"] + arguments,
            environment: environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return (object as? [String: Any])?["weekStart"] as? String
    }

    @Test func theWeekViewStartsAsTheLocaleSays() throws {
        #expect(try weekStart([], ["LANG": "en_US.UTF-8"]) == "2026-12-06")
        #expect(try weekStart([], ["LANG": "en_GB.UTF-8"]) == "2026-12-07")
        #expect(
            try weekStart([], ["LC_TIME": "de_DE.UTF-8", "LANG": "en_US.UTF-8"]) == "2026-12-07")
        #expect(try weekStart(["--lang", "en"], ["LANG": "de_DE.UTF-8"]) == "2026-12-06")
        #expect(try weekStart(["--week-start", "sunday"], ["LANG": "de_DE.UTF-8"]) == "2026-12-06")
        #expect(try weekStart([], [:]) == "2026-12-06")
    }

    @Test func aGermanLocaleWritesGermanViewsUnlessLangSaysOtherwise() {
        let arguments = ["layout", "week", Self.week, "--date", "2026-12-09"]
        let german = CLI.run(arguments, environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.standardOutput.hasPrefix("KW 50/2026 · Montag, 7. Dezember 2026"))
        let english = CLI.run(arguments + ["--lang", "en"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(english.standardOutput.hasPrefix("Week 50 of 2026 · Sunday 6 December 2026"))
    }

    @Test func thisWeekInEveryCommandFollowsTheLocale() throws {
        func first(_ environment: [String: String]) -> String? {
            let result = CLI.run(
                [
                    "events", Self.week, "--from", "this-week", "--days", "1", "--today",
                    "2026-12-09", "-f", "ndjson", "--tz", "UTC",
                ], environment: environment)
            return result.standardError.isEmpty ? result.standardOutput : nil
        }
        // The fixture's week holds no event on Sunday 6 December, one on Monday the 7th.
        #expect(first(["LANG": "en_US.UTF-8"]) == "")
        #expect(first(["LANG": "de_DE.UTF-8"])?.contains("\"2026-12-07") == true)
    }
}
