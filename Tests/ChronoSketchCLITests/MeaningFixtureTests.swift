import Foundation
import Testing

/// `Fixtures/meaning/`: one calendar per rule of what real calendars mean (recurrence edits,
/// broken times, rules written with a producer's slip), each with goldens in
/// `Fixtures/meaning/goldens/`: the NDJSON and stderr of `ics events` in UTC and in
/// America/New_York (a zone with DST), run in `Fixtures/meaning/`. `ICS_RECORD_GOLDENS=1`
/// re-records them.
@Suite struct MeaningFixtureTests {
    private static let folder = CLI.root.appendingPathComponent("Fixtures/meaning")

    static let names: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.map { String($0.dropLast(4)) }.sorted()
    }()

    private func compare(_ text: String, golden: String) throws {
        try CLI.expectGolden(
            text, at: Self.folder.appendingPathComponent("goldens").appendingPathComponent(golden))
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
