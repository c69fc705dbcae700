import Foundation
import Testing

/// `--limit N`: the first N records of a listing, in its order, in every format; in file order
/// reading stops once they are written (that the pipeline stops is tested with the formats).
@Suite struct LimitOptionTests {
    static let week = CLI.fixture("demo/team-week.ics")

    static func listing(_ arguments: [String]) -> RunResult {
        let result = CLI.run(["events", Self.week, "--tz", "UTC"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return result
    }

    @Test(arguments: [["-f", "ndjson"], ["-f", "csv"], ["-f", "ndjson", "--order", "file"]])
    func theFirstRecordsOfTheListingAreWritten(_ format: [String]) {
        let whole = Self.listing(format).standardOutput.split(separator: "\n")
        #expect(whole.count > 4)
        let header = format.contains("csv") ? 1 : 0
        for limit in [1, 3] {
            let limited = Self.listing(format + ["--limit", "\(limit)"]).standardOutput
            #expect(limited.split(separator: "\n") == Array(whole.prefix(header + limit)))
        }
        // More than there are: all of them.
        #expect(
            Self.listing(format + ["--limit", "1000"]).standardOutput.split(separator: "\n")
                == whole)
    }

    @Test func aJSONArrayStaysAnArray() throws {
        let limited = Self.listing(["-f", "json", "--limit", "2"]).standardOutput
        let array = try #require(
            JSONSerialization.jsonObject(with: Data(limited.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
    }

    @Test func theAgendaListsItsFirstEvents() {
        let agenda = CLI.run(
            ["agenda", Self.week, "--tz", "UTC", "--from", "2026-12-07", "--limit", "2"])
        #expect(agenda.status == 0)
        let lines = agenda.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(lines.count == 2)
        #expect(lines.first?.contains("Daily stand-up") == true)
    }

    @Test(arguments: ["0", "-1", "two", ""])
    func aLimitThatIsNoCountIsAUsageError(_ value: String) {
        let result = CLI.run(["events", Self.week, "--limit", value])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--limit"))
    }

    @Test func seriesRecordsRefuseIt() {
        let result = CLI.run(
            ["events", Self.week, "-f", "ndjson", "--records", "series", "--limit", "2"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--records series"))
    }
}
