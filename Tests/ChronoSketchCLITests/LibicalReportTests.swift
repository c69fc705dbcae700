import Foundation
import Testing

/// `validate --libical` on the command line: the report ends with its count and `--format
/// json` carries the code of every difference; without the flag nothing is found. (What
/// libical reads otherwise is tested with the formats, against `Fixtures/libical/goldens/`.)
@Suite struct LibicalReportTests {
    static let trimmed = CLI.fixture("libical/trimmed-text.ics")

    @Test func theReportCountsEveryDifference() {
        let compared = CLI.run(["validate", "--libical", Self.trimmed])
        #expect(compared.status == 1)
        let lines = compared.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.contains(": warning: libical reads ") }.count == 3)
        #expect(lines.last == "\(Self.trimmed): 0 errors, 3 warnings")
        let plain = CLI.run(["validate", Self.trimmed])
        #expect(plain.status == 0)
        #expect(plain.standardOutput == "\(Self.trimmed): 0 errors, 0 warnings\n")
    }

    @Test func theCodeIsInJSON() throws {
        let compared = CLI.run(["validate", "--libical", "--format", "json", Self.trimmed])
        let findings = try #require(
            JSONSerialization.jsonObject(with: Data(compared.standardOutput.utf8))
                as? [[String: Any]])
        let codes = findings.compactMap { $0["code"] as? String }
        #expect(codes.filter { $0 == "libical-reads-otherwise" }.count == 3)
    }
}
