import Foundation
import Testing

/// `ics diff OLD NEW`: its reports of two versions of a league's feed as text and records,
/// their exit statuses, spilled events, standard input, records and directories as inputs,
/// and titles shown safely. (Which change is which kind is tested with the formats.)
@Suite struct DiffCommandTests {
    static let fixtures = CLI.root.appendingPathComponent("Fixtures")
    static let folder = fixtures.appendingPathComponent("diff")

    static func diff(_ arguments: [String]) throws -> RunResult {
        try CLI.runBinary(
            ["diff", "diff/old.ics", "diff/new.ics", "--tz", "Europe/Berlin"] + arguments,
            in: fixtures)
    }

    @Test func theTextReportMatchesItsGolden() throws {
        let result = try Self.diff([])
        #expect(result.status == 1, "\(result.standardError)")
        try CLI.expectGolden(result.standardOutput, in: Self.folder, named: "diff.txt")
    }

    @Test func theNDJSONReportMatchesItsGolden() throws {
        let result = try Self.diff(["--format", "ndjson"])
        #expect(result.status == 1)
        try CLI.expectGolden(result.standardOutput, in: Self.folder, named: "diff.ndjson")
    }

    /// With `--memory 1` every event of both versions goes to a temporary file: the reports
    /// are those of the goldens, byte for byte, with the same warnings.
    @Test func eventsOnDiskGiveTheSameReports() throws {
        for (format, golden) in [("text", "diff.txt"), ("ndjson", "diff.ndjson")] {
            let result = try Self.diff(["--format", format, "--memory", "1"])
            #expect(result.status == 1, "\(result.standardError)")
            #expect(result.standardError == (try Self.diff(["--format", format]).standardError))
            let expected = try String(
                contentsOf: Self.folder.appendingPathComponent("goldens/" + golden), encoding: .utf8
            )
            #expect(result.standardOutput == expected, "\(format)")
        }
    }

    /// A folder where no file can be made: the events stay in memory, said once, and the
    /// report is whole.
    @Test func aTemporaryFolderThatCannotBeUsedKeepsTheEventsInMemory() throws {
        let held = try Self.diff(["--format", "ndjson"])
        let result = try CLI.runBinary(
            [
                "diff", "diff/old.ics", "diff/new.ics", "--tz", "Europe/Berlin", "--format",
                "ndjson", "--memory", "1",
            ], in: Self.fixtures, environment: ["TMPDIR": "/nonexistent/ics-spill"])
        #expect(result.status == 1)
        #expect(result.standardOutput == held.standardOutput)
        #expect(
            result.standardError
                == held.standardError
                + "ics diff: warning: cannot make a temporary file in /nonexistent/ics-spill: No such file or directory; the events stay in memory\n"
        )
    }

    @Test func aCalendarIsItsOwnSameAndTheExitSaysSo() throws {
        let same = try CLI.runBinary(["diff", "diff/old.ics", "diff/old.ics"], in: Self.fixtures)
        #expect(same.status == 0)
        #expect(same.standardOutput.isEmpty)
        let json = try CLI.runBinary(
            ["diff", "diff/old.ics", "diff/old.ics", "-f", "json"], in: Self.fixtures)
        #expect(json.standardOutput == "[]\n")
    }

    @Test func unreadableInputsAndWrongArgumentsExitAsDiffDoes() throws {
        let missing = try CLI.runBinary(
            ["diff", "diff/old.ics", "diff/missing.ics"], in: Self.fixtures)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("diff/missing.ics"))
        #expect(missing.standardOutput.isEmpty)
        let one = try CLI.runBinary(["diff", "diff/old.ics"], in: Self.fixtures)
        #expect(one.status == 64)
        #expect(one.standardError.contains("Missing expected argument '<new>'"))
        let three = try CLI.runBinary(
            ["diff", "diff/old.ics", "diff/new.ics", "x.ics"], in: Self.fixtures)
        #expect(three.status == 64)
        let stdinTwice = try CLI.runBinary(["diff", "-", "-"], in: Self.fixtures)
        #expect(stdinTwice.status == 64)
    }

    @Test func oneVersionCanComeOnStandardInput() throws {
        let old = try Data(contentsOf: Self.folder.appendingPathComponent("old.ics"))
        let piped = try CLI.runBinary(
            ["diff", "-", "diff/new.ics", "--tz", "Europe/Berlin", "-f", "ndjson"],
            in: Self.fixtures, standardInput: old)
        let named = try Self.diff(["-f", "ndjson"])
        #expect(piped.status == 1)
        #expect(
            piped.standardOutput
                == named.standardOutput.replacingOccurrences(
                    of: "\"file\":\"diff/old.ics\"", with: "\"file\":\"<stdin>\""))
    }

    /// A feed published from records, a game moved within its day and one removed: the
    /// republished feed says a move and a removal, not a deletion and an addition.
    @Test func aRepublishedFeedShowsTheMoveNotAReplacement() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let header = "title,start,end,zone\n"
        let first =
            header + "Lions v Bears,2026-09-12T15:00,2026-09-12T17:00,Europe/London\n"
            + "Hawks v Otters,2026-09-19T15:00,2026-09-19T17:00,Europe/London\n"
        let second =
            header + "Lions v Bears,2026-09-12T18:30,2026-09-12T20:30,Europe/London\n"
        for (name, text) in [("first.csv", first), ("second.csv", second)] {
            try text.write(
                to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let published = try CLI.runBinary(
                ["convert", name, "-o", name.replacingOccurrences(of: ".csv", with: ".ics"), "-q"],
                in: directory)
            #expect(published.status == 0, "\(published.standardError)")
        }
        let result = try CLI.runBinary(
            ["diff", "first.ics", "second.ics", "--tz", "Europe/London", "-f", "ndjson"],
            in: directory)
        let kinds = try CLI.records(result.standardOutput).map {
            "\($0["change"] as? String ?? "") \($0["title"] as? String ?? "")"
        }
        #expect(kinds == ["moved Lions v Bears", "removed Hawks v Otters"])
        // The records and the calendar made of them are the same events.
        let same = try CLI.runBinary(["diff", "first.csv", "first.ics", "-q"], in: directory)
        #expect(same.status == 0, "\(same.standardOutput)")
    }

    @Test func titlesReachTheTerminalShownNotRun() throws {
        let calendar =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:x\r\n"
            + "DTSTAMP:20260101T000000Z\r\nDTSTART:20260101T100000Z\r\n"
            + "SUMMARY:a\u{1B}[31mred\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let result = try CLI.runBinary(
            ["diff", "-", "diff/new.ics", "-q"], in: Self.fixtures,
            standardInput: Data(calendar.utf8))
        #expect(!result.standardOutput.contains("\u{1B}"))
        #expect(result.standardOutput.contains("a␛[31mred"))
    }

    /// Two snapshots of a vdir (one event a file): each side is its directory's calendars.
    @Test func directoriesAreCalendarsOfManyFiles() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let work = CLI.root.appendingPathComponent("Fixtures/vdir/work")
        for side in ["before", "after"] {
            try FileManager.default.copyItem(
                at: work, to: directory.appendingPathComponent(side))
        }
        let review = directory.appendingPathComponent("after/review.ics")
        let text = try String(contentsOf: review, encoding: .utf8)
        #expect(text.contains("SUMMARY:Design review"))
        try text.replacingOccurrences(of: "SUMMARY:Design review", with: "SUMMARY:Design critique")
            .write(to: review, atomically: true, encoding: .utf8)
        let result = try CLI.runBinary(
            ["diff", "before", "after", "-f", "ndjson", "-q"], in: directory)
        #expect(result.status == 1, "\(result.standardError)")
        let changes = try CLI.records(result.standardOutput)
        #expect(changes.count == 1)
        #expect(changes.first?["change"] as? String == "changed")
        let fields = changes.first?["fields"] as? [[String: Any]]
        #expect(fields?.first?["new"] as? [String] == ["Design critique"])
        let same = try CLI.runBinary(["diff", "before", "before"], in: directory)
        #expect(same.status == 0)
    }
}
