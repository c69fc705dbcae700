import Foundation
import Testing

/// `ics events --template`: one line per occurrence, fields of the schema and times in a
/// format, for status bars and shell scripts.
@Suite struct TemplateTests {
    private static func lines(_ template: String, _ extra: [String] = []) throws -> RunResult {
        try CLI.runBinary(
            [
                "events", "vdir/work", "vdir/home", "--from", "2026-09-15", "--days", "1",
                "--tz", "Europe/Berlin", "--template", template,
            ] + extra, in: CLI.root.appendingPathComponent("Fixtures"))
    }

    @Test func fieldsAndTimesFillEachLine() throws {
        let result = try Self.lines("{start:%a %d.%m. %H:%M}–{end:%H:%M} {title} ({calendar}) {{}}")
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                Tue 15.09. 08:30–09:15 Dentist (home) {}
                Tue 15.09. 09:30–09:45 Stand-up (Work) {}
                Tue 15.09. 14:00–15:00 Design review (Work) {}

                """)
        let german = try Self.lines("{start:%A %B}", ["--lang", "de"])
        #expect(german.standardOutput.hasPrefix("Dienstag September\n"))
    }

    @Test func hostileTextStaysOnItsLine() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("x.ics")
        try
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260915T090000Z\r\nSUMMARY:two\\nlines\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = CLI.run(["events", file.path, "--template", "{title}|"])
        #expect(result.standardOutput == "two lines|\n")
    }

    @Test(arguments: [
        ("{nope}", "'{nope}' is no field"), ("{title:%H}", "only start and end take a format"),
        ("{title", "'{' without its '}'"), ("a}", "a '}' without its '{'"),
    ])
    func aBadTemplateIsAUsageError(template: String, message: String) throws {
        let result = try Self.lines(template)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message))
    }
}
