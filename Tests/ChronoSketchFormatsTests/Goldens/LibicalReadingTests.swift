import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// `Fixtures/libical/`: one calendar per way libical's own parser reads a file otherwise than it
/// is written (text trimmed, a parameter lost after one without a value, values rejected, a
/// rule cut short, a component dropped, thousands of broken lines in one component), each with
/// the findings of `ics validate --libical NAME.ics` (the lines of its report before the
/// count) as its golden in `Fixtures/libical/goldens/NAME.txt`.
/// `ICS_RECORD_GOLDENS=1` re-records them.
@Suite struct LibicalReadingTests {
    static let fixtures = GoldenFolder("Fixtures/libical")

    static let names = fixtures.names

    static func findings(_ name: String, libical: Bool) throws -> [Diagnostic] {
        var options = LoadOptions(zone: try Fixture.zone("UTC"))
        options.comparesWithLibical = libical
        return try Validator.validate(
            fixtures.input(name), options: options)
    }

    @Test(arguments: names)
    func libicalReadingsMatchTheirGoldens(name: String) throws {
        let compared = try Self.findings(name, libical: true)
        let libical = compared.filter { $0.code == .libicalReadsOtherwise }
        #expect(!libical.isEmpty)
        try Self.fixtures.expect(
            compared.map { $0.description + "\n" }.joined(), golden: "\(name).txt")
        // Without the comparison, nothing is said of libical's reading.
        let plain = try Self.findings(name, libical: false)
        #expect(plain == compared.filter { $0.code != .libicalReadsOtherwise })
    }

    @Test func thereIsAFixturePerDifference() {
        #expect(Self.names.count >= 6)
    }
}
