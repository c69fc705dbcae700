import Foundation
import Testing

/// `Fixtures/reading/`: one calendar per rule of reading (structure recovery, what is kept as
/// written, encodings), each with goldens in `Fixtures/reading/goldens/`: `NAME.ndjson` and
/// `NAME.stderr` of `ics events NAME.ics --tz Europe/Berlin --format ndjson`, `NAME.ics` of
/// `ics convert NAME.ics --format ics` and `NAME.jcal` of `--format jcal`, run in `Fixtures/reading/`.
/// `ICS_RECORD_GOLDENS=1` re-records them.
@Suite struct ReadingFixtureTests {
    private static let folder = CLI.root.appendingPathComponent("Fixtures/reading")

    static let names = CLI.calendarNames(in: folder)

    private func compare(
        _ text: String, golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try CLI.expectGolden(text, in: Self.folder, named: golden, sourceLocation: sourceLocation)
    }

    @Test(arguments: names)
    func readingFixturesMatchTheirGoldens(name: String) throws {
        let events = try CLI.runBinary(
            ["events", "\(name).ics", "--tz", "Europe/Berlin", "--format", "ndjson"],
            in: Self.folder)
        #expect(events.status == 0)
        try compare(events.standardOutput, golden: "\(name).ndjson")
        try compare(events.standardError, golden: "\(name).stderr")
        for format in ["ics", "jcal"] {
            let converted = try CLI.runBinary(
                ["convert", "\(name).ics", "--format", format], in: Self.folder)
            #expect(converted.status == 0)
            try compare(converted.standardOutput, golden: "\(name).\(format)")
        }
    }

    @Test func thereIsAFixturePerRule() {
        #expect(Self.names.count >= 12)
    }
}
