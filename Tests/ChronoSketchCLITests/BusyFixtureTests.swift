import Foundation
import Testing

/// The busy-time commands on two calendars of `Fixtures/meaning/` (the clock change, and two
/// calendars side by side): the output and stderr of `conflicts`, `freebusy` and `slots`, run
/// in `Fixtures/meaning/`, each with its golden in `Fixtures/meaning/goldens/` (what the
/// calendars mean is tested with the formats). `ICS_RECORD_GOLDENS=1` re-records them.
@Suite struct BusyFixtureTests {
    private static let folder = CLI.root.appendingPathComponent("Fixtures/meaning")

    private func compare(
        _ text: String, golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try CLI.expectGolden(text, in: Self.folder, named: golden, sourceLocation: sourceLocation)
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
}
