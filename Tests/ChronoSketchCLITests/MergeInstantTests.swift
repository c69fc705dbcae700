import Foundation
import TestCorpus
import Testing

/// Merging on the command line: what `convert` says of each input's zone, `--x-wr-timezone`
/// and `--dedupe` (that a merge moves no instant is tested with the formats).
@Suite struct MergeInstantTests {
    @Test func eachInputsZoneIsSaidAndFloatingInputsStayFloating() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func calendar(_ header: String, _ body: String) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n\(header)"
                + "BEGIN:VEVENT\r\nUID:\(UUID().uuidString)\r\nDTSTAMP:20260101T000000Z\r\n\(body)"
                + "END:VEVENT\r\nEND:VCALENDAR\r\n"
        }
        let files = [
            (
                "berlin.ics",
                calendar(
                    "X-WR-TIMEZONE:Europe/Berlin\r\n",
                    "DTSTART:20261209T090000\r\nSUMMARY:Berlin\r\n")
            ),
            (
                "weekly.ics",
                calendar(
                    "X-WR-TIMEZONE:America/New_York\r\n",
                    "DTSTART:20261007T130000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY;COUNT=6\r\nSUMMARY:Weekly\r\n"
                )
            ),
            ("floating.ics", calendar("", "DTSTART:20261209T090000\r\nSUMMARY:Floating\r\n")),
        ]
        for (name, text) in files {
            try text.write(
                to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let result = try CLI.runBinary(
            ["convert", "berlin.ics", "weekly.ics", "floating.ics"], in: directory)
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "berlin.ics:4: warning: X-WR-TIMEZONE:Europe/Berlin is not carried into the merged calendar; its floating times are written with TZID=Europe/Berlin"
            ))
        #expect(!result.standardOutput.contains("X-WR-TIMEZONE"))
        #expect(result.standardOutput.contains("DTSTART;TZID=Europe/Berlin:20261209T090000\r\n"))
        // The UTC series is expanded on New York's clock: its start is written so.
        #expect(result.standardOutput.contains("DTSTART;TZID=America/New_York:20261007T090000\r\n"))
        #expect(result.standardOutput.contains("TZID:America/New_York\r\n"))
        #expect(result.standardOutput.contains("DTSTART:20261209T090000\r\n"))
        // Read alone, the weekly series keeps 09:00 in New York across the clock change.
        let merged = directory.appendingPathComponent("merged.ics")
        try result.standardOutput.write(to: merged, atomically: true, encoding: .utf8)
        let weekly = try CLI.records(
            CLI.run(
                ["events", merged.path, "--tz", "UTC", "-f", "ndjson", "--match", "Weekly"]
            ).standardOutput
        ).compactMap { $0["start"] as? String }
        #expect(weekly.first == "2026-10-07T13:00")
        #expect(weekly.last == "2026-11-11T14:00")
    }

    @Test func ignoringXWRTimezoneWritesNoneOfItAndChangesNoTime() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nX-WR-TIMEZONE:Europe/Berlin\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261209T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try text.write(
            to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "UID:a", with: "UID:b")
            .write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let result = try CLI.runBinary(
            ["convert", "a.ics", "b.ics", "--x-wr-timezone", "ignore"], in: directory)
        #expect(!result.standardOutput.contains("X-WR-TIMEZONE"))
        #expect(!result.standardOutput.contains("TZID"))
        #expect(
            result.standardError.contains(
                "its floating times stay floating (--x-wr-timezone ignore)"))
    }

    @Test func dedupeKeepsTheNewestInputsVersionOfASharedUID() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func calendar(_ events: String) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n\(events)END:VCALENDAR\r\n"
        }
        func event(_ uid: String, _ sequence: Int, _ title: String, _ extra: String = "") -> String
        {
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nSEQUENCE:\(sequence)\r\n"
                + "DTSTART:20261209T090000Z\r\n\(extra)SUMMARY:\(title)\r\nEND:VEVENT\r\n"
        }
        // The newer version of the shared series is in the first input; its override too.
        try calendar(
            event("shared", 2, "Newer", "RRULE:FREQ=DAILY;COUNT=3\r\n")
                + event("shared", 2, "Newer moved", "RECURRENCE-ID:20261210T090000Z\r\n")
                + event("own-a", 0, "Only in a")
        ).write(to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        try calendar(
            event("shared", 1, "Older", "RRULE:FREQ=DAILY;COUNT=3\r\n")
                + event("own-b", 0, "Only in b")
        )
        .write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let deduped = try CLI.runBinary(["convert", "a.ics", "b.ics", "--dedupe"], in: directory)
        #expect(deduped.status == 0)
        #expect(deduped.standardOutput.components(separatedBy: "BEGIN:VEVENT").count - 1 == 4)
        #expect(!deduped.standardOutput.contains("SUMMARY:Older"))
        #expect(deduped.standardOutput.contains("SUMMARY:Newer moved"))
        #expect(
            deduped.standardError.contains(
                "b.ics:4: warning: UID 'shared' is also used in a.ics; this input's version is left out (--dedupe): the other has a higher SEQUENCE"
            ))
        let both = try CLI.runBinary(["convert", "a.ics", "b.ics"], in: directory)
        #expect(both.standardOutput.contains("SUMMARY:Older"))
        #expect(both.standardError.contains("UID 'shared' is also used in a.ics; both are kept"))
    }

    /// A VTIMEZONE of TZID `tzid` whose observances begin in `year` (Central European rules).
    private static func zone(_ tzid: String, from year: Int) -> String {
        "BEGIN:VTIMEZONE\r\nTZID:\(tzid)\r\nBEGIN:STANDARD\r\nDTSTART:\(year)1025T030000\r\n"
            + "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n"
            + "END:STANDARD\r\nBEGIN:DAYLIGHT\r\nDTSTART:\(year + 1)0329T020000\r\n"
            + "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"
            + "END:DAYLIGHT\r\nEND:VTIMEZONE\r\n"
    }

    private static func calendar(_ tzid: String, zoneFrom year: Int, uid: String, start: String)
        -> String
    {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + zone(tzid, from: year)
            + "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\n"
            + "DTSTART;TZID=\(tzid):\(start)\r\nSUMMARY:\(uid)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// `uid start` in UTC of each event of `files`, read together.
    private static func instants(_ files: [String], in directory: URL) throws -> [String] {
        let result = try CLI.runBinary(
            ["events"] + files + ["--tz", "UTC", "-f", "csv", "--columns", "uid,start"],
            in: directory)
        return result.standardOutput.split(separator: "\n").dropFirst().map(String.init).sorted()
    }

    @Test(arguments: ["Office time", "Europe/Berlin"])
    func aMergeWritesAZoneThatHoldsEveryInputsTimes(tzid: String) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The first input's VTIMEZONE begins in October 2025 (made for its 2026 event); the
        // second's in 1970, for a January 2025 event, when the offset was +01:00.
        try Self.calendar(tzid, zoneFrom: 2025, uid: "later", start: "20260504T100000")
            .write(to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        try Self.calendar(tzid, zoneFrom: 1970, uid: "earlier", start: "20250115T100000")
            .write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let merged = try CLI.runBinary(["convert", "a.ics", "b.ics", "-o", "m.ics"], in: directory)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(
            merged.standardError.contains(
                "a.ics:4: warning: VTIMEZONE '\(tzid)' of a.ics begins at 2025-10-25T03:00, after b.ics's times in it (from 2025-01-15T10:00); the one of b.ics, which holds every time written in it, is written in its place"
            ))
        #expect(
            try Self.instants(["m.ics"], in: directory) == [
                "earlier,2025-01-15T09:00", "later,2026-05-04T08:00",
            ])
        #expect(
            try Self.instants(["m.ics"], in: directory)
                == (try Self.instants(["a.ics"], in: directory)
                + Self.instants(["b.ics"], in: directory)).sorted())
        let validated = try CLI.runBinary(["validate", "m.ics"], in: directory)
        #expect(
            validated.standardOutput.contains("0 errors, 0 warnings"), "\(validated.standardError)")
    }

    @Test func withoutADefinitionThatHoldsThemTheZoneDatabaseWritesOne() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.calendar("Europe/Berlin", zoneFrom: 2025, uid: "later", start: "20260504T100000")
            .write(to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        // The second input names the IANA zone and has no VTIMEZONE of its own.
        try """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//t//EN\r
        BEGIN:VEVENT\r
        UID:earlier\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20250715T100000\r
        END:VEVENT\r
        END:VCALENDAR\r

        """.write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let merged = try CLI.runBinary(["convert", "a.ics", "b.ics", "-o", "m.ics"], in: directory)
        #expect(
            merged.standardError.contains(
                "one made from the zone database (Europe/Berlin) for every time written in it is written in its place"
            ))
        let validated = try CLI.runBinary(["validate", "m.ics"], in: directory)
        #expect(
            validated.standardOutput.contains("0 errors, 0 warnings"), "\(validated.standardError)")
        let alone = try CLI.runBinary(["validate", "a.ics"], in: directory)
        #expect(alone.standardOutput.contains("0 errors, 0 warnings"))
        // The first input's zone alone, with the 2025 event written into it, is reported.
        let early = try String(
            contentsOf: directory.appendingPathComponent("a.ics"), encoding: .utf8
        )
        .replacingOccurrences(of: "20260504T100000", with: "20250715T100000")
        try early.write(
            to: directory.appendingPathComponent("early.ics"), atomically: true, encoding: .utf8)
        let reported = try CLI.runBinary(["validate", "early.ics"], in: directory)
        #expect(
            reported.standardOutput.contains(
                "early.ics:22: warning: DTSTART comes before the first onset of VTIMEZONE 'Europe/Berlin' (2025-10-25T03:00)"
            ), "\(reported.standardOutput)")
    }
}
