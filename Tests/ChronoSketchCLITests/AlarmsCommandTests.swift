import ChronoSketchFormats
import Foundation
import Testing

@testable import ChronoSketchCLI

/// `ics alarms`: when each alarm goes off, per occurrence, in a window.
@Suite struct AlarmsCommandTests {
    static let reminders = CLI.fixture("alarms/reminders.ics")

    static func alarms(_ arguments: [String], zone: String = "Europe/Berlin") -> RunResult {
        CLI.run(
            ["alarms", reminders, "--tz", zone] + arguments, standardInput: Data?.none)
    }

    static func records(_ arguments: [String], zone: String = "Europe/Berlin") -> [[String: Any]] {
        alarms(["-f", "ndjson", "-q"] + arguments, zone: zone).standardOutput.split(
            separator: "\n"
        ).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static func calendar(_ body: String) -> Data {
        Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + body
                + "END:VCALENDAR\r\n").utf8)
    }

    @Test func everyOccurrenceGoesOffAsItsOwnAlarmsSay() {
        let result = Self.alarms(["--from", "2026-12-07", "--days", "4"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                Times in Europe/Berlin

                Mon 7 Dec 09:00   EMAIL    Design review: Read the design document first.
                Mon 7 Dec 09:20   DISPLAY  Stand-up: Stand-up in ten minutes
                Tue 8 Dec 09:20   DISPLAY  Stand-up: Stand-up in ten minutes
                Tue 8 Dec 14:45   DISPLAY  Design review: Wrap up the review
                Tue 8 Dec 14:50   DISPLAY  Design review: Wrap up the review (again, 1 of 2)
                Tue 8 Dec 14:55   DISPLAY  Design review: Wrap up the review (again, 2 of 2)
                Tue 8 Dec 17:30   DISPLAY  Alarms written wrong: Repeat without duration
                Tue 8 Dec 17:40   DISPLAY  Alarms written wrong: Absurd repeat
                Wed 9 Dec 09:00   DISPLAY  Ann's birthday: Buy a present
                Wed 9 Dec 10:55   AUDIO    Stand-up (moved)
                Wed 9 Dec 16:00   DISPLAY  Send the invoice: Invoice due in an hour
                Wed 9 Dec 17:40   DISPLAY  Alarms written wrong: Absurd repeat (again, 1 of 1000)
                Thu 10 Dec 09:20  DISPLAY  Stand-up: Stand-up in ten minutes
                Thu 10 Dec 17:40  DISPLAY  Alarms written wrong: Absurd repeat (again, 2 of 1000)

                """)
    }

    @Test func whatKeepsAnAlarmFromGoingOffAsWrittenIsSaidWithItsCode() {
        let said = Self.alarms(["--from", "2026-12-07", "--days", "4"]).standardError
        for line in [
            "reminders.ics:99: warning: VALARM has no TRIGGER; alarm not listed",
            "reminders.ics:106: warning: VALARM has REPEAT but no DURATION; it goes off once",
            "reminders.ics:112: warning: REPEAT 99999999 is more than 1000; it goes off again 1000 times",
            "reminders.ics:111: warning: TRIGGER goes off more than 366 days from its occurrence",
            "reminders.ics:124: warning: TRIGGER is related to the start of a VTODO without DTSTART; read from its DUE",
        ] {
            #expect(said.contains(line), "\(line)")
        }
        // Each is said under its code, which --ignore names.
        let quiet = Self.alarms(
            ["--from", "2026-12-07", "--days", "4", "--ignore", "alarm-misuse"]
        ).standardError
        #expect(quiet.isEmpty, "\(quiet)")
    }

    @Test func aDayBeforeIsADayOnTheClockOfTheEventFromEveryZone() throws {
        // The event is at 09:00 on the Sunday summer time begins in Berlin: a day before is
        // 09:00 CET on Saturday, 24 hours before is 08:00 CET.
        var seen: Set<[String]> = []
        for zone in ["Europe/Berlin", "America/New_York", "UTC", "Asia/Tokyo"] {
            let records = Self.records(
                ["--from", "2027-03-26", "--days", "3", "--uid", "spring@fixtures"], zone: zone)
            seen.insert(records.compactMap { $0["trigger"] as? String })
        }
        #expect(seen == [["2027-03-27T07:00:00Z", "2027-03-27T08:00:00Z"]])
        let descriptions = Self.records(
            ["--from", "2027-03-26", "--days", "3", "--uid", "spring@fixtures"]
        ).compactMap { $0["description"] as? String }
        #expect(descriptions == ["Twenty-four hours before", "Tomorrow at nine"])
    }

    @Test func anInstantGivenGoesOffOnceForItsSeries() {
        let calendar = Self.calendar(
            """
            BEGIN:VEVENT\r
            UID:daily\r
            DTSTART:20261207T100000Z\r
            RRULE:FREQ=DAILY;COUNT=3\r
            SUMMARY:Daily\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER;VALUE=DATE-TIME:20261206T120000Z\r
            END:VALARM\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT1H\r
            END:VALARM\r
            END:VEVENT\r

            """)
        let result = CLI.run(
            ["alarms", "--tz", "UTC", "--from", "2026-12-06", "--days", "5", "-f", "csv"],
            standardInput: calendar)
        let triggers = result.standardOutput.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",").first.map(String.init) ?? ""
        }
        #expect(
            triggers == [
                "2026-12-06T12:00:00Z", "2026-12-07T09:00:00Z", "2026-12-08T09:00:00Z",
                "2026-12-09T09:00:00Z",
            ])
    }

    @Test func cancelledEventsAndDoneTasksAreLeftOutUnlessAskedFor() {
        let window = ["--from", "2026-12-08T15:00", "--for", "1h"]
        #expect(!Self.alarms(window).standardOutput.contains("Cancelled call"))
        #expect(
            Self.alarms(window + ["--status", "all"]).standardOutput.contains("Cancelled call"))
        // Tasks by default, events alone when --component says so.
        let events = Self.records(["--from", "2026-12-09", "--days", "1", "--component", "VEVENT"])
        #expect(!events.contains { $0["component"] as? String == "VTODO" })
        let both = Self.records(["--from", "2026-12-09", "--days", "1"])
        #expect(both.contains { $0["component"] as? String == "VTODO" })
    }

    @Test func windowsThatTileListEachAlarmOnce() {
        func listed(_ from: String, _ length: String) -> [String] {
            Self.records(["--from", from, "--for", length]).map {
                "\($0["trigger"] ?? "") \($0["line"] ?? "") \($0["repetition"] ?? "")"
            }
        }
        let whole = listed("2026-12-08T14:00", "4h")
        var tiled: [String] = []
        for hour in 14..<18 {
            for minute in stride(from: 0, to: 60, by: 15) {
                tiled += listed(String(format: "2026-12-08T%02d:%02d", hour, minute), "15m")
            }
        }
        #expect(whole.count == 5)
        #expect(tiled == whole)
    }

    @Test func withoutAWindowTheNextDayFromNowIsListed() {
        let result = CLI.run(
            [
                "alarms", Self.reminders, "--tz", "Europe/Berlin", "--today", "2026-12-09T10:00",
                "-f", "ndjson", "-q",
            ],
            standardInput: Data?.none)
        let local = result.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?[
                "triggerLocal"] as? String
        }
        #expect(
            local == [
                "2026-12-09T10:55", "2026-12-09T16:00", "2026-12-09T17:40", "2026-12-10T09:20",
            ])
    }

    @Test func anAbsurdRepeatStaysWithinItsBound() {
        let calendar = Self.calendar(
            """
            BEGIN:VEVENT\r
            UID:r\r
            DTSTART:20261207T100000Z\r
            SUMMARY:Nagging\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:PT0S\r
            REPEAT:2147483647\r
            DURATION:PT1S\r
            END:VALARM\r
            END:VEVENT\r

            """)
        let result = CLI.run(
            [
                "alarms", "--tz", "UTC", "--from", "2026-01-01", "--to", "2028-01-01", "-f", "csv",
                "-q",
            ],
            standardInput: calendar)
        #expect(result.status == 0)
        #expect(result.standardOutput.split(separator: "\n").count == 1 + 1 + 1_000)
        let limited = CLI.run(
            [
                "alarms", "--tz", "UTC", "--from", "2026-01-01", "--to", "2028-01-01", "-f", "csv",
                "-q", "--limit", "3",
            ],
            standardInput: calendar)
        #expect(limited.standardOutput.split(separator: "\n").count == 4)
    }

    @Test func theSchemaNamesEveryFieldTheRecordsHaveInTheirOrder() throws {
        let url = CLI.root.appendingPathComponent("Schemas/alarm-record.schema.json")
        let schema = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(schema["required"] as? [String] == AlarmSchema.columnNames)
        let csv = Self.alarms(["-f", "csv", "-q", "--from", "2026-12-07"]).standardOutput
        #expect(
            csv.split(separator: "\n").first.map(String.init)
                == AlarmSchema.columnNames.joined(separator: ","))
    }

    @Test func hostileTextReachesNeitherTerminalNorSpreadsheet() {
        let calendar = Self.calendar(
            """
            BEGIN:VEVENT\r
            UID:h\r
            DTSTART:20261207T100000Z\r
            SUMMARY:Call\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT5M\r
            DESCRIPTION:=1+1\u{1B}]0;owned\u{07}\r
            END:VALARM\r
            END:VEVENT\r

            """)
        let window = ["--tz", "UTC", "--from", "2026-12-07", "--days", "1"]
        let text = CLI.run(["alarms"] + window, standardInput: calendar).standardOutput
        #expect(text.contains("Call: =1+1"))
        #expect(!text.contains("\u{1B}"))
        let csv = CLI.run(["alarms", "-f", "csv"] + window, standardInput: calendar)
            .standardOutput
        #expect(csv.contains(",'=1+1"))
    }
}
