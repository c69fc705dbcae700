import ChronoSketchCore
import Foundation
import Testing

@testable import ChronoSketchICal

/// `.ics → .ics` gives the same tree, property text included, for every calendar at hand.
@Suite struct RoundTripTests {
    static let files: [String] = {
        var paths: [String] = []
        for root in [Fixture.corpus.path, Fixture.path("Fixtures")] {
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            paths += enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") }
                .sorted()
                .map { root + "/" + $0 }
        }
        return paths
    }()

    @Test func theRoundTripsCoverEveryReadableCalendar() throws {
        let readable = Self.files.filter { (try? DocumentReader.read(.file($0))) != nil }
        // The unusable ones: ten broken corpus files, six in Fixtures/invalid and two in
        // Fixtures/invalid/hostile (JSON, and a calendar without its END lines).
        #expect(readable.count >= Self.files.count - 18)
        #expect(readable.count >= 20)
    }

    /// Found by the round-trip fuzzer: an enumeration with a comma, semicolon or backslash in
    /// it was written to jCal as TEXT and came back escaped.
    @Test func brokenEnumerationsSurviveJCal() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/broken-enumerations.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        var writer = JSONWriter()
        writer.value(JCal.encode(document))
        let json = String(decoding: writer.bytes, as: UTF8.self)
        #expect(json.contains(#"["transp",{},"unknown","TRANSP,RENT"]"#))
        #expect(json.contains(#"["class",{},"unknown","PUBLIC;X=1"]"#))
        let text = try JCal.icalendarText(try JSONParser.parse(writer.bytes))
        #expect(text.contains("TRANSP:TRANSP,RENT\r\n") || text.contains("TRANSP:TRANSP,RENT\n"))
        let (again, _) = try DocumentReader.read(.memory(name: "j.ics", bytes: Array(text.utf8)))
        #expect(document.isSameTree(as: again, exactText: false))
    }

    /// Found by the round-trip fuzzer: a calendar property read as written but named like a
    /// DATE-TIME was written to jCal as one and came back with its punctuation removed.
    @Test func calendarPropertiesOfAnotherTypeSurviveJCal() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/calendar-property-types.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        var writer = JSONWriter()
        writer.value(JCal.encode(document))
        #expect(
            String(decoding: writer.bytes, as: UTF8.self).contains(
                #"["dtend",{},"unknown","20260916T09MARY:The 4"]"#))
        let text = try JCal.icalendarText(try JSONParser.parse(writer.bytes))
        let (again, _) = try DocumentReader.read(.memory(name: "j.ics", bytes: Array(text.utf8)))
        #expect(document.isSameTree(as: again, exactText: false))
    }

    /// Found by the round-trip fuzzer: libical puts VTIMEZONEs nested in another component
    /// before its other children, last one first, and each zone took another's values.
    @Test func nestedZonesKeepTheirOwnValues() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/nested-zones.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        let event = try #require(document.components.first?.components.first)
        #expect(event.components.map(\.name) == ["VTIMEZONE", "VALARM", "VTIMEZONE"])
        #expect(event.components[0].property("TZID")?.value == .text("First Zone"))
        #expect(event.components[2].property("TZID")?.value == .text("Second Zone"))
        #expect(
            event.components[0].components.first?.property("TZOFFSETTO")?.value == .utcOffset(3600))
        #expect(
            event.components[2].components.first?.property("TZOFFSETTO")?.value
                == .utcOffset(-18000))
        #expect(event.components[1].property("DESCRIPTION")?.value == .text("Between the zones"))
        #expect(try jCalTrip(document).isSameTree(as: document, exactText: false))
    }

    /// Found by the round-trip fuzzer: values kept as written lost their VALUE parameter (and
    /// the line read back split at another colon), a calendar property of no known type lost
    /// its escapes, and a text libical emptied came back as a different empty value.
    @Test func valuesKeptAsWrittenSurviveJCal() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/unknown-values.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        var writer = JSONWriter()
        writer.value(JCal.encode(document))
        let json = String(decoding: writer.bytes, as: UTF8.self)
        #expect(
            json.contains(
                #"["dtstart",{"tzid":"Japan","value":"DATE"},"unknown","2005042ND;TZID=Japan;VALUE=DATE:20060708"]"#
            ))
        #expect(json.contains(#""unknown","Events around Hiroshima.\\n\\nSee http"#))
        #expect(document.components.first?.components.first?.property("LOCATION")?.value == .empty)
        #expect(try jCalTrip(document).isSameTree(as: document, exactText: false))
    }

    /// Found by the round-trip fuzzer: libical reads `\r` in TEXT as a carriage return, and
    /// jCal wrote it back bare, which ended the line.
    @Test func anEscapedReturnSurvivesJCal() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/escaped-return.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        let event = try #require(document.components.first?.components.first)
        #expect(event.property("LOCATION")?.value == .text("Hi\roshima"))
        let again = try jCalTrip(document)
        #expect(again.isSameTree(as: document, exactText: false))
        #expect(again.components.first?.components.first?.properties.count == 4)
    }

    /// jCal from elsewhere may hold line breaks, quotes and carets in parameters and line
    /// breaks in values of any type: each stays inside its one content line.
    @Test func lineBreaksInJCalFromElsewhereStayInTheirLine() throws {
        let json = #"""
            ["vcalendar", [], [["vevent", [
              ["uid", {}, "text", "a"],
              ["location", {"altrep": "x\ny", "x-note": "say \"hi\" ^ bye"}, "text", "Room"],
              ["x-data", {}, "unknown", "one\ntwo"]
            ], []]]]
            """#
        let text = try JCal.icalendarText(try JSONParser.parse(Array(json.utf8)))
        let (document, _) = try DocumentReader.read(.memory(name: "j.ics", bytes: Array(text.utf8)))
        let event = try #require(document.components.first?.components.first)
        #expect(event.properties.map(\.name) == ["UID", "LOCATION", "X-DATA"])
        let location = try #require(event.property("LOCATION"))
        #expect(location.parameters.first { $0.name == "ALTREP" }?.values == ["x\ny"])
        #expect(location.parameters.first { $0.name == "X-NOTE" }?.values == ["say \"hi\" ^ bye"])
        #expect(event.property("X-DATA")?.rawValue == "one\\ntwo")
    }

    /// Found by the round-trip fuzzer: libical knows a component by the start of its name,
    /// so a nested VTIMEZONEX went before the other children too and took another's values.
    @Test func aComponentNamedLikeAZoneKeepsItsValues() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/zone-name-prefix.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        let event = try #require(document.components.first?.components.first)
        #expect(
            event.components.map { $0.property("TZID")?.value }
                == [.text("First Zone"), .text("Prefixed Zone"), nil, .text("Last Zone")])
        #expect(event.components[2].property("DESCRIPTION")?.value == .text("After the zones"))
        #expect(try jCalTrip(document).isSameTree(as: document, exactText: false))
    }

    /// Found by the round-trip fuzzer: libical took what follows a parameter without `=` as
    /// the value; it now reads the line as the tokenizer does, and the line is written as it
    /// came.
    @Test func aParameterWithoutValueLeavesTheValueAlone() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/parameter-without-value.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        let event = try #require(document.components.first?.components.first)
        #expect(event.property("ATTENDEE")?.value == .uri("mailto:ada@example.com"))
        #expect(
            event.property("DTSTART")?.value
                == .dateTime(
                    .dateTime(try LocalDateTime(parsing: "2026-09-10T17:00"), isUTC: false)))
        let written = String(decoding: ICalWriter.write(document), as: UTF8.self)
        #expect(written.contains("\r\nATTENDEE;RSVP;CN=Ada:mailto:ada@example.com\r\n"))
        #expect(try jCalTrip(document).isSameTree(as: document, exactText: false))
    }

    /// Found by the round-trip fuzzer: libical reads `\t` as a tab and an unknown escape as a
    /// space but drops white space written at either end of a value, so jCal writes a tab
    /// there as `\t` and a leading space as `\ `, and a trailing space is not kept when read;
    /// calendar properties read the same escapes.
    @Test func blanksAtTheEdgesOfATextSurviveJCal() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/edge-blanks.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        let calendar = try #require(document.components.first)
        let event = try #require(calendar.components.first)
        #expect(event.property("DESCRIPTION")?.value == .text("\tindented\tand tabbed\t"))
        #expect(event.property("SUMMARY")?.value == .text(" irty seconds"))
        #expect(event.property("LOCATION")?.value == .text("Room 4"))
        #expect(
            calendar.property("PRODID")?.value == .text("-//ChronoSketch//Fuzz regressions//EN\t"))
        #expect(calendar.property("X-WR-CALNAME")?.value == .text("\tTeam"))
        #expect(JCal.escaped("\t\ta\tb \t") == "\\t\\ta\tb \\t")
        #expect(JCal.escaped("  a b") == "\\ \\ a b")
        #expect(try jCalTrip(document).isSameTree(as: document, exactText: false))
    }

    private func jCalTrip(_ document: ICalDocument) throws -> ICalDocument {
        var writer = JSONWriter()
        writer.value(JCal.encode(document))
        let text = try JCal.icalendarText(try JSONParser.parse(writer.bytes))
        return try DocumentReader.read(.memory(name: "j.ics", bytes: Array(text.utf8))).document
    }

    @Test func treesDifferWhenAValueDiffers() throws {
        let one = try DocumentReader.read(
            .memory(
                name: "a.ics",
                bytes: Fixture.calendar(Fixture.event("a", "DTSTART:20260908T090000")))
        ).document
        let two = try DocumentReader.read(
            .memory(
                name: "b.ics",
                bytes: Fixture.calendar(Fixture.event("a", "DTSTART:20260908T090001")))
        ).document
        #expect(!one.isSameTree(as: two, exactText: false))
        #expect(one.isSameTree(as: one, exactText: true))
    }

    @Test(arguments: files)
    func icsRoundTripKeepsTheTree(path: String) throws {
        guard let (document, _) = try? DocumentReader.read(.file(path)) else { return }
        let written = ICalWriter.write(document)
        let (again, _) = try DocumentReader.read(.memory(name: "written.ics", bytes: written))
        #expect(document.isSameTree(as: again, exactText: true))
        #expect(ICalWriter.write(again) == written)
    }

    @Test(arguments: files)
    func jCalRoundTripKeepsTheTree(path: String) throws {
        guard let (document, _) = try? DocumentReader.read(.file(path)) else { return }
        var writer = JSONWriter()
        writer.value(JCal.encode(document))
        let json = try JSONParser.parse(writer.bytes)
        let text = try JCal.icalendarText(json)
        let (again, _) = try DocumentReader.read(
            .memory(name: "from-jcal.ics", bytes: Array(text.utf8)))
        #expect(document.isSameTree(as: again, exactText: false))
    }

    @Test func foldingNeverSplitsAUTF8Sequence() throws {
        for padding in 0..<8 {
            let summary =
                String(repeating: "x", count: padding) + String(repeating: "ü€😀", count: 40)
            let body = Fixture.event("f", "DTSTART:20260908T090000\nSUMMARY:\(summary)")
            let (document, _) = try DocumentReader.read(
                .memory(name: "t.ics", bytes: Fixture.calendar(body)))
            let written = ICalWriter.write(document)
            let lines = String(decoding: written, as: UTF8.self).components(separatedBy: "\r\n")
            #expect(lines.allSatisfy { $0.utf8.count <= 75 })
            for line in written.split(separator: 0x0A) {
                #expect(String(validating: Array(line), as: UTF8.self) != nil)
            }
            let (again, _) = try DocumentReader.read(.memory(name: "w.ics", bytes: written))
            #expect(
                again.components.first?.components.first?.property("SUMMARY")?.value
                    == .text(summary))
        }
    }

    @Test func writtenOutputIsCRLFAndKeepsEscapesAndParameterQuoting() throws {
        let body = Fixture.event(
            "e",
            "DTSTART;TZID=\"Europe/Berlin\":20260908T090000\nsummary;x-Param=\"a:b\":one\\, two\\; three\\\\\nX-LIC-ERROR:old"
        )
        let (document, _) = try DocumentReader.read(
            .memory(name: "t.ics", bytes: Fixture.calendar(body)))
        let text = String(decoding: ICalWriter.write(document), as: UTF8.self)
        #expect(text.contains("\r\nDTSTART;TZID=\"Europe/Berlin\":20260908T090000\r\n"))
        #expect(text.contains("\r\nsummary;x-Param=\"a:b\":one\\, two\\; three\\\\\r\n"))
        #expect(!text.contains("X-LIC-ERROR"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }
}
