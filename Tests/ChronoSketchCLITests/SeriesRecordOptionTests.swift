import Foundation
import Testing

/// `--records series` on the command line: where it is taken and where it is refused (what the
/// records hold is tested with the formats).
@Suite struct SeriesRecordOptionTests {
    @Test func eventsTakesSeriesRecordsAndKeepsTheSeriesInItsWindow() throws {
        let fixtures = CLI.root.appendingPathComponent("Fixtures")
        let result = try CLI.runBinary(
            [
                "events", "convert/series.ics", "-f", "json", "--records", "series",
                "--from", "2026-03-30", "--days", "1",
            ], in: fixtures)
        #expect(result.status == 0)
        let records = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
        #expect(
            records.map { $0["uid"] as? String } == ["standup@example.org", "standup@example.org"])
    }

    @Test func seriesRecordsAreRefusedWhereTheyHaveNoForm() throws {
        let text = CLI.run(["events", "x.ics", "--records", "series"])
        #expect(text.status == 64)
        #expect(text.standardError.contains("series records are json, ndjson or csv"))
        let columns = CLI.run(
            ["convert", "x.ics", "-f", "csv", "--records", "series", "--columns", "title"])
        #expect(columns.status == 64)
        #expect(columns.standardError.contains("--records series"))
        let ics = CLI.run(["convert", "x.ics", "-f", "ics", "--records", "series"])
        #expect(ics.status == 64)
    }
}
