import Foundation
import Testing

/// An event is who its bytes say, on the command line: `diff` shows a UID whose bytes changed,
/// and `--inputs separate` refuses inputs whose ids could meet. (That UIDs are compared as
/// written is tested with the events.)
@Suite struct IdentityTests {
    /// A calendar of one event per UID, on consecutive days from 1 December 2026.
    private static func calendar(_ uids: [String]) -> Data {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Tests//EN\r\n"
        for (index, uid) in uids.enumerated() {
            text += "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\n"
            text += "DTSTART:2026120\(index + 1)T100000Z\r\nSUMMARY:Event \(index + 1)\r\n"
            text += "END:VEVENT\r\n"
        }
        return Data((text + "END:VCALENDAR\r\n").utf8)
    }

    private static let composed = "caf\u{E9}@example.org"
    private static let decomposed = "cafe\u{301}@example.org"

    @Test func diffSaysAUIDWhoseBytesChanged() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = directory.appendingPathComponent("old.ics")
        let new = directory.appendingPathComponent("new.ics")
        try Self.calendar([Self.composed]).write(to: old)
        try Self.calendar([Self.decomposed]).write(to: new)
        let result = CLI.run(["diff", old.path, new.path, "--tz", "UTC"])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("uid changed  2026-12-01 10:00  Event 1\n"))
        #expect(result.standardOutput.contains("(alike, but not in bytes: Unicode forms differ)"))
        let same = CLI.run(["diff", old.path, old.path])
        #expect(same.status == 0)
    }

    @Test func calendarsReadApartWhoseIdsCouldMeetAreRefused() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let team = directory.appendingPathComponent("team")
        try FileManager.default.createDirectory(at: team, withIntermediateDirectories: true)
        // `team/a.ics` with UID `b.ics/c` and `team/b.ics` with UID `c`: read as `team` and
        // `team/b.ics`, both would be `team/b.ics/c`.
        try Self.calendar(["b.ics/c"]).write(to: team.appendingPathComponent("a.ics"))
        try Self.calendar(["c"]).write(to: team.appendingPathComponent("b.ics"))
        let inside = CLI.run(
            ["events", team.path, team.path + "/b.ics", "--inputs", "separate"])
        #expect(inside.status == 64)
        #expect(
            inside.standardError.hasPrefix(
                "Error: The value 'separate' is invalid for '--inputs <mode>': '\(team.path)/b.ics' is inside '\(team.path)', also read"
            ))
        let twice = CLI.run(
            ["conflicts", team.path + "/b.ics", team.path + "/b.ics", "--inputs", "separate"])
        #expect(twice.status == 64)
        #expect(twice.standardError.contains("is given twice"))
        // Apart, each file's ids begin with its own path.
        let apart = CLI.run(
            [
                "events", team.path + "/a.ics", team.path + "/b.ics", "--inputs", "separate",
                "--from", "2026-12-01", "--days", "1", "-f", "ndjson",
            ])
        #expect(apart.status == 0)
        #expect(
            try CLI.records(apart.standardOutput).compactMap { $0["id"] as? String }.sorted() == [
                "\(team.path)/a.ics/b.ics/c", "\(team.path)/b.ics/c",
            ])
    }
}
