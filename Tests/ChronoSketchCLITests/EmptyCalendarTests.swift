import Foundation
import Testing

/// A calendar with no component is no calendar (RFC 5545 §3.6): `convert` does not write one
/// from records that all failed, and `validate` says so of one it reads.
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
