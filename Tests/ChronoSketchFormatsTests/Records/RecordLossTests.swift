import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// What a record cannot carry is said: a conversion to records names the components it leaves
/// out, series records carry a THISANDFUTURE override, and a field too long to be read back
/// or of the wrong type is refused or left out with its record.
@Suite struct RecordLossTests {
    private static let withTasks = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//ChronoSketch//Tests//EN
        BEGIN:VTODO
        UID:task-1
        DTSTAMP:20260101T000000Z
        SUMMARY:Task
        END:VTODO
        BEGIN:VEVENT
        UID:event-1
        DTSTAMP:20260101T000000Z
        DTSTART:20261201T100000Z
        SUMMARY:Event
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT5M
        DESCRIPTION:Soon
        END:VALARM
        END:VEVENT
        BEGIN:VJOURNAL
        UID:journal-1
        DTSTAMP:20260101T000000Z
        END:VJOURNAL
        BEGIN:VTODO
        UID:task-2
        DTSTAMP:20260101T000000Z
        END:VTODO
        END:VCALENDAR

        """

    /// NDJSON records read back as `.ics`.
    private static func readBack(_ records: String) throws -> Converted {
        Conversion.streamed(
            [Conversion.memory("records.ndjson", records)],
            try Conversion.options(to: .ics, from: .ndjson))
    }

    /// The UTC starts of the occurrences of `text` in the first week of December 2026.
    private static func starts(_ text: String) throws -> [String] {
        let options = LoadOptions(
            zone: try Fixture.zone("UTC"), from: try CivilDate(parsing: "2026-12-01"),
            to: try CivilDate(parsing: "2026-12-08"))
        return try CalendarLoader.load([Conversion.memory("calendar.ics", text)], options: options)
            .events.map(\.interval.startText)
    }

    @Test(arguments: [
        (ConversionFormat.csv, RecordKind.occurrences), (.json, .occurrences),
        (.ndjson, .occurrences), (.ndjson, .series), (.csv, .series),
    ])
    func aConversionToRecordsNamesWhatItLeavesOut(format: ConversionFormat, records: RecordKind)
        throws
    {
        let inputs = [
            Conversion.memory("a.ics", Self.withTasks, crlf: true),
            Conversion.memory(
                "b.ics", Self.withTasks.replacingOccurrences(of: "UID:", with: "UID:b-"),
                crlf: true),
        ]
        let options = try Conversion.options(to: format, records: records)
        let result =
            records == .series
            ? Conversion.streamed(inputs, options) : try Conversion.occurrences(inputs, options)
        #expect(result.unusable.isEmpty)
        // Once per input, by name and count, at the first one's line.
        // A series record carries its VALARMs.
        let (record, alarm) = records == .series ? ("series", "") : ("occurrence", "1 VALARM, ")
        #expect(
            result.diagnostics.map(\.description)
                == ["a.ics", "b.ics"].map {
                    "\($0):4: warning: \(alarm)1 VJOURNAL and 2 VTODO components have no \(record) record (the first here); left out; .ics and jCal keep every component"
                })
        for lossless in [ConversionFormat.ics, .jcal] {
            let kept = Conversion.streamed(
                Array(inputs.prefix(1)), try Conversion.options(to: lossless))
            #expect(kept.unusable.isEmpty && kept.diagnostics.isEmpty, "\(lossless)")
        }
    }

    @Test func seriesRecordsCarryAnOverrideOfThisAndFuture() throws {
        let calendar = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//ChronoSketch//Tests//EN
            BEGIN:VEVENT
            UID:standup
            DTSTAMP:20260101T000000Z
            DTSTART;TZID=Europe/Berlin:20261201T090000
            RRULE:FREQ=DAILY;COUNT=5
            SUMMARY:Stand-up
            END:VEVENT
            BEGIN:VEVENT
            UID:standup
            DTSTAMP:20260101T000000Z
            RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261203T090000
            DTSTART;TZID=Europe/Berlin:20261203T110000
            SUMMARY:Stand-up, later
            END:VEVENT
            END:VCALENDAR

            """
        let series = Conversion.streamed(
            [Conversion.memory("calendar.ics", calendar, crlf: true)],
            try Conversion.options(to: .ndjson, records: .series))
        #expect(series.unusable.isEmpty && series.diagnostics.isEmpty, "\(series.said)")
        let records = try Conversion.records(series.text)
        #expect(records.map { $0["recurrenceRange"] as? String } == [nil, "THISANDFUTURE"])
        let back = try Self.readBack(series.text)
        #expect(back.unusable.isEmpty)
        #expect(
            back.text.contains(
                "RECURRENCE-ID;TZID=Europe/Berlin;RANGE=THISANDFUTURE:20261203T090000\r\n"))
        let direct = try Self.starts(calendar)
        #expect(direct.count == 5)
        #expect(try Self.starts(back.text) == direct)
        // A range RFC 5545 does not define is refused with its record.
        let other = try Self.readBack(
            series.text.replacingOccurrences(of: "THISANDFUTURE", with: "THISANDPRIOR"))
        #expect(other.said.contains("its recurrenceRange 'THISANDPRIOR' is not THISANDFUTURE"))
    }

    @Test func aFieldTooLongToBeReadBackIsRefusedWithItsRecord() throws {
        let long = String(repeating: "x", count: 33 << 20)
        let records =
            "{\"uid\":\"long\",\"title\":\"Long\",\"start\":\"2026-12-01T10:00\",\"description\":\"\(long)\"}\n"
            + "{\"uid\":\"short\",\"title\":\"Short\",\"start\":\"2026-12-01T11:00\"}\n"
        let result = try Self.readBack(records)
        #expect(result.unusable.isEmpty)
        #expect(
            result.said.contains(
                "records.ndjson:1: error: Line 1: its DESCRIPTION line would be 34603020 bytes long, more than the 32 MiB a content line may have to be read again; record skipped"
            ))
        #expect(result.text.contains("UID:short\r\n"))
        #expect(!result.text.contains("UID:long\r\n"))
    }

    @Test func aFieldOfTheWrongTypeIsSaidWithItsRecordAndField() throws {
        let record =
            "{\"uid\":\"a\",\"title\":[\"x\"],\"start\":\"2026-12-01T10:00\",\"allDay\":\"maybe\","
            + "\"sequence\":1.5,\"categories\":[\"work\",{\"b\":1}],\"attendees\":[{\"name\":\"x\"}],"
            + "\"organizer\":7,\"location\":42,\"url\":null}\n"
        let result = try Self.readBack(record)
        #expect(result.unusable.isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "records.ndjson:1: warning: Line 1: its title is an array, where text is expected; left out",
                "records.ndjson:1: warning: Line 1: its allDay is 'maybe', where true or false is expected; left out",
                "records.ndjson:1: warning: Line 1: its sequence is a number, where a whole number is expected; left out",
                "records.ndjson:1: warning: Line 1: its categories is an array holding other things than text, where texts are expected; left out",
                "records.ndjson:1: warning: Line 1: its attendees is an array holding other things than addresses, where addresses are expected; left out",
                "records.ndjson:1: warning: Line 1: its organizer is a number, where an address or an array of them is expected; left out",
            ])
        // What reads is kept: a number is text for a location.
        #expect(result.text.contains("LOCATION:42\r\n"))
        #expect(result.text.contains("CATEGORIES:work\r\n"))
    }

    @Test func recordErrorsNameTheRecordItsLineAndField() throws {
        let json =
            "[\n{\"title\":\"a\",\"start\":\"2026-01-01\"},\n {\"title\":\"b\"},\n\n  {\"start\":\"bad\"}\n]\n"
        let result = Conversion.streamed(
            [Conversion.memory("records.json", json)],
            try Conversion.options(to: .ics, from: .json))
        #expect(
            result.said.contains("records.json:3: error: Record 2: it has no start; record skipped")
        )
        #expect(
            result.said.contains(
                "records.json:5: error: Record 3: its start: Invalid date-time 'bad'"))
        #expect(result.text.contains("SUMMARY:a\r\n"))
    }

    @Test func lineAndParagraphSeparatorsComeBackAsTheyWent() throws {
        let title = "one\u{2028}two\u{2029}three\u{85}four\nfive"
        var encoded = ""
        for scalar in title.unicodeScalars {
            encoded +=
                scalar.value < 0x20 || scalar.value > 0x7E
                ? String(format: "\\u%04x", scalar.value) : String(scalar)
        }
        let calendar = try Self.readBack(
            "{\"uid\":\"a\",\"title\":\"\(encoded)\",\"start\":\"2026-12-01T10:00\"}\n")
        #expect(calendar.unusable.isEmpty)
        #expect(calendar.text.contains("SUMMARY:one\u{2028}two\u{2029}three\u{85}four\\nfive\r\n"))
        let back = try Conversion.occurrences(
            [Conversion.memory("calendar.ics", calendar.text)], try Conversion.options(to: .ndjson))
        #expect(try Conversion.records(back.text).first?["title"] as? String == title)
    }
}
