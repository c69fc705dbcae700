import ChronoSketchCore
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite struct ICalendarReaderTests {
    @Test func componentsCarryTheirLinesAndValues() throws {
        let bytes = Fixture.calendar(
            Fixture.event(
                "a", "DTSTART;TZID=Europe/Berlin:20260908T090000\nDURATION:PT1H\nSUMMARY:A\\, B"))
        let (components, properties, diagnostics) = try Fixture.read(bytes)
        #expect(diagnostics.isEmpty)
        #expect(properties.map(\.name) == ["VERSION", "PRODID"])
        let event = try #require(components.first)
        #expect(event.name == "VEVENT")
        #expect(event.line == 4)
        let start = try #require(event.property("DTSTART"))
        #expect(start.line == 7)
        #expect(start.parameter("TZID") == "Europe/Berlin")
        #expect(
            start.value
                == .dateTime(
                    .dateTime(try LocalDateTime(parsing: "2026-09-08T09:00"), isUTC: false)))
        #expect(event.property("DURATION")?.value == .duration(CalendarDuration(seconds: 3600)))
        #expect(event.property("SUMMARY")?.value == .text("A, B"))
        #expect(event.property("SUMMARY")?.rawValue == "A\\, B")
    }

    @Test func multiValuedLinesKeepEachLineItsOwnValues() throws {
        let bytes = Fixture.calendar(
            Fixture.event(
                "a",
                "DTSTART:20260908T090000\nCATEGORIES:one,two,three\nCATEGORIES:four\nEXDATE:20260909T090000,20260910T090000"
            ))
        let event = try #require(try Fixture.read(bytes).components.first)
        let categories = event.properties("CATEGORIES")
        #expect(
            categories.map(\.values) == [
                [.text("one"), .text("two"), .text("three")], [.text("four")],
            ])
        #expect(categories.map(\.line) == [8, 9])
        #expect(event.property("EXDATE")?.values.count == 2)
    }

    @Test func valueProblemsGetThePhysicalLineOfTheirProperty() throws {
        let bytes = Fixture.calendar(
            Fixture.event(
                "a",
                "DTSTART:20260908T090000\nGEO:not a position\nLOCATION;VALUE=URI:x\nSUMMARY:fine\nDESCRIPTION:\nCLASS:PUBLIC\nSEQUENCE:two"
            ))
        let event = try #require(try Fixture.read(bytes).components.first)
        let geo = try #require(event.property("GEO"))
        #expect(geo.line == 8)
        #expect(!geo.isUnderstood)
        #expect(
            geo.problems.map(\.message) == [
                "Invalid position 'not a position': expected latitude;longitude in GEO"
            ])
        #expect(geo.problems.map(\.code) == [.invalidValue])
        #expect(event.property("LOCATION")?.value == .uri("x"))
        #expect(event.property("SUMMARY")?.value == .text("fine"))
        #expect(event.property("SUMMARY")?.problems == [])
        let description = try #require(event.property("DESCRIPTION"))
        #expect(description.value == .text(""))
        #expect(description.problems == [])
        #expect(event.property("CLASS")?.value == .text("PUBLIC"))
        let sequence = try #require(event.property("SEQUENCE"))
        #expect(sequence.line == 13)
        #expect(sequence.problems.map(\.message) == ["Invalid integer 'two' in SEQUENCE"])
    }

    @Test func guardedValuesAreNotHandedToLibical() throws {
        let bytes = Fixture.calendar(Fixture.event("a", "DTSTART:99999999T250000\nSUMMARY:x"))
        let event = try #require(try Fixture.read(bytes).components.first)
        let start = try #require(event.property("DTSTART"))
        #expect(!start.isUnderstood)
        #expect(
            start.problems.map(\.message) == [
                "Invalid date-time '99999999T250000': month 99 does not exist in DTSTART"
            ])
    }

    @Test func nestedComponentsAreAlignedToo() throws {
        let bytes = Fixture.calendar(
            Fixture.event(
                "a",
                "DTSTART:20260908T090000\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nDESCRIPTION:Soon\nEND:VALARM\nSUMMARY:After the alarm"
            ))
        let event = try #require(try Fixture.read(bytes).components.first)
        let alarm = try #require(event.components.first)
        #expect(alarm.name == "VALARM")
        #expect(alarm.line == 8)
        #expect(alarm.property("TRIGGER")?.value == .duration(CalendarDuration(seconds: -900)))
        #expect(event.property("SUMMARY")?.line == 13)
    }

    @Test func unclosedInnerComponentIsClosedWithAWarning() throws {
        let bytes = Fixture.calendar(
            "BEGIN:VEVENT\nUID:a\nDTSTART:20260908T090000\nBEGIN:VALARM\nACTION:DISPLAY\nEND:VEVENT"
        )
        let (components, _, diagnostics) = try Fixture.read(bytes)
        #expect(components.count == 1)
        #expect(components[0].components.map(\.name) == ["VALARM"])
        #expect(
            diagnostics.map(\.description) == [
                "test.ics:7: warning: BEGIN:VALARM has no END:VALARM; closed at line 9"
            ])
    }

    @Test func strayEndAndNonPropertyLinesAreReportedAndSkipped() throws {
        let bytes = Fixture.calendar(
            "END:VTODO\n" + Fixture.event("a", "DTSTART:20260908T090000\nthis is not a property"))
        let (components, _, diagnostics) = try Fixture.read(bytes)
        #expect(components.count == 1)
        #expect(diagnostics.map(\.line) == [4, 9])
    }

    @Test func deepNestingIsCutOffBeforeLibicalRecurses() throws {
        let depth = 200
        let body =
            "BEGIN:VEVENT\nUID:deep\nDTSTART:20260908T090000\n"
            + String(repeating: "BEGIN:X-NEST\n", count: depth)
            + String(repeating: "END:X-NEST\n", count: depth)
            + "END:VEVENT\n" + Fixture.event("after", "DTSTART:20260909T090000")
        let (components, _, diagnostics) = try Fixture.read(Fixture.calendar(body))
        #expect(components.map { $0.property("UID")?.rawValue } == ["after"])
        #expect(diagnostics.first?.message == "Components nested deeper than 64 levels")
        #expect(diagnostics.first?.severity == .error)
    }

    @Test(arguments: [
        ("", "test.ics: error: Empty file: no calendar data"),
        ("\r\n\r\n", "test.ics: error: Empty file: no calendar data"),
        (
            "hello world\n",
            "test.ics:1: error: Not an iCalendar file: expected 'BEGIN:VCALENDAR', found 'hello world'"
        ),
        (
            "{\"events\": []}\n",
            "test.ics:1: error: Not an iCalendar file: expected 'BEGIN:VCALENDAR', found '{\"events\": []}'"
        ),
        (
            "BEGIN:VCARD\nEND:VCARD\n",
            "test.ics:1: error: Not an iCalendar file: expected 'BEGIN:VCALENDAR', found 'BEGIN:VCARD'"
        ),
    ])
    func unusableInputsThrowNamingFileAndLine(text: String, message: String) {
        #expect(throws: InputError.self) { try Fixture.read(Array(text.utf8)) }
        do {
            _ = try Fixture.read(Array(text.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func binaryDataIsNotACalendar() {
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48,
        ]
        do {
            _ = try Fixture.read(png)
            Issue.record("binary data was read")
        } catch {
            #expect(error.message == "Not an iCalendar file: it holds binary data, not text")
        }
    }

    @Test func bareComponentsAreReadAsIfInACalendar() throws {
        let (components, _, diagnostics) = try Fixture.read(
            Array("BEGIN:VEVENT\nUID:a\nDTSTART:20260908T090000\nEND:VEVENT\n".utf8))
        #expect(components.count == 1)
        #expect(diagnostics.map(\.message) == ["BEGIN:VEVENT outside a VCALENDAR"])
    }

    /// Found by the round-trip fuzzer: `BEGIN:VCALENDAR` while a component outside every
    /// calendar is open closes that component and ends no calendar, since none was begun
    /// (`convert --format ics` wrote an `END:VCALENDAR` the input never had).
    @Test func aCalendarBegunAfterABareComponentEndsNoOtherCalendar() throws {
        var reader = try ICalendarReader(
            .file(Fixture.path("Fixtures/invalid/fuzz/component-before-calendar.ics")))
        var begun = 0
        var ended = 0
        var components: [String] = []
        while let item = try reader.next() {
            switch item {
            case .calendarBegin: begun += 1
            case .calendarEnd: ended += 1
            case .component(let component): components.append(component.name)
            case .calendarProperty, .looseLine: break
            }
        }
        #expect(components == ["VFREEBUSY"])
        #expect(begun == 1)
        #expect(ended == begun)
    }

    @Test(arguments: [1, 3, 16])
    func smallChunksReadTheSameComponents(chunkSize: Int) throws {
        let bytes = Fixture.calendar(
            Fixture.event(
                "a", "DTSTART:20260908T090000\nDESCRIPTION:long text\n  folded\nCATEGORIES:x,y"))
        let whole = try Fixture.read(bytes).components
        let chunked = try Fixture.read(bytes, chunkSize: chunkSize).components
        #expect(chunked == whole)
    }

    @Test func blankLinesAreSaidOncePerInputWithTheirCount() throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\r\nPRODID:-//t//EN\r\n  \t\r\nBEGIN:VEVENT\r\n"
            + "UID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260908T09\r\n\r\n 0000Z\r\n"
            + "END:VEVENT\r\nEND:VCALENDAR\r\n\r\n"
        let (components, _, diagnostics) = try Fixture.read(Array(text.utf8))
        let said = diagnostics.filter { $0.code == .blankLine }
        #expect(said.count == 1)
        #expect(said.first?.line == 3)
        #expect(said.first?.severity == .warning)
        #expect(
            said.first?.message
                == "4 blank lines, which RFC 5545 §3.1 does not allow; the first is here")
        // The fold goes on across the blank line.
        #expect(components.first?.property("DTSTART")?.rawValue == "20260908T090000Z")
        let clean = try Fixture.read(
            Fixture.calendar(Fixture.event("a", "DTSTART:20260908T090000Z")))
        #expect(!clean.diagnostics.contains { $0.code == .blankLine })
    }

    @Test func aPhysicalLinePastTheBoundEndsTheInputWithAnError() throws {
        let limits = ReadLimits(maximumLineLength: 64)
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\nX-LONG:"
            + String(repeating: "x", count: 200) + "\r\nBEGIN:VEVENT\r\nUID:b\r\nEND:VEVENT\r\n"
        var reader = try ICalendarReader(
            .memory(name: "t.ics", bytes: Array(text.utf8)), limits: limits)
        var read: [String] = []
        do {
            while let item = try reader.next() {
                if case .component(let component) = item {
                    read.append(component.property("UID")?.rawValue ?? "")
                }
            }
            Issue.record("the input was read to its end")
        } catch {
            #expect(error.line == 6)
            #expect(error.message == "Line is longer than 64 bytes: the input is read no further")
        }
        #expect(read == ["a"])
    }
}
