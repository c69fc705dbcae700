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
            let merged = try CLI.runBinary(["convert"] + inputs + ["--format", format])
            let separate = try CLI.runBinary(
                ["convert"] + inputs + ["--format", format, "--inputs", "separate"])
            #expect(merged.status == 0)
            #expect(separate.standardOutput == merged.standardOutput)
            #expect(merged.standardOutput.contains("Standup"))
            #expect(merged.standardOutput.contains("Dentist"))
        }
    }

    /// "`convert` … diagnostics follow the data on stderr."
    @Test func convertWritesItsDiagnosticsAfterTheData() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("single.ics").path
        try Data(Self.single.utf8).write(to: URL(fileURLWithPath: path))
        let result = try CLI.runBinary(
            ["-c", "'\(CLI.binary.path)' convert '\(path)' --format ics 2>&1"], shell: true)
        let lines = result.standardOutput.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n")
        let end = try #require(lines.firstIndex { $0.hasPrefix("END:VCALENDAR") })
        let diagnostic = try #require(lines.firstIndex { $0.contains("error:") })
        #expect(end < diagnostic)
    }

    /// "`--date` (or `--start`) defaults to today on the wall clock of `--tz`": two zones 25
    /// hours apart always see different days, each its own.
    @Test func aViewsDateDefaultsToTodayInItsZone() throws {
        let path = CLI.fixture("demo/team-week.ics")
        for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago"] {
            let before = Self.today(in: zone)
            let day = try CLI.runBinary(["layout", "day", path, "--tz", zone, "-f", "json"])
            let after = Self.today(in: zone)
            #expect(day.status == 0)
            #expect(
                day.standardOutput.contains(#""from":"\#(before)"#)
                    || day.standardOutput.contains(#""from":"\#(after)"#), "\(zone)")
        }
        #expect(Self.today(in: "Pacific/Kiritimati") != Self.today(in: "Pacific/Pago_Pago"))
    }

    private static func today(in zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    /// "The text form draws each row's lanes across the view's width … after the row's label
    /// (a fifth of the width, 10 to 20 columns)".
    @Test(arguments: [(80, 16), (100, 20), (200, 20)])
    func aTimelineRowFillsTheWidthAfterItsLabel(width: Int, label: Int) throws {
        let result = try CLI.runBinary([
            "layout", "timeline", CLI.fixture("layout/team.ics"), "--start", "2026-09-08",
            "--days", "2", "--rows", "attendee", "--tz", "Europe/Berlin", "--width", "\(width)",
        ])
        #expect(result.status == 0)
        let rows = result.standardOutput.split(separator: "\n").filter { $0.contains("··") }
        #expect(!rows.isEmpty)
        for row in rows {
            #expect(row.count == width, "\(row)")
            #expect(row.dropFirst(label).first.map { "·█▌▐".contains($0) } == true, "\(row)")
        }
    }

    /// "The style has a dark variant for viewers that prefer one."
    @Test func picturesHaveADarkStyle() throws {
        let result = try CLI.runBinary([
            "render", "week", CLI.fixture("demo/team-week.ics"), "--date", "2026-12-08",
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("@media (prefers-color-scheme: dark)"))
    }

    /// "`minutes` counts a part of a minute as one."
    @Test func aClashOfSecondsLastsAMinute() throws {
        let calendar = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//ChronoSketch//Tests//EN\r
            BEGIN:VEVENT\r
            UID:one\r
            DTSTAMP:20260101T000000Z\r
            DTSTART:20260301T090000Z\r
            DTEND:20260301T090030Z\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:two\r
            DTSTAMP:20260101T000000Z\r
            DTSTART:20260301T090000Z\r
            DTEND:20260301T100000Z\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let result = try CLI.runBinary(
            ["conflicts", "-", "-f", "ndjson", "--tz", "UTC"],
            standardInput: Data(calendar.utf8))
        #expect(result.status == 1)
        #expect(result.standardOutput.contains(#""minutes":1,"#))
    }

    /// "C1 controls (U+0080–U+009F) as `�`; a title or place laid out on one line (the agenda,
    /// the views) shows a tab, a line break or NEL (U+0085) as a space".
    @Test func aTitleOnOneLineShowsBlanksForBreaksAndPicturesForControls() throws {
        let calendar =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:t\r\n"
            + "DTSTAMP:20260101T000000Z\r\nDTSTART:20260301T090000Z\r\nDTEND:20260301T100000Z\r\n"
            + "SUMMARY:tab\tX\\nnl\u{85}nel\u{9B}csi\u{1B}[31m\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        for command in [["events"], ["layout", "day", "--date", "2026-03-01"]] {
            let result = try CLI.runBinary(
                command + ["-", "--tz", "UTC"], standardInput: Data(calendar.utf8))
            #expect(result.status == 0)
            #expect(
                result.standardOutput.contains("tab X nl nel\u{FFFD}csi\u{241B}[31m"), "\(command)")
            #expect(!result.standardOutput.contains("\u{1B}"))
        }
    }

    /// "`-o` picks the format by its extension" (`ics diff`).
    @Test func diffWritesTheFormatItsOutputNames() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = CLI.fixture("diff/old.ics")
        let new = CLI.fixture("diff/new.ics")
        for (name, format) in [("d.json", "json"), ("d.ndjson", "ndjson"), ("d.txt", "text")] {
            let target = folder.appendingPathComponent(name).path
            let written = try CLI.runBinary(["diff", old, new, "-o", target])
            let shown = try CLI.runBinary(["diff", old, new, "-f", format])
            #expect(written.status == 1)
            #expect(try String(contentsOfFile: target, encoding: .utf8) == shown.standardOutput)
            #expect(!shown.standardOutput.isEmpty)
        }
    }

    private static func calendar(_ body: String) -> Data {
        Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Tests//EN\r\n" + body
                + "END:VCALENDAR\r\n").utf8)
    }

    private static func event(_ uid: String, _ lines: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\n"
            + "DTSTART:20260301T090000Z\r\nDTEND:20260301T100000Z\r\n\(lines)END:VEVENT\r\n"
    }

    /// "`--ignore <code>`, `--error <code>`": repeated or with commas, in every reading
    /// command; `validate` counts a code made an error as an error.
    @Test func ignoreAndErrorTakeCodesRepeatedOrWithCommas() throws {
        let path = CLI.fixture("invalid/checks/problems.ics")
        let all = try CLI.runBinary(["validate", path, "-f", "json"])
        let warnings = Array(
            Set(
                all.standardOutput.matches(of: /"severity":"warning","code":"([a-z-]+)"/)
                    .map { String($0.output.1) })
        ).sorted()
        #expect(warnings.count >= 2)
        let (one, two) = (warnings[0], warnings[1])
        let commas = try CLI.runBinary([
            "validate", path, "-f", "json", "--ignore", "\(one),\(two)",
        ])
        let repeated = try CLI.runBinary(
            ["validate", path, "-f", "json", "--ignore", one, "--ignore", two])
        #expect(commas.standardOutput == repeated.standardOutput)
        #expect(!commas.standardOutput.contains(#""code":"\#(one)""#))
        #expect(!commas.standardOutput.contains(#""code":"\#(two)""#))
        let promoted = try CLI.runBinary(["validate", path, "-f", "json", "--error", one])
        #expect(promoted.standardOutput.contains(#""severity":"error","code":"\#(one)""#))
        #expect(!promoted.standardOutput.contains(#""severity":"warning","code":"\#(one)""#))
        let counted = try CLI.runBinary(["validate", path, "--error", one])
        let before = try CLI.runBinary(["validate", path])
        func errors(_ text: String) -> Int? {
            text.firstMatch(of: /(\d+) errors?,/).flatMap { Int($0.output.1) }
        }
        let (after, was) = (
            try #require(errors(counted.standardOutput)),
            try #require(errors(before.standardOutput))
        )
        #expect(after > was)
        // And in another reading command, which names findings by code.
        let info = try CLI.runBinary(["info", path])
        let quiet = try CLI.runBinary(["info", path, "--ignore", "\(one),\(two)"])
        #expect(info.standardOutput.contains(one) || info.standardOutput.contains(two))
        #expect(!quiet.standardOutput.contains(one) && !quiet.standardOutput.contains(two))
    }

    /// "`X-`, IANA and list properties may repeat."
    @Test func extensionAndListPropertiesMayRepeat() throws {
        let lines =
            "X-NOTE:a\r\nX-NOTE:b\r\nCATEGORIES:one\r\nCATEGORIES:two\r\n"
            + "ATTENDEE:mailto:a@example.org\r\nATTENDEE:mailto:b@example.org\r\n"
            + "COMMENT:x\r\nCOMMENT:y\r\n"
        let clean = try CLI.runBinary(
            ["validate", "-"], standardInput: Self.calendar(Self.event("repeat", lines)))
        #expect(clean.status == 0, "\(clean.standardOutput)")
        #expect(clean.standardOutput.contains("0 errors, 0 warnings"))
        let twice = try CLI.runBinary(
            ["validate", "-"],
            standardInput: Self.calendar(Self.event("twice", "SUMMARY:a\r\nSUMMARY:b\r\n")))
        #expect(!twice.standardOutput.contains("0 errors, 0 warnings"))
    }

    /// "`BEGIN:VCALENDAR` while a calendar is open ends it".
    @Test func aCalendarBegunInsideAnOpenOneEndsIt() throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n" + Self.event("first")
            + String(decoding: Self.calendar(Self.event("second")), as: UTF8.self)
        let result = try CLI.runBinary(
            ["events", "-", "-f", "ndjson", "--tz", "UTC"], standardInput: Data(text.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#""id":"first""#))
        #expect(result.standardOutput.contains(#""id":"second""#))
        #expect(result.standardError.contains("<stdin>:") || result.standardError.contains("-:"))
    }

    /// "Rules of the Gregorian calendar go on to 9999-12-31": a rule of every frequency and
    /// family has instances in 9990.
    @Test func everyFrequencyReachesTheLastCentury() throws {
        for rule in [
            "FREQ=SECONDLY;INTERVAL=86400", "FREQ=MINUTELY;INTERVAL=1440", "FREQ=HOURLY;INTERVAL=5",
            "FREQ=DAILY;BYMONTHDAY=-1", "FREQ=WEEKLY;INTERVAL=2", "FREQ=MONTHLY;BYDAY=-1FR",
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=YEARLY;BYYEARDAY=100",
            "FREQ=YEARLY;BYWEEKNO=20", "FREQ=YEARLY;BYMONTH=2;BYDAY=1MO",
            "RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;SKIP=BACKWARD",
        ] {
            let result = try CLI.runBinary(
                [
                    "events", "-", "-f", "ndjson", "--tz", "UTC", "--from", "9990-01-01", "--to",
                    "9991-01-01",
                ],
                standardInput: Self.calendar(Self.event("far", "RRULE:\(rule)\r\n")))
            #expect(result.status == 0, "\(rule): \(result.standardError)")
            #expect(result.standardOutput.contains(#""start":"9990-"#), "\(rule)")
        }
    }

    /// "the zone a *series* is written in" is a changed field of `ics diff`.
    @Test func aSeriesWrittenInAnotherZoneIsAChangedField() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func series(_ zone: String) -> Data {
            Self.calendar(
                "BEGIN:VEVENT\r\nUID:weekly\r\nDTSTAMP:20260101T000000Z\r\n"
                    + "DTSTART;TZID=\(zone):20260302T090000\r\nDTEND;TZID=\(zone):20260302T100000\r\n"
                    + "RRULE:FREQ=WEEKLY;COUNT=4\r\nEND:VEVENT\r\n")
        }
        let old = folder.appendingPathComponent("old.ics")
        let new = folder.appendingPathComponent("new.ics")
        try series("Europe/Berlin").write(to: old)
        try series("Europe/Paris").write(to: new)
        let result = try CLI.runBinary(["diff", old.path, new.path, "-f", "ndjson"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains(#""change":"changed""#), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Europe/Paris"))
    }

    /// "coloured only on a terminal and never when `NO_COLOR` is set to anything but the empty
    /// string"; and no progress line with `TERM=dumb`. Run under a pseudo-terminal.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")),
        arguments: [("-u NO_COLOR", true), ("NO_COLOR=1", false), ("NO_COLOR=", true)])
    func diagnosticsAreColouredOnATerminalUnlessNoColorSaysNot(setting: String, coloured: Bool)
        throws
    {
        let command =
            "env \(setting) '\(CLI.binary.path)' events '\(CLI.fixture("invalid/checks/problems.ics"))' --tz UTC > /dev/null"
        let result = try CLI.runBinary(
            ["-c", "script -qec \"\(command)\" /dev/null < /dev/null"], shell: true)
        #expect(result.standardOutput.contains("warning"))
        #expect(result.standardOutput.contains("\u{1B}[1;33mwarning:\u{1B}[0m") == coloured)
    }

    /// "parameters per property (the rest are not read; the line is written back whole)".
    @Test func aLineOfManyParametersIsWrittenBackWhole() throws {
        let parameters = (0..<150).map { ";X-P\($0)=v\($0)" }.joined()
        let line = "ATTENDEE\(parameters):mailto:a@example.org"
        let result = try CLI.runBinary(
            ["convert", "-", "--format", "ics"],
            standardInput: Self.calendar(Self.event("many", line + "\r\n")))
        #expect(result.status == 0)
        #expect(result.standardError.contains("ATTENDEE has more than 100 parameters"))
        let unfolded = result.standardOutput.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains(line + "\r\n"))
    }

    /// "ranges periods (more, from the events alone, are left out with a warning)".
    @Test func rangesFromTheEventsAloneStopAtTheirBound() throws {
        let body =
            "BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:19000301T220000Z\r\n"
            + "DTEND:19000302T060000Z\r\nEND:VEVENT\r\n" + Self.event("b")
        let result = try CLI.runBinary(
            ["layout", "ranges", "-", "--tz", "UTC", "-f", "json"],
            standardInput: Self.calendar(body))
        #expect(result.status == 0)
        #expect(result.standardError.contains("periods past the first 36600, which are left out"))
        #expect(result.standardOutput.matches(of: /"date":"/).count == 36_600)
    }

    /// Inputs named `.ical`, `.icalendar` and `.ifb` are iCalendar, `.jsonl` NDJSON records.
    @Test func inputsAreToldByTheirExtensions() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = CLI.fixture("demo/team-week.ics")
        let listed = try CLI.runBinary(["events", source, "-f", "ndjson", "--tz", "UTC"])
        let records = folder.appendingPathComponent("records.jsonl")
        try Data(listed.standardOutput.utf8).write(to: records)
        func ids(_ text: String) -> [Substring] {
            text.matches(of: /"id":"([^"]*)"/).map(\.output.1)
        }
        for name in ["a.ical", "a.icalendar", "a.ifb"] {
            let copy = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(atPath: source, toPath: copy.path)
            let read = try CLI.runBinary(["events", copy.path, "-f", "ndjson", "--tz", "UTC"])
            #expect(read.status == 0, "\(name)")
            #expect(ids(read.standardOutput) == ids(listed.standardOutput), "\(name)")
        }
        let fromRecords = try CLI.runBinary(["events", records.path, "-f", "ndjson", "--tz", "UTC"])
        #expect(fromRecords.status == 0)
        #expect(ids(fromRecords.standardOutput) == ids(listed.standardOutput))
    }

    /// "Standard input and pipes, which cannot be read twice, are held as bytes in those two
    /// cases": a window of `convert` from a pipe writes what it writes from the file.
    @Test func aWindowOfConvertFromAPipeIsTheFilesWindow() throws {
        let path = CLI.fixture("convert/series.ics")
        let window = ["--from", "2026-03-01", "--to", "2026-04-01", "--format", "ics"]
        let file = try CLI.runBinary(["convert", path] + window)
        let piped = try CLI.runBinary(
            [
                "-c",
                "cat '\(path)' | '\(CLI.binary.path)' convert - \(window.joined(separator: " "))",
            ],
            shell: true)
        #expect(file.status == 0)
        #expect(piped.standardOutput == file.standardOutput)
        #expect(file.standardOutput.contains("BEGIN:VEVENT"))
    }

    /// The JSON of `ics check` and of `ics slots` over several days, key by key, as listed.
    @Test func checkAndSlotsJSONHaveTheListedKeys() throws {
        let path = CLI.fixture("demo/team-week.ics")
        let check = try CLI.runBinary([
            "check", path, "--start", "2026-12-07T10:00", "--duration", "1h", "--tz",
            "Europe/Berlin", "-f", "json",
        ])
        let checked = try #require(
            try JSONSerialization.jsonObject(with: Data(check.standardOutput.utf8))
                as? [String: Any])
        #expect(Set(checked.keys) == ["zone", "proposal", "allowed", "reason", "conflicts"])
        let proposal = try #require(checked["proposal"] as? [String: Any])
        #expect(Set(proposal.keys) == ["title", "start", "end"])
        let first = try #require((checked["conflicts"] as? [[String: Any]])?.first)
        #expect((first["a"] as? [String: Any])?["id"] as? String == "proposal")
        let slots = try CLI.runBinary([
            "slots", path, "--tz", "Europe/Berlin", "--today", "2026-12-07", "--from", "monday",
            "--days", "7", "--duration", "1h", "-f", "json",
        ])
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(slots.standardOutput.utf8))
                as? [String: Any])
        #expect(
            Set(listed.keys) == [
                "zone", "window", "from", "to", "between", "everyMinutes", "lengthMinutes",
                "days", "slots", "count", "reason",
            ])
        // Free slots were found: no reason is given.
        #expect(listed["reason"] is NSNull)
        let slot = try #require((listed["slots"] as? [[String: Any]])?.first)
        #expect(Set(slot.keys) == ["date", "start", "end"])
        #expect(listed["count"] as? Int == (listed["slots"] as? [Any])?.count)
    }

    /// "A signal ignored when `ics` starts (under `nohup`, or SIGINT for a background job)
    /// stays ignored": the run goes on to its end.
    @Test func aSignalIgnoredAtStartStaysIgnored() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = String(decoding: Self.calendar(Self.event("one")), as: UTF8.self)
            .replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
        try Data(first.utf8).write(to: folder.appendingPathComponent("first"))
        try Data((Self.event("two") + "END:VCALENDAR\r\n").utf8).write(
            to: folder.appendingPathComponent("second"))
        let script = """
            mkfifo cal.ics
            { cat first; sleep 2; cat second; } > cal.ics &
            (trap '' INT; exec "$0" events cal.ics -f ndjson --tz UTC > out.ndjson) &
            pid=$!
            sleep 1
            kill -INT $pid
            wait $pid
            echo "status $?"
            """
        let result = try CLI.runBinary(
            ["-c", script, CLI.binary.path], in: folder, limit: 60, shell: true)
        #expect(result.standardOutput.contains("status 0"), "\(result.standardOutput)")
        let output = try String(
            contentsOf: folder.appendingPathComponent("out.ndjson"), encoding: .utf8)
        #expect(output.contains(#""id":"one""#) && output.contains(#""id":"two""#))
    }

    /// "`--dedupe` … highest SEQUENCE of its master, then latest DTSTAMP, then the input named
    /// last".
    @Test func dedupeBreaksTiesByStampThenByTheInputNamedLast() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, stamp: String, title: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            let body =
                "BEGIN:VEVENT\r\nUID:shared\r\nDTSTAMP:\(stamp)\r\nDTSTART:20260301T090000Z\r\n"
                + "SUMMARY:\(title)\r\nEND:VEVENT\r\n"
            try Self.calendar(body).write(to: URL(fileURLWithPath: path))
            return path
        }
        let older = try write("a.ics", stamp: "20260101T000000Z", title: "Older")
        let newer = try write("b.ics", stamp: "20260201T000000Z", title: "Newer")
        let same = try write("c.ics", stamp: "20260101T000000Z", title: "Same")
        for order in [[older, newer], [newer, older]] {
            let merged = try CLI.runBinary(["convert"] + order + ["--dedupe", "--format", "ics"])
            #expect(merged.standardOutput.contains("SUMMARY:Newer"))
            #expect(!merged.standardOutput.contains("SUMMARY:Older"))
            #expect(merged.standardError.contains("this input's version is left out (--dedupe)"))
        }
        let last = try CLI.runBinary(["convert", older, same, "--dedupe", "--format", "ics"])
        #expect(last.standardOutput.contains("SUMMARY:Same"))
        #expect(!last.standardOutput.contains("SUMMARY:Older"))
    }

    /// A jCal version of a calendar is the same calendar to `ics diff`.
    @Test func diffReadsJCalAsTheCalendarItIs() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = CLI.fixture("diff/old.ics")
        let jcal = folder.appendingPathComponent("old.jcal").path
        #expect(try CLI.runBinary(["convert", old, "-o", jcal, "-q"]).status == 0)
        let same = try CLI.runBinary(["diff", old, jcal, "-q"])
        #expect(same.status == 0)
        #expect(same.standardOutput.isEmpty)
        let other = try CLI.runBinary(["diff", jcal, CLI.fixture("diff/new.ics"), "-q"])
        #expect(other.status == 1)
    }

    /// `validate` reads a process substitution once, as it reads the file.
    @Test func validateReadsAProcessSubstitution() throws {
        let path = CLI.fixture("invalid/checks/problems.ics")
        let file = try CLI.runBinary(["validate", path])
        let substituted = try CLI.runBinary(
            ["-c", "'\(CLI.binary.path)' validate <(cat '\(path)')"], shell: true)
        #expect(substituted.status == file.status)
        let findings = { (text: String) in
            text.split(separator: "\n").map { $0.drop { $0 != ":" } }
        }
        #expect(findings(substituted.standardOutput) == findings(file.standardOutput))
        #expect(file.standardOutput.contains("error"))
    }

    /// "`ics layout` … 2 when … `--strict` finds an error", and the week picture's heading.
    @Test func layoutsFailUnderStrictAndTheWeekPictureNamesItsWeek() throws {
        let strict = try CLI.runBinary([
            "layout", "week", CLI.fixture("invalid/checks/problems.ics"), "--strict",
        ])
        #expect(strict.status == 2)
        #expect(strict.standardOutput.isEmpty)
        let picture = try CLI.runBinary([
            "render", "week", CLI.fixture("demo/team-week.ics"), "--date", "2026-12-08", "--tz",
            "Europe/Berlin",
        ])
        #expect(picture.standardOutput.contains(">Week 50 of 2026<"))
    }

    /// "Slots step along the day's instants: … on the night clocks spring forward the missing
    /// hour is not offered at all."
    @Test func slotsSkipTheHourClocksSpringOver() throws {
        let result = try CLI.runBinary(
            [
                "slots", "-", "--date", "2026-03-08", "--between", "01-04", "--tz",
                "America/New_York",
            ],
            standardInput: Self.calendar(""))
        #expect(result.status == 0)
        let starts = result.standardOutput.matches(of: #/\s(\d\d:\d\d)\u{2013}/#).map {
            String($0.output.1)
        }
        #expect(starts == ["01:00", "01:30", "03:00", "03:30"])
    }

    /// "The window starts at 00:00 of `--start`; `--days` defaults to 1, 7 or 28 by scale";
    /// the heatmap shows three months by default.
    @Test func layoutWindowsDefaultByTheirScale() throws {
        let path = CLI.fixture("layout/team.ics")
        for (scale, days, end) in [
            ("hour", 1, "2026-09-09"), ("day", 7, "2026-09-15"), ("week", 28, "2026-10-06"),
        ] {
            let result = try CLI.runBinary([
                "layout", "timeline", path, "--start", "2026-09-08", "--scale", scale, "--tz",
                "UTC",
                "-f", "json",
            ])
            #expect(
                result.standardOutput.contains(#""start":"2026-09-08T00:00","days":\#(days),"#),
                "\(scale)")
            #expect(
                result.standardOutput.contains(#""from":"2026-09-08","to":"\#(end)""#), "\(scale)")
        }
        let heatmap = try CLI.runBinary([
            "layout", "heatmap", path, "--date", "2026-09-08", "--tz", "UTC", "-f", "json",
        ])
        #expect(heatmap.standardOutput.contains(#""from":"2026-09-01","to":"2026-12-01""#))
    }

    /// "`--format svg` (or `html`) draws any layout view as `ics render` does".
    @Test(arguments: ["day", "week", "month", "heatmap"])
    func layoutPicturesAreRendersPictures(view: String) throws {
        let path = CLI.fixture("layout/team.ics")
        let arguments = [path, "--date", "2026-09-08", "--tz", "UTC"]
        let layout = try CLI.runBinary(["layout", view] + arguments + ["-f", "svg"])
        let render = try CLI.runBinary(["render", view] + arguments)
        #expect(layout.status == 0)
        #expect(layout.standardOutput == render.standardOutput)
        #expect(layout.standardOutput.hasPrefix("<svg") || layout.standardOutput.hasPrefix("<?xml"))
    }

    /// `--weekdays` as a list (`mo,we,fr`) and as a range that wraps (`fri-mon`).
    @Test(arguments: [
        ("mo,we,fr", ["2026-12-07", "2026-12-09", "2026-12-11"]),
        ("fri-mon", ["2026-12-07", "2026-12-11", "2026-12-12", "2026-12-13"]),
    ])
    func weekdaysTakeListsAndWrappingRanges(weekdays: String, days: [String]) throws {
        let result = try CLI.runBinary([
            "slots", CLI.fixture("demo/team-week.ics"), "--tz", "Europe/Berlin", "--today",
            "2026-12-07", "--from", "monday", "--days", "7", "--duration", "1h", "--weekdays",
            weekdays, "-f", "json",
        ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        #expect(object["days"] as? [String] == days)
    }
}
