import Foundation
import Testing

/// Runs the built `ics` binary and checks stdout, stderr and exit status together.
@Suite struct EndToEndTests {
    private static let valid = CLI.root.appendingPathComponent("Fixtures/valid")

    static let goldenNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: valid.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// Each `Fixtures/valid/NAME.ics` beside `NAME.ndjson` (stdout) and `NAME.stderr`, produced
    /// with `--tz Europe/Berlin --format ndjson`. `ICS_RECORD_GOLDENS=1` re-records them.
    @Test(arguments: goldenNames)
    func validFixturesMatchTheirGoldens(name: String) throws {
        let result = try CLI.runBinary(
            ["events", "\(name).ics", "--tz", "Europe/Berlin", "--format", "ndjson"], in: Self.valid
        )
        #expect(result.status == 0)
        try CLI.expectGolden(
            result.standardOutput, at: Self.valid.appendingPathComponent("\(name).ndjson"))
        try CLI.expectGolden(
            result.standardError, at: Self.valid.appendingPathComponent("\(name).stderr"))
    }

    @Test(arguments: [
        ("invalid/empty.ics", "empty.ics: error: Empty file: no calendar data\n"),
        (
            "invalid/not-a-calendar.ics",
            "not-a-calendar.ics:1: error: Not an iCalendar file: expected 'BEGIN:VCALENDAR', found 'Meeting notes'\n"
        ),
        (
            "invalid/json-named.ics",
            "json-named.ics:1: error: Not an iCalendar file: expected 'BEGIN:VCALENDAR', found '{\"events\": [{\"title\": \"Standup\", \"start\"…'\n"
        ),
        (
            "invalid/vcard.ics",
            "vcard.ics:1: error: Not an iCalendar file: expected 'BEGIN:VCALENDAR', found 'BEGIN:VCARD'\n"
        ),
        (
            "invalid/binary.ics",
            "binary.ics:1: error: Not an iCalendar file: it holds binary data, not text\n"
        ),
        ("invalid/missing.ics", "missing.ics: error: No such file\n"),
        // A directory is read as a vdir, or a folder of them; one with no .ics file in it or
        // in a folder of it is no calendar.
        ("output-goldens", "output-goldens: error: Is a directory, not a calendar file\n"),
    ])
    func unusableInputsExitTwoNamingTheFileWithNothingOnStdout(path: String, message: String) throws
    {
        let fixtures = CLI.root.appendingPathComponent("Fixtures")
        let directory = path.contains("/") ? fixtures.appendingPathComponent("invalid") : fixtures
        let name = URL(fileURLWithPath: path).lastPathComponent
        for format in ["text", "ndjson"] {
            let result = try CLI.runBinary(["events", name, "--format", format], in: directory)
            #expect(result.status == 2)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError == message)
        }
    }

    @Test func unreadableFileExitsTwo() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("locked.ics").path
        try FileManager.default.copyItem(atPath: CLI.fixture("valid/zones.ics"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        // Root reads any file; /proc/self/mem opens but cannot be read from offset 0.
        let target = getuid() == 0 ? "/proc/self/mem" : path
        let result = try CLI.runBinary(["events", target])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("\(target): error: "))
    }

    @Test func oneUnusableFileAmongSeveralCostsOnlyItsOwnEvents() throws {
        let good = CLI.fixture("valid/zones.ics")
        let bad = CLI.fixture("invalid/not-a-calendar.ics")
        let alone = try CLI.runBinary(["events", good, "--tz", "UTC", "--format", "ndjson"])
        let result = try CLI.runBinary(["events", bad, good, "--tz", "UTC", "--format", "ndjson"])
        #expect(result.status == 2)
        #expect(result.standardOutput == alone.standardOutput)
        #expect(!result.standardOutput.isEmpty)
        #expect(
            result.standardError.hasPrefix(
                "\(bad):1: error: Not an iCalendar file: expected 'BEGIN:VCALENDAR', found 'Meeting notes'\n"
            ))
        let strict = try CLI.runBinary(["events", bad, good, "--strict", "--format", "ndjson"])
        #expect(strict.status == 2)
        #expect(strict.standardOutput.isEmpty)
    }

    @Test func aTruncatedFileKeepsTheEventsBeforeTheCut() throws {
        let path = CLI.fixture("invalid/truncated.ics")
        let result = try CLI.runBinary(["events", path, "--tz", "UTC", "--format", "ndjson"])
        #expect(result.status == 0)
        #expect(result.standardOutput.split(separator: "\n").count == 1)
        #expect(result.standardOutput.contains(#""id":"complete@fixtures""#))
        #expect(
            result.standardError == """
                \(path):1: warning: BEGIN:VCALENDAR has no END:VCALENDAR; closed at the end of the input
                \(path):11: error: BEGIN:VEVENT has no END:VEVENT before the end of the input; the file may be truncated; the event is not read

                """)
        let strict = try CLI.runBinary(["events", path, "--strict"])
        #expect(strict.status == 2)
        #expect(strict.standardOutput.isEmpty)
    }

    @Test func standardInputIsReadFromAPipe() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("valid/zones.ics")))
        let piped = try CLI.runBinary(
            ["events", "--tz", "UTC", "--format", "ndjson"], standardInput: data)
        let named = try CLI.runBinary(
            ["events", "-", "--tz", "UTC", "--format", "ndjson"], standardInput: data)
        #expect(piped.status == 0)
        #expect(piped.standardOutput.split(separator: "\n").count == 8)
        #expect(piped.standardOutput == named.standardOutput)
    }

    @Test func demoCalendarListsTheTeamWeek() throws {
        let result = try CLI.runBinary([
            "events", CLI.fixture("demo/team-week.ics"), "--tz", "Europe/Berlin",
        ])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.contains("Monday 7 December 2026"))
        #expect(
            result.standardOutput.contains(
                "  15:00–16:00    Sync with the New York office · Video call\n"))
        #expect(result.standardOutput.contains("  23:00–01:30+1  Release 4.2 deployment\n"))
    }

    @Test func usageErrorExitsSixtyFour() throws {
        let result = try CLI.runBinary(["events", "--format", "yaml"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError.hasPrefix(
                "Error: The value 'yaml' is invalid for '--format <format>'."))
    }

    @Test func colourOnlyOnATerminal() throws {
        let result = try CLI.runBinary(["events", CLI.fixture("invalid/bad-events.ics")])
        #expect(!result.standardError.contains("\u{1B}["))
    }
}
