import Foundation
import Testing

/// `Fixtures/meaning/`: one calendar per rule of what real calendars mean (recurrence edits,
/// broken times, rules written with a producer's slip), each with goldens in
/// `Fixtures/meaning/goldens/`: the NDJSON and stderr of `ics events` in UTC and in
/// America/New_York (a zone with DST), run in `Fixtures/meaning/`; for the clock change and
/// for two calendars side by side, the output of `conflicts`, `freebusy` and `slots` too.
/// `ICS_RECORD_GOLDENS=1` re-records them.
@Suite struct MeaningFixtureTests {
    private static let folder = CLI.root.appendingPathComponent("Fixtures/meaning")

    static let names = CLI.calendarNames(in: folder)

    private func compare(
        _ text: String, golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try CLI.expectGolden(text, in: Self.folder, named: golden, sourceLocation: sourceLocation)
    }

    @Test(arguments: names)
    func meaningFixturesMatchTheirGoldens(name: String) throws {
        for (zone, label) in [("UTC", "utc"), ("America/New_York", "new-york")] {
            let events = try CLI.runBinary(
                ["events", "\(name).ics", "--tz", zone, "--format", "ndjson"], in: Self.folder)
            #expect(events.status == 0)
            try compare(events.standardOutput, golden: "\(name).\(label).ndjson")
            try compare(events.standardError, golden: "\(name).\(label).stderr")
        }
    }

    /// The busy-time commands on `clock-change.ics` (events on both sides of the autumn clock
    /// changes of New York, Berlin and Lord Howe) and on `two-calendars/`, each run with its
    /// expected exit status (1 when conflicts are found) and its golden's file name.
    static let busyRuns: [(golden: String, status: Int32, arguments: [String])] = {
        let clock = ["clock-change.ics"]
        let night = ["--from", "2026-10-31", "--to", "2026-11-02"]
        let early = ["--date", "2026-11-01", "--between", "00:00-03:00", "--every", "30m"]
        let both = ["two-calendars/mine.ics", "two-calendars/team.ics", "--tz", "Europe/Berlin"]
        return [
            ("clock-change.conflicts.utc.txt", 1, ["conflicts"] + clock + ["--tz", "UTC"]),
            (
                "clock-change.conflicts.new-york.json", 1,
                ["conflicts"] + clock + ["--tz", "America/New_York", "--format", "json"]
            ),
            (
                "clock-change.conflicts.lord-howe.txt", 1,
                ["conflicts"] + clock + ["--tz", "Australia/Lord_Howe"]
            ),
            ("clock-change.freebusy.utc.json", 0, ["freebusy"] + clock + ["--tz", "UTC"] + night),
            (
                "clock-change.freebusy.new-york.json", 0,
                ["freebusy"] + clock + ["--tz", "America/New_York"] + night
            ),
            (
                "clock-change.freebusy-ics.new-york.ics", 0,
                ["freebusy"] + clock + ["--tz", "America/New_York", "--format", "ics"] + night
            ),
            ("clock-change.slots.utc.txt", 0, ["slots"] + clock + ["--tz", "UTC"] + early),
            (
                "clock-change.slots.new-york.json", 0,
                ["slots"] + clock + ["--tz", "America/New_York", "--format", "json"] + early
            ),
            ("two-calendars.conflicts.txt", 1, ["conflicts"] + both),
            (
                "two-calendars.conflicts.within-files.txt", 1,
                ["conflicts"] + both + ["--within-files"]
            ),
            (
                "two-calendars.conflicts.across-files.json", 1,
                ["conflicts"] + both + ["--across-files", "--format", "json"]
            ),
            (
                "two-calendars.conflicts.by-location.txt", 1,
                ["conflicts"] + both + ["--by", "location"]
            ),
            (
                "two-calendars.conflicts.by-resource.txt", 0,
                ["conflicts"] + both + ["--by", "resource"]
            ),
            (
                "two-calendars.freebusy.json", 0,
                ["freebusy"] + both + ["--from", "2026-09-08", "--to", "2026-09-09"]
            ),
            (
                "two-calendars.slots.txt", 0,
                ["slots"] + both + ["--date", "2026-09-08", "--between", "09:00-13:00"]
            ),
        ]
    }()

    @Test(arguments: busyRuns.indices)
    func busyTimeCommandsMatchTheirGoldens(run: Int) throws {
        let (golden, status, arguments) = Self.busyRuns[run]
        let result = try CLI.runBinary(
            arguments, in: Self.folder, environment: ["SOURCE_DATE_EPOCH": "1788912000"])
        #expect(result.status == status, "\(golden)")
        try compare(result.standardOutput, golden: golden)
        let stem = golden.split(separator: ".").dropLast().joined(separator: ".")
        try compare(result.standardError, golden: "\(stem).stderr")
    }

    /// The clock change in numbers: the same two conflicts of an hour-long call with the calls
    /// at either 01:30 in every zone (none between the two 01:30s, none between the two 02:30s
    /// of Berlin or across Lord Howe's half-hour change); the floating event adds its own only
    /// where its wall-clock time falls on theirs.
    @Test func conflictsOfInstantsDoNotDependOnTheZone() throws {
        func pairs(_ zone: String) throws -> Set<String> {
            let run = try CLI.runBinary(
                ["conflicts", "clock-change.ics", "--tz", zone, "--format", "ndjson"],
                in: Self.folder)
            return Set(
                try CLI.records(run.standardOutput).map { record in
                    let ids = [record["a"], record["b"]].compactMap {
                        ($0 as? [String: Any])?["id"] as? String
                    }
                    return ids.sorted().joined(separator: " ") + " \(record["minutes"] ?? "")"
                })
        }
        let expected: Set = [
            "across@fixtures first-pass@fixtures 15", "across@fixtures second-pass@fixtures 15",
        ]
        for zone in ["UTC", "Europe/Berlin", "Australia/Lord_Howe"] {
            #expect(try pairs(zone) == expected, "\(zone)")
        }
        #expect(
            try pairs("America/New_York")
                == expected.union([
                    "first-pass@fixtures floating@fixtures 10",
                    "across@fixtures floating@fixtures 5",
                ]))
    }

    @Test func anHourAcrossTheChangeKeepsItsLengthOnTheWallClock() throws {
        let events = try CLI.runBinary(
            ["events", "clock-change.ics", "--tz", "America/New_York", "--format", "ndjson"],
            in: Self.folder)
        let across = try #require(
            try CLI.records(events.standardOutput).first {
                $0["id"] as? String == "across@fixtures"
            })
        #expect(across["start"] as? String == "2026-11-01T01:45")
        #expect(across["end"] as? String == "2026-11-01T02:45")
    }

    @Test func anEndBeforeTheStartIsSwappedAndKeepsItsLength() throws {
        let events = try CLI.runBinary(
            ["events", "dtend-before-dtstart.ics", "--tz", "UTC", "--format", "ndjson"],
            in: Self.folder)
        let records = try CLI.records(events.standardOutput)
        let single = try #require(records.first { $0["uid"] as? String == "slip@fixtures" })
        #expect(single["start"] as? String == "2026-10-31T22:15")
        #expect(single["end"] as? String == "2026-10-31T22:30")
        let series = records.filter { $0["uid"] as? String == "slip-series@fixtures" }
        // Each instance ends at its rule time (18:30 New York) and lasts the quarter hour.
        #expect(
            series.compactMap { $0["end"] as? String } == [
                "2026-10-30T22:30", "2026-10-31T22:30", "2026-11-01T23:30",
            ])
        #expect(
            series.compactMap { $0["start"] as? String } == [
                "2026-10-30T22:15", "2026-10-31T22:15", "2026-11-01T23:15",
            ])
    }

    @Test func anRDateBeforeTheStartBelongsToTheSeries() throws {
        let events = try CLI.runBinary(
            [
                "events", "rdate-before-dtstart.ics", "--tz", "UTC", "--format", "ndjson",
                "--from", "2026-09-01", "--to", "2026-09-02",
            ], in: Self.folder)
        let records = try CLI.records(events.standardOutput)
        #expect(records.compactMap { $0["start"] as? String } == ["2026-09-01T09:00"])
    }

    @Test func anInstanceMovedIntoTheWindowByAThisAndFutureOverrideIsListed() throws {
        // The rule puts the fourth week on Monday 28 September; the override moves it to the
        // Tuesday, inside the window.
        let events = try CLI.runBinary(
            [
                "events", "this-and-future.ics", "--tz", "UTC", "--format", "ndjson", "--from",
                "2026-09-29", "--to", "2026-09-30",
            ], in: Self.folder)
        let records = try CLI.records(events.standardOutput)
        #expect(records.compactMap { $0["start"] as? String } == ["2026-09-29T09:00"])
        #expect(records.first?["recurrenceId"] as? String == "2026-09-28T09:00Z")
    }
}
