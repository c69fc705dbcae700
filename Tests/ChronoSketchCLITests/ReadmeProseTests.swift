import Foundation
import Testing

/// Claims the README makes in prose rather than in an example, each run through the binary.
@Suite struct ReadmeProseTests {
    private static let single = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//ChronoSketch//Tests//EN\r
        BEGIN:VEVENT\r
        UID:a\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260301T090000Z\r
        DTEND:20260301T100000Z\r
        SUMMARY:Single\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:a\r
        DTSTAMP:20260101T000000Z\r
        RECURRENCE-ID:20260301T090000Z\r
        DTSTART:20260301T110000Z\r
        DTEND:20260301T120000Z\r
        SUMMARY:Moved\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:b\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260302T250000Z\r
        SUMMARY:Bad hour\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// "`--order file` … an override of a non-recurring event is written beside it.
    /// Diagnostics follow the data on stderr."
    @Test func fileOrderWritesAnOverrideBesideItsEventAndDiagnosticsAfterTheData() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("single.ics").path
        try Data(Self.single.utf8).write(to: URL(fileURLWithPath: path))
        let result = try CLI.runBinary(
            ["-c", "'\(CLI.binary.path)' events '\(path)' --order file -f ndjson --tz UTC 2>&1"],
            shell: true)
        let lines = result.standardOutput.split(separator: "\n")
        let records = lines.filter { $0.hasPrefix("{") }
        #expect(records.count == 2)
        #expect(records.contains { $0.contains(#""id":"a""#) })
        #expect(records.contains { $0.contains(#""id":"a#2026-03-01T09:00Z""#) })
        let firstDiagnostic = try #require(lines.firstIndex { $0.contains("error:") })
        let lastRecord = try #require(lines.lastIndex { $0.hasPrefix("{") })
        #expect(lastRecord < firstDiagnostic)
        // Sorted, the override replaces the occurrence it moves.
        let sorted = try CLI.runBinary(["events", path, "-f", "ndjson", "--tz", "UTC"])
        #expect(sorted.standardOutput.split(separator: "\n").count == 1)
    }

    /// "`--columns` … alone it asks for CSV, with another `--format` it is a usage error."
    @Test func columnsAloneAskForCSV() throws {
        let path = CLI.fixture("demo/team-week.ics")
        let csv = try CLI.runBinary(["events", path, "--columns", "title,start", "--tz", "UTC"])
        #expect(csv.status == 0)
        #expect(csv.standardOutput.hasPrefix("title,start"))
        #expect(csv.standardOutput.contains("Daily stand-up,2026-12-07T"))
        let json = try CLI.runBinary(["events", path, "--columns", "title", "-f", "json"])
        #expect(json.status == 64)
        #expect(json.standardOutput.isEmpty)
    }

    /// "`/dev/stdout`, `/dev/stderr`, `/dev/fd/N` as the descriptor already open (… a file the
    /// shell opened with `>>`, appended to)".
    @Test func outputToAnOpenDescriptorWritesThroughIt() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("log.ndjson").path
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: log))
        let ics = "'\(CLI.binary.path)' events '\(CLI.fixture("demo/team-week.ics"))' -f ndjson"
        let appended = try CLI.runBinary(["-c", "\(ics) -o /dev/fd/3 3>>'\(log)'"], shell: true)
        #expect(appended.status == 0)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix("kept\n{"))
        let toError = try CLI.runBinary(["-c", "\(ics) -o /dev/stderr"], shell: true)
        #expect(toError.status == 0)
        #expect(toError.standardOutput.isEmpty)
        #expect(toError.standardError == String(text.dropFirst("kept\n".count)))
    }

    /// "a regular file atomically, keeping its mode (and owner, as root)".
    @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
    func outputKeepsTheOwnerOfTheFileItReplaces() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.json").path
        try Data("[]".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chown(target, 1234, 1234) == 0)
        #expect(chmod(target, 0o640) == 0)
        let result = try CLI.runBinary(
            ["events", CLI.fixture("demo/team-week.ics"), "-f", "json", "-o", target])
        #expect(result.status == 0)
        var status = stat()
        #expect(stat(target, &status) == 0)
        #expect(status.st_uid == 1234 && status.st_gid == 1234)
        #expect(status.st_mode & 0o777 == 0o640)
        #expect(try String(contentsOfFile: target, encoding: .utf8).count > 2)
    }

    /// "A FIFO or process substitution (`<(…)`) gives its bytes only once and is read as
    /// `.ics` unless its name tells otherwise."
    @Test func aFifoIsReadAsICalendarUnlessItsNameSaysOtherwise() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ics = "'\(CLI.binary.path)'"
        let records = "\(ics) events '\(CLI.fixture("demo/team-week.ics"))' -f ndjson"
        let substituted = try CLI.runBinary(
            ["-c", "\(ics) events <(\(records)) -f ndjson"], shell: true)
        #expect(substituted.status == 2)
        #expect(substituted.standardError.contains("Not an iCalendar file"))
        let fifo = folder.appendingPathComponent("p.ndjson").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let named = try CLI.runBinary(
            ["-c", "\(records) > '\(fifo)' & \(ics) events '\(fifo)' -f ndjson; wait"],
            shell: true)
        let direct = try CLI.runBinary(["-c", records], shell: true)
        // Read as records: the same occurrences, now from the FIFO.
        func ids(_ text: String) -> [Substring] {
            text.matches(of: /"id":"([^"]*)"/).map(\.output.1)
        }
        #expect(named.status == 0)
        #expect(ids(named.standardOutput) == ids(direct.standardOutput))
        #expect(ids(direct.standardOutput).count > 5)
        #expect(named.standardOutput.contains(#""file":"\#(fifo)""#))
    }

    /// "what `convert` writes as `.ics` or jCal holds every input's components either way".
    @Test func convertWritesEveryInputsComponentsWithSeparateInputs() throws {
        let inputs = [
            CLI.fixture("meaning/two-calendars/mine.ics"),
            CLI.fixture("meaning/two-calendars/team.ics"),
        ]
        for format in ["ics", "jcal"] {
            let merged = try CLI.runBinary(["convert"] + inputs + ["--to", format])
            let separate = try CLI.runBinary(
                ["convert"] + inputs + ["--to", format, "--inputs", "separate"])
            #expect(merged.status == 0)
            #expect(separate.standardOutput == merged.standardOutput)
            #expect(merged.standardOutput.contains("Standup"))
            #expect(merged.standardOutput.contains("Dentist"))
        }
    }
}
