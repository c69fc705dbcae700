import ChronoSketchCore
import Foundation
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// `.ics → .ics` keeps every content line and jCal keeps the tree, for every calendar at hand.
@Suite struct RoundTripTests {
    static let files = Fixture.calendars

    /// The calendars whose jCal cannot hold all of their lines, and why. Every one of these
    /// holds lines that are not properties by RFC 5545 §3.1, or lines outside every component:
    /// `.ics` keeps them as written, jCal has no form for them and leaves them out.
    static let jCalExceptions: [String: String] = [
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/invalid_iana-token.ics":
            "a '.' in a property name (DES.RIPTION)",
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/invalid_x-name-1.ics":
            "a '.' in a property name (X-DES.RIPTION)",
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/invalid_x-name-2.ics":
            "a ',' for a property name (X-,)",
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/invalid_param_eol copy.ics":
            "a line that ends in its parameters, without ':' and value",
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/invalid_param_eol_quoted.ics":
            "a line that ends in its parameters, without ':' and value",
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/invalid_params_list.ics":
            "a line that ends in its parameters, without ':' and value",
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/invalid_quoted_missing_value.ics":
            "a line that ends inside a quoted parameter",
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/invalid_quoted_param_extra_end.ics":
            "a line that ends in its parameters, without ':' and value",
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/invalid_quoted_name.ics":
            "a quoted property name",
        "corpus/allenporter-ical/tests/parsing/testdata/invalid/missing_colon.ics":
            "a property without ':'",
        "corpus/ical.js/test/parser/grouped.ics": "vCard's group prefix (GROUP1.X-TEST)",
        "corpus/ical.net/Ical.Net.Tests/Calendars/Serialization/Parse1.ics":
            "quoted-printable text broken over lines without folding",
        "corpus/ical4j/src/test/resources/samples/invalid/bhav23-2.ics":
            "a description broken over lines without folding",
        "corpus/ical4j/src/test/resources/samples/invalid/smallcluster.ics":
            "an END:VCALENDAR after the calendar has ended",
        "corpus/libical/test-data/smallcluster.ics":
            "an END:VCALENDAR after the calendar has ended",
        "corpus/icalendar-ruby/spec/fixtures/single_event_bad_line.ics":
            "a line with a name and nothing else (X-NO-VALUE)",
        "corpus/ics-parser/examples/ICal.ics":
            "a description broken over lines without folding",
        "corpus/ics-parser/tests/ical/issue-343.ics":
            "a description broken over lines without folding",
        "corpus/libical/test-data/caltime.ics": "a DTSTART without ':' (a fuzzer's output)",
        "corpus/libical/test-data/crash.ics": "a NUL byte in a line",
        "corpus/libical/test-data/malloc.ics": "NUL bytes in lines",
        "corpus/libical/test-data/zday.ics": "a NUL byte in a line",
        "corpus/libical/test-data/issue251.ics": "'*END:VJGURNAL' (a fuzzer's output)",
        "corpus/libical/test-data/issue252.ics": "'?METHOD;a=:b' (a fuzzer's output)",
        "corpus/libical/test-data/stresstest.ics": "a comment broken over lines without folding",
        "corpus/node-ical/test/fixtures/event-with-valarm.ics":
            "'ORGANIZER=\"mailto:…\"' (no ':' after the name)",
        "Fixtures/invalid/fuzz/roundtrip-calendar-dtend.ics":
            "fuzzer output that is not properties",
        "Fixtures/invalid/fuzz/roundtrip-transp-list.ics": "fuzzer output that is not properties",
        "Fixtures/invalid/hostile/invalid-utf8.ics": "a NUL byte in a line",
        "Fixtures/reading/after-the-calendar.ics": "lines after the last END:VCALENDAR",
        "Fixtures/reading/lines-kept-as-written.ics": "a line that is no property",
        "Fixtures/jcal/icaljs/grouped.ics": "a vCard group name, which no property has",
    ]

    @Test func theRoundTripsCoverEveryReadableCalendar() throws {
        let readable = Self.readable
        // The unusable ones: the binary, JSON, empty, plain-text and vCard files in
        // Fixtures/invalid and hostile/json.ics, and the corpus files that are no calendars.
        #expect(readable.count >= Self.files.count - 12)
        #expect(readable.count >= 20)
    }

    /// The unfolded content lines of an input, as the reader sees them.
    private func contentLines(_ source: InputSource) throws -> [[UInt8]] {
        var reader = ContentLineReader(chunks: try ChunkReader(source), maximumLineLength: 1 << 25)
        var lines: [[UInt8]] = []
        while let line = try reader.next() { lines.append(line.bytes) }
        return lines
    }

    /// The calendars the reader takes (the others are refused as a whole: binary, JSON,
    /// empty, plain text, vCard), which ``theRoundTripsCoverEveryReadableCalendar`` counts.
    static let readable: [String] = files.filter {
        (try? DocumentReader.read(.file(Fixture.calendarPath($0)))) != nil
    }

    @Test(arguments: readable)
    func icsRoundTripKeepsEveryContentLine(name: String) throws {
        let path = Fixture.calendarPath(name)
        let (document, diagnostics) = try DocumentReader.read(.file(path))
        let written = ICalWriter.write(document)
        // What lies beyond the reader's limits (hostile fixtures) is said to be left out.
        let limited = diagnostics.contains {
            $0.message.hasPrefix("Components nested deeper")
                || $0.message.contains("properties") && $0.assumption == "the rest are ignored"
        }
        // Every line read comes out, in order, but for the lines the reader repaired, which
        // come out repaired; the only lines added end components the input left open.
        var expected: [[UInt8]] = []
        for line in limited ? [] : try contentLines(.file(path)) {
            if let tokens = try? PropertyTokenizer.tokenize(line), tokens.repaired {
                expected.append(tokens.bytes)
            } else {
                expected.append(line)
            }
        }
        let output = try contentLines(.memory(name: "written.ics", bytes: written))
        var added: [String] = []
        var next = output.startIndex
        for line in expected {
            while next < output.endIndex, output[next] != line {
                added.append(String(decoding: output[next], as: UTF8.self))
                next += 1
            }
            #expect(
                next < output.endIndex, "\(name): lost '\(String(decoding: line, as: UTF8.self))'")
            guard next < output.endIndex else { break }
            next += 1
        }
        added += output[next...].map { String(decoding: $0, as: UTF8.self) }
        #expect(
            limited || added.allSatisfy { $0.hasPrefix("END:") },
            "\(name): added \(added.prefix(3))")
        let (again, _) = try DocumentReader.read(.memory(name: "written.ics", bytes: written))
        #expect(TreeDifference.first(document, again, exactText: true) == nil, "\(name)")
        #expect(ICalWriter.write(again) == written)
    }

    @Test(arguments: readable)
    func jCalRoundTripKeepsTheTree(name: String) throws {
        let (document, _) = try DocumentReader.read(.file(Fixture.calendarPath(name)))
        let again = try jCalTrip(document)
        let holdsLinesJCalCannot =
            document.looseLines.count > 0 || !document.components.allSatisfy(\.holdsOnlyProperties)
        #expect(
            holdsLinesJCalCannot == (Self.jCalExceptions[name] != nil),
            "\(name): listed as an exception: \(Self.jCalExceptions[name] ?? "no")")
        #expect(
            TreeDifference.first(JCal.holdable(document), again, exactText: false) == nil,
            "\(name)")
        // Recurrence rules come back as written (a repaired one as repaired), parts in their
        // order.
        let before = document.components.flatMap(\.allRules)
        let after = again.components.flatMap(\.allRules)
        #expect(before.map { $0.uppercased() } == after.map { $0.uppercased() }, "\(name)")
    }

    /// What the fuzzers found when seeded with real calendars: a quoted parameter value with a
    /// caret escape and no closing quote, a quote inside an unquoted TZID (the Outlook repair),
    /// `=` and a quote at the start of a TZID, REQUEST-STATUS with empty or missing parts, and
    /// a rule with RSCALE. Each passes both fuzzers' checks: the `.ics` written and read back
    /// is the same tree, and so is the jCal.
    @Test(arguments: [
        "quoted-caret-unclosed", "tzid-quote-inside", "tzid-quote-inside-utc", "tzid-equals-quote",
        "request-status-empty", "request-status-short", "rscale-rule",
    ])
    func fuzzFindingsPassTheFuzzersChecks(name: String) throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/\(name).ics")
        let (document, _) = try DocumentReader.read(.file(path))
        let written = ICalWriter.write(document)
        let (again, _) = try DocumentReader.read(.memory(name: "again.ics", bytes: written))
        #expect(document.isSameTree(as: again, exactText: false), "\(name): .ics")
        let fromJCal = try jCalTrip(document)
        #expect(JCal.holdable(document).isSameTree(as: fromJCal, exactText: false), "\(name): jCal")
    }

    /// Found by the round-trip fuzzer: an enumeration with a comma, semicolon or backslash in
    /// it lost or gained escapes through jCal. It is TEXT (RFC 5545 §3.8.2.7): jCal holds the
    /// text, and the line read back means the same.
    @Test func brokenEnumerationsSurviveJCal() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/broken-enumerations.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        var writer = JSONWriter()
        writer.value(JCal.encode(document))
        let json = String(decoding: writer.bytes, as: UTF8.self)
        #expect(json.contains(#"["transp",{},"text","TRANSP,RENT"]"#))
        #expect(json.contains(#"["status",{},"text","CONF\\IRMED"]"#))
        #expect(json.contains(#"["class",{},"text","PUBLIC;X=1"]"#))
        let (again, _) = try JCal.decode(try JSONParser.parse(writer.bytes), name: "j.ics")
        #expect(
            again.components.first?.components.first?.property("TRANSP")?.rawValue
                == "TRANSP\\,RENT")
        #expect(TreeDifference.first(document, again, exactText: false) == nil)
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
        let (again, _) = try JCal.decode(try JSONParser.parse(writer.bytes), name: "j.ics")
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
        #expect(
            document.components.first?.components.first?.property("LOCATION")?.value
                == .text("\u{0C}"))
        #expect(try jCalTrip(document).isSameTree(as: document, exactText: false))
    }

    /// Found by the round-trip fuzzer: `\r` in TEXT, read as a carriage return, ended the line
    /// when written back. It is no escape of RFC 5545 §3.3.11: the backslash stays in the
    /// value, and jCal gives it back.
    @Test func anEscapedReturnSurvivesJCal() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/escaped-return.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        let event = try #require(document.components.first?.components.first)
        #expect(event.property("LOCATION")?.value == .text("Hi\\roshima"))
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
        let (document, _) = try JCal.decode(try JSONParser.parse(Array(json.utf8)), name: "j.ics")
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

    /// Found by the round-trip fuzzer: blanks at the edges of a TEXT value and escapes RFC 5545
    /// does not define (`\t`, `\M`, `\h`) were lost or changed through jCal. The value keeps
    /// them exactly as written, and jCal holds that value.
    @Test func blanksAtTheEdgesOfATextSurviveJCal() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/edge-blanks.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        let calendar = try #require(document.components.first)
        let event = try #require(calendar.components.first)
        #expect(event.property("DESCRIPTION")?.value == .text("\\tindented\tand tabbed\\t"))
        #expect(event.property("SUMMARY")?.value == .text("\\hirty seconds"))
        #expect(event.property("LOCATION")?.value == .text("Room 4\\M"))
        #expect(
            calendar.property("PRODID")?.value == .text("-//ChronoSketch//Fuzz regressions//EN\t"))
        #expect(calendar.property("X-WR-CALNAME")?.value == .text("\\tTeam"))
        #expect(ICalWriter.text("\t a\\b, c;\n ") == "\t a\\\\b\\, c\\;\\n ")
        let again = try jCalTrip(document)
        #expect(TreeDifference.first(document, again, exactText: false) == nil)
        let summary = again.components.first?.components.first?.property("SUMMARY")
        #expect(summary?.value == .text("\\hirty seconds"))
    }

    private func jCalTrip(_ document: ICalDocument) throws -> ICalDocument {
        var writer = JSONWriter()
        writer.value(JCal.encode(document))
        return try JCal.decode(try JSONParser.parse(writer.bytes), name: "j.ics").document
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
        // An X-LIC-ERROR already in the input is the input's data.
        #expect(text.contains("\r\nX-LIC-ERROR:old\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }
}

extension ICalComponent {
    /// Whether every line of it and of its components is a property.
    var holdsOnlyProperties: Bool {
        properties.allSatisfy(\.isProperty) && components.allSatisfy(\.holdsOnlyProperties)
    }

    /// The text of every RRULE and EXRULE in it and its components.
    var allRules: [String] {
        properties.filter { $0.name == "RRULE" || $0.name == "EXRULE" }.map { property in
            // A rule the reader repaired is written as repaired.
            if property.reading.warnings.contains(where: { $0.code == .repairedRule }),
                case .recurrence(let rule)? = property.value
            {
                return rule.parts.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
            }
            return property.rawValue.trimmingCharacters()
        } + components.flatMap(\.allRules)
    }
}
