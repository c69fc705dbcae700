import ChronoSketchFormats
import Foundation
import Testing

@testable import ChronoSketchCLI

/// `ics todos`: which tasks are listed, in what order, and how their due dates read.
@Suite struct TodosCommandTests {
    static let chores = CLI.fixture("tasks/chores.ics")

    /// `ics todos` on the chores with now pinned to `now` in Berlin.
    static func todos(_ arguments: [String], now: String = "2026-12-05T10:00") -> RunResult {
        CLI.run(
            ["todos", chores, "--tz", "Europe/Berlin", "--today", now] + arguments,
            standardInput: Data?.none)
    }

    static func records(_ arguments: [String], now: String = "2026-12-05T10:00") throws
        -> [[String: Any]]
    {
        let result = todos(["-f", "json"] + arguments, now: now)
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
    }

    static func calendar(_ body: String) -> Data {
        Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + body
                + "END:VCALENDAR\r\n").utf8)
    }

    @Test func openTasksAreListedByDueThenPriorityTheUndatedLast() throws {
        let tasks = try Self.records([])
        #expect(
            tasks.map { $0["uid"] as? String } == [
                "report@fixtures", "rent@fixtures", "bins@fixtures", "attic@fixtures",
            ])
        // The rent of December is done (its override says so): January's is the one open.
        #expect(tasks[1]["due"] as? String == "2027-01-01")
        #expect(tasks[0]["dueUTC"] as? String == "2026-12-07T16:00:00Z")
        #expect(tasks[0]["percentComplete"] as? Int == 40)
        // The task with neither DTSTART nor DUE is there, with no time.
        #expect(tasks[3]["due"] is NSNull)
        #expect(tasks[3]["start"] is NSNull)
        #expect(tasks[3]["priority"] as? Int == 9)
    }

    @Test func doneTasksAreListedWhenAskedFor() throws {
        let done = try Self.records(["--status", "done"])
        #expect(done.map { $0["id"] as? String } == ["rent@fixtures#2026-12-01"])
        #expect(done.first?["done"] as? Bool == true)
        #expect(done.first?["completed"] as? String == "2026-11-30T18:15:00Z")
        // Of the rent, the first occurrence is listed: December's, done.
        let all = try Self.records(["--status", "all"])
        #expect(
            all.map { $0["id"] as? String } == [
                "rent@fixtures#2026-12-01", "report@fixtures", "bins@fixtures#2026-12-08T07:00",
                "attic@fixtures",
            ])
        let text = Self.todos(["--status", "all"]).standardOutput
        #expect(text.contains("[x] 4 days ago"))
    }

    @Test func aDateIsOverdueOnceItsDayIsOverATimeOnceItIsReached() throws {
        let calendar = Self.calendar(
            """
            BEGIN:VTODO\r
            UID:day\r
            DUE;VALUE=DATE:20261205\r
            SUMMARY:Due today\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:time\r
            DUE:20261205T090000Z\r
            SUMMARY:Due at nine\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:later\r
            DUE:20261205T180000Z\r
            SUMMARY:Due at six\r
            END:VTODO\r

            """)
        func overdue(_ now: String) -> [String] {
            let result = CLI.run(
                ["todos", "--tz", "UTC", "--today", now, "--overdue", "-f", "ndjson"],
                standardInput: calendar)
            return result.standardOutput.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.compactMap { $0["uid"] as? String }
        }
        #expect(overdue("2026-12-05T08:59") == [])
        #expect(overdue("2026-12-05T09:00") == ["time"])
        #expect(overdue("2026-12-05T23:59") == ["time", "later"])
        #expect(overdue("2026-12-06T00:00") == ["day", "time", "later"])
        let text = CLI.run(
            ["todos", "--tz", "UTC", "--today", "2026-12-07T12:00"], standardInput: calendar)
        #expect(text.standardOutput.contains("[ ] 2 days overdue"))
    }

    @Test func dueWithinKeepsWhatIsDueBeforeThenTheOverdueIncluded() throws {
        let soon = try Self.records(["--due-within", "3d"], now: "2026-12-09T10:00")
        // The report (due the 7th) is overdue, so due within any time; the rent is not.
        #expect(soon.map { $0["uid"] as? String } == ["report@fixtures"])
        #expect(soon.first?["overdue"] as? Bool == true)
        let month = try Self.records(["--due-within", "P30D"], now: "2026-12-09T10:00")
        #expect(month.map { $0["uid"] as? String } == ["report@fixtures", "rent@fixtures"])
        let refused = Self.todos(["--due-within", "soon"])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("--due-within"))
    }

    @Test func aWindowListsEveryOccurrenceInItAndSaysWhatHasNoTime() throws {
        let result = Self.todos(["--from", "2026-12-01", "--days", "15", "-f", "ndjson"])
        #expect(result.status == 0)
        let ids = result.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"]
                as? String
        }
        #expect(
            ids == [
                "report@fixtures", "bins@fixtures#2026-12-08T07:00",
                "bins@fixtures#2026-12-15T07:00",
            ])
        #expect(
            result.standardError.contains(
                "chores.ics:47: warning: 1 VTODO component has neither DTSTART nor DUE"))
        // Without a window the endless bins series is one task, and says nothing of its end.
        #expect(!Self.todos([]).standardError.contains("no end"))
    }

    @Test func theFiltersReachTasksWithoutATime() throws {
        let attic = try Self.records(["--match", "ATTIC"])
        #expect(attic.map { $0["uid"] as? String } == ["attic@fixtures"])
        let none = try Self.records(["--category", "garden"])
        #expect(none.isEmpty)
        let limited = try Self.records(["--limit", "2"])
        #expect(limited.map { $0["uid"] as? String } == ["report@fixtures", "rent@fixtures"])
    }

    @Test func theTextSaysWhenEachIsDueRelativeToToday() {
        let english = Self.todos([]).standardOutput
        #expect(
            english == """
                Times in Europe/Berlin

                [ ] in 2 days    Mon 7 Dec 17:00  P1  Write the quarterly report  40%
                [ ] in 27 days   Fri 1 Jan 2027   P2  Pay the rent
                [ ] no due date  Tue 8 Dec 07:00      Put the bins out
                [ ] no due date                   P9  Clear the attic

                """)
        let german = Self.todos(["--lang", "de"], now: "2026-12-07T18:00").standardOutput
        #expect(
            german.contains("[ ] überfällig       Mo 7. Dez 17:00  P1  Write the quarterly report"))
        #expect(Self.todos(["--match", "nothing"]).standardOutput == "No tasks.\n")
    }

    @Test func anUndatedTaskSaysWhatItHasOutOfRange() {
        let result = CLI.run(
            ["todos", "--tz", "UTC"],
            standardInput: Self.calendar(
                "BEGIN:VTODO\r\nUID:u\r\nSUMMARY:Odd\r\nPRIORITY:12\r\nEND:VTODO\r\n"))
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Odd"))
        #expect(!result.standardOutput.contains("P12"))
        #expect(result.standardError.contains("<stdin>:7: warning: PRIORITY"))
    }

    @Test func theDueInstantIsTheSameFromEveryZone() throws {
        var instants: Set<String> = []
        for zone in ["Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "UTC"] {
            let result = CLI.run(
                [
                    "todos", Self.chores, "--tz", zone, "--today", "2026-12-05", "-f", "ndjson",
                    "--uid", "report@fixtures",
                ],
                standardInput: Data?.none)
            let record = try #require(
                JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                    as? [String: Any])
            instants.insert(try #require(record["dueUTC"] as? String))
        }
        #expect(instants == ["2026-12-07T16:00:00Z"])
    }

    @Test func hostileTitlesReachNeitherTerminalNorSpreadsheet() {
        let calendar = Self.calendar(
            "BEGIN:VTODO\r\nUID:h\r\nSUMMARY:=HYPERLINK(\"x\")\u{1B}[31mred\r\nEND:VTODO\r\n")
        let text = CLI.run(["todos", "--tz", "UTC"], standardInput: calendar).standardOutput
        #expect(!text.contains("\u{1B}"))
        let csv = CLI.run(["todos", "--tz", "UTC", "-f", "csv"], standardInput: calendar)
            .standardOutput
        #expect(csv.contains("\"'=HYPERLINK("))
        let raw = CLI.run(
            ["todos", "--tz", "UTC", "-f", "csv", "--raw-csv"], standardInput: calendar
        )
        .standardOutput
        #expect(raw.contains("\"=HYPERLINK("))
    }
}

extension TodosCommandTests {
    @Test func theSchemaNamesEveryFieldTheRecordsHaveInTheirOrder() throws {
        let url = CLI.root.appendingPathComponent("Schemas/task-record.schema.json")
        let schema = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(schema["required"] as? [String] == TaskSchema.columnNames)
        let csv = Self.todos(["-f", "csv"]).standardOutput
        #expect(
            csv.split(separator: "\n").first.map(String.init)
                == TaskSchema.columnNames.joined(separator: ","))
    }
}

extension TodosCommandTests {
    static let dueDays = calendar(
        """
        BEGIN:VTODO\r
        UID:a\r
        DUE:20261207T160000Z\r
        SUMMARY:Only due\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:b\r
        DUE;VALUE=DATE:20261208\r
        SUMMARY:Due a day\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:c\r
        DTSTART:20261201T090000Z\r
        DUE:20261209T090000Z\r
        SUMMARY:Long task\r
        STATUS:COMPLETED\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:d\r
        DTSTART:20261207T070000Z\r
        SUMMARY:Started, never due\r
        END:VTODO\r
        BEGIN:VEVENT\r
        UID:e\r
        DTSTART:20261207T080000Z\r
        DTEND:20261207T090000Z\r
        SUMMARY:Early\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:f\r
        DTSTART:20261207T170000Z\r
        DTEND:20261207T180000Z\r
        SUMMARY:Late\r
        END:VEVENT\r

        """)

    @Test func theAgendaShowsOpenTasksOnTheDayTheyAreDueAtTheirDue() {
        let window = ["agenda", "--tz", "UTC", "--from", "2026-12-07", "--days", "3"]
        let agenda = CLI.run(window + ["--todos"], standardInput: Self.dueDays)
        #expect(agenda.status == 0)
        #expect(
            agenda.standardOutput == """
                Times in UTC

                Monday 7 December 2026
                  08:00–09:00  Early
                  due 16:00    [ ] Only due
                  17:00–18:00  Late

                Tuesday 8 December 2026
                  due          [ ] Due a day

                """)
        // Done tasks when --status asks for them, and no task without --todos.
        let all = CLI.run(window + ["--todos", "--status", "all"], standardInput: Self.dueDays)
        #expect(all.standardOutput.contains("  due 09:00    [x] Long task\n"))
        let plain = CLI.run(window, standardInput: Self.dueDays).standardOutput
        #expect(!plain.contains("due"))
        #expect(plain.contains("Late"))
    }
}

extension TodosCommandTests {
    static let durations = calendar(
        """
        BEGIN:VTODO\r
        UID:d\r
        DTSTAMP:20261201T000000Z\r
        DURATION:PT1H\r
        SUMMARY:Duration alone\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:e\r
        DTSTAMP:20261201T000000Z\r
        DTSTART:20261207T090000Z\r
        DURATION:PT1H\r
        SUMMARY:Duration with a start\r
        END:VTODO\r

        """)

    @Test func aDurationWithoutDTSTARTIsAnErrorOfTheTask() {
        let result = CLI.run(["validate", "-f", "text"], standardInput: Self.durations)
        #expect(result.status == 1)
        // validate's findings are its output.
        #expect(
            result.standardOutput.contains(
                "<stdin>:7: error: VTODO has DURATION but no DTSTART, which RFC 5545 requires with it"
            ))
        #expect(!result.standardOutput.contains(":14: error"))
        // A listing that reads the tasks says it; one of events alone does not.
        let todos = CLI.run(["todos", "--tz", "UTC"], standardInput: Self.durations)
        #expect(
            todos.standardError.contains(
                "<stdin>:7: warning: VTODO has DURATION but no DTSTART, which RFC 5545 requires with it; DURATION ignored"
            ))
        #expect(todos.standardOutput.contains("Duration alone"))
        let events = CLI.run(["events", "--tz", "UTC"], standardInput: Self.durations)
        #expect(!events.standardError.contains("DURATION"))
    }
}
