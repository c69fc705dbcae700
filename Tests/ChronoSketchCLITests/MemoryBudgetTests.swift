import Foundation
import Testing

/// `--memory`: a sorted listing (`events` as JSON, NDJSON or CSV, `convert` to them) past its
/// budget spills sorted runs to a temporary file that no name leads to, and writes the same
/// bytes; the run never leaves a file behind, whether it ends or is stopped.
@Suite struct MemoryBudgetTests {
    static let calendars = [
        "demo/team-week.ics", "layout/team.ics", "valid/zones.ics", "convert/series.ics",
    ]

    @Test(arguments: calendars)
    func aTinyBudgetWritesWhatTheDefaultWrites(calendar: String) throws {
        let path = CLI.fixture(calendar)
        let commands: [[String]] = [
            ["events", path, "--format", "json"], ["events", path, "--format", "ndjson"],
            ["events", path, "--format", "csv"], ["convert", path, "--format", "ndjson"],
            ["convert", path, "--format", "csv", "--columns", "outlook"],
        ]
        for command in commands {
            let held = try CLI.runBinary(command + ["--tz", "Europe/Berlin"])
            for budget in ["1", "2K", "1M"] {
                let spilled = try CLI.runBinary(
                    command + ["--tz", "Europe/Berlin", "--memory", budget])
                #expect(spilled.status == held.status)
                #expect(spilled.standardOutput == held.standardOutput, "\(command) \(budget)")
                #expect(spilled.standardError == held.standardError)
            }
            #expect(!held.standardOutput.isEmpty)
        }
    }

    /// Conflicts over events kept in a temporary file are the conflicts over events in memory:
    /// the same report in every format, the same warnings.
    @Test(arguments: calendars)
    func conflictsPastTheirBudgetReportWhatMemoryReports(calendar: String) throws {
        let path = CLI.fixture(calendar)
        let commands: [[String]] = [
            ["conflicts", path], ["conflicts", path, "--format", "json"],
            ["conflicts", path, "--format", "ndjson", "--by", "person", "--buffer", "15m"],
            ["conflicts", path, "--format", "csv", "--within-files", "--by", "location"],
            ["conflicts", path, "--blocked", CLI.fixture("conflicts/blocked.ics"), "-f", "json"],
        ]
        for command in commands {
            let held = try CLI.runBinary(command + ["--tz", "Europe/Berlin"])
            for budget in ["1", "2K"] {
                let spilled = try CLI.runBinary(
                    command + ["--tz", "Europe/Berlin", "--memory", budget])
                #expect(spilled.status == held.status)
                #expect(spilled.standardOutput == held.standardOutput, "\(command) \(budget)")
                #expect(spilled.standardError == held.standardError)
            }
            #expect(held.status == 0 || held.status == 1)
            // A report with no conflict has no NDJSON line; every other format says so.
            if !command.contains("ndjson") { #expect(!held.standardOutput.isEmpty) }
        }
    }

    @Test(arguments: [
        ("0", "expected a size greater than 0, such as 500M or 2G"),
        ("1.5G", "expected a size greater than 0, such as 500M or 2G"),
        ("-4M", "expected a size greater than 0, such as 500M or 2G"),
        ("99999999999999999999", "expected a size greater than 0, such as 500M or 2G"),
        ("12Q", "expected a size greater than 0, such as 500M or 2G"),
    ])
    func anAbsurdSizeIsAUsageError(size: String, reason: String) {
        let result = CLI.run(["events", CLI.fixture("demo/team-week.ics"), "--memory", size])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "Error: The value '\(size)' is invalid for '--memory <size>': \(reason)\n"))
    }

    @Test func sizesTakeUnitsAsSortDoes() {
        for size in ["512", "64k", "64K", "64KiB", "32M", "32mb", "1G", "1T"] {
            let result = CLI.run(
                ["events", CLI.fixture("demo/team-week.ics"), "--memory", size, "--format", "json"])
            #expect(result.status == 0, "\(size): \(result.standardError)")
        }
        // Units are powers of 1024: the largest size taken is 2^62 - 1 bytes, which is
        // 4,294,967,295 GiB and 4,194,303 TiB but not a whole number of G or T more.
        for (size, taken) in [
            ("4611686018427387903", true), ("4611686018427387904", false),
            ("4294967295G", true), ("4294967296G", false), ("4194303T", true),
            ("4194304T", false), ("4194304TB", false),
        ] {
            let result = CLI.run(
                ["events", CLI.fixture("demo/team-week.ics"), "--memory", size, "-f", "json"])
            #expect(result.status == (taken ? 0 : 64), "\(size)")
        }
    }

    /// A calendar of 40,000 events of 200-odd bytes of title each, in `folder`.
    private static func bigCalendar(in folder: URL) throws -> URL {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Tests//EN\r\n"
        for number in 0..<40_000 {
            let day = 1 + number % 28
            let hour = number % 24
            text += "BEGIN:VEVENT\r\nUID:spill-\(number)@tests\r\nDTSTAMP:20260101T000000Z\r\n"
            text += String(format: "DTSTART:202603%02dT%02d0000Z\r\n", day, hour)
            text +=
                "SUMMARY:Event \(number) \(String(repeating: "x", count: 200))\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let calendar = folder.appendingPathComponent("big.ics")
        try Data(text.utf8).write(to: calendar)
        return calendar
    }

    /// Starts `ics` with `arguments` and looks at the files it has open until one that no
    /// name leads to (a spill file) is seen, or the run ends; `watch` runs at each look.
    /// - Returns: the running (or ended) process and the folder and mode of each such file.
    private static func spillFiles(
        _ arguments: [String], environment: [String: String], watch: () throws -> Void = {}
    ) throws -> (process: Process, files: [(folder: String, mode: mode_t)]) {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline {
            try watch()
            var files: [(folder: String, mode: mode_t)] = []
            for name in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
                let link = descriptors + "/" + name
                guard
                    let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link),
                    target.hasSuffix(" (deleted)")
                else { continue }
                // stat(2) through the descriptor's link: the file itself, which has no name.
                var status = stat()
                guard stat(link, &status) == 0 else { continue }
                files.append(
                    (
                        URL(fileURLWithPath: target).deletingLastPathComponent().path,
                        status.st_mode & 0o777
                    ))
            }
            if !files.isEmpty { return (process, files) }
            usleep(2_000)
        }
        return (process, [])
    }

    /// Without `TMPDIR`, or with it empty, the temporary file goes to `/tmp`: the run spills
    /// without a word, where a folder that cannot be used is said.
    @Test func withoutTMPDIRTheSpillGoesToTmp() throws {
        let path = CLI.fixture("layout/team.ics")
        let held = try CLI.runBinary(["events", path, "--format", "ndjson"])
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = nil
        for value in [nil, ""] {
            environment["TMPDIR"] = value
            let result = try CLI.runBinary(
                ["events", path, "--format", "ndjson", "--memory", "1"], environment: environment)
            #expect(result.status == 0)
            #expect(result.standardOutput == held.standardOutput)
            #expect(result.standardError == held.standardError, "TMPDIR=\(value ?? "unset")")
        }
        // Where the file is: its descriptor's link names /tmp.
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, files) = try Self.spillFiles(
            ["events", try Self.bigCalendar(in: folder).path, "-f", "ndjson", "--memory", "64K"],
            environment: environment)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(Set(files.map(\.folder)) == ["/tmp"])
    }

    /// A folder where no file can be made: the records stay in memory, said once, and the
    /// listing is whole.
    @Test func aTemporaryFolderThatCannotBeUsedKeepsTheRecordsInMemory() throws {
        let path = CLI.fixture("layout/team.ics")
        let held = try CLI.runBinary(["events", path, "--format", "ndjson"])
        let result = try CLI.runBinary(
            ["events", path, "--format", "ndjson", "--memory", "1"],
            environment: ["TMPDIR": "/nonexistent/ics-spill"])
        #expect(result.status == 0)
        #expect(result.standardOutput == held.standardOutput)
        #expect(
            result.standardError
                == held.standardError
                + "ics events: warning: cannot make a temporary file in /nonexistent/ics-spill: No such file or directory; the records stay in memory\n"
        )
    }

    /// The same for conflicts: the events stay in memory, said once, and the report is whole.
    @Test func aTemporaryFolderThatCannotBeUsedKeepsTheEventsOfConflictsInMemory() throws {
        let path = CLI.fixture("demo/team-week.ics")
        let held = try CLI.runBinary(["conflicts", path, "--format", "ndjson"])
        let result = try CLI.runBinary(
            ["conflicts", path, "--format", "ndjson", "--memory", "1"],
            environment: ["TMPDIR": "/nonexistent/ics-spill"])
        #expect(result.status == 1)
        #expect(result.standardOutput == held.standardOutput)
        #expect(
            result.standardError
                == held.standardError
                + "ics conflicts: warning: cannot make a temporary file in /nonexistent/ics-spill: No such file or directory; the events stay in memory\n"
        )
    }

    /// Stopped by Ctrl-C or by `kill -9`, a run spilling leaves nothing in the temporary
    /// folder, during the run or after it, and ends killed by the signal; while it runs, its
    /// file is readable by its owner only.
    @Test(arguments: [
        (["events", "--format", "ndjson"], SIGINT), (["conflicts", "--format", "ndjson"], SIGINT),
        (["events", "--format", "ndjson"], SIGKILL),
    ])
    func aSignalDuringASpillLeavesNoFile(command: [String], signal: Int32) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: spill, withIntermediateDirectories: true)
        let calendar = try Self.bigCalendar(in: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = spill.path
        var seen: Set<String> = []
        // The spill file is open (its descriptor points into the folder) but has no name.
        let (process, files) = try Self.spillFiles(
            [command[0], calendar.path] + command.dropFirst() + ["--memory", "64K"],
            environment: environment
        ) { seen.formUnion(try FileManager.default.contentsOfDirectory(atPath: spill.path)) }
        seen.formUnion(try FileManager.default.contentsOfDirectory(atPath: spill.path))
        let signalled = process.isRunning && kill(process.processIdentifier, signal) == 0
        process.waitUntilExit()
        #expect(!files.isEmpty, "the run was not seen spilling")
        #expect(Set(files.map(\.folder)) == [spill.path])
        #expect(signalled, "the run ended before it could be stopped")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(Set(files.map(\.mode)) == [0o600])
        #expect(seen.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spill.path).isEmpty)
    }
}
