import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import Testing

@testable import ChronoSketchCLI

@Suite struct EventsCommandTests {
    private let zones = CLI.fixture("valid/zones.ics")

    @Test func jsonIsAnArrayOfTheDocumentedFieldsInOrder() throws {
        let result = CLI.run(["events", zones, "--tz", "Europe/Berlin", "--format", "json"])
        #expect(result.status == 0)
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
        #expect(array.count == 8)
        let utc = try #require(array.first { $0["id"] as? String == "zone-utc@fixtures" })
        #expect(utc["start"] as? String == "2026-09-08T09:00")
        #expect(utc["end"] as? String == "2026-09-08T10:00")
        #expect(utc["zone"] as? String == "Europe/Berlin")
        #expect(utc["allDay"] as? Bool == false)
        #expect(utc["recurrenceId"] is NSNull)
        #expect(utc["line"] as? Int == 30)
        let floating = try #require(array.first { $0["id"] as? String == "zone-floating@fixtures" })
        #expect(floating["zone"] is NSNull)
        let firstLine = try #require(result.standardOutput.split(separator: "\n").dropFirst().first)
        let keys = firstLine.matches(of: /"([a-zA-Z]+)":/).map { String($0.output.1) }
        #expect(
            Array(keys.prefix(OccurrenceSchema.columnNames.count + 4)).filter {
                OccurrenceSchema.columnNames.contains($0)
            }
                == OccurrenceSchema.columnNames)
    }

    /// The fields for tools: instants in UTC, the length, how the time shows, the zone read;
    /// a prefixed TZID by its IANA zone, a VTIMEZONE that names none by its TZID.
    @Test func recordsCarryInstantsLengthBusyAndTheZoneRead() throws {
        let result = CLI.run(["events", zones, "--tz", "UTC", "--format", "ndjson"])
        let records = try CLI.records(result.standardOutput)
        func record(_ id: String) throws -> [String: Any] {
            try #require(records.first { $0["id"] as? String == id }, "\(id)")
        }
        let berlin = try record("zone-embedded-berlin@fixtures")
        #expect(berlin["startUTC"] as? String == "2026-09-08T07:00:00Z")
        #expect(berlin["endUTC"] as? String == "2026-09-08T08:00:00Z")
        #expect(berlin["duration"] as? String == "PT1H")
        #expect(berlin["sourceZone"] as? String == "Europe/Berlin")
        #expect(berlin["busy"] as? String == "busy")
        // A prefixed TZID by the IANA zone inside it.
        #expect(try record("zone-prefixed@fixtures")["sourceZone"] as? String == "Asia/Tokyo")
        let custom = try record("zone-custom@fixtures")
        #expect(custom["sourceZone"] as? String == "Custom Zone +0530")
        let floating = try record("zone-floating@fixtures")
        #expect(floating["startUTC"] is NSNull)
        #expect(floating["sourceZone"] is NSNull)
        #expect(floating["duration"] as? String != nil)
        // Across zones: New York 20:00 to Tokyo 10:00 the next day is one hour.
        let across = try record("zone-mixed@fixtures")
        #expect(across["duration"] as? String == "PT1H")
        #expect(across["sourceZone"] as? String == "America/New_York")
    }

    /// The id of an instance names it on its series' own clock, so a listing in any zone gives
    /// the same ids.
    @Test func instanceIdsAreTheSameInEveryTargetZone() throws {
        let file = CLI.fixture("valid/recurrence.ics")
        func ids(_ zone: String) throws -> [String] {
            try CLI.records(
                CLI.run(["events", file, "--tz", zone, "--format", "ndjson"]).standardOutput
            ).compactMap { $0["id"] as? String }.sorted()
        }
        let newYork = try ids("America/New_York")
        #expect(newYork.contains { $0.contains("#2026-") })
        #expect(newYork == (try ids("Europe/Berlin")))
        #expect(newYork == (try ids("Pacific/Auckland")))
    }

    /// Each day of the agenda lists the events that touch it within the window: an all-day
    /// event that began before the window, a night across the end of summer time, an event over
    /// three days; nothing of the days outside the window.
    @Test func theAgendaListsEachDayItsEvents() throws {
        let events = [
            ("a", "DTSTART;VALUE=DATE:20261023\r\nDTEND;VALUE=DATE:20261027", "Autumn break"),
            (
                "b",
                "DTSTART;TZID=Europe/Berlin:20261024T220000\r\nDTEND;TZID=Europe/Berlin:20261025T060000",
                "Night shift"
            ),
            (
                "c",
                "DTSTART;TZID=Europe/Berlin:20261025T200000\r\nDTEND;TZID=Europe/Berlin:20261027T080000",
                "Field trip"
            ),
        ].map {
            "BEGIN:VEVENT\r\nUID:\($0.0)\r\nDTSTAMP:20260101T000000Z\r\n\($0.1)\r\nSUMMARY:\($0.2)\r\nEND:VEVENT\r\n"
        }
        let calendar =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + events.joined()
            + "END:VCALENDAR\r\n"
        let result = CLI.run(
            ["events", "-", "--tz", "Europe/Berlin", "--from", "2026-10-24", "--to", "2026-10-27"],
            standardInput: Data(calendar.utf8))
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                Times in Europe/Berlin

                Saturday 24 October 2026
                  all day                 Autumn break (continues)
                  22:00–06:00+1           Night shift

                Sunday 25 October 2026
                  all day                 Autumn break (continues)
                  …–06:00                 Night shift (continues)
                  20:00–Tue 27 Oct 08:00  Field trip

                Monday 26 October 2026
                  all day                 Autumn break (continues, last day)
                  all day                 Field trip (continues)

                """)
    }

    @Test func ndjsonHasOneObjectPerLineSortedByStartThenId() throws {
        let result = CLI.run(["events", zones, "--tz", "UTC", "--format", "ndjson"])
        let records = try CLI.records(result.standardOutput)
        #expect(records.count == 8)
        let keys = records.map { "\($0["start"] as? String ?? "") \($0["id"] as? String ?? "")" }
        #expect(keys == keys.sorted())
    }

    @Test func csvHasAHeaderAndQuotesWhereNeeded() throws {
        let result = CLI.run([
            "events", CLI.fixture("valid/properties.ics"), "--tz", "UTC", "--format", "csv",
        ])
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == OccurrenceSchema.columnNames.joined(separator: ","))
        #expect(result.standardOutput.contains("\"Design review, round 2\""))
        #expect(result.standardOutput.contains("Work; Design; Review"))
        #expect(
            result.standardOutput.contains("Grace Hopper <grace@example.com>; linus@example.com"))
    }

    @Test func textIsAnAgendaGroupedByDate() {
        let result = CLI.run(["events", CLI.fixture("valid/timed-ends.ics"), "--tz", "UTC"])
        #expect(result.standardOutput.hasPrefix("Times in UTC\n\nTuesday 8 September 2026\n"))
        #expect(result.standardOutput.contains("  22:00–02:00+1   Night shift\n"))
        #expect(result.standardOutput.contains("\nWednesday 9 September 2026\n"))
        let german = CLI.run([
            "events", CLI.fixture("valid/timed-ends.ics"), "--tz", "UTC", "--lang", "de",
        ])
        #expect(german.standardOutput.hasPrefix("Zeiten in UTC\n\nDienstag, 8. September 2026\n"))
    }

    @Test func windowOptionsFilterAndAreChecked() throws {
        let result = CLI.run([
            "events", CLI.fixture("valid/all-day.ics"), "--from", "2026-09-09", "--to=2026-09-12",
            "--format", "ndjson",
        ])
        #expect(
            try CLI.records(result.standardOutput).map { $0["id"] as? String } == [
                "all-day-dtend@fixtures", "all-day-duration@fixtures",
            ])
        let backwards = CLI.run(["events", zones, "--from", "2026-09-09", "--to", "2026-09-09"])
        #expect(backwards.status == 64)
        #expect(
            backwards.standardError.hasPrefix(
                "Error: The value '2026-09-09' is invalid for '--to <date>': it must be after --from 2026-09-09"
            ))
        let badDate = CLI.run(["events", zones, "--from", "2026-02-30"])
        #expect(badDate.status == 64)
        #expect(
            badDate.standardError.hasPrefix(
                "Error: The value '2026-02-30' is invalid for '--from <date>': Invalid date '2026-02-30': February 2026 has 28 days"
            ))
    }

    @Test func quietKeepsErrorsOnly() {
        let bad = CLI.fixture("invalid/bad-events.ics")
        let loud = CLI.run(["events", bad, "--tz", "UTC"])
        #expect(loud.standardError.contains(": warning: "))
        for flag in ["-q", "--quiet"] {
            let quiet = CLI.run(["events", bad, "--tz", "UTC", flag])
            #expect(quiet.status == loud.status)
            #expect(quiet.standardOutput == loud.standardOutput)
            #expect(!quiet.standardError.contains(": warning: "))
            #expect(quiet.standardError.contains(": error: "))
            let errors = loud.standardError.split(separator: "\n").filter {
                $0.contains(": error: ")
            }
            #expect(quiet.standardError.split(separator: "\n") == errors)
        }
    }

    @Test func lenientModeListsTheRestAndStrictModeFails() {
        let bad = CLI.fixture("invalid/bad-events.ics")
        let lenient = CLI.run(["events", bad, "--tz", "UTC", "--format", "ndjson"])
        #expect(lenient.status == 0)
        #expect(lenient.standardOutput.split(separator: "\n").count == 3)
        #expect(
            lenient.standardError.contains(
                "\(bad):15: warning: DTEND 2026-09-08T10:00Z is before DTSTART 2026-09-08T11:00Z; the two are swapped"
            ))
        let strict = CLI.run(["events", bad, "--tz", "UTC", "--strict"])
        #expect(strict.status == 2)
        #expect(strict.standardOutput.isEmpty)
        #expect(
            strict.standardError.contains("\(bad):21: error: Invalid date-time '20260230T110000Z'"))
    }

    @Test func standardInputIsReadForDashOrNoFile() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: zones)))
        let dash = CLI.run(
            ["events", "-", "--tz", "UTC", "--format", "ndjson"], standardInput: bytes)
        let none = CLI.run(["events", "--tz", "UTC", "--format", "ndjson"], standardInput: bytes)
        #expect(dash.status == 0)
        #expect(dash.standardOutput == none.standardOutput)
        #expect(try CLI.records(dash.standardOutput).first?["file"] as? String == "<stdin>")
    }

    @Test func localZoneComesFromTZ() throws {
        let result = CLI.run(
            ["events", zones, "--format", "ndjson"], environment: ["TZ": "Asia/Tokyo"])
        let utc = try #require(
            try CLI.records(result.standardOutput).first {
                $0["id"] as? String == "zone-utc@fixtures"
            })
        #expect(utc["zone"] as? String == "Asia/Tokyo")
        #expect(utc["start"] as? String == "2026-09-08T16:00")
    }

    @Test func outputFileIsWrittenWholeAndNeverOverAnInput() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("events.json").path
        let written = CLI.run(["events", zones, "--tz", "UTC", "--format", "json", "-o", target])
        #expect(written.status == 0)
        #expect(written.standardOutput.isEmpty)
        let expected = CLI.run(["events", zones, "--tz", "UTC", "--format", "json"]).standardOutput
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)

        let failed = CLI.run(["events", CLI.fixture("invalid/not-a-calendar.ics"), "-o", target])
        #expect(failed.status == 2)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)
        // One unusable input among several fails the run: the target stays as it was.
        let partly = CLI.run([
            "events", zones, CLI.fixture("invalid/not-a-calendar.ics"), "--format", "json", "-o",
            target,
        ])
        #expect(partly.status == 2)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)

        // A name without an extension, so that the format is no question.
        let input = directory.appendingPathComponent("input").path
        try FileManager.default.copyItem(atPath: zones, toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let refused = CLI.run(["events", input, "-o", input])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("is the same file as the input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "events.json", "input",
            ])
    }

    @Test func expansionLimitsAreOptions() throws {
        let series = CLI.fixture("valid/recurrence.ics")
        let limited = CLI.run([
            "events", series, "--tz", "UTC", "--format", "ndjson", "--max-instances", "2",
        ])
        #expect(limited.status == 0)
        #expect(limited.standardError.contains("has more than 2 instances in range"))
        // Two generated instances (one replaced by its override) and the three overrides.
        let standups = try CLI.records(limited.standardOutput).filter {
            $0["uid"] as? String == "daily-standup@fixtures"
        }
        #expect(
            standups.compactMap { $0["recurrenceId"] as? String } == [
                "2026-09-07T09:30", "2026-09-08T09:30", "2026-09-09T09:30", "2026-09-10T09:30",
            ])
        let wrong = CLI.run(["events", series, "--max-iterations", "none"])
        #expect(wrong.status == 64)
        #expect(
            wrong.standardError.hasPrefix(
                "Error: The value 'none' is invalid for '--max-iterations <n>': expected a whole number greater than 0"
            ))
    }
}

/// `ics events --order file`: the same occurrences, written as they are read.
@Suite struct FileOrderTests {
    static let files: [String] = {
        let folder = CLI.root.appendingPathComponent("Fixtures/valid")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.sorted().map {
            folder.appendingPathComponent($0).path
        }
    }()

    @Test(arguments: files)
    func fileOrderListsTheSameOccurrences(path: String) throws {
        let sorted = CLI.run(["events", path, "--format", "ndjson", "--tz", "Europe/Berlin"])
        let streamed = CLI.run([
            "events", path, "--format", "ndjson", "--tz", "Europe/Berlin", "--order", "file",
        ])
        #expect(streamed.status == sorted.status)
        let sortedLines = sorted.standardOutput.split(separator: "\n")
        let streamedLines = streamed.standardOutput.split(separator: "\n")
        // Duplicate ids are merged only in start order; every streamed line is either one of
        // the sorted lines or an older version of one of their ids.
        let ids = Set(try CLI.records(sorted.standardOutput).compactMap { $0["id"] as? String })
        #expect(
            Set(try CLI.records(streamed.standardOutput).compactMap { $0["id"] as? String }) == ids)
        #expect(Set(sortedLines).isSubset(of: Set(streamedLines)))
    }

    @Test func fileOrderFollowsTheFileAndKeepsSeriesTogether() throws {
        let path = CLI.fixture("layout/team.ics")
        let result = CLI.run([
            "events", path, "--format", "ndjson", "--tz", "UTC", "--order", "file",
        ])
        let ids = try CLI.records(result.standardOutput).compactMap { $0["uid"] as? String }
        let singles = ids.filter { $0 != "standup@layout" }
        #expect(singles.first == "review@layout")
        #expect(singles.last == "retro@layout")
        // The series comes first in the file and has no overrides: written where it stands.
        #expect(Array(ids.prefix(5)) == Array(repeating: "standup@layout", count: 5))
    }

    @Test func failedStreamLeavesTheTargetAsItWas() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("events.ndjson")
        try Data("precious\n".utf8).write(to: target)
        let result = CLI.run([
            "events", CLI.fixture("layout/team.ics"), CLI.fixture("invalid/not-a-calendar.ics"),
            "--format", "ndjson", "--order", "file", "-o", target.path,
        ])
        #expect(result.status == 2)
        #expect(result.standardError.contains("not-a-calendar.ics:1: error: Not an iCalendar file"))
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["events.ndjson"]
        )
        let written = CLI.run([
            "events", CLI.fixture("layout/team.ics"), "--format", "ndjson", "--order", "file",
            "-o", target.path,
        ])
        #expect(written.status == 0)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix(#"{"id":"#))
    }

    @Test func fileOrderNeedsADataFormat() {
        let result = CLI.run(["events", "--order", "file"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("file order writes json, ndjson or csv"))
    }
}
