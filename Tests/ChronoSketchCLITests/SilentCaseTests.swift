import Foundation
import Testing

/// `Fixtures/invalid/silent/`: input that once went through without a word (a VEVENT inside a
/// VEVENT, a component without a name, a VALUE type that does not fit, a parameter or a
/// property given twice, an X-LIC-ERROR line of an earlier program). Every command that reads
/// calendars says the same thing about it, with file and line, and goes on; `validate` counts
/// it as a finding.
@Suite struct SilentCaseTests {
    /// What is said about one line: by the commands that read events, and by `convert` to
    /// `.ics` or jCal, which copies the line as written.
    struct Message: Sendable {
        var reading: String
        var copying: String

        init(_ line: String, _ message: String, reading: String? = nil, copying: String? = "") {
            self.reading = line + message + (reading.map { "; " + $0 } ?? "")
            self.copying =
                line + message
                + (copying.map { $0.isEmpty ? "; kept as written" : "; " + $0 } ?? "")
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var messages: [Message]
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "nested-vevent.ics",
            messages: [
                Message(
                    ":10: warning: ", "VEVENT inside a VEVENT (opened at line 4)",
                    reading: "read as an event of its own")
            ]),
        Case(
            file: "empty-component-name.ics",
            messages: [
                Message(
                    ":4: error: ",
                    "BEGIN has no component name; read as a component without a name, which nothing uses",
                    copying: nil)
            ]),
        Case(
            file: "value-type-mismatch.ics",
            messages: [
                Message(
                    ":7: warning: ",
                    "VALUE=DATE but DTSTART is a date-time ('20260105T090000')",
                    reading: "read as written", copying: "read as written"),
                Message(
                    ":8: warning: ",
                    "VALUE=DATE but DTEND is a date-time ('20260105T093000')",
                    reading: "read as written", copying: "read as written"),
                Message(
                    ":14: warning: ",
                    "VALUE=DATE-TIME but DTSTART is a date ('20260106')",
                    reading: "read as written", copying: "read as written"),
            ]),
        Case(
            file: "repeated-parameter.ics",
            messages: [
                Message(
                    ":7: warning: ",
                    "TZID given twice on DTSTART, which RFC 5545 allows once",
                    reading: "the first (Europe/Berlin) is used",
                    // A copy keeps both parameters, as written.
                    copying: "kept as written")
            ]),
        Case(
            file: "repeated-property.ics",
            messages: [
                Message(
                    ":8: warning: ",
                    "VEVENT has DTSTART more than once (first at line 7), which RFC 5545 allows once",
                    reading: "the first is used"),
                Message(
                    ":10: warning: ",
                    "VEVENT has DTEND more than once (first at line 9), which RFC 5545 allows once",
                    reading: "the first is used"),
            ]),
        Case(
            file: "x-lic-error.ics",
            messages: [
                Message(
                    ":10: warning: ",
                    "X-LIC-ERROR (VALUE-PARSE-ERROR) was already in the input: 'No value for DESCRIPTION property'; an earlier libical-based program could not read a property here; kept as written",
                    reading: nil, copying: nil)
            ]),
    ]

    /// Every reading command, with the exit status it ends with on these files (they read,
    /// with warnings, and hold no conflicts) and whether it copies lines as written.
    static let commands: [(arguments: [String], status: Int32, copies: Bool)] = [
        (["events", "--format", "ndjson"], 0, false),
        (["convert", "--format", "json"], 0, false),
        (["convert", "--format", "ics"], 0, true),
        (["convert", "--format", "jcal"], 0, true),
        (["conflicts"], 0, false),
        (["freebusy", "--from", "2026-01-05", "--to", "2026-01-08"], 0, false),
        (["slots", "--date", "2026-01-05"], 0, false),
        (["check", "--start", "2026-01-07T09:00", "--end", "2026-01-07T10:00"], 0, false),
        (["layout", "week", "--date", "2026-01-05", "--format", "json"], 0, false),
        (["render", "week", "--date", "2026-01-05"], 0, false),
        (["validate"], 1, false),
    ]

    @Test(arguments: cases)
    func everyCommandSaysItAndGoesOn(_ silent: Case) throws {
        let folder = CLI.root.appendingPathComponent("Fixtures/invalid/silent")
        for (arguments, status, copies) in Self.commands {
            let result = try CLI.runBinary(
                arguments + [silent.file, "--tz", "UTC"], in: folder)
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            // `validate` reports on standard output, everything else on standard error.
            let report =
                arguments == ["validate"] ? result.standardOutput : result.standardError
            for message in silent.messages {
                let expected = silent.file + (copies ? message.copying : message.reading)
                #expect(report.contains(expected), "\(arguments) \(expected)\n\(report)")
            }
        }
    }

    /// 246 VEVENTs without a UID: one line says so, with the count and the first lines.
    @Test func manyEventsWithoutUIDAreOneLine() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Tests//EN\r\n"
        for day in 0..<246 {
            let date = try CivilDateText.day(day)
            text += "BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:\(date)\r\n"
            text += "SUMMARY:Day \(day)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        try Data(text.utf8).write(to: directory.appendingPathComponent("no-uid.ics"))
        for arguments in [["events"], ["convert", "--format", "json"], ["conflicts"]] {
            let result = try CLI.runBinary(arguments + ["no-uid.ics"], in: directory)
            let lines = result.standardError.split(separator: "\n").filter { $0.contains("UID") }
            #expect(lines.count == 1, "\(arguments)")
            #expect(
                lines.first
                    == "no-uid.ics:4: warning: VEVENT has no UID (245 more times: lines 9, 14, 19, …); it goes by its file and line",
                "\(arguments) \(lines)")
        }
        let validation = try CLI.runBinary(["validate", "no-uid.ics"], in: directory)
        #expect(validation.status == 1)
        #expect(validation.standardOutput.split(separator: "\n").count == 2)
    }
}

/// Dates for generated calendars.
private enum CivilDateText {
    /// `YYYYMMDD` of the day `offset` days after 2026-01-01.
    static func day(_ offset: Int) throws -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(
            from: Date(timeIntervalSince1970: 1_767_225_600 + Double(offset) * 86_400))
    }
}
