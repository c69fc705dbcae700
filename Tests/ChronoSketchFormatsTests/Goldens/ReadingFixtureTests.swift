import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// `Fixtures/reading/`: one calendar per rule of reading (structure recovery, what is kept as
/// written, encodings), each with goldens in `Fixtures/reading/goldens/`: `NAME.ndjson` and
/// `NAME.stderr`, the occurrence records and findings of `ics events NAME.ics --tz
/// Europe/Berlin --format ndjson`; `NAME.ics` and `NAME.jcal`, the calendar as `ics convert
/// NAME.ics --format ics` and `--format jcal` write it. `ICS_RECORD_GOLDENS=1` re-records them.
@Suite struct ReadingFixtureTests {
    static let fixtures = GoldenFolder("Fixtures/reading")

    static let names = fixtures.names

    @Test(arguments: names)
    func readingFixturesMatchTheirGoldens(name: String) throws {
        let input = try Self.fixtures.input(name)
        let listed = try Conversion.listing([input], zone: "Europe/Berlin")
        #expect(listed.unusable.isEmpty)
        try Self.fixtures.expect(listed.text, golden: "\(name).ndjson")
        try Self.fixtures.expect(listed.printed, golden: "\(name).stderr")
        for format in [ConversionFormat.ics, .jcal] {
            let converted = Conversion.streamed([input], try Conversion.options(to: format))
            #expect(converted.unusable.isEmpty)
            try Self.fixtures.expect(converted.text, golden: "\(name).\(format.rawValue)")
        }
    }

    @Test func thereIsAFixturePerRule() {
        #expect(Self.names.count >= 12)
    }
}
