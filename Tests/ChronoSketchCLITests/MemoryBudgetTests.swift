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
            ["events", path, "--format", "csv"], ["convert", path, "--to", "ndjson"],
            ["convert", path, "--to", "csv", "--columns", "outlook"],
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

    /// Ctrl-C while a listing is spilling: nothing in the temporary folder, during the run or
    /// after it, and the run ends killed by the signal.
    @Test(arguments: [
        ["events", "--format", "ndjson"], ["conflicts", "--format", "ndjson"],
    ])
    func aSignalDuringASpillLeavesNoFile(command: [String]) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: spill, withIntermediateDirectories: true)
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
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments =
            [command[0], calendar.path] + command.dropFirst() + ["--memory", "64K"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = spill.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen: Set<String> = []
        // The spill file is open (its descriptor points into the folder) but has no name.
        var spilling = false
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, !spilling, Date() < deadline {
            seen.formUnion(try FileManager.default.contentsOfDirectory(atPath: spill.path))
            for name in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
                let target = try? FileManager.default.destinationOfSymbolicLink(
                    atPath: descriptors + "/" + name)
                if target?.hasPrefix(spill.path + "/") == true { spilling = true }
            }
            usleep(2_000)
        }
        seen.formUnion(try FileManager.default.contentsOfDirectory(atPath: spill.path))
        let signalled = process.isRunning && kill(process.processIdentifier, SIGINT) == 0
        process.waitUntilExit()
        #expect(spilling, "the run was not seen spilling")
        #expect(signalled, "the run ended before it could be stopped")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)
        #expect(seen.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spill.path).isEmpty)
    }
}
