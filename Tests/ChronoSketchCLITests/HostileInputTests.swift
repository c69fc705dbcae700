import Foundation
import Testing

/// The inputs of `Fixtures/invalid/hostile/` (written by `Scripts/generate_hostile_fixtures.py`):
/// no crash, no hang, a message naming the file and line, the right exit status, and an `-o`
/// target left as it was when a run fails.
@Suite struct HostileInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var status: Int32
        var events: Int?
        var messages: [String]
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "bad-ends.ics", status: 0, events: 2,
            messages: [
                ":9: warning: DTEND 2026-09-08T08:00Z is before DTSTART 2026-09-08T09:00Z; the two are swapped",
                ":16: error: DURATION -PT1H is negative", ":18: error: Out of range",
                ":30: warning: Invalid duration 'PT9223372036854775807S'",
            ]),
        Case(file: "continuation-lines.ics", status: 0, events: 1, messages: []),
        Case(
            file: "deep-nesting.ics", status: 0, events: 1,
            messages: [":72: error: Components nested deeper than 64 levels"]),
        Case(file: "endless-vtimezone.ics", status: 0, events: 1, messages: []),
        Case(
            file: "impossible-dates.ics", status: 0, events: 1,
            messages: [
                ":8: error: Invalid date-time '20260230T090000Z': February 2026 has 28 days",
                ":14: error: Invalid date '20261301': month 13 does not exist",
                ":20: error: Invalid date-time '00000101T090000Z': year 0 is outside 1…9999",
                ":26: error: Invalid date-time '20260908T250000Z': hour 25 is outside 0…23",
            ]),
        Case(
            file: "invalid-utf8.ics", status: 0, events: 3,
            messages: [
                ":17: warning: Line is not valid UTF-8; this and every such line of the file are read as Windows-1252",
                ":25: error: Line holds a NUL byte",
            ]),
        Case(
            file: "json.ics", status: 2, events: nil,
            messages: [":1: error: Not an iCalendar file: expected 'BEGIN:VCALENDAR'"]),
        Case(file: "long-line.ics", status: 0, events: 1, messages: []),
        Case(
            file: "many-exdates.ics", status: 0, events: nil,
            messages: [":100005: error: VEVENT has more than 100000 properties"]),
        Case(
            file: "missing-end.ics", status: 0, events: 1,
            messages: [
                ":4: error: BEGIN:VEVENT has no END:VEVENT before the end of the input",
                ":10: warning: VEVENT inside a VEVENT (opened at line 4); read as an event of its own",
            ]),
        Case(
            file: "recurrence-bombs.ics", status: 0, events: 2_006,
            messages: [
                // At the line of the rule that gives them.
                ":10: warning: Series 'secondly@hostile' has more than 1000 instances",
                ":18: warning: Series 'count-max@hostile' has more than 1000 instances",
                ":26: warning: Invalid recurrence rule 'FREQ=DAILY;INTERVAL=0;COUNT=5'",
                ":34: warning: Invalid recurrence rule 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=400'",
                ":42: warning: RRULE can never match",
            ]),
    ]

    private static let folder = CLI.root.appendingPathComponent("Fixtures/invalid/hostile")

    @Test(arguments: cases)
    func eventsReportsAndSurvives(_ hostile: Case) throws {
        let path = Self.folder.appendingPathComponent(hostile.file).path
        let result = try CLI.runBinary(
            [
                "events", path, "--tz", "UTC", "--format", "ndjson", "--max-instances", "1000",
            ], limit: 120)
        #expect(result.status == hostile.status, "\(result.standardError.prefix(400))")
        for message in hostile.messages {
            #expect(
                result.standardError.contains(path + message),
                "missing \(message) in \(result.standardError.prefix(600))")
        }
        if let events = hostile.events {
            #expect(result.standardOutput.split(separator: "\n").count == events)
        }
        if hostile.status != 0 { #expect(result.standardOutput.isEmpty) }
    }

    @Test(arguments: cases)
    func validateAndConvertLeaveTheTargetAsItWasWhenTheyFail(_ hostile: Case) throws {
        let path = Self.folder.appendingPathComponent(hostile.file).path
        let validation = try CLI.runBinary(["validate", path, "--format", "json"], limit: 120)
        #expect(validation.status == (hostile.status == 2 ? 2 : hostile.messages.isEmpty ? 0 : 1))
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.ics")
        let before = Data("precious\n".utf8)
        try before.write(to: target)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let converted = try CLI.runBinary(
            ["convert", path, "--format", "ics", "-o", target.path], limit: 120)
        #expect(converted.status == hostile.status)
        if converted.status == 0 {
            let written = try Data(contentsOf: target)
            let again = try CLI.runBinary(["validate", target.path], limit: 120)
            #expect(again.status != 2, "\(again.standardError.prefix(300))")
            #expect(!written.isEmpty)
        } else {
            #expect(try Data(contentsOf: target) == before)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["out.ics"])
    }

    /// Hour-long instances every second overlap thousands at a time: the conflict search stops
    /// at its limit and says so, and merging their busy time stays linear.
    @Test func recurrenceBombsStayBoundedInConflictsAndFreeBusy() throws {
        let path = Self.folder.appendingPathComponent("recurrence-bombs.ics").path
        let conflicts = try CLI.runBinary(
            ["conflicts", path, "--format", "ndjson", "--max-conflicts", "5000", "--tz", "UTC"],
            limit: 120)
        #expect(conflicts.status == 1)
        #expect(conflicts.standardOutput.split(separator: "\n").count == 5_000)
        // The warning is placed where the search stopped: an event's line, naming both parties.
        let warning = try #require(
            conflicts.standardError.split(separator: "\n").first { $0.contains("more than 5000") })
        let match = try #require(
            try
                /^(.+):(\d+): warning: more than 5000 conflicts; the search stopped at the clash of "([^"]+)" \(.+\) and "([^"]+)" \(.+\) at \d{4}-\d\d-\d\dT\d\d:\d\d.*\(raise --max-conflicts\)$/
                .wholeMatch(in: warning))
        #expect(match.1 == path)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\r\n", omittingEmptySubsequences: false)
        let line = try #require(Int(match.2))
        #expect(line >= 1 && line <= lines.count && lines[line - 1] == "BEGIN:VEVENT")
        let busy = try CLI.runBinary(
            ["freebusy", path, "--from", "2026-09-08", "--to", "2099-01-01", "--tz", "UTC"],
            limit: 120)
        #expect(busy.status == 0)
        #expect(busy.standardOutput.contains("\"busyMinutes\":"))
    }
}
