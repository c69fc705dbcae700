import Foundation
import Testing

/// A calendar with no component is no calendar (RFC 5545 §3.6): `convert` does not write one
/// (from records that all failed, an empty input, a window or filter nothing matched) unless
/// `--allow-empty`, and `validate` says so of one it reads.
@Suite struct EmptyCalendarTests {
    private static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(arguments: [
        (
            "[{\"title\": \"Kick-off\"}, {\"title\": \"Final\"}]",
            "No record became an event (2 skipped, each said); nothing is written"
        ),
        ("[]", "No record to make an event of; nothing is written"),
    ])
    func recordsThatMakeNoEventWriteNoFeed(records: String, message: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try records.write(
            to: directory.appendingPathComponent("fixtures.json"), atomically: true,
            encoding: .utf8)
        // A feed published before stays as it was.
        let feed = directory.appendingPathComponent("feed.ics")
        try "before".write(to: feed, atomically: true, encoding: .utf8)
        let result = try CLI.runBinary(
            ["convert", "fixtures.json", "-o", "feed.ics"], in: directory)
        #expect(result.status == 2)
        #expect(result.standardError.contains("fixtures.json: error: \(message)"))
        #expect(try String(contentsOf: feed, encoding: .utf8) == "before")
    }

    private static let held =
        "ics convert: error: no event or other component is left to write, only time zones or nothing; nothing is written (--allow-empty writes the calendar anyway)"

    private static let zoneOnly = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//t//EN\r
        BEGIN:VTIMEZONE\r
        TZID:Etc/UTC\r
        BEGIN:STANDARD\r
        DTSTART:19700101T000000\r
        TZOFFSETFROM:+0000\r
        TZOFFSETTO:+0000\r
        END:STANDARD\r
        END:VTIMEZONE\r
        END:VCALENDAR\r

        """

    @Test(arguments: [
        (["convert", "week.ics", "--match", "no such title"], "ics"),
        (["convert", "week.ics", "--from", "2031-01-01", "--to", "2031-02-01"], "ics"),
        (["convert", "week.ics", "--match", "no such title", "--format", "jcal"], "jcal"),
        (["convert", "zones.ics"], "ics"),
        (["convert", "zones.ics", "--format", "jcal"], "jcal"),
    ])
    func aCalendarLeftEmptyIsNotPublished(arguments: [String], format: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: CLI.root.appendingPathComponent("Fixtures/demo/team-week.ics"),
            to: directory.appendingPathComponent("week.ics"))
        try Self.zoneOnly.write(
            to: directory.appendingPathComponent("zones.ics"), atomically: true, encoding: .utf8)
        let feed = directory.appendingPathComponent("feed.\(format)")
        try "before".write(to: feed, atomically: true, encoding: .utf8)

        // To a file: the one published before stays as it was.
        let toFile = try CLI.runBinary(arguments + ["-o", "feed.\(format)"], in: directory)
        #expect(toFile.status == 2)
        #expect(toFile.standardError.hasSuffix(Self.held + "\n"))
        #expect(try String(contentsOf: feed, encoding: .utf8) == "before")

        // To standard output: not a byte of it.
        let toStandardOutput = try CLI.runBinary(arguments, in: directory)
        #expect(toStandardOutput.status == 2)
        #expect(toStandardOutput.standardOutput.isEmpty)

        // Asked for, it is written whole.
        let allowed = try CLI.runBinary(arguments + ["--allow-empty"], in: directory)
        #expect(allowed.status == 0)
        #expect(!allowed.standardError.contains(Self.held))
        let written = allowed.standardOutput
        #expect(
            format == "ics"
                ? written.hasPrefix("BEGIN:VCALENDAR\r\n") && written.hasSuffix("END:VCALENDAR\r\n")
                : written.hasPrefix("[\"vcalendar\"") || written.hasPrefix("[[\"vcalendar\""))
        #expect(!written.contains("VEVENT") && !written.contains("vevent"))
    }

    @Test func aCalendarWithOneEventLeftIsWrittenAsBefore() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: CLI.root.appendingPathComponent("Fixtures/demo/team-week.ics"),
            to: directory.appendingPathComponent("week.ics"))
        let result = try CLI.runBinary(
            ["convert", "week.ics", "--match", "Team offsite", "--format", "ics"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput.components(separatedBy: "BEGIN:VEVENT").count == 2)
        #expect(!result.standardError.contains(Self.held))
    }

    @Test func validateCallsACalendarWithoutComponentsAnError() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nEND:VCALENDAR\r\n".write(
            to: directory.appendingPathComponent("empty.ics"), atomically: true, encoding: .utf8)
        let result = try CLI.runBinary(
            ["validate", "empty.ics", "--format", "json"], in: directory)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("\"code\":\"empty-calendar\""))
        #expect(result.standardOutput.contains("\"severity\":\"error\""))
        // Its events are none, which is no finding.
        let events = try CLI.runBinary(["events", "empty.ics"], in: directory)
        #expect(events.status == 0)
        #expect(events.standardError.isEmpty)
    }
}
