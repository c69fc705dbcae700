import Foundation
import Testing

/// `convert --set NAME=VALUE`: calendar properties of a published feed, written by their type
/// in place of the inputs' own.
@Suite struct CalendarSettingTests {
    static let fixtures = CLI.root.appendingPathComponent("Fixtures")
    static let feed = "demo/team-week.ics"

    static func convert(_ arguments: [String]) throws -> RunResult {
        try CLI.runBinary(["convert", feed] + arguments, in: Self.fixtures)
    }

    /// The calendar's own lines: those before its first component.
    static func calendarLines(_ output: String) -> [String] {
        Array(
            output.components(separatedBy: "\r\n").prefix {
                !$0.hasPrefix("BEGIN:V") || $0 == "BEGIN:VCALENDAR"
            })
    }

    @Test func setPropertiesReplaceTheInputsOwnBeforeTheFirstComponent() throws {
        let result = try Self.convert([
            "-f", "ics", "--set", "X-WR-CALNAME=League, 2026; spring", "--set", "calscale=",
            "--set", "REFRESH-INTERVAL=PT1H", "--set", "X-PUBLISHED-TTL=PT1H",
            "--set", "METHOD=publish", "--set", "COLOR=darkgreen",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            Self.calendarLines(result.standardOutput) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//Demo team week//EN",
                "X-WR-CALNAME:League, 2026; spring", "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
                "X-PUBLISHED-TTL:PT1H", "METHOD:PUBLISH", "COLOR:darkgreen",
            ])
        // The rest is as without --set.
        let plain = try Self.convert(["-f", "ics"])
        let body = { (text: String) in text.components(separatedBy: "BEGIN:VTIMEZONE").dropFirst() }
        #expect(body(result.standardOutput) == body(plain.standardOutput))
        let validation = try CLI.runBinary(
            ["validate", "-"], standardInput: Data(result.standardOutput.utf8))
        #expect(validation.status == 0, "\(validation.standardOutput)")
        // Read back, the name is the text given.
        let names = try CLI.runBinary(
            ["events", "-", "-f", "ndjson", "--tz", "UTC"],
            standardInput: Data(result.standardOutput.utf8))
        #expect(names.standardOutput.contains("\"calendar\":\"League, 2026; spring\""))
    }

    @Test func jCalAndMergesAreSetToo() throws {
        let jcal = try Self.convert(["-f", "jcal", "--set", "NAME=Team"])
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(jcal.standardOutput.utf8)) as? [Any])
        let properties = try #require(document[1] as? [[Any]])
        #expect(
            properties.contains { ($0[0] as? String) == "name" && ($0[3] as? String) == "Team" })
        let merged = try CLI.runBinary(
            ["convert", Self.feed, "valid/all-day.ics", "-f", "ics", "--set", "X-WR-CALNAME=Both"],
            in: Self.fixtures)
        let lines = Self.calendarLines(merged.standardOutput)
        #expect(lines.filter { $0.hasPrefix("X-WR-CALNAME") } == ["X-WR-CALNAME:Both"])
    }

    @Test(arguments: [
        (["--set", "VERSION=3.0"], "not a calendar property that can be set"),
        (["--set", "SUMMARY=x"], "not a calendar property that can be set"),
        (["--set", "REFRESH-INTERVAL=soon"], "--set <name=value>"),
        (["--set", "X-WR-CALNAME=a\u{1B}[2J"], "control character (U+001B)"),
        (["--set", "URL=https://example.org/a\nb"], "control character (U+000A)"),
        (["--set", "METHOD=REQUEST;X=1"], "a METHOD is a name such as PUBLISH"),
        (["--set", "=x"], "expected NAME=VALUE"),
        (["-f", "json", "--set", "NAME=x"], "only an .ics or jCal calendar"),
    ])
    func whatCannotBeSetIsRefused(arguments: [String], message: String) throws {
        let result = try Self.convert(arguments)
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    /// A line break in a text value is text over several lines, written `\n`: it can begin no
    /// line of its own.
    @Test func aLineBreakInTextIsEscapedNotALine() throws {
        let result = try Self.convert(["--set", "X-WR-CALNAME=a\r\nBEGIN:VEVENT"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\r\nX-WR-CALNAME:a\\nBEGIN:VEVENT\r\n"))
        #expect(
            result.standardOutput.components(separatedBy: "\r\nBEGIN:VEVENT\r\n").count
                == (try Self.convert([])).standardOutput.components(
                    separatedBy: "\r\nBEGIN:VEVENT\r\n"
                ).count)
    }
}
