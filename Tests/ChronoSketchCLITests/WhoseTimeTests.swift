import Foundation
import Testing

/// `--as`: whose time it is. A meeting a person declined or delegated is free for them, one
/// they answered TENTATIVE tentative; free/busy tells BUSY, BUSY-TENTATIVE and
/// BUSY-UNAVAILABLE apart and names the person (RFC 5545 §3.2.9, §3.2.12, §3.6.4).
@Suite struct WhoseTimeTests {
    static func event(
        _ uid: String, _ start: String, _ end: String, _ lines: [String] = []
    ) -> String {
        ([
            "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z",
            "DTSTART:20260915T\(start)00Z", "DTEND:20260915T\(end)00Z", "SUMMARY:\(uid)",
        ]
            + lines + ["END:VEVENT"]).map { $0 + "\r\n" }.joined()
    }

    static func calendar(_ events: String...) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + events.joined()
            + "END:VCALENDAR\r\n"
    }

    /// Ann accepted the standup, declined the review and answered the planning tentatively;
    /// Bob organizes the review; Cy delegated the planning.
    static let team = calendar(
        event(
            "standup", "0900", "1000",
            [
                "ORGANIZER:mailto:cy@example.org",
                "ATTENDEE;PARTSTAT=ACCEPTED:mailto:ann@example.org",
            ]),
        event(
            "review", "0930", "1030",
            [
                "ORGANIZER:mailto:bob@example.org",
                "ATTENDEE;PARTSTAT=DECLINED:MAILTO:Ann@Example.org",
            ]),
        event(
            "planning", "1100", "1200",
            [
                "ORGANIZER:mailto:bob@example.org",
                "ATTENDEE;PARTSTAT=TENTATIVE:mailto:ann@example.org",
                "ATTENDEE;PARTSTAT=DELEGATED:mailto:cy@example.org",
            ]),
        event("dentist", "1300", "1400"))

    static let window = ["--from", "2026-09-15", "--to", "2026-09-16", "--tz", "UTC"]

    static func inTeam(_ arguments: [String], calendar: String = team) throws -> RunResult {
        CLI.run(arguments, standardInput: Data(calendar.utf8))
    }

    static func freeBusyLines(_ output: String) -> [String] {
        output.components(separatedBy: "\r\n").filter {
            $0.hasPrefix("FREEBUSY") || $0.hasPrefix("ORGANIZER") || $0 == "BEGIN:VFREEBUSY"
        }
    }

    @Test func aDeclinedMeetingIsNoConflictForWhoDeclinedIt() throws {
        // Read as anyone's, the standup and the review overlap.
        #expect(try Self.inTeam(["conflicts", "-"] + Self.window).status == 1)
        let ann = try Self.inTeam(["conflicts", "-", "--as", "ann@example.org"] + Self.window)
        #expect(ann.status == 0, "\(ann.standardOutput)")
        // The address is compared without case and without its scheme.
        let shouted = try Self.inTeam(
            ["conflicts", "-", "--as", "MAILTO:ANN@example.org"] + Self.window)
        #expect(shouted.status == 0)
        // Bob organizes the review and takes no part in the standup, which counts as it would
        // for anyone.
        #expect(
            try Self.inTeam(["conflicts", "-", "--as", "bob@example.org"] + Self.window).status
                == 1)
    }

    @Test func freeBusyTellsWhoseTimeAndHowSure() throws {
        let ann = try Self.inTeam(
            ["freebusy", "-", "-f", "ics", "--as", "ann@example.org"] + Self.window)
        #expect(ann.status == 0, "\(ann.standardError)")
        #expect(
            Self.freeBusyLines(ann.standardOutput) == [
                "BEGIN:VFREEBUSY", "ORGANIZER:mailto:ann@example.org",
                "FREEBUSY;FBTYPE=BUSY:20260915T090000Z/20260915T100000Z",
                "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20260915T110000Z/20260915T120000Z",
                "FREEBUSY;FBTYPE=BUSY:20260915T130000Z/20260915T140000Z",
            ])
        let sure = try Self.inTeam(
            ["freebusy", "-", "-f", "ics", "--as", "ann@example.org", "--tentative", "free"]
                + Self.window)
        #expect(
            Self.freeBusyLines(sure.standardOutput) == [
                "BEGIN:VFREEBUSY", "ORGANIZER:mailto:ann@example.org",
                "FREEBUSY;FBTYPE=BUSY:20260915T090000Z/20260915T100000Z",
                "FREEBUSY;FBTYPE=BUSY:20260915T130000Z/20260915T140000Z",
            ])
        // Nobody's: every meeting busy, and no ORGANIZER.
        let anyone = try Self.inTeam(["freebusy", "-", "-f", "ics"] + Self.window)
        #expect(
            Self.freeBusyLines(anyone.standardOutput) == [
                "BEGIN:VFREEBUSY",
                "FREEBUSY;FBTYPE=BUSY:20260915T090000Z/20260915T103000Z",
                "FREEBUSY;FBTYPE=BUSY:20260915T110000Z/20260915T120000Z",
                "FREEBUSY;FBTYPE=BUSY:20260915T130000Z/20260915T140000Z",
            ])
    }

    @Test func eachPersonHasABlockOfTheirOwn() throws {
        let result = try Self.inTeam(["freebusy", "-", "-f", "ics", "--per-person"] + Self.window)
        #expect(result.status == 0, "\(result.standardError)")
        // Everyone named on an event, in order of address; Cy delegated the planning.
        #expect(
            Self.freeBusyLines(result.standardOutput) == [
                "BEGIN:VFREEBUSY", "ORGANIZER:mailto:ann@example.org",
                "FREEBUSY;FBTYPE=BUSY:20260915T090000Z/20260915T100000Z",
                "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20260915T110000Z/20260915T120000Z",
                "BEGIN:VFREEBUSY", "ORGANIZER:mailto:bob@example.org",
                "FREEBUSY;FBTYPE=BUSY:20260915T093000Z/20260915T103000Z",
                "FREEBUSY;FBTYPE=BUSY:20260915T110000Z/20260915T120000Z",
                "BEGIN:VFREEBUSY", "ORGANIZER:mailto:cy@example.org",
                "FREEBUSY;FBTYPE=BUSY:20260915T090000Z/20260915T100000Z",
            ])
        let validation = CLI.run(
            ["validate", "-"], standardInput: Data(result.standardOutput.utf8))
        #expect(validation.status == 0, "\(validation.standardOutput)")

        let json = try Self.inTeam(
            ["freebusy", "-", "--per-person", "--as", "cy@example.org", "--as", "ann@example.org"]
                + Self.window)
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let people = try #require(report["people"] as? [[String: Any]])
        #expect(
            people.compactMap { $0["person"] as? String } == ["ann@example.org", "cy@example.org"])
        #expect(people.compactMap { $0["busyMinutes"] as? Int } == [120, 60])

        let text = try Self.inTeam(["freebusy", "-", "--per-person", "-f", "text"] + Self.window)
        #expect(text.standardOutput.contains("Busy · bob@example.org · "))
    }

    /// A meeting of thousands of attendees, each person's time apart: their own answer
    /// decides, as it does for a meeting of three.
    @Test func everyAttendeeOfALargeMeetingHasABlockOfTheirOwn() throws {
        let answers = ["ACCEPTED", "DECLINED", "TENTATIVE", "NEEDS-ACTION", "DELEGATED"]
        let count = 3_000
        let meeting = Self.event(
            "all-hands", "0900", "1000",
            (0..<count).map { "ATTENDEE;PARTSTAT=\(answers[$0 % 5]):mailto:p\($0)@example.org" })
        let review = Self.event("review", "0930", "1100", ["ATTENDEE:mailto:p1@example.org"])
        let result = try Self.inTeam(
            ["freebusy", "-", "--per-person", "--tentative", "free"] + Self.window,
            calendar: Self.calendar(meeting, review))
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let people = try #require(report["people"] as? [[String: Any]])
        var minutes: [String: Int] = [:]
        for person in people {
            minutes[person["person"] as? String ?? ""] = person["busyMinutes"] as? Int
        }
        #expect(people.count == count)
        for number in 0..<count {
            // Accepted or unanswered: the hour; declined, delegated or tentative (free here):
            // none, but p1's review from 09:30 to 11:00.
            let own = ["ACCEPTED", "NEEDS-ACTION"].contains(answers[number % 5]) ? 60 : 0
            let expected = number == 1 ? 90 : own
            #expect(minutes["p\(number)@example.org"] == expected, "p\(number)")
        }
    }

    @Test func anInputCanBeOnePersonsCalendar() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Ann's export holds her dentist's appointment, which names nobody.
        try Self.team.write(
            to: directory.appendingPathComponent("ann.ics"), atomically: true, encoding: .utf8)
        try Self.calendar(Self.event("gym", "1330", "1430")).write(
            to: directory.appendingPathComponent("dan.ics"), atomically: true, encoding: .utf8)
        let result = try CLI.runBinary(
            [
                "freebusy", "ann.ics", "dan.ics", "-f", "json", "--per-person", "--as",
                "ann@example.org=ann.ics", "--as", "dan@example.org=dan.ics",
            ] + Self.window, in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        let people = try #require(report["people"] as? [[String: Any]])
        let busy = people.map { person in
            ((person["busy"] as? [[String: Any]]) ?? []).flatMap { $0["ids"] as? [String] ?? [] }
        }
        #expect(busy == [["standup", "planning", "dentist"], ["gym"]])

        // Ann's time, her file alone: the VFREEBUSY is hers; with Dan's file beside it, nobody's.
        func organizer(_ arguments: [String]) throws -> [String] {
            let result = try CLI.runBinary(
                ["freebusy"] + arguments + ["-f", "ics", "--as", "ann@example.org=ann.ics"]
                    + Self.window, in: directory)
            return Self.freeBusyLines(result.standardOutput).filter { $0.hasPrefix("ORGANIZER") }
        }
        #expect(try organizer(["ann.ics"]) == ["ORGANIZER:mailto:ann@example.org"])
        #expect(try organizer(["ann.ics", "dan.ics"]).isEmpty)

        let unknown = try CLI.runBinary(
            ["conflicts", "ann.ics", "--as", "ann@example.org=bob.ics"] + Self.window,
            in: directory)
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("'bob.ics' is none of the calendars given"))
    }

    @Test(arguments: ["", "ann@example.org\u{1B}[2J", "=ann.ics", "a\r\nDTSTART:1"])
    func anAddressThatIsNoneIsRefused(_ address: String) throws {
        let result = try Self.inTeam(["freebusy", "-", "-f", "ics", "--as", address] + Self.window)
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--as"))
    }

    @Test func outlooksBusyStatusIsRead() throws {
        let calendar = Self.calendar(
            Self.event("away", "0900", "1200", ["X-MICROSOFT-CDO-BUSYSTATUS:OOF"]),
            Self.event("call", "1000", "1100"),
            Self.event("hold", "1400", "1500", ["X-MICROSOFT-CDO-BUSYSTATUS:free"]),
            Self.event("maybe", "1600", "1700", ["X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE"]))
        let result = try Self.inTeam(
            ["freebusy", "-", "-f", "ics"] + Self.window, calendar: calendar)
        // Out of office wins over the call inside it; the event shown as free takes no time.
        #expect(
            Self.freeBusyLines(result.standardOutput) == [
                "BEGIN:VFREEBUSY",
                "FREEBUSY;FBTYPE=BUSY-UNAVAILABLE:20260915T090000Z/20260915T120000Z",
                "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20260915T160000Z/20260915T170000Z",
            ])
        let conflicts = try Self.inTeam(
            ["conflicts", "-", "-f", "json"] + Self.window, calendar: calendar)
        #expect(conflicts.status == 1)
        #expect(conflicts.standardOutput.contains("\"busyEvents\":3"))
    }

    @Test func anAttendeeWhoMightComeIsFreeWithTentativeFree() throws {
        let calendar = Self.calendar(
            Self.event("a", "0900", "1000", ["ATTENDEE;PARTSTAT=ACCEPTED:mailto:ann@example.org"]),
            Self.event(
                "b", "0930", "1030", ["ATTENDEE;PARTSTAT=TENTATIVE:mailto:ann@example.org"]))
        let arguments = ["conflicts", "-", "--by", "attendee"] + Self.window
        #expect(try Self.inTeam(arguments, calendar: calendar).status == 1)
        #expect(
            try Self.inTeam(arguments + ["--tentative", "free"], calendar: calendar).status == 0)
    }
}
