import ChronoSketchCore
import Foundation
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// `convert --format ics|jcal` written as the inputs are read: the same bytes as the whole tree
/// gives, for every calendar at hand, and merging, windows and the outline scan on their own.
@Suite struct StreamingConversionTests {
    /// Options that write a calendar left empty too, so that every tree can be compared.
    private static func options(
        _ to: ConversionFormat, from: CivilDate? = nil, until: CivilDate? = nil,
        allowsEmpty: Bool = true
    ) throws -> ConversionOptions {
        var options = ConversionOptions(
            to: to,
            load: LoadOptions(zone: try Fixture.zone("UTC"), from: from, to: until),
            stamp: LocalDateTime(startOf: try CivilDate(year: 2026, month: 1, day: 1)))
        options.allowsEmpty = allowsEmpty
        return options
    }

    private static func convert(
        _ inputs: [InputSource], _ options: ConversionOptions
    ) -> (pieces: [[UInt8]], diagnostics: [Diagnostic], unusable: [InputError], heldEmpty: Bool) {
        var pieces: [[UInt8]] = []
        let (diagnostics, unusable, heldEmpty) = Converter.calendar(inputs, options: options) {
            pieces.append($0)
        }
        return (pieces, diagnostics, unusable, heldEmpty)
    }

    private static func memory(_ name: String, _ text: String) -> InputSource {
        .memory(name: name, bytes: Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
    }

    private static func text(_ pieces: [[UInt8]]) -> String {
        String(decoding: pieces.joined(), as: UTF8.self)
    }

    /// Found by the round-trip fuzzer: a VCALENDAR begun while a component outside every
    /// calendar is open is written with the one END it has, as the tree writes it.
    @Test func aCalendarAfterABareComponentIsWrittenAsTheTreeIs() throws {
        let input = InputSource.file(
            Fixture.path("Fixtures/invalid/fuzz/component-before-calendar.ics"))
        let (document, _) = try DocumentReader.read(input)
        #expect(document.components.map(\.name) == ["VFREEBUSY", "VCALENDAR"])
        let written = Self.text(Self.convert([input], try Self.options(.ics)).pieces)
        #expect(written == String(decoding: ICalWriter.write(document), as: UTF8.self))
        #expect(written.components(separatedBy: "END:VCALENDAR\r\n").count == 2)
    }

    /// For every calendar at hand: the outline scan agrees with the reader on what streams,
    /// and the streamed jCal and `.ics` are the bytes of the tree's.
    @Test func streamingWritesWhatTheTreeWrites() throws {
        var streamed = 0
        var readable = 0
        var empty = 0
        for name in Fixture.calendars {
            let input = InputSource.file(Fixture.calendarPath(name))
            guard let (document, _) = try? DocumentReader.read(input) else { continue }
            readable += 1
            if let outline = CalendarOutline(scanning: input, limits: ReadLimits()) {
                streamed += 1
                // What the scan promises holds of what the reader made.
                #expect(CalendarOutline(of: document) != nil, "\(name)")
                #expect(outline.calendars == document.components.count, "\(name)")
            }
            var json = JSONWriter()
            json.value(JCal.encode(document))
            json.raw("\n")
            let jcal = Self.convert([input], try Self.options(.jcal))
            #expect(Array(jcal.pieces.joined()) == json.bytes, "\(name)")
            let ics = Self.convert([input], try Self.options(.ics))
            #expect(Array(ics.pieces.joined()) == ICalWriter.write(document), "\(name)")
            // Without leave to write an empty calendar: the same bytes, or none at all for a
            // calendar with nothing in it but time zones.
            let hasComponent = document.hasContent
            if !hasComponent { empty += 1 }
            for format in [ConversionFormat.ics, .jcal] {
                let refusing = Self.convert(
                    [input], try Self.options(format, allowsEmpty: false))
                #expect(refusing.heldEmpty == !hasComponent, "\(name)")
                #expect(
                    Array(refusing.pieces.joined())
                        == (hasComponent
                            ? (format == .ics ? ICalWriter.write(document) : json.bytes) : []),
                    "\(name)")
            }
        }
        #expect(empty > 0)
        // Most real calendars stream; those that do not need a recovery or put calendar
        // properties after components.
        #expect(readable > 50)
        #expect(Double(streamed) >= 0.8 * Double(readable), "\(streamed) of \(readable)")
    }

    @Test(arguments: [
        (
            "properties after a component",
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VEVENT\nX-A:1\nEND:VCALENDAR\n"
        ),
        ("a mistyped END", "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VEVNT\nEND:VCALENDAR\n"),
        ("a line after the calendar", "BEGIN:VCALENDAR\nEND:VCALENDAR\nX-A:1\n"),
        ("a component outside a calendar", "BEGIN:VEVENT\nEND:VEVENT\n"),
        ("a nested calendar", "BEGIN:VCALENDAR\nBEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VCALENDAR\n"),
        ("no END:VCALENDAR", "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VEVENT\n"),
        ("a stray END", "BEGIN:VCALENDAR\nEND:VEVENT\nEND:VCALENDAR\n"),
    ])
    func outlineRefusesWhatNeedsTheTree(_ case: (String, String)) {
        #expect(
            CalendarOutline(scanning: Self.memory("x.ics", `case`.1), limits: ReadLimits()) == nil,
            "\(`case`.0)")
    }

    @Test func outlineCountsCalendarsWithFoldsAndBlankLines() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VEVENT
            SUMMARY:a long
              title

            END:VEVENT
            end:vcalendar
            BEGIN:VCALENDAR
            END:VCALENDAR
            """
        let outline = try #require(
            CalendarOutline(scanning: Self.memory("x.ics", text + "\n"), limits: ReadLimits()))
        #expect(outline.calendars == 2)
        // Two calendars are written as an array of two, as the tree would be.
        let result = Self.convert([Self.memory("x.ics", text + "\n")], try Self.options(.jcal))
        let json = try JSONParser.parse(Array(result.pieces.joined()))
        guard case .array(let calendars) = json else {
            Issue.record("not an array: \(json)")
            return
        }
        #expect(calendars.count == 2)
    }

    @Test func jCalOfACalendarInItsOwnOrderComesFromTheTree() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:a
            DTSTART:20260908T090000Z
            END:VEVENT
            VERSION:2.0
            END:VCALENDAR

            """
        let input = Self.memory("late.ics", text)
        #expect(CalendarOutline(scanning: input, limits: ReadLimits()) == nil)
        let result = Self.convert([input], try Self.options(.jcal))
        #expect(
            Self.text(result.pieces).hasPrefix(
                #"["vcalendar",[["version",{},"text","2.0"]],[["vevent""#))
    }

    @Test func largeOutputsArriveInPieces() throws {
        var body = ""
        for index in 0..<2_000 {
            body +=
                Fixture.event("e\(index)", "DTSTART:20260908T090000Z\nSUMMARY:Event \(index)")
                + "\n"
        }
        let input = InputSource.memory(name: "big.ics", bytes: Fixture.calendar(body))
        for format in [ConversionFormat.ics, .jcal] {
            let result = Self.convert([input], try Self.options(format))
            #expect(result.pieces.count > 3, "\(format)")
            #expect(result.pieces.dropLast().allSatisfy { $0.count < 1 << 17 }, "\(format)")
        }
    }

    @Test func mergingTakesTheFirstCalendarsPropertiesAndReportsTheRest() throws {
        let first = Self.memory(
            "a.ics",
            "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//A//EN\n\(Fixture.berlin)\n"
                + Fixture.event("shared", "DTSTART:20260908T090000Z") + "\nEND:VCALENDAR\n")
        let second = Self.memory(
            "b.ics",
            "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//B//EN\n\(Fixture.berlin)\n"
                + Fixture.event("shared", "DTSTART:20260909T090000Z")
                + "\nEND:VCALENDAR\nX-AFTER:kept\n")
        let result = Self.convert([first, second], try Self.options(.ics))
        let text = Self.text(result.pieces)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//A//EN\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 3)
        #expect(text.hasSuffix("END:VCALENDAR\r\nX-AFTER:kept\r\n"))
        #expect(text.components(separatedBy: "END:VCALENDAR").count == 2)
        let messages = result.diagnostics.map { "\($0.file):\($0.line ?? 0): \($0.message)" }
        #expect(
            messages.contains("b.ics:3: PRODID:-//B//EN is not carried into the merged calendar"))
        #expect(messages.contains("b.ics:21: UID 'shared' is also used in a.ics"))
        #expect(!messages.contains { $0.contains("VERSION") })
        #expect(!messages.contains { $0.contains("VTIMEZONE") })
        // The same inputs as jCal: one calendar, its properties first.
        let jcal = Self.convert([first, second], try Self.options(.jcal))
        #expect(
            Self.text(jcal.pieces).hasPrefix(
                #"["vcalendar",[["version",{},"text","2.0"],["prodid",{},"text","-//A//EN"]],[["vtimezone""#
            ))
    }

    @Test func mergingGivesDefaultsWhenTheFirstInputHasNoCalendarProperties() throws {
        let bare = Self.memory("bare.ics", Fixture.event("x", "DTSTART:20260908T090000Z") + "\n")
        let other = InputSource.memory(
            name: "other.ics",
            bytes: Fixture.calendar(Fixture.event("y", "DTSTART:20260908T100000Z")))
        let result = Self.convert([bare, other], try Self.options(.ics))
        let text = Self.text(result.pieces)
        #expect(
            text.hasPrefix(
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(Converter.productID)\r\nBEGIN:VEVENT\r\nUID:x\r\n"
            ))
        #expect(text.contains("UID:y"))
        #expect(
            result.diagnostics.contains {
                $0.message
                    == "PRODID:-//ChronoSketch//Tests//EN is not carried into the merged calendar"
            })
    }

    @Test func nothingIsWrittenWhenNoInputCanBeUsed() throws {
        for format in [ConversionFormat.ics, .jcal] {
            let result = Self.convert(
                [.file("/nonexistent/a.ics"), .memory(name: "empty.ics", bytes: [])],
                try Self.options(format))
            #expect(result.pieces.joined().isEmpty)
            #expect(result.unusable.map(\.file) == ["/nonexistent/a.ics", "empty.ics"])
        }
    }

    @Test func aWindowKeepsWholeSeriesAndEventsWithoutUIDByTheirLine() throws {
        let body = [
            Fixture.event("weekly", "DTSTART:20260901T090000Z\nRRULE:FREQ=WEEKLY;COUNT=3"),
            Fixture.event("weekly", "RECURRENCE-ID:20260915T090000Z\nDTSTART:20260915T100000Z"),
            Fixture.event("later", "DTSTART:20261001T090000Z"),
            "BEGIN:VEVENT\nDTSTAMP:20260101T000000Z\nDTSTART:20260902T090000Z\nSUMMARY:no uid inside\nEND:VEVENT",
            "BEGIN:VEVENT\nDTSTAMP:20260101T000000Z\nDTSTART:20261002T090000Z\nSUMMARY:no uid outside\nEND:VEVENT",
            "BEGIN:VTODO\nUID:todo\nEND:VTODO",
        ].joined(separator: "\n")
        let input = InputSource.memory(name: "w.ics", bytes: Fixture.calendar(body))
        let result = Self.convert(
            [input],
            try Self.options(
                .ics, from: try CivilDate(year: 2026, month: 9, day: 1),
                until: try CivilDate(year: 2026, month: 9, day: 3)))
        let text = Self.text(result.pieces)
        // The override lies outside the window, but its series touches it.
        #expect(text.components(separatedBy: "UID:weekly").count == 3)
        #expect(!text.contains("UID:later"))
        #expect(text.contains("no uid inside"))
        #expect(!text.contains("no uid outside"))
        #expect(text.contains("UID:todo"))
    }
}
