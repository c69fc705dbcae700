import Foundation
import Testing

/// Every JSON report names its window: from, to, zone and the day weeks start, whatever chose
/// them (options, `--lang`, the locale).
@Suite struct OutputWindowTests {
    static let calendar = "demo/team-week.ics"
    static let reports: [[String]] = [
        ["layout", "day", calendar, "--date", "2026-12-08"],
        ["layout", "week", calendar, "--date", "2026-12-08"],
        ["layout", "month", calendar, "--date", "2026-12-08"],
        ["layout", "timeline", calendar, "--start", "2026-12-07", "--days", "2"],
        ["layout", "ranges", calendar],
        ["layout", "heatmap", calendar, "--date", "2026-12-08"],
        ["conflicts", calendar, "--from", "2026-12-07", "--days", "7"],
        ["slots", calendar, "--date", "2026-12-08"],
        ["slots", calendar, "--from", "2026-12-07", "--days", "2", "--duration", "1h"],
        ["freebusy", calendar, "--from", "2026-12-07", "--days", "2"],
    ]

    private static func window(_ arguments: [String], environment: [String: String] = [:]) throws
        -> [String: Any]
    {
        let result = try CLI.runBinary(
            arguments + ["--tz", "Europe/Berlin", "-f", "json"],
            in: CLI.root.appendingPathComponent("Fixtures"), environment: environment)
        // 1: conflicts found, no free slot.
        #expect(result.status <= 1, "\(arguments): \(result.standardError)")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        #expect(object["zone"] as? String == "Europe/Berlin")
        return try #require(object["window"] as? [String: Any], "\(arguments)")
    }

    @Test(arguments: reports)
    func everyReportNamesItsWindow(arguments: [String]) throws {
        let window = try Self.window(arguments)
        #expect(Set(window.keys) == ["from", "to", "zone", "weekStart"])
        #expect(window["zone"] as? String == "Europe/Berlin")
        // Without a locale (as cron runs it), weeks start on Sunday, and the report says so.
        #expect(window["weekStart"] as? String == "sunday")
    }

    @Test func theWindowIsTheOneAskedFor() throws {
        let conflicts = try Self.window(Self.reports[6])
        #expect(conflicts["from"] as? String == "2026-12-07T00:00")
        #expect(conflicts["to"] as? String == "2026-12-14T00:00")
        let week = try Self.window(Self.reports[1] + ["--week-start", "monday"])
        #expect(week["from"] as? String == "2026-12-07")
        #expect(week["to"] as? String == "2026-12-14")
        #expect(week["weekStart"] as? String == "monday")
        let german = try Self.window(Self.reports[1], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german["from"] as? String == "2026-12-07")
        #expect(german["weekStart"] as? String == "monday")
        let unbounded = try Self.window(["conflicts", Self.calendar])
        #expect(unbounded["from"] is NSNull && unbounded["to"] is NSNull)
    }

    @Test func infoNamesItsZoneAndNoBounds() throws {
        let result = try CLI.runBinary(
            ["info", Self.calendar, "--tz", "Asia/Tokyo", "-f", "json"],
            in: CLI.root.appendingPathComponent("Fixtures"))
        let files = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
        let window = try #require(files.first?["window"] as? [String: Any])
        #expect(window["zone"] as? String == "Asia/Tokyo")
        #expect(window["from"] is NSNull && window["weekStart"] is NSNull)
    }
}
