import Foundation
import Testing

/// A run stopped by a signal (SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGALRM, SIGUSR1, a real-time
/// one, …) while it writes `-o` leaves the target as it was and nothing beside it, and ends
/// killed by the signal (128 + the signal to a shell).
/// Each test starts the built binary on a large calendar, waits until its temporary file is
/// there, signals it, and looks at the folder.
@Suite(.serialized) struct InterruptionTests {
    /// 40,000 hour-long events every half hour (5 MB): each overlaps its neighbours, so
    /// `conflicts` has as much to write as `events`.
    private static let calendar: [UInt8] = {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Tests//EN\r\n"
        let start = 1_767_225_600  // 2026-01-01T00:00Z
        let stamp = DateFormatter()
        stamp.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        stamp.timeZone = TimeZone(identifier: "UTC")
        stamp.locale = Locale(identifier: "en_US_POSIX")
        func time(_ seconds: Int) -> String {
            stamp.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        for number in 0..<40_000 {
            let begin = start + number * 1_800
            text += "BEGIN:VEVENT\r\nUID:event-\(number)@tests\r\nDTSTAMP:20260101T000000Z\r\n"
            text += "DTSTART:\(time(begin))\r\nDTEND:\(time(begin + 3_600))\r\n"
            text += "SUMMARY:Event \(number)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        return Array(text.utf8)
    }()

    static let runs: [(arguments: [String], signal: Int32)] = [
        (["events", "--order", "file", "--format", "ndjson"], SIGINT),
        (["events", "--order", "file", "--format", "ndjson"], SIGTERM),
        (["events", "--order", "file", "--format", "ndjson"], SIGHUP),
        (["events", "--order", "file", "--format", "ndjson"], SIGPIPE),
        (["events", "--format", "json"], SIGINT),
        (["convert", "--format", "jcal"], SIGTERM),
        (["conflicts", "--format", "ndjson"], SIGHUP),
        // Every other signal whose default course ends the process.
        (["convert", "--format", "jcal"], SIGALRM),
        (["convert", "--format", "jcal"], SIGUSR1),
        (["events", "--order", "file", "--format", "ndjson"], SIGUSR2),
        (["events", "--order", "file", "--format", "ndjson"], SIGVTALRM),
        (["events", "--order", "file", "--format", "ndjson"], SIGPROF),
        (["events", "--order", "file", "--format", "ndjson"], SIGPWR),
        (["convert", "--format", "jcal"], __libc_current_sigrtmin() + 3),
    ]

    /// A folder with the large calendar and an `output` file that holds `old`.
    private static func folder() throws -> (directory: URL, calendar: URL, target: URL) {
        let directory = try CLI.temporaryDirectory()
        let calendar = directory.appendingPathComponent("big.ics")
        try Data(Self.calendar).write(to: calendar)
        let target = directory.appendingPathComponent("output")
        try Data("old\n".utf8).write(to: target)
        return (directory, calendar, target)
    }

    @Test(arguments: runs.indices)
    func aSignalMidWriteLeavesTheTargetAsItWas(run: Int) throws {
        let (arguments, signal) = Self.runs[run]
        let (directory, calendar, target) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments + [calendar.path, "--tz", "UTC", "-o", target.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The temporary file appears once writing begins (at the start, or after the events
        // are sorted); the signal comes while it is there.
        var caught = false
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            if names.contains(where: { $0.hasPrefix(".output.") && $0.hasSuffix(".tmp") }) {
                caught = kill(process.processIdentifier, signal) == 0
                break
            }
            usleep(1_000)
        }
        if !caught, process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(caught, "\(arguments) ended before it was seen writing")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "big.ics", "output",
            ])
        #expect(try String(contentsOf: target, encoding: .utf8) == "old\n")
    }

    /// `ulimit -f` makes a write past the limit fail (SIGXFSZ is ignored): the run says so,
    /// leaves the target as it was and no temporary file, and ends with status 2.
    @Test func aFileSizeLimitLeavesTheTargetAsItWas() throws {
        let (directory, calendar, target) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 5 MB of calendar make more than 1 MB (2,048 blocks of 512 bytes) of jCal.
        let result = try CLI.runBinary(
            [
                "-c", "ulimit -f 2048; \"$0\" convert \"$1\" --format jcal -o \"$2\"; echo $?",
                CLI.binary.path, calendar.path, target.path,
            ], shell: true)
        #expect(result.standardOutput == "2\n")
        #expect(
            result.standardError
                == "\(target.path): error: Cannot write '\(target.path)': File too large\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "big.ics", "output",
            ])
        #expect(try String(contentsOf: target, encoding: .utf8) == "old\n")
    }

    /// With SIGPIPE ignored (as some runners hand it down), a reader that goes away makes
    /// writes fail instead: the run says so and ends with status 2 at once, without a crash.
    @Test func aClosedPipeWithSIGPIPEIgnoredEndsTheRunWithStatus2() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let calendar = directory.appendingPathComponent("big.ics")
        try Data(Self.calendar).write(to: calendar)
        let result = try CLI.runBinary(
            [
                "-c",
                "trap '' PIPE; \"$0\" events \"$1\" --format ndjson | head -c 10 > /dev/null; echo \"${PIPESTATUS[0]}\"",
                CLI.binary.path, calendar.path,
            ], shell: true)
        #expect(result.standardOutput == "2\n")
        #expect(
            result.standardError == "ics: error: Cannot write to standard output: Broken pipe\n")
    }

    @Test func aFullDiskOnStandardOutputEndsTheRunWithStatus2() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let calendar = directory.appendingPathComponent("big.ics")
        try Data(Self.calendar).write(to: calendar)
        let result = try CLI.runBinary(
            ["-c", "\"$0\" events \"$1\" > /dev/full; echo $?", CLI.binary.path, calendar.path],
            shell: true)
        #expect(result.standardOutput == "2\n")
        #expect(
            result.standardError
                == "ics: error: Cannot write to standard output: No space left on device\n")
    }
}
