import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// `Fixtures/meaning/`: one calendar per rule of what real calendars mean (recurrence edits,
/// broken times, rules written with a producer's slip), each with goldens in
/// `Fixtures/meaning/goldens/`: the occurrence records and findings of `ics events NAME.ics
/// --format ndjson` in UTC and in America/New_York (a zone with DST). `ICS_RECORD_GOLDENS=1`
/// re-records them. (What the busy-time commands make of two of them is tested on the command
/// line.)
@Suite struct MeaningFixtureTests {
    static let fixtures = GoldenFolder("Fixtures/meaning")

    static let names = fixtures.names

    /// The records of `name` listed in `zone`, within the dates given.
    static func records(
        _ name: String, zone: String = "UTC", from: String? = nil, to: String? = nil
    ) throws -> [[String: Any]] {
        let listed = try Conversion.listing([fixtures.input(name)], zone: zone, from: from, to: to)
        return try Conversion.records(listed.text)
    }

    @Test(arguments: names)
    func meaningFixturesMatchTheirGoldens(name: String) throws {
        for (zone, label) in [("UTC", "utc"), ("America/New_York", "new-york")] {
            let listed = try Conversion.listing([Self.fixtures.input(name)], zone: zone)
            #expect(listed.unusable.isEmpty)
            try Self.fixtures.expect(listed.text, golden: "\(name).\(label).ndjson")
            try Self.fixtures.expect(listed.printed, golden: "\(name).\(label).stderr")
        }
    }

    @Test func anHourAcrossTheChangeKeepsItsLengthOnTheWallClock() throws {
        let across = try #require(
            try Self.records("clock-change", zone: "America/New_York").first {
                $0["id"] as? String == "across@fixtures"
            })
        #expect(across["start"] as? String == "2026-11-01T01:45")
        #expect(across["end"] as? String == "2026-11-01T02:45")
    }

    @Test func anEndBeforeTheStartIsSwappedAndKeepsItsLength() throws {
        let records = try Self.records("dtend-before-dtstart")
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
        let records = try Self.records(
            "rdate-before-dtstart", from: "2026-09-01", to: "2026-09-02")
        #expect(records.compactMap { $0["start"] as? String } == ["2026-09-01T09:00"])
    }

    @Test func anInstanceMovedIntoTheWindowByAThisAndFutureOverrideIsListed() throws {
        // The rule puts the fourth week on Monday 28 September; the override moves it to the
        // Tuesday, inside the window.
        let records = try Self.records("this-and-future", from: "2026-09-29", to: "2026-09-30")
        #expect(records.compactMap { $0["start"] as? String } == ["2026-09-29T09:00"])
        #expect(records.first?["recurrenceId"] as? String == "2026-09-28T09:00Z")
    }
}
