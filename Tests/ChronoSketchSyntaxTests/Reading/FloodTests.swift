import ChronoSketchCore
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// Inputs that are one thing many times over are read in memory that does not grow with the
/// number of things: what is held is counted, not timed.
@Suite struct FloodTests {
    /// A calendar's properties are checked as they come: of a hundred thousand, only the
    /// first of each that RFC 5545 allows once is kept until the calendar's end, and what is
    /// found of them is what checking them together finds, said of the calendar's UID even
    /// when it comes last.
    @Test func calendarPropertiesAreCheckedAsTheyComeAndLetGo() {
        var checker = ComponentChecker(file: "flood.ics", scope: .conformance)
        checker.take(.calendarBegin(ICalComponent(name: "VCALENDAR", line: 1)))
        var line = 1
        func take(_ name: String, _ value: String, _ parameters: [ICalParameter] = []) {
            line += 1
            checker.take(
                .calendarProperty(
                    ICalProperty(name: name, parameters: parameters, rawValue: value, line: line)))
        }
        take("VERSION", "2.0")
        take("VERSION", "3.0")
        var most = 0
        for number in 0..<100_000 {
            take("X-FLOOD", "\(number)")
            most = max(most, checker.keptCalendarProperties)
        }
        take(
            "REFRESH-INTERVAL", "not a duration",
            [ICalParameter(name: "VALUE", values: ["DURATION"])])
        take("UID", "calendar-uid")
        #expect(most == 1)
        #expect(checker.keptCalendarProperties == 3)
        checker.take(.calendarEnd(closing: .end, endText: nil))
        let found = checker.takeFindings().diagnostics
        #expect(
            found.map { "\($0.line ?? 0) \($0.code) \($0.uid ?? "-")" } == [
                "1 missingProperty calendar-uid", "1 emptyCalendar calendar-uid",
                "3 repeatedProperty calendar-uid", "\(line - 1) invalidValue calendar-uid",
            ])
        #expect(found.first { $0.code == .repeatedProperty }?.message.contains("line 2") == true)
        #expect(found.first { $0.code == .missingProperty }?.message.contains("PRODID") == true)
    }

    /// One VEVENT of `alarms` VALARMs, and the bytes of its VALARMs' lines.
    private static func alarmFlood(_ alarms: Int) -> (text: [UInt8], alarmBytes: Int) {
        var alarmBytes = 0
        var text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:flood\r\n"
            + "DTSTAMP:20260101T000000Z\r\nDTSTART:20260908T090000Z\r\nSUMMARY:Flood\r\n"
        for number in 0..<alarms {
            let alarm =
                "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT\(number % 1440)M\r\n"
                + "DESCRIPTION:Reminder \(number)\r\nEND:VALARM\r\n"
            alarmBytes += alarm.utf8.count
            text += alarm
        }
        return (Array((text + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8), alarmBytes)
    }

    /// The components inside a component are kept as their bytes: a VEVENT of 20,000 VALARMs
    /// holds about the bytes of their lines, not an object for each of their 60,000
    /// properties, and gives each one back as it was read.
    @Test func componentsInsideAComponentAreKeptAsTheirBytes() throws {
        let (text, alarmBytes) = Self.alarmFlood(20_000)
        var reader = try ICalendarReader(.memory(name: "flood.ics", bytes: text))
        var event: ICalComponent?
        while let item = try reader.next() {
            if case .component(let component) = item { event = component }
        }
        let alarms = try #require(event).components
        #expect(alarms.count == 20_000)
        #expect(alarms.byteCount <= alarmBytes)
        let last = alarms[19_999]
        #expect(last.name == "VALARM")
        #expect(last.property("DESCRIPTION")?.value?.text == "Reminder 19999")
        #expect(last.line == 9 + 5 * 19_999)
        #expect(last.property("TRIGGER")?.line == last.line + 2)
    }

    /// `.ics` and jCal are written a piece at a time however large a component is: the bytes
    /// ready never reach twice a piece, and together they are those of the whole tree.
    @Test(arguments: [ConversionFormat.ics, .jcal])
    func aLargeComponentIsWrittenInPieces(format: ConversionFormat) throws {
        let (text, _) = Self.alarmFlood(10_000)
        let input = InputSource.memory(name: "flood.ics", bytes: text)
        var largest = 0
        var written: [UInt8] = []
        func drain(_ writer: inout some CalendarItemWriter) {
            largest = max(largest, writer.pendingByteCount)
            while writer.pendingByteCount >= ICalItemWriter.pieceSize {
                written += writer.takeBytes()
                largest = max(largest, writer.pendingByteCount)
            }
        }
        func write(into writer: inout some CalendarItemWriter) throws {
            var reader = try ICalendarReader(input)
            while let item = try reader.next() {
                writer.take(item)
                drain(&writer)
            }
            writer.finish()
            written += writer.takeBytes()
        }
        let (document, _) = try DocumentReader.read(input)
        let whole: [UInt8]
        if format == .ics {
            var writer = ICalItemWriter()
            try write(into: &writer)
            whole = ICalWriter.write(document)
        } else {
            var writer = JCalItemWriter(topLevelComponents: 1)
            try write(into: &writer)
            var json = JSONWriter()
            json.value(JCal.encode(document))
            json.raw("\n")
            whole = json.bytes
        }
        #expect(whole.count > 10 * ICalItemWriter.pieceSize)
        #expect(largest < 2 * ICalItemWriter.pieceSize)
        #expect(written == whole)
    }
}
