import Foundation
import Glibc
import Testing

/// Standard input from a terminal: a calendar typed (or pasted) and ended with one Ctrl-D, as
/// `cat` ends, also when the look ahead that tells the input's format has already met the end.
@Suite struct TerminalInputTests {
    @Test(arguments: [["validate"], ["events", "--tz", "UTC", "-f", "ndjson"]])
    func oneControlDEndsTerminalInput(command: [String]) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            Issue.record("no pseudo-terminal: \(String(cString: strerror(errno)))")
            return
        }
        defer { Glibc.close(master) }
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = command
        process.standardInput = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        // A short calendar: the look ahead reads it all and meets the end.
        let typed =
            "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:x\nBEGIN:VEVENT\nUID:t\nDTSTAMP:20260101T000000Z\nDTSTART:20260105T090000\nEND:VEVENT\nEND:VCALENDAR\n\u{04}"
        _ = typed.utf8CString.withUnsafeBufferPointer {
            Glibc.write(master, $0.baseAddress, $0.count - 1)
        }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        let ended = !process.isRunning
        if !ended { process.terminate() }
        process.waitUntilExit()
        #expect(ended, "\(command) still waits after one Ctrl-D")
        #expect([0, 1].contains(process.terminationStatus))
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains(command[0] == "validate" ? "<stdin>: 0 errors" : "\"uid\":\"t\""))
    }
}
