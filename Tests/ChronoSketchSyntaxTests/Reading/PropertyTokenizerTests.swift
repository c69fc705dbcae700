import ChronoSketchCore
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite struct PropertyTokenizerTests {
    private func tokenize(_ text: String) throws -> TokenizedLine {
        try PropertyTokenizer.tokenize(Array(text.utf8))
    }

    @Test func splitsNameParametersAndValue() throws {
        let line = try tokenize(
            #"attendee;CN="Doe, Jane";ROLE=CHAIR;MEMBER="a:b","c":mailto:jane@example.com"#)
        #expect(line.name == "ATTENDEE")
        #expect(
            line.parameters == [
                ICalParameter(name: "CN", values: ["Doe, Jane"]),
                ICalParameter(name: "ROLE", values: ["CHAIR"]),
                ICalParameter(name: "MEMBER", values: ["a:b", "c"]),
            ])
        #expect(line.value == "mailto:jane@example.com")
        #expect(!line.repaired)
    }

    @Test func valueKeepsColonsAndEscapes() throws {
        let line = try tokenize(#"DESCRIPTION:a\, b\; c: d\n"#)
        #expect(line.value == #"a\, b\; c: d\n"#)
    }

    @Test func caretEscapesInParametersAreDecoded() throws {
        let line = try tokenize("LOCATION;X-ADDRESS=\"Street ^'1^'^nTown ^^\":here")
        #expect(line.parameters[0].values == ["Street \"1\"\nTown ^"])
    }

    @Test func appleBackslashInAParameterValueDoesNotEndIt() throws {
        let line = try tokenize(
            #"X-APPLE-STRUCTURED-LOCATION;X-TITLE=Main St 1\; Linz;X-RADIUS=70:geo:1,2"#)
        #expect(line.parameters.map(\.name) == ["X-TITLE", "X-RADIUS"])
        #expect(line.value == "geo:1,2")
    }

    @Test func outlookQuotesAroundParameterAndValueAreRepaired() throws {
        let line = try tokenize(#"DTSTART;TZID="W. Europe Standard Time:20200609T090000""#)
        #expect(
            line.parameters == [ICalParameter(name: "TZID", values: ["W. Europe Standard Time"])])
        #expect(line.value == "20200609T090000")
        #expect(line.repaired)
        #expect(
            String(decoding: line.bytes, as: UTF8.self)
                == "DTSTART;TZID=W. Europe Standard Time:20200609T090000")
    }

    @Test func unquotedTZIDHoldingAColonKeepsIt() throws {
        let line = try tokenize("DTSTART;TZID=GMT+05:30:20120904T020000")
        #expect(line.parameters[0].values == ["GMT+05:30"])
        #expect(line.value == "20120904T020000")
        #expect(
            String(decoding: line.bytes, as: UTF8.self)
                == "DTSTART;TZID=\"GMT+05:30\":20120904T020000")
    }

    @Test func parameterWithoutEqualsIsDroppedWithAWarning() throws {
        let line = try tokenize("SUMMARY;LANGUAGE;X-A=1:Hello")
        #expect(line.parameters == [ICalParameter(name: "X-A", values: ["1"])])
        #expect(
            line.warnings == [
                Problem(.parameterWithoutValue, "Parameter 'LANGUAGE' has no name=value form")
            ])
        #expect(line.value == "Hello")
    }

    @Test(arguments: [":value", "NO COLON HERE", "NAME", "ORGANIZER=\"mailto:x\":y", ""])
    func linesThatAreNotPropertiesFail(text: String) {
        #expect(throws: PropertyTokenizer.Failure.self) { try tokenize(text) }
    }
}
