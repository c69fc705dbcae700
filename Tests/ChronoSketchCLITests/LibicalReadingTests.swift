import Foundation
import Testing

/// `Fixtures/libical/`: one calendar per way libical's own parser reads a file otherwise than it
/// is written (text trimmed, a parameter lost after one without a value, values rejected, a
/// rule cut short, a component dropped, thousands of broken lines in one component), each with
/// the report of `ics validate --libical NAME.ics`, run in `Fixtures/libical/`, as its golden
/// in `Fixtures/libical/goldens/NAME.txt`. `ICS_RECORD_GOLDENS=1` re-records them.
@Suite struct LibicalReadingTests {
    private static let folder = CLI.root.appendingPathComponent("Fixtures/libical")

    static let names = CLI.calendarNames(in: folder)

    @Test(arguments: names)
    func libicalReadingsMatchTheirGoldens(name: String) throws {
        let compared = try CLI.runBinary(["validate", "--libical", "\(name).ics"], in: Self.folder)
        #expect(compared.status == 1)
        #expect(compared.standardOutput.contains("libical "))
        try CLI.expectGolden(compared.standardOutput, in: Self.folder, named: "\(name).txt")
        // Without --libical, nothing is said of libical's reading.
        let plain = try CLI.runBinary(["validate", "\(name).ics"], in: Self.folder)
        #expect(!plain.standardOutput.contains("libical-reads-otherwise"))
        #expect(!plain.standardOutput.contains("libical re"))
    }

    /// `--format json` carries the code of every difference.
    @Test func theCodeIsInJSON() throws {
        let compared = try CLI.runBinary(
            ["validate", "--libical", "--format", "json", "trimmed-text.ics"], in: Self.folder)
        let findings = try #require(
            JSONSerialization.jsonObject(with: Data(compared.standardOutput.utf8))
                as? [[String: Any]])
        let codes = findings.compactMap { $0["code"] as? String }
        #expect(codes.filter { $0 == "libical-reads-otherwise" }.count == 3)
    }

    @Test func thereIsAFixturePerDifference() {
        #expect(Self.names.count >= 6)
    }
}
