import Foundation
import Testing

/// What a record cannot carry is said: a conversion to records names the components it leaves
/// out, series records carry a THISANDFUTURE override, a field too long to be read back is
/// refused with its record, and a SOURCE_DATE_EPOCH no DTSTAMP can hold is an error.
@Suite struct RecordLossTests {
    /// NDJSON records on standard input, converted to `.ics`.
    private static let recordsToICS = [
        "convert", "-", "--from-format", "ndjson", "--format", "ics",
    ]

    private static let withTasks = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//ChronoSketch//Tests//EN\r
        BEGIN:VTODO\r
        UID:task-1\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Task\r
        END:VTODO\r
        BEGIN:VEVENT\r
        UID:event-1\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20261201T100000Z\r
        SUMMARY:Event\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:-PT5M\r
        DESCRIPTION:Soon\r
        END:VALARM\r
        END:VEVENT\r
        BEGIN:VJOURNAL\r
        UID:journal-1\r
        DTSTAMP:20260101T000000Z\r
        END:VJOURNAL\r
        BEGIN:VTODO\r
        UID:task-2\r
        DTSTAMP:20260101T000000Z\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    @Test(arguments: [
        (["--format", "csv"], "occurrence"), (["--format", "json"], "occurrence"),
        (["--format", "ndjson"], "occurrence"),
        (["--format", "ndjson", "--records", "series"], "series"),
        (["--format", "csv", "--records", "series"], "series"),
    ])
    func aConversionToRecordsNamesWhatItLeavesOut(options: [String], record: String) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.ics")
        let second = directory.appendingPathComponent("b.ics")
        try Data(Self.withTasks.utf8).write(to: first)
        try Data(Self.withTasks.replacingOccurrences(of: "UID:", with: "UID:b-").utf8).write(
            to: second)
        let result = try CLI.runBinary(["convert", first.path, second.path] + options)
        #expect(result.status == 0)
        // Once per input, by name and count, at the first one's line.
        for file in [first, second] {
            #expect(
                result.standardError.contains(
                    "\(file.path):4: warning: 1 VALARM, 1 VJOURNAL and 2 VTODO components have no \(record) record (the first here); left out; .ics and jCal keep every component\n"
                ), "\(options)")
        }
        #expect(result.standardError.split(separator: "\n").count == 2, "\(result.standardError)")
        for lossless in [["--format", "ics"], ["--format", "jcal"]] {
            let kept = try CLI.runBinary(["convert", first.path] + lossless)
            #expect(kept.status == 0)
            #expect(kept.standardError.isEmpty, "\(lossless)")
        }
    }

    @Test func seriesRecordsCarryAnOverrideOfThisAndFuture() throws {
        let calendar = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//ChronoSketch//Tests//EN\r
            BEGIN:VEVENT\r
            UID:standup\r
            DTSTAMP:20260101T000000Z\r
            DTSTART;TZID=Europe/Berlin:20261201T090000\r
            RRULE:FREQ=DAILY;COUNT=5\r
            SUMMARY:Stand-up\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:standup\r
            DTSTAMP:20260101T000000Z\r
            RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261203T090000\r
            DTSTART;TZID=Europe/Berlin:20261203T110000\r
            SUMMARY:Stand-up, later\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let listing = ["--from", "2026-12-01", "--days", "7", "--tz", "UTC", "-f", "ndjson"]
        let direct = try CLI.runBinary(
            ["events", "-"] + listing, standardInput: Data(calendar.utf8))
        let series = try CLI.runBinary(
            ["convert", "-", "--format", "ndjson", "--records", "series"],
            standardInput: Data(calendar.utf8))
        #expect(series.status == 0)
        #expect(series.standardError.isEmpty)
        let records = try CLI.records(series.standardOutput)
        #expect(records.map { $0["recurrenceRange"] as? String } == [nil, "THISANDFUTURE"])
        let back = try CLI.runBinary(
            Self.recordsToICS,
            standardInput: Data(series.standardOutput.utf8),
            environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        #expect(back.status == 0)
        #expect(
            back.standardOutput.contains(
                "RECURRENCE-ID;TZID=Europe/Berlin;RANGE=THISANDFUTURE:20261203T090000\r\n"))
        let again = try CLI.runBinary(
            ["events", "-"] + listing, standardInput: Data(back.standardOutput.utf8))
        func starts(_ output: String) throws -> [String] {
            try CLI.records(output).compactMap { $0["startUTC"] as? String }
        }
        #expect(try starts(direct.standardOutput).count == 5)
        #expect(try starts(again.standardOutput) == starts(direct.standardOutput))
        // A range RFC 5545 does not define is refused with its record.
        let other = try CLI.runBinary(
            Self.recordsToICS,
            standardInput: Data(
                series.standardOutput.replacingOccurrences(
                    of: "THISANDFUTURE", with: "THISANDPRIOR"
                ).utf8))
        #expect(
            other.standardError.contains("its recurrenceRange 'THISANDPRIOR' is not THISANDFUTURE"))
    }

    @Test func aFieldTooLongToBeReadBackIsRefusedWithItsRecord() throws {
        let long = String(repeating: "x", count: 33 << 20)
        let records =
            "{\"uid\":\"long\",\"title\":\"Long\",\"start\":\"2026-12-01T10:00\",\"description\":\"\(long)\"}\n"
            + "{\"uid\":\"short\",\"title\":\"Short\",\"start\":\"2026-12-01T11:00\"}\n"
        let result = try CLI.runBinary(
            Self.recordsToICS,
            standardInput: Data(records.utf8))
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "<stdin>:1: error: Line 1: its DESCRIPTION line would be 34603020 bytes long, more than the 32 MiB a content line may have to be read again; record skipped"
            ))
        #expect(result.standardOutput.contains("UID:short\r\n"))
        #expect(!result.standardOutput.contains("UID:long\r\n"))
    }

    @Test(arguments: ["253402300800", "-62135596801", "soon", ""])
    func aSourceDateEpochNoDTSTAMPCanHoldIsRefused(value: String) throws {
        let record = "{\"uid\":\"a\",\"title\":\"A\",\"start\":\"2026-12-01\"}\n"
        let result = try CLI.runBinary(
            Self.recordsToICS,
            standardInput: Data(record.utf8), environment: ["SOURCE_DATE_EPOCH": value])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: SOURCE_DATE_EPOCH is '\(value)'"))
        #expect(result.standardOutput.isEmpty)
        // The last second of 9999 is the latest DTSTAMP.
        let last = try CLI.runBinary(
            Self.recordsToICS,
            standardInput: Data(record.utf8), environment: ["SOURCE_DATE_EPOCH": "253402300799"])
        #expect(last.status == 0)
        #expect(last.standardOutput.contains("DTSTAMP:99991231T235959Z\r\n"))
    }

    @Test func aFieldOfTheWrongTypeIsSaidWithItsRecordAndField() throws {
        let record =
            "{\"uid\":\"a\",\"title\":[\"x\"],\"start\":\"2026-12-01T10:00\",\"allDay\":\"maybe\","
            + "\"sequence\":1.5,\"categories\":[\"work\",{\"b\":1}],\"attendees\":[{\"name\":\"x\"}],"
            + "\"organizer\":7,\"location\":42,\"url\":null}\n"
        let result = try CLI.runBinary(
            Self.recordsToICS,
            standardInput: Data(record.utf8), environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        #expect(result.status == 0)
        #expect(
            result.standardError == """
                <stdin>:1: warning: Line 1: its title is an array, where text is expected; left out
                <stdin>:1: warning: Line 1: its allDay is 'maybe', where true or false is expected; left out
                <stdin>:1: warning: Line 1: its sequence is a number, where a whole number is expected; left out
                <stdin>:1: warning: Line 1: its categories is an array holding other things than text, where texts are expected; left out
                <stdin>:1: warning: Line 1: its attendees is an array holding other things than addresses, where addresses are expected; left out
                <stdin>:1: warning: Line 1: its organizer is a number, where an address or an array of them is expected; left out

                """)
        // What reads is kept: a number is text for a location.
        #expect(result.standardOutput.contains("LOCATION:42\r\n"))
        #expect(result.standardOutput.contains("CATEGORIES:work\r\n"))
    }

    @Test func lineAndParagraphSeparatorsComeBackAsTheyWent() throws {
        let title = "one\u{2028}two\u{2029}three\u{85}four\nfive"
        var encoded = ""
        for scalar in title.unicodeScalars {
            encoded +=
                scalar.value < 0x20 || scalar.value > 0x7E
                ? String(format: "\\u%04x", scalar.value) : String(scalar)
        }
        let record = "{\"uid\":\"a\",\"title\":\"\(encoded)\",\"start\":\"2026-12-01T10:00\"}\n"
        let calendar = try CLI.runBinary(
            Self.recordsToICS,
            standardInput: Data(record.utf8))
        #expect(calendar.status == 0)
        #expect(
            calendar.standardOutput.contains(
                "SUMMARY:one\u{2028}two\u{2029}three\u{85}four\\nfive\r\n"))
        let back = try CLI.runBinary(
            ["events", "-", "--tz", "UTC", "-f", "ndjson"],
            standardInput: Data(calendar.standardOutput.utf8))
        #expect(try CLI.records(back.standardOutput).first?["title"] as? String == title)
    }
}
