import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import Testing

/// `ics convert` and `ics validate`, through the built binary.
@Suite struct ConvertCommandTests {
    private static let fixtures = CLI.root.appendingPathComponent("Fixtures")
    private static let stamp = ["SOURCE_DATE_EPOCH": "1788220800"]

    /// Golden outputs in `Fixtures/convert/`, run from `Fixtures/`; `ICS_RECORD_GOLDENS=1`
    /// re-records them.
    static let goldens: [(arguments: [String], golden: String)] = [
        (["convert", "valid/properties.ics", "--format", "jcal"], "convert/properties.jcal"),
        (
            ["convert", "valid/recurrence.ics", "--format", "ndjson", "--tz", "Europe/Berlin"],
            "convert/recurrence.ndjson"
        ),
        (
            ["convert", "valid/recurrence.ics", "--format", "csv", "--tz", "Europe/Berlin"],
            "convert/recurrence.csv"
        ),
        (
            [
                "convert", "valid/recurrence.ics", "--format", "csv", "--columns", "outlook",
                "--tz",
                "Europe/Berlin",
            ],
            "convert/recurrence-outlook.csv"
        ),
        (["convert", "convert/import.ndjson", "--format", "ics"], "convert/import.ics"),
        (
            ["convert", "convert/outlook-import.csv", "--format", "ics"],
            "convert/outlook-import.ics"
        ),
        // Minimal VTIMEZONEs: Europe/London and America/New_York over a season of games.
        (["convert", "feed/league.json", "--format", "ics", "-q"], "feed/league.ics"),
        (
            ["convert", "valid/all-day.ics", "valid/x-wr-timezone.ics", "--format", "ics"],
            "convert/merged.ics"
        ),
        (
            ["validate", "valid/timed-ends.ics", "--format", "json"],
            "convert/timed-ends-validation.json"
        ),
    ]

    @Test(arguments: goldens.indices)
    func outputsMatchTheirGoldens(index: Int) throws {
        let (arguments, golden) = Self.goldens[index]
        let result = try CLI.runBinary(arguments, in: Self.fixtures, environment: Self.stamp)
        try CLI.expectGolden(
            result.standardOutput, at: Self.fixtures.appendingPathComponent(golden))
        #expect(result.status == (arguments[0] == "validate" ? 1 : 0))
    }

    @Test func ndjsonOfConvertAndOfEventsAgree() throws {
        let convert = try CLI.runBinary(
            ["convert", "valid/recurrence.ics", "--format", "ndjson", "--tz", "Asia/Tokyo"],
            in: Self.fixtures)
        let events = try CLI.runBinary(
            ["events", "valid/recurrence.ics", "--format", "ndjson", "--tz", "Asia/Tokyo"],
            in: Self.fixtures)
        #expect(convert.standardOutput == events.standardOutput)
        #expect(!convert.standardOutput.isEmpty)
    }

    @Test func recordsRoundTripThroughICSWithTheirZones() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let exported = directory.appendingPathComponent("events.ndjson").path
        let imported = directory.appendingPathComponent("events.ics").path
        _ = CLI.run([
            "events", CLI.fixture("valid/recurrence.ics"), "--format", "ndjson", "--tz",
            "America/New_York", "-o", exported,
        ])
        let convert = CLI.run(
            ["convert", exported, "-o", imported], environment: Self.stamp)
        #expect(convert.status == 0)
        let calendar = try String(contentsOfFile: imported, encoding: .utf8)
        // New York for the times, Berlin for the recurrence ids of the Berlin series.
        #expect(calendar.components(separatedBy: "BEGIN:VTIMEZONE").count == 3)
        #expect(calendar.contains("\r\nTZID:America/New_York\r\n"))
        #expect(calendar.contains("\r\nTZID:Europe/Berlin\r\n"))
        let before = try CLI.records(try String(contentsOfFile: exported, encoding: .utf8))
        let after = try CLI.records(
            CLI.run([
                "events", imported, "--format", "ndjson", "--tz", "America/New_York",
            ]).standardOutput)
        let fields = ["id", "title", "start", "end", "zone", "status", "allDay", "location"]
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) {
            for field in fields {
                #expect(
                    "\(old[field] ?? "nil")" == "\(new[field] ?? "nil")",
                    "\(field) of \(old["id"] ?? "")")
            }
        }
    }

    @Test func csvFieldsWithCommasQuotesAndLineBreaksSurviveBothWays() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("out.csv").path
        let ics = directory.appendingPathComponent("back.ics").path
        for columns in [
            "outlook", "uid,title,allDay,start,end,zone,location,description,categories",
        ] {
            _ = CLI.run(
                [
                    "convert", CLI.fixture("convert/outlook-import.csv"), "--format", "csv",
                    "--columns", columns, "-o", csv,
                ],
                environment: Self.stamp)
            #expect(
                CLI.run(["convert", csv, "-o", ics], environment: Self.stamp).status == 0)
            let titles = try CLI.records(
                CLI.run(["events", ics, "--format", "ndjson"]).standardOutput)
            let review = try #require(
                titles.first { ($0["title"] as? String)?.hasPrefix("Review") == true })
            #expect(review["title"] as? String == "Review \"Q3\", part 2")
            #expect(review["description"] as? String == "Agenda:\n1. Numbers, trends\n2. Plans")
            #expect(review["location"] as? String == "Room 4.1; second floor")
        }
    }

    @Test func outlookCSVImportsAndExportsBackWithTheSameEvents() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("first.ics").path
        let csv = directory.appendingPathComponent("again.csv").path
        let second = directory.appendingPathComponent("second.ics").path
        _ = CLI.run(
            ["convert", CLI.fixture("convert/outlook-import.csv"), "-o", first],
            environment: Self.stamp)
        _ = CLI.run(["convert", first, "--columns", "outlook", "-o", csv])
        _ = CLI.run(["convert", csv, "-o", second], environment: Self.stamp)
        let fields = ["title", "allDay", "start", "end", "description", "location"]
        func events(_ path: String) throws -> [String] {
            try CLI.records(
                CLI.run(["events", path, "--format", "ndjson"]).standardOutput
            ).map { record in
                fields.map { "\(record[$0] ?? "nil")" }.joined(separator: "|")
            }
        }
        #expect(try events(first).count == 5)
        #expect(try events(first) == events(second))
    }

    @Test func windowKeepsWholeSeriesThatTouchIt() throws {
        let result = try CLI.runBinary(
            [
                "convert", "valid/recurrence.ics", "--from", "2026-09-10", "--to", "2026-09-11",
                "--format", "ics",
            ],
            in: Self.fixtures)
        #expect(result.status == 0)
        #expect(
            result.standardOutput.components(separatedBy: "UID:daily-standup@fixtures").count == 5)
        #expect(!result.standardOutput.contains("UID:birthday@fixtures"))
        #expect(result.standardOutput.contains("BEGIN:VTIMEZONE"))
    }

    @Test func mergingReportsCollidingUIDsAndDifferentZones() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = directory.appendingPathComponent("other.ics")
        let text = try String(contentsOfFile: CLI.fixture("valid/zones.ics"), encoding: .utf8)
            .replacingOccurrences(of: "TZOFFSETTO:+0530", with: "TZOFFSETTO:+0630")
        try text.write(to: other, atomically: false, encoding: .utf8)
        let result = CLI.run([
            "convert", CLI.fixture("valid/zones.ics"), other.path, "--format", "ics",
        ])
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "warning: VTIMEZONE 'Custom Zone +0530' differs from the one in"))
        #expect(result.standardError.contains("warning: UID 'zone-utc@fixtures' is also used in"))
        #expect(result.standardOutput.components(separatedBy: "BEGIN:VTIMEZONE").count == 3)
    }

    @Test func strictWritesNothingWhenTheInputHasErrors() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cut = directory.appendingPathComponent("cut.ics")
        try Data(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260908T090000Z\r\n"
                .utf8
        ).write(to: cut)
        for format in ["ics", "jcal"] {
            let lenient = CLI.run(["convert", cut.path, "--format", format])
            #expect(lenient.status == 0)
            #expect(lenient.standardOutput.lowercased().contains("vcalendar"))
            #expect(lenient.standardError.contains("error: BEGIN:VEVENT has no END:VEVENT"))
            let strict = CLI.run(["convert", cut.path, "--format", format, "--strict"])
            #expect(strict.status == 2)
            #expect(strict.standardOutput.isEmpty)
            #expect(strict.standardError.contains("errors in strict mode; nothing written"))
            let target = directory.appendingPathComponent("out.\(format)")
            let toFile = CLI.run([
                "convert", cut.path, "--format", format, "--strict", "-o", target.path,
            ])
            #expect(toFile.status == 2)
            #expect(!FileManager.default.fileExists(atPath: target.path))
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cut.ics"])
    }

    @Test func failingConversionLeavesItsTargetUntouched() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("calendar.ics")
        let original = Data("keep me\n".utf8)
        try original.write(to: target)
        for input in ["invalid/not-a-calendar.ics", "invalid/json-named.ics", "invalid/empty.ics"] {
            let result = CLI.run(["convert", CLI.fixture(input), "-o", target.path])
            #expect(result.status == 2)
            #expect(try Data(contentsOf: target) == original)
        }
        let badJSON = directory.appendingPathComponent("bad.json")
        try Data("[{\"start\": \"2026-09-08\"}, oops]".utf8).write(to: badJSON)
        let result = CLI.run(["convert", badJSON.path, "-o", target.path])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix("\(badJSON.path):1: error: Not JSON: expected a value"))
        #expect(try Data(contentsOf: target) == original)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "bad.json", "calendar.ics",
            ])
    }

    @Test func badRecordsAreReportedAndSkipped() throws {
        let records = """
            {"uid":"a","title":"fine","start":"2026-09-08T09:00"}
            {"uid":"b","title":"no start"}
            not json
            {"uid":"c","title":"bad zone","start":"2026-09-08T09:00","zone":"Mars/Base"}

            """
        let result = CLI.run(
            ["convert", "--from-format", "ndjson", "--format", "ndjson"],
            standardInput: Array(records.utf8))
        #expect(result.status == 0)
        #expect(try CLI.records(result.standardOutput).map { $0["uid"] as? String } == ["a"])
        #expect(
            result.standardError.components(separatedBy: "\n").filter { !$0.isEmpty } == [
                "<stdin>:2: error: Line 2: it has no start; record skipped",
                "<stdin>:3: error: Line 3: it is not JSON (expected a value, column 1); line skipped",
                "<stdin>:4: error: Line 4: its zone 'Mars/Base' is not a known IANA zone; record skipped",
            ])
        let strict = CLI.run(
            ["convert", "--from-format", "ndjson", "--strict"], standardInput: Array(records.utf8))
        #expect(strict.status == 2)
        #expect(strict.standardOutput.isEmpty)
    }

    @Test func validateExitsZeroOneOrTwo() throws {
        let clean = try CLI.runBinary(["validate", "demo/team-week.ics"], in: Self.fixtures)
        #expect(clean.status == 0)
        #expect(clean.standardOutput == "demo/team-week.ics: 0 errors, 0 warnings\n")
        let findings = try CLI.runBinary(["validate", "valid/properties.ics"], in: Self.fixtures)
        #expect(findings.status == 1)
        #expect(
            findings.standardOutput
                == "valid/properties.ics:33: error: VEVENT has no UID, which RFC 5545 requires; it goes by its file and line\n"
                + "valid/properties.ics: 1 error, 0 warnings\n")
        let unreadable = try CLI.runBinary(
            ["validate", "invalid/binary.ics", "demo/team-week.ics"], in: Self.fixtures)
        #expect(unreadable.status == 2)
        #expect(
            unreadable.standardOutput.hasPrefix(
                "invalid/binary.ics:1: error: Not an iCalendar file"))
        #expect(
            unreadable.standardOutput.hasSuffix(
                "invalid/binary.ics: cannot be read\ndemo/team-week.ics: 0 errors, 0 warnings\n"))
    }

    @Test func validateCanListErrorsOnly() throws {
        let all = try CLI.runBinary(["validate", "valid/timed-ends.ics"], in: Self.fixtures)
        #expect(all.standardOutput.hasSuffix("valid/timed-ends.ics: 2 errors, 2 warnings\n"))
        let errors = try CLI.runBinary(
            ["validate", "valid/timed-ends.ics", "--errors-only"], in: Self.fixtures)
        #expect(errors.status == 1)
        let lines = errors.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.dropLast().allSatisfy { $0.contains(": error: ") })
        // Warnings alone are no finding with --errors-only.
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let warned = directory.appendingPathComponent("warned.ics")
        try Data(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;TZID=Nowhere/Zone:20260908T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
                .utf8
        ).write(to: warned)
        #expect(CLI.run(["validate", warned.path]).status == 1)
        let quiet = CLI.run(["validate", warned.path, "--errors-only"])
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput == "\(warned.path): 0 errors, 0 warnings\n")
    }

    @Test func formatsAreInferredFromExtensionsAndContent() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jcal = directory.appendingPathComponent("calendar.json").path
        _ = CLI.run([
            "convert", CLI.fixture("valid/zones.ics"), "--format", "jcal", "-o", jcal,
        ])
        let back = CLI.run(["convert", jcal])
        #expect(back.status == 0)
        #expect(back.standardOutput.hasPrefix("BEGIN:VCALENDAR\r\n"))
        let inferred = directory.appendingPathComponent("events.csv").path
        _ = CLI.run(["convert", CLI.fixture("valid/zones.ics"), "-o", inferred])
        #expect(
            try String(contentsOfFile: inferred, encoding: .utf8).hasPrefix("id,uid,recurrenceId,"))
    }
}
