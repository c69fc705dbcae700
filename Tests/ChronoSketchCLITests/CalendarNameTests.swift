import Foundation
import Testing

/// Every event carries the name of its calendar: a vdir given on the command line is named by
/// its `displayname` or directory name; `--calendar` keeps the events of one; the agenda names
/// calendars when there are several. (X-WR-CALNAME, else the file's name, is tested with the
/// events.)
@Suite struct CalendarNameTests {
    static let fixtures = CLI.root.appendingPathComponent("Fixtures")

    private static func calendars(_ arguments: [String]) throws -> [String: Set<String>] {
        let result = try CLI.runBinary(
            ["events"] + arguments + ["--from", "2026-09-14", "--days", "7", "-f", "ndjson"],
            in: fixtures)
        #expect(result.status == 0, "\(result.standardError)")
        var titles: [String: Set<String>] = [:]
        for record in try CLI.records(result.standardOutput) {
            titles[record["calendar"] as? String ?? "-", default: []].insert(
                record["title"] as? String ?? "")
        }
        return titles
    }

    @Test func aVdirIsNamedByItsDisplaynameElseItsDirectory() throws {
        let titles = try Self.calendars(["vdir/work", "vdir/home/"])
        #expect(titles["Work"] == ["Stand-up", "Design review"])
        #expect(titles["home"] == ["Dentist", "Weekend in Hamburg"])
    }

    @Test func calendarKeepsTheEventsOfOneInAnyCase() throws {
        let titles = try Self.calendars(["vdir/work", "vdir/home", "--calendar", "WORK"])
        #expect(Array(titles.keys) == ["Work"])
        // The trip (home) overlaps Friday's stand-up (Work): a clash across the two
        // calendars, none within home alone.
        let window = ["--from", "2026-09-14", "--days", "7"]
        let both = try CLI.runBinary(
            ["conflicts", "vdir/work", "vdir/home"] + window, in: Self.fixtures)
        #expect(both.status == 1)
        let home = try CLI.runBinary(
            ["conflicts", "vdir/work", "vdir/home", "--calendar", "Home"] + window,
            in: Self.fixtures)
        #expect(home.status == 0, "\(home.standardOutput)")
    }

    @Test func theAgendaNamesCalendarsOnlyWhenThereAreSeveral() throws {
        let both = try CLI.runBinary(
            ["agenda", "vdir/work", "vdir/home", "--today", "2026-09-15", "--days", "1"],
            in: Self.fixtures)
        #expect(both.standardOutput.contains("Dentist [home]"))
        #expect(both.standardOutput.contains("Design review [Work]"))
        let one = try CLI.runBinary(
            ["agenda", "vdir/work", "--today", "2026-09-15", "--days", "1"], in: Self.fixtures)
        #expect(one.standardOutput.contains("Design review\n"))
    }
}
