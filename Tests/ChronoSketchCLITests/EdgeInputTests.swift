import Foundation
import Testing

/// Inputs at the edges, through the built binary: bounds that hold while reading and working,
/// what is said rather than done in silence, and messages a person understands, with the
/// exit status each ends in. (What reading makes of such inputs is tested with the events.)
@Suite struct EdgeInputTests {
    private static let week = CLI.fixture("demo/team-week.ics")

    private static func calendar(_ body: String) -> Data {
        Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n" + body + "END:VCALENDAR\r\n")
                .utf8)
    }

    private static func event(_ uid: String, _ lines: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\n" + lines + "END:VEVENT\r\n"
    }

    // MARK: - Bounds

    /// 100 MB of NUL bytes on standard input, no line break anywhere: refused as binary after
    /// the first 32 MiB, not held whole.
    @Test func megabytesOfNULsOnStandardInputEndInAnError() throws {
        let result = try CLI.runBinary(
            ["events", "-"], standardInput: Data(count: 100_000_000), limit: 120)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "<stdin>:1: error: Not an iCalendar file: it holds binary data, not text\n")
    }

    /// A 40 MB line ends the input at 32 MiB with an error at its line, and nothing after it is
    /// read: the input cannot be used (status 2), but what a listing in file order wrote of it
    /// before stays written.
    @Test func aLineOverTheLimitEndsTheInputWithAnError() throws {
        var body = "BEGIN:VEVENT\r\nUID:first\r\nDTSTART:20260908T090000Z\r\nSUMMARY:Before\r\n"
        body += "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:long\r\nDTSTART:20260908T090000Z\r\nDESCRIPTION:"
        body += String(repeating: "a", count: 40_000_000)
        body += "\r\n more\r\nSUMMARY:After the long line\r\nEND:VEVENT\r\n"
        let result = try CLI.runBinary(
            ["events", "-", "-f", "ndjson", "--tz", "UTC"], standardInput: Self.calendar(body),
            limit: 120)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "<stdin>:12: error: Line is longer than 32 MiB: the input is read no further\n")
        let streamed = try CLI.runBinary(
            ["events", "-", "-f", "ndjson", "--tz", "UTC", "--order", "file"],
            standardInput: Self.calendar(body), limit: 120)
        #expect(streamed.status == 2)
        #expect(
            try CLI.records(streamed.standardOutput).map { $0["title"] as? String } == ["Before"])
    }

    /// jCal holds a value of any length; one whose `.ics` line the reader would cut is left out
    /// with an error (the conversion would not read back), the rest of the event kept.
    @Test func aJCalValueTooLongForALineIsLeftOutWithAnError() throws {
        let long = String(repeating: "x", count: 33 << 20)
        let jcal =
            "[\"vcalendar\",[[\"version\",{},\"text\",\"2.0\"],[\"prodid\",{},\"text\",\"-//t//EN\"]],"
            + "[[\"vevent\",[[\"uid\",{},\"text\",\"a\"],[\"dtstart\",{},\"date-time\",\"2026-12-01T10:00:00\"],"
            + "[\"description\",{},\"text\",\"\(long)\"],[\"summary\",{},\"text\",\"Kept\"]],[]]]]"
        let result = try CLI.runBinary(
            ["convert", "-", "--from-format", "jcal", "--format", "ics"],
            standardInput: Data(jcal.utf8),
            limit: 120)
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "<stdin>:7: error: DESCRIPTION would be a line of 34603020 bytes, longer than the 32 MiB a content line may have to be read again; left out\n"
        )
        #expect(result.standardOutput.contains("SUMMARY:Kept\r\n"))
        #expect(!result.standardOutput.contains("DESCRIPTION"))
        let strict = try CLI.runBinary(
            ["convert", "-", "--from-format", "jcal", "--format", "ics", "--strict"],
            standardInput: Data(jcal.utf8), limit: 120)
        #expect(strict.status == 2)
        #expect(strict.standardOutput.isEmpty)
    }

    /// However the input begins, a stream that never breaks its line ends at the bound: time
    /// and memory of 32 MiB, not of the stream (`yes` would never end).
    @Test func aStreamWithoutLineBreaksAfterAValidStartEndsAtTheBound() throws {
        let result = try CLI.runBinary(
            [
                "-c",
                "{ printf 'BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\nX-A:'; yes | tr -d '\\n'; } | \"$0\" events - ; echo \"status ${PIPESTATUS[1]}\"",
                CLI.binary.path,
            ], limit: 120, shell: true)
        #expect(result.standardOutput.hasSuffix("status 2\n"))
        #expect(
            result.standardError
                == "<stdin>:3: error: Line is longer than 32 MiB: the input is read no further\n")
    }

    @Test(arguments: [
        (["layout", "week", "--width", "5000"], "at most 1000"),
        (["layout", "timeline", "--days", "400000"], "a timeline has at most 20000"),
        (
            ["layout", "timeline", "--days", "1000", "--scale", "hour"],
            "a timeline has at most 20000"
        ),
        (["layout", "heatmap", "--months", "5000"], "at most 1200"),
        (["layout", "ranges", "--from", "0001-01-01", "--to", "9999-01-01"], "36600 periods"),
        (["events", "--days", "99999999"], "the window would end after 9999-12-31"),
        // Minutes that would overflow when made seconds.
        (["conflicts", "--buffer", "999999999999999999"], "expected a duration"),
        (["slots", "--every", "153722867280912931"], "expected a duration"),
    ])
    func absurdSizesAreUsageErrorsNamingTheLimit(arguments: [String], limit: String) throws {
        let result = try CLI.runBinary(arguments + [Self.week])
        #expect(result.status == 64)
        #expect(result.standardError.contains(limit), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aHugeColumnsIsTakenAsTheWidestView() throws {
        let result = try CLI.runBinary(
            ["layout", "day", Self.week, "--date", "2026-12-08", "--tz", "Europe/Berlin"],
            environment: ["COLUMNS": "99999999"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("COLUMNS=99999999 is more than 1000"))
        let widest = result.standardOutput.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= 1_000)
    }

    // MARK: - Said, not silent

    /// A daily series to 9999 is expanded to its UNTIL without a word: every day from 2580 to
    /// 2599 (7,305 with five leap days) and the last day of 9999. A rule of another calendar
    /// scale, which libical 3.0.16 expands, stops at 2582 and says so, with where it stopped,
    /// and a window after 2582 gets none of its instances made up.
    @Test func aSeriesGoesOnToTheYear9999() throws {
        let body = Self.event(
            "d", "DTSTART:20260101T090000\r\nRRULE:FREQ=DAILY;UNTIL=99991231T235959\r\n")
        let middle = try CLI.runBinary(
            ["events", "-", "-f", "ndjson", "--from", "2580-01-01", "--to", "2600-01-01"],
            standardInput: Self.calendar(body))
        #expect(middle.status == 0)
        #expect(middle.standardError.isEmpty)
        let starts = try CLI.records(middle.standardOutput).compactMap { $0["start"] as? String }
        #expect(starts.count == 7_305)
        #expect(starts.first == "2580-01-01T09:00")
        #expect(starts.last == "2599-12-31T09:00")
        let last = try CLI.runBinary(
            ["events", "-", "-f", "csv", "--columns", "start", "--from", "9999-12-30"],
            standardInput: Self.calendar(body))
        #expect(last.standardOutput == "start\n9999-12-30T09:00\n9999-12-31T09:00\n")
        let hebrew = Self.event(
            "h",
            "DTSTART;VALUE=DATE:20240516\r\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD\r\n"
        )
        let stopped = try CLI.runBinary(
            [
                "events", "-", "-f", "csv", "--columns", "start", "--from", "2580-01-01", "--to",
                "2600-01-01",
            ],
            standardInput: Self.calendar(hebrew))
        #expect(stopped.standardOutput == "start\n2580-02-25\n2581-02-12\n2582-03-04\n")
        #expect(
            stopped.standardError.contains(
                "RRULE of RSCALE=HEBREW goes on after 2582, the last year libical 3.0.16 expands; the series stops at 2582-03-04"
            ))
        let late = try CLI.runBinary(
            ["events", "-", "-f", "ndjson", "--from", "2600-01-01", "--to", "2600-02-01"],
            standardInput: Self.calendar(hebrew))
        #expect(late.standardOutput.isEmpty)
        #expect(late.standardError.contains("none of its instances after it are listed"))
    }

    @Test func aStrayEndAsTheLastLineEndsTheCalendarOnce() throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n"
            + Self.event("a", "DTSTART:20260101T090000\r\n") + "END:VCALENDARX\r\n"
        let result = try CLI.runBinary(
            ["convert", "-", "-f", "ics"], standardInput: Data(text.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("END:VEVENT\r\nEND:VCALENDARX\r\n"))
        #expect(!result.standardOutput.contains("END:VCALENDAR\r\n"))
        #expect(
            result.standardError.contains(
                "read as the END of VCALENDAR, the last line of the input"))
    }

    // MARK: - Messages

    @Test func closedStandardInputIsSaidSo() throws {
        let result = try CLI.runBinary(
            ["-c", "\"$0\" events <&-", CLI.binary.path], shell: true)
        #expect(result.status == 2)
        #expect(result.standardError == "<stdin>: error: Standard input is closed\n")
    }

    @Test func anInputThatIsALoopOfLinksIsNamedSo() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.ics")
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: "b.ics")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("b.ics").path, withDestinationPath: "a.ics")
        let result = try CLI.runBinary(["events", first.path])
        #expect(result.status == 2)
        #expect(result.standardError == "\(first.path): error: It is a loop of symbolic links\n")
    }

    @Test func codesCanBeIgnoredOrMadeErrors() throws {
        let body = Self.event("e", "DTSTART:20260101T090000\r\nRRULE:FREQ=DAILY\r\n")
        let plain = try CLI.runBinary(
            ["events", "-", "-f", "json"], standardInput: Self.calendar(body))
        #expect(plain.standardError.contains("warning: A series has no end"))
        let ignored = try CLI.runBinary(
            ["events", "-", "-f", "json", "--ignore", "endless-series"],
            standardInput: Self.calendar(body))
        #expect(ignored.status == 0)
        #expect(!ignored.standardError.contains("no end"))
        // A rule without an end is no fault of the file: validate calls it clean.
        let validated = try CLI.runBinary(["validate", "-"], standardInput: Self.calendar(body))
        #expect(validated.status == 0)
        #expect(validated.standardOutput == "<stdin>: 0 errors, 0 warnings\n")
        let strict = try CLI.runBinary(
            ["events", "-", "--strict", "--error", "endless-series", "-f", "json"],
            standardInput: Self.calendar(body))
        #expect(strict.status == 2)
        #expect(strict.standardOutput.isEmpty)
        #expect(strict.standardError.contains("error: A series has no end"))
        let unknown = try CLI.runBinary(["validate", "-", "--ignore", "endles-series"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("Did you mean 'endless-series'?"))
    }

    private static let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// libical 3.0.16 duplicates the RSCALE of a rule and frees it nowhere; the iterator's
    /// owner frees it. valgrind finds no block lost for good and no invalid access. (Reads
    /// of uninitialised bytes are not checked: the Swift runtime's generic metadata set-up
    /// makes some, depending on where its allocator lands, in every debug build.)
    @Test(.enabled(if: valgrind != nil, "valgrind is not installed; the leak check is not run"))
    func aRuleWithRSCALELeaksNothing() throws {
        let result = try CLI.runBinary(
            [
                "-c",
                "\"$0\" --leak-check=full --errors-for-leak-kinds=definite --undef-value-errors=no --error-exitcode=9 \"$1\" events \"$2\" --to 2030-01-01 > /dev/null",
                Self.valgrind ?? "", CLI.binary.path, CLI.fixture("invalid/fuzz/rscale-rule.ics"),
            ], shell: true)
        #expect(result.status == 0, "\(result.standardError.suffix(600))")
        #expect(result.standardError.contains("definitely lost: 0 bytes in 0 blocks"))
    }

    /// Each property's value is read at most once, the first time it is asked for, whatever the
    /// command does with it afterwards (`ICS_COUNT_VALUE_READS=1` says how many were read and
    /// the most reads of one line); `convert` to `.ics` copies TEXT lines without reading
    /// them, and what a listing needs (the times, the rule, the summary) is read. The counts
    /// are kept by debug builds, which the tests run, unless `ICS_BINARY` names another.
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["ICS_BINARY"] == nil,
            "the counts of reads are kept by debug builds, and ICS_BINARY names another binary"),
        arguments: [
            ["events"], ["events", "-f", "json"], ["validate"], ["info"],
            ["convert", "-f", "jcal"],
            ["convert", "-f", "ics"], ["conflicts"], ["layout", "week", "--date", "2026-12-08"],
        ])
    func eachValueIsReadOnce(command: [String]) throws {
        let path = CLI.fixture("demo/team-week.ics")
        let properties = try String(contentsOfFile: path, encoding: .utf8)
            .split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("BEGIN:") && !$0.hasPrefix("END:") && !$0.hasPrefix(" ") }
            .count
        let result = try CLI.runBinary(
            command + [path, "--tz", "Europe/Berlin"], environment: ["ICS_COUNT_VALUE_READS": "1"])
        #expect([0, 1].contains(result.status))
        let counts = try #require(
            result.standardError.split(separator: "\n").last?
                .wholeMatch(of: /ics: (\d+) values read, at most (\d+) of one line/))
        let (read, most) = (try #require(Int(counts.1)), try #require(Int(counts.2)))
        #expect(most == 1, "\(command): a line's values read \(most) times")
        #expect(read <= properties, "\(command)")
        // Every VEVENT's DTSTART is read by every command, and jCal writes every value.
        let starts =
            try String(contentsOfFile: path, encoding: .utf8).components(
                separatedBy: "\nDTSTART"
            ).count - 1
        #expect(read >= starts)
        // jCal writes the value of every property but an X- one, which it keeps as written
        // ("unknown", RFC 7265 §5).
        let extensions = try String(contentsOfFile: path, encoding: .utf8)
            .split(whereSeparator: \.isNewline).filter { $0.hasPrefix("X-") }.count
        if command == ["convert", "-f", "jcal"] { #expect(read == properties - extensions) }
        if command == ["convert", "-f", "ics"] { #expect(read < properties) }
    }
}
