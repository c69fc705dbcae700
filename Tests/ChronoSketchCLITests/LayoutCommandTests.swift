import ChronoSketchCore
import Foundation
import Testing

@testable import ChronoSketchCLI

/// `ics layout`: goldens of every view, the JSON schema, and usage errors.
@Suite struct LayoutCommandTests {
    private static let team = CLI.fixture("layout/team.ics")
    private static let sleep = CLI.fixture("layout/sleep.ics")
    private static let berlin = ["--tz", "Europe/Berlin"]

    /// Golden outputs in `Fixtures/layout/`; `ICS_RECORD_GOLDENS=1` re-records them.
    static let goldens: [(arguments: [String], golden: String)] = [
        (["layout", "day", team, "--date", "2026-09-08"] + berlin, "day.txt"),
        (["layout", "day", team, "--date", "2026-09-08", "--format", "json"] + berlin, "day.json"),
        (["layout", "week", team, "--date", "2026-09-08"] + berlin, "week-sunday.txt"),
        (
            ["layout", "week", team, "--date", "2026-09-08", "--lang", "de", "--format", "json"]
                + berlin, "week-monday.json"
        ),
        (["layout", "week", team, "--date", "2026-09-08", "--lang", "de"] + berlin, "week-de.txt"),
        (["layout", "month", team, "--date", "2026-09-08"] + berlin, "month.txt"),
        (
            ["layout", "month", team, "--date", "2026-09-08", "--format", "json"] + berlin,
            "month.json"
        ),
        (
            [
                "layout", "timeline", team, "--start", "2026-09-08", "--days", "2", "--scale",
                "hour", "--rows", "attendee",
            ] + berlin, "timeline.txt"
        ),
        (
            [
                "layout", "timeline", team, "--start", "2026-09-07", "--scale", "day", "--zoom",
                "2", "--rows", "location", "--group-by", "status", "--format", "json",
            ] + berlin, "timeline.json"
        ),
        (["layout", "ranges", sleep, "--day-boundary", "12:00"] + berlin, "ranges.txt"),
        (
            ["layout", "ranges", sleep, "--day-boundary", "12:00", "--format", "json"] + berlin,
            "ranges.json"
        ),
        (
            ["layout", "heatmap", team, "--date", "2026-08-20", "--lang", "de"] + berlin,
            "heatmap.txt"
        ),
        (
            [
                "layout", "heatmap", team, "--date", "2026-09-01", "--months", "1", "--format",
                "json",
            ]
                + berlin, "heatmap.json"
        ),
    ]

    @Test(arguments: goldens.indices)
    func viewsMatchTheirGoldens(index: Int) throws {
        let (arguments, golden) = Self.goldens[index]
        let result = CLI.run(arguments)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        try CLI.expectGolden(
            result.standardOutput, at: URL(fileURLWithPath: CLI.fixture("layout/" + golden)))
    }

    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = CLI.run(arguments + ["--format", "json"] + Self.berlin)
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
    }

    @Test func dayJSONHasTheDocumentedFieldsInOrder() throws {
        let result = CLI.run(
            ["layout", "day", Self.team, "--date", "2026-09-08", "--format", "json"] + Self.berlin)
        let keys = result.standardOutput.matches(of: /"([a-zA-Z]+)":/).map { String($0.output.1) }
        #expect(
            Array(keys.prefix(8)) == [
                "zone", "window", "from", "to", "zone", "weekStart", "date", "allDay",
            ])
        let segment = try #require(result.standardOutput.firstRange(of: "\"segments\":[{"))
        let segmentKeys = result.standardOutput[segment.upperBound...]
            .matches(of: /"([a-zA-Z]+)":/).prefix(13).map { String($0.output.1) }
        #expect(
            segmentKeys == [
                "id", "uid", "title", "startMinute", "endMinute", "column", "columns",
                "continuesBefore", "continuesAfter", "start", "end", "status", "location",
            ])
    }

    @Test func dayCutsTheOvernightDeploymentAtMidnight() throws {
        let first = try json(["layout", "day", Self.team, "--date", "2026-09-08"])
        let second = try json(["layout", "day", Self.team, "--date", "2026-09-09"])
        func deploy(_ day: [String: Any]) throws -> [String: Any] {
            let segments = try #require(day["segments"] as? [[String: Any]])
            return try #require(segments.first { $0["uid"] as? String == "deploy@layout" })
        }
        let evening = try deploy(first)
        let morning = try deploy(second)
        #expect(evening["startMinute"] as? Int == 1_320 && evening["endMinute"] as? Int == 1_440)
        #expect(evening["continuesAfter"] as? Bool == true)
        #expect(morning["startMinute"] as? Int == 0 && morning["endMinute"] as? Int == 120)
        #expect(morning["continuesBefore"] as? Bool == true)
        #expect(morning["start"] as? String == "2026-09-08T22:00")
        let lateNext = try json(["layout", "day", Self.team, "--date", "2026-09-10"])
        let ids = (lateNext["segments"] as? [[String: Any]])?.compactMap { $0["uid"] as? String }
        #expect(ids?.contains("late@layout") == false)
        #expect(ids?.contains("deadline@layout") == true)
    }

    @Test(arguments: [("en", "2026-09-06", 3), ("de", "2026-09-07", 2)])
    func weekStartFollowsTheLanguage(language: String, weekStart: String, lastDay: Int) throws {
        let week = try json([
            "layout", "week", Self.team, "--date", "2026-09-08", "--lang", language,
        ])
        #expect(week["weekStart"] as? String == weekStart)
        #expect(week["isoWeek"] as? Int == 37)
        let bars = try #require(week["bars"] as? [[String: Any]])
        let weekend = try #require(bars.first { $0["uid"] as? String == "weekend@layout" })
        #expect(weekend["firstDay"] as? Int == 0 && weekend["lastDay"] as? Int == lastDay - 1)
        #expect(weekend["continuesBefore"] as? Bool == true)
    }

    @Test func weekStartOptionOverridesTheLanguage() throws {
        let week = try json([
            "layout", "week", Self.team, "--date", "2026-09-08", "--lang", "de", "--week-start",
            "sunday",
        ])
        #expect(week["weekStart"] as? String == "2026-09-06")
        #expect(week["weekStartsOn"] as? String == "sunday")
    }

    @Test func rangesKeepNightsWholeAcrossTheDSTChange() throws {
        let ranges = try json(["layout", "ranges", Self.sleep, "--day-boundary", "12:00"])
        let periods = try #require(ranges["periods"] as? [[String: Any]])
        let byDate = Dictionary(
            uniqueKeysWithValues: periods.map { ($0["date"] as? String ?? "", $0["ranges"]) })
        let dstNight = try #require((byDate["2026-10-24"] as? [[String: Any]])?.first)
        // 20:30Z is 22:30 summer time; 05:45Z is 06:45 winter time: 8¼ hours on the wall clock.
        #expect(dstNight["startMinute"] as? Int == 1_350)
        #expect(dstNight["endMinute"] as? Int == 1_845)
        #expect((byDate["2026-10-23"] as? [Any])?.isEmpty == true)
        #expect(ranges["boundary"] as? String == "12:00")
    }

    @Test func timelineColumnsFollowScaleAndZoom() throws {
        let timeline = try json([
            "layout", "timeline", Self.team, "--start", "2026-09-08", "--scale", "hour", "--zoom",
            "8", "--rows", "resource",
        ])
        let columns = try #require(timeline["columns"] as? [[String: Any]])
        #expect(columns.count == 192)
        #expect(columns[1]["offsetMinutes"] as? Double == 7.5)
        #expect(timeline["columnMinutes"] as? Double == 7.5)
    }

    @Test(arguments: [
        (["layout", "week", "--zoom", "2"], "Unknown option '--zoom'"),
        (["layout", "timeline", "--zoom", "3"], "The value '3' is invalid for '--zoom <n>'"),
        (["layout", "ranges", "--day-boundary", "25:00"], "The value '25:00' is invalid"),
        (["layout", "day", "--date", "2026-02-30"], "Invalid date '2026-02-30'"),
        (
            ["layout", "week", "--week-start", "friday"],
            "Please provide one of 'monday' or 'sunday'"
        ),
        (["layout", "fortnight"], "Unknown subcommand 'fortnight'"),
        (["layout", "week", "--date", "9999-12-31"], "Out of range"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) {
        let result = CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains("See 'ics layout"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func groupHelpListsTheViews() {
        for arguments in [["layout"], ["layout", "--help"], ["help", "layout"]] {
            let result = CLI.run(arguments)
            #expect(result.status == 0)
            for view in ["day", "week", "month", "timeline", "ranges", "heatmap"] {
                #expect(result.standardOutput.contains("\n  \(view) "), "\(arguments)")
            }
        }
        let help = CLI.run(["help", "layout", "week"])
        #expect(help.standardOutput.contains("USAGE: ics layout week"))
        #expect(CLI.run(["--help"]).standardOutput.contains("\n  layout "))
    }

    @Test func unreadableInputExitsTwoWithNothingOnStdout() {
        let result = CLI.run([
            "layout", "day", CLI.fixture("invalid/not-a-calendar.ics"), "--date", "2026-09-08",
        ])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("not-a-calendar.ics"))
    }
}
