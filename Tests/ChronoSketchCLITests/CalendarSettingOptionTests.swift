import Foundation
import Testing

/// `convert --set NAME=VALUE` on the command line: what cannot be set is refused before
/// anything is read or written (what a setting writes is tested with the formats).
@Suite struct CalendarSettingOptionTests {
    static let fixtures = CLI.root.appendingPathComponent("Fixtures")
    static let feed = "demo/team-week.ics"

    static func convert(_ arguments: [String]) throws -> RunResult {
        try CLI.runBinary(["convert", feed] + arguments, in: Self.fixtures)
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
}
