import Foundation
import Testing

/// What an attacker or an unlucky user meets: outputs that would overwrite an input, symlinks
/// of other users, temporary files, terminal escapes in calendar text, formulas in CSV cells
/// and option values that look like options. Each runs the built binary.
@Suite struct SafetyTests {
    private static let week = CLI.fixture("demo/team-week.ics")

    private func temporary() throws -> URL { try CLI.temporaryDirectory() }

    // MARK: - Outputs never touch inputs

    @Test func outputNamingTheBlockedCalendarIsRefusedBeforeAnythingIsWritten() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocked = directory.appendingPathComponent("blk")
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: CLI.fixture("conflicts/blocked.ics")), to: blocked)
        let before = try Data(contentsOf: blocked)
        for command in [
            ["conflicts", Self.week, "--blocked", blocked.path, "-o", blocked.path],
            [
                "slots", Self.week, "--date", "2026-12-08", "--blocked", blocked.path, "-o",
                blocked.path,
            ],
        ] {
            let result = try CLI.runBinary(command)
            #expect(result.status == 64, "\(command[0])")
            #expect(result.standardError.contains("is the same file as the --blocked file"))
            #expect(result.standardOutput.isEmpty)
            #expect(try Data(contentsOf: blocked) == before)
        }
    }

    @Test func standardOutputAppendingToAnInputIsRefused() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let calendar = directory.appendingPathComponent("m.ics")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.week), to: calendar)
        let before = try Data(contentsOf: calendar)
        let appended = try CLI.runBinary(
            ["-c", "\"$0\" convert \"$1\" >> \"$1\"", CLI.binary.path, calendar.path],
            shell: true)
        #expect(appended.status == 64)
        #expect(
            appended.standardError.hasPrefix(
                "Error: Standard output is the same file as the input '\(calendar.path)'"))
        #expect(try Data(contentsOf: calendar) == before)
        // The same file as standard input and standard output.
        let both = try CLI.runBinary(
            [
                "-c", "\"$0\" events --format json < \"$1\" >> \"$1\"", CLI.binary.path,
                calendar.path,
            ],
            shell: true)
        #expect(both.status == 64)
        #expect(both.standardError.contains("is the same file as standard input"))
        #expect(try Data(contentsOf: calendar) == before)
    }

    @Test func outputThroughALinkToAnInputIsRefused() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let calendar = directory.appendingPathComponent("m.ics")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.week), to: calendar)
        let link = directory.appendingPathComponent("link.ics")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: calendar)
        let result = try CLI.runBinary(["convert", link.path, "-o", calendar.path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("is the same file as the input '\(link.path)'"))
    }

    // MARK: - Symlinks and temporary files

    /// As root, a link whose owner is a uid of nobody (any uid works for `lchown`) in a
    /// sticky, world-writable folder owned by root: the kernel would not let a shell's `>`
    /// follow it, and `-o` does not either.
    @Test(.enabled(if: geteuid() == 0, "needs root to give a link another owner; skipped"))
    func aLinkOfAnotherUserInAStickyFolderIsNotFollowed() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sticky = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: sticky, withIntermediateDirectories: false)
        #expect(chmod(sticky.path, 0o1777) == 0)
        let victim = directory.appendingPathComponent("victim")
        try Data("precious\n".utf8).write(to: victim)
        let link = sticky.appendingPathComponent("out.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        #expect(lchown(link.path, 54_321, 54_321) == 0)
        let refused = try CLI.runBinary(["events", Self.week, "-f", "json", "-o", link.path])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("is a symbolic link of another user (uid 54321)"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sticky.path) == ["out.json"])
        // The same link owned by the folder's owner (root, the caller here) is followed.
        #expect(lchown(link.path, 0, 0) == 0)
        let followed = try CLI.runBinary(["events", Self.week, "-f", "json", "-o", link.path])
        #expect(followed.status == 0)
        #expect(try String(contentsOf: victim, encoding: .utf8).hasPrefix("[\n{\"id\""))
    }

    @Test func aLoopOfLinksIsNamedAsOne() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.json")
        let second = directory.appendingPathComponent("b.json")
        try FileManager.default.createSymbolicLink(
            atPath: first.path, withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(
            atPath: second.path, withDestinationPath: "a.json")
        let result = try CLI.runBinary(["events", Self.week, "-f", "json", "-o", first.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("it is a loop of symbolic links"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: first.path) == "b.json")
    }

    @Test func aNameOfTheLongestLegalLengthIsWritten() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = String(repeating: "a", count: 250) + ".json"
        let result = try CLI.runBinary(
            ["events", Self.week, "-f", "json", "-o", directory.appendingPathComponent(name).path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [name])
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    /// The temporary file of a conversion that is still running (its input is a FIFO that has
    /// not been written yet) is readable by its owner only; the target gets its own mode back
    /// when the run ends, and a run killed with SIGKILL leaves only a private file behind.
    @Test func theTemporaryFileIsPrivateWhileTheRunGoesOn() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.ics").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o644) == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.week))
        for kill in [false, true] {
            let before = try Data(contentsOf: URL(fileURLWithPath: target))
            let fifo = directory.appendingPathComponent("input.ics").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["convert", fifo, "-o", target]
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Opening the FIFO waits for ics, which opens it once its temporary file exists.
            let writer = try #require(FileHandle(forWritingAtPath: fifo))
            let temporaries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasPrefix(".out.ics.") && $0.hasSuffix(".tmp") }
            #expect(temporaries.count == 1)
            for name in temporaries {
                #expect(mode(directory.appendingPathComponent(name).path) == 0o600)
            }
            if kill {
                writer.write(bytes.prefix(200))
                Glibc.kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                try? writer.close()
                #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
                for name in temporaries {
                    let path = directory.appendingPathComponent(name).path
                    #expect(mode(path) == 0o600)
                    try FileManager.default.removeItem(atPath: path)
                }
            } else {
                writer.write(bytes)
                try writer.close()
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
                #expect(mode(target) == 0o644)
                #expect(
                    try String(contentsOfFile: target, encoding: .utf8).hasPrefix(
                        "BEGIN:VCALENDAR"))
            }
            try FileManager.default.removeItem(atPath: fifo)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.ics"])
    }

    // MARK: - Text for people shows control characters

    /// A calendar whose text holds ESC, BEL, an OSC 52 clipboard write and a C1 CSI, in a
    /// file whose name holds ESC too.
    private static let hostile =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//evil\u{1B}]52;c;aGk=\u{07}//EN\r\n"
        + "X-WR-CALNAME:cal\u{1B}[2J\r\nBEGIN:VEVENT\r\nUID:a\u{1B}[31m\r\n"
        + "DTSTAMP:20260101T000000Z\r\nDTSTART:20261208T090000Z\r\nDTEND:20261208T100000Z\r\n"
        + "SUMMARY:Hello\u{1B}[2J\u{9B}1m\r\nLOCATION:Room\u{07}\r\n"
        + "ORGANIZER;CN=Boss\u{1B}[5m:mailto:b@x\r\nCATEGORIES:work\u{1B}[8m\r\nEND:VEVENT\r\n"
        + "BEGIN:VEVENT\r\nUID:b\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261208T093000Z\r\n"
        + "DTEND:20261208T103000Z\r\nSUMMARY:Other\r\nDTSTART:bad\u{1B}[2Jdate\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"

    @Test(arguments: [
        ["events"], ["conflicts"],
        ["check", "--start", "2026-12-08T09:15", "--end", "2026-12-08T09:45"],
        ["slots", "--date", "2026-12-08"], ["info"], ["validate"],
        ["layout", "day", "--date", "2026-12-08"], ["layout", "week", "--date", "2026-12-08"],
        ["layout", "month", "--date", "2026-12-08"],
        ["layout", "timeline", "--start", "2026-12-08", "--rows", "organizer"],
        ["layout", "ranges", "--from", "2026-12-08", "--to", "2026-12-09"],
        ["layout", "heatmap", "--date", "2026-12-08"],
    ])
    func textViewsShowControlCharacters(command: [String]) throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("e\u{1B}[2Jvil.ics")
        try Data(Self.hostile.utf8).write(to: file)
        let result = try CLI.runBinary(command + [file.path, "--tz", "UTC"])
        #expect([0, 1].contains(result.status), "\(result.standardError)")
        for (name, text) in [("stdout", result.standardOutput), ("stderr", result.standardError)] {
            let sent = text.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            }
            #expect(sent.isEmpty, "\(command) \(name): \(sent.map(\.value))")
        }
        #expect((result.standardOutput + result.standardError).contains("\u{241B}[2J"))
    }

    /// A calendar whose texts hold a right-to-left override (Trojan Source) where even the
    /// narrowest view shows it, isolates, a
    /// zero-width space, a byte order mark, tag characters hiding text, and what must pass:
    /// an emoji flag of tag characters and a family joined by ZWJ.
    private static let invisible =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Tests//EN\r\n"
        + "BEGIN:VEVENT\r\nUID:rlo\u{202E}\r\nDTSTAMP:20260101T000000Z\r\n"
        + "DTSTART:20261208T090000Z\r\nDTEND:20261208T100000Z\r\n"
        + "SUMMARY:\u{202E}gnp.exe\u{2066}x\u{2069} \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}\r\n"
        + "LOCATION:Room\u{200B}A\u{FEFF} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\r\n"
        + "ORGANIZER;CN=Boss\u{E0041}\u{E0042}:mailto:b@x\r\nCATEGORIES:work\u{200F}\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"

    @Test(arguments: [
        ["events"], ["conflicts"],
        ["check", "--start", "2026-12-08T09:15", "--end", "2026-12-08T09:45"],
        ["slots", "--date", "2026-12-08"], ["info"],
        ["layout", "day", "--date", "2026-12-08"], ["layout", "week", "--date", "2026-12-08"],
        ["layout", "month", "--date", "2026-12-08"],
        ["layout", "timeline", "--start", "2026-12-08", "--rows", "organizer"],
        ["layout", "ranges", "--from", "2026-12-08", "--to", "2026-12-09"],
    ])
    func textViewsShowBidiControlsAndInvisibleCharacters(command: [String]) throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("in\u{202E}voice.ics")
        try Data(
            (Self.invisible + Self.invisible.replacingOccurrences(of: "UID:rlo", with: "UID:two"))
                .utf8
        ).write(to: file)
        let result = try CLI.runBinary(command + [file.path, "--tz", "UTC"])
        #expect([0, 1].contains(result.status), "\(result.standardError)")
        let text = result.standardOutput + result.standardError
        let flagTags = Set<UInt32>(0xE0062...0xE007F)
        let sent = text.unicodeScalars.filter { (scalar: Unicode.Scalar) -> Bool in
            [0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0xFEFF].contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
                || ((0xE0000...0xE007F).contains(scalar.value) && !flagTags.contains(scalar.value))
        }
        #expect(sent.isEmpty, "\(command): \(sent.map { $0.value })")
        #expect(text.contains("<U+202E>"), "\(command)")
    }

    @Test func emojiSequencesPassTheTerminalFilterWhole() throws {
        let result = try CLI.runBinary(
            ["events", "-", "--tz", "UTC", "--from", "2026-12-08", "--days", "1"],
            standardInput: Data(Self.invisible.utf8))
        #expect(result.status == 0)
        // The flag of Scotland is a black flag and tag characters; a family is joined by ZWJ.
        #expect(
            result.standardOutput.contains(
                "<U+202E>gnp.exe<U+2066>x<U+2069> \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
            ))
        let data = try CLI.runBinary(
            ["events", "-", "--tz", "UTC", "-f", "ndjson"], standardInput: Data(Self.invisible.utf8)
        )
        #expect(
            try CLI.records(data.standardOutput).first?["location"] as? String
                == "Room\u{200B}A\u{FEFF} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")
    }

    @Test func usageErrorsShowValuesAsTypedOnOneLineAndBlameTheOptionGiven() throws {
        let calendar = Self.week
        let broken = try CLI.runBinary(["events", calendar, "--from", "next\ntuesday"])
        #expect(broken.status == 64)
        #expect(
            broken.standardError.hasPrefix(
                "Error: The value 'next\u{240A}tuesday' is invalid for '--from <date>'"))
        #expect(broken.standardError.split(separator: "\n").count == 3)
        let zero = try CLI.runBinary([
            "check", calendar, "--start", "2026-12-08T09:00", "--duration", "0m",
        ])
        #expect(zero.status == 64)
        #expect(
            zero.standardError.hasPrefix(
                "Error: The value '0m' is invalid for '--duration <duration>': expected a length greater than 0\n"
            ))
        let long = try CLI.runBinary(["slots", calendar, "--from", "2026-12-08", "--days", "1000"])
        #expect(long.status == 64)
        #expect(
            long.standardError.hasPrefix(
                "Error: The value '1000' is invalid for '--days <n>': ics slots looks at two years at most"))
        let typed = try CLI.runBinary(["events", calendar, "--days", "3650000"])
        #expect(typed.status == 64)
        #expect(
            typed.standardError.hasPrefix("Error: The value '3650000' is invalid for '--days <n>'"))
        for date in ["0001-01-01", "9999-12-31"] {
            let heatmap = try CLI.runBinary(["layout", "heatmap", calendar, "--date", date])
            #expect(heatmap.status == 64, "\(date)")
            #expect(
                heatmap.standardError.hasPrefix(
                    "Error: The value '\(date)' is invalid for '--date <date>'"), "\(date)")
        }
        let months = try CLI.runBinary([
            "layout", "heatmap", calendar, "--date", "9999-09-01", "--months", "5",
        ])
        #expect(months.status == 64)
        #expect(
            months.standardError.hasPrefix(
                "Error: The value '5' is invalid for '--months <n>': 5 months from 9999-09-01 end after 9999-12-31"
            ))
    }

    /// The rule a shell's `>` follows for the same user: a file whose mode forbids writing is
    /// not replaced. As root (who may write anything) the test runs `ics` as `nobody`.
    @Test(
        .enabled(
            if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "needs setpriv (util-linux) to run as another user"))
    func aFileWithoutWritePermissionIsNotReplaced() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A folder anyone may write in, so that only the file's own mode can refuse.
        #expect(chmod(directory.path, 0o777) == 0)
        let target = directory.appendingPathComponent("read-only.ics")
        try Data("old\n".utf8).write(to: target)
        let nobody: uid_t = 65_534
        if geteuid() == 0 { #expect(chown(target.path, nobody, gid_t(nobody)) == 0) }
        #expect(chmod(target.path, 0o444) == 0)
        let command = [CLI.binary.path, "convert", Self.week, "-o", target.path]
        let result =
            geteuid() == 0
            ? try CLI.runBinary(
                ["-c", "exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$@\"", "sh"]
                    + command,
                shell: true)
            : try CLI.runBinary(Array(command.dropFirst()))
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(target.path): error: Cannot write '\(target.path)': Permission denied\n")
        #expect(try String(contentsOf: target, encoding: .utf8) == "old\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["read-only.ics"]
        )
    }

    @Test func aFolderThatRefusesNewFilesIsNamedWithItsReason() throws {
        // /proc holds files but makes none: the reason is the system's, not a missing folder.
        let result = try CLI.runBinary(["convert", Self.week, "-o", "/proc/version"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("cannot create a file in '/proc': "))
        #expect(!result.standardError.contains("does not exist"))
    }

    @Test func diagnosticsStayOnOneLine() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("two\nlines.ics")
        try Data(Self.hostile.utf8).write(to: file)
        let result = try CLI.runBinary(["events", file.path, "--tz", "UTC", "-f", "json"])
        let lines = result.standardError.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix(directory.path + "/two\u{240A}lines.ics") })
    }

    @Test func dataFormatsKeepTheTextExactly() throws {
        let result = try CLI.runBinary(
            ["events", "-", "--tz", "UTC", "-f", "ndjson"], standardInput: Data(Self.hostile.utf8))
        let records = try CLI.records(result.standardOutput)
        #expect(records.first?["title"] as? String == "Hello\u{1B}[2J\u{9B}1m")
    }

    // MARK: - CSV for spreadsheets

    @Test func csvCellsASpreadsheetWouldRunAreGuardedAndReadBack() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = directory.appendingPathComponent("in.ndjson")
        let titles = [
            "=HYPERLINK(\"http://x\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)",
            "\tTab", "'=already", "plain",
        ]
        let lines = titles.enumerated().map { index, title -> String in
            let escaped = title.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(
                    of: "\t", with: "\\t")
            return
                "{\"uid\":\"u\(index)\",\"title\":\"\(escaped)\",\"start\":\"2026-12-0\(index + 1)T09:00\",\"end\":\"2026-12-0\(index + 1)T10:00\",\"location\":\"=1+1\"}"
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: records)
        let guarded = try CLI.runBinary(
            ["convert", records.path, "--columns", "title,location", "-f", "csv"])
        let rows = guarded.standardOutput.split(separator: "\n").dropFirst().map(String.init)
        #expect(
            rows == [
                "\"'=HYPERLINK(\"\"http://x\"\")\",'=1+1", "'+cmd|' /C calc'!A0,'=1+1",
                "'-2+3,'=1+1", "'@SUM(A1),'=1+1", "'\tTab,'=1+1", "''=already,'=1+1",
                "plain,'=1+1",
            ])
        let raw = try CLI.runBinary(
            ["convert", records.path, "--columns", "title", "-f", "csv", "--raw-csv"])
        #expect(
            raw.standardOutput.split(separator: "\n").dropFirst().first
                == "\"=HYPERLINK(\"\"http://x\"\")\"")
        let outlook = try CLI.runBinary([
            "convert", records.path, "--columns", "outlook", "-f", "csv",
        ])
        #expect(outlook.standardOutput.contains("\r\n'+cmd|' /C calc'!A0,"))
        // Read back, the guard is gone: the titles are the ones written.
        let csv = directory.appendingPathComponent("out.csv")
        let back = try CLI.runBinary(["convert", records.path, "-o", csv.path])
        #expect(back.status == 0)
        let reread = try CLI.runBinary(["events", csv.path, "-f", "ndjson"])
        let read = try CLI.records(reread.standardOutput).compactMap { $0["title"] as? String }
        #expect(read.sorted() == titles.sorted())
    }

    @Test func conflictCSVIsGuardedToo() throws {
        let calendar =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261208T090000\r\n"
            + "DTEND:20261208T100000\r\nSUMMARY:=cmd()\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:b\r\n"
            + "DTSTART:20261208T093000\r\nDTEND:20261208T103000\r\nSUMMARY:@b\r\nEND:VEVENT\r\n"
            + "END:VCALENDAR\r\n"
        let guarded = try CLI.runBinary(
            ["conflicts", "-", "-f", "csv"], standardInput: Data(calendar.utf8))
        #expect(guarded.status == 1)
        #expect(guarded.standardOutput.contains(",'=cmd(),"))
        #expect(guarded.standardOutput.contains(",'@b,"))
        let raw = try CLI.runBinary(
            ["conflicts", "-", "-f", "csv", "--raw-csv"], standardInput: Data(calendar.utf8))
        #expect(raw.standardOutput.contains(",=cmd(),"))
    }

    // MARK: - Values that begin with a dash

    @Test func aNegativeRelativeDateIsAValue() throws {
        let result = try CLI.runBinary([
            "events", Self.week, "--from", "-2d", "--days", "1", "--today", "2026-12-09", "--tz",
            "Europe/Berlin",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Monday 7 December 2026"))
        #expect(!result.standardOutput.contains("Tuesday"))
    }

    @Test func aNewFileGetsTheModeTheUmaskLeaves() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (mask, expected) in [("022", mode_t(0o644)), ("077", mode_t(0o600))] {
            let target = directory.appendingPathComponent("new-\(mask).json").path
            let result = try CLI.runBinary(
                [
                    "-c", "umask \(mask); \"$0\" events \"$1\" -f json -o \"$2\"", CLI.binary.path,
                    Self.week, target,
                ],
                shell: true)
            #expect(result.status == 0)
            #expect(mode(target) == expected, "umask \(mask)")
        }
    }

    // MARK: - No field becomes a line

    /// Each field of a record, in every record format, holding CR LF and a line that would
    /// start a new event: one VEVENT, the text escaped; an address or URL holding it refuses
    /// the record, naming it.
    @Test(arguments: ["json", "ndjson", "csv"])
    func aLineBreakInAnyFieldStaysInItsLine(format: String) throws {
        let evil = "x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:injected"
        let textFields = ["title", "location", "description", "uid", "color", "categories"]
        for field in textFields + ["url", "attendees", "organizer"] {
            var record = ["start": "2026-12-01T09:00", "title": "t"]
            record[field] = evil
            let names = Array(record.keys).sorted()
            let input: String
            switch format {
            case "csv":
                func quoted(_ text: String) -> String {
                    "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                }
                input =
                    names.joined(separator: ",") + "\n"
                    + names.map { quoted(record[$0] ?? "") }.joined(separator: ",") + "\n"
            default:
                let data = try JSONSerialization.data(
                    withJSONObject: record, options: [.sortedKeys])
                let object = String(decoding: data, as: UTF8.self)
                input = format == "json" ? "[" + object + "]" : object + "\n"
            }
            let result = try CLI.runBinary(
                ["convert", "-", "--from-format", format, "-f", "ics"],
                standardInput: Data(input.utf8))
            // A record refused leaves no event: no calendar is written (exit 2).
            #expect(
                result.status == (textFields.contains(field) ? 0 : 2),
                "\(field): \(result.standardError)")
            let events = result.standardOutput.components(separatedBy: "\r\n").count {
                $0 == "BEGIN:VEVENT"
            }
            #expect(!result.standardOutput.contains("\r\nSUMMARY:injected"), "\(format) \(field)")
            if textFields.contains(field) {
                #expect(events == 1, "\(format) \(field)")
                #expect(
                    result.standardOutput.contains(
                        "x\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:injected"), "\(format) \(field)")
            } else {
                #expect(events == 0, "\(format) \(field)")
                #expect(
                    result.standardError.contains("its \(field) 'x␍␊END:VEVENT"),
                    "\(format) \(field)")
                #expect(
                    result.standardError.contains(
                        "which no URI or calendar address can; record skipped"))
                #expect(
                    result.standardError.contains(
                        "No record became an event (1 skipped, each said)"))
            }
        }
    }

    @Test func controlCharactersOfARecordAreLeftOutWithAWarning() throws {
        let input =
            "{\"uid\":\"bell\",\"title\":\"bell\\u0007 escape\\u001b\",\"start\":\"2026-12-01\"}\n"
        let result = try CLI.runBinary(
            ["convert", "-", "--from-format", "ndjson", "-f", "ics"],
            standardInput: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("SUMMARY:bell escape\r\n"))
        #expect(
            result.standardError
                == "<stdin>:1: warning: Line 1: its title holds control characters that iCalendar text cannot (U+0007, U+001B); left out\n"
        )
    }
}
