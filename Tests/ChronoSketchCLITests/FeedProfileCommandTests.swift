import Foundation
import Testing

/// `validate --profile feed` end to end: a feed published from records passes it, exit 0.
/// (Each rule of the profile is tested with the formats.)
@Suite struct FeedProfileCommandTests {
    @Test func aFeedPublishedFromRecordsPassesIt() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = CLI.root.appendingPathComponent("Fixtures/feed/league.json")
        let published = try CLI.runBinary(
            [
                "convert", records.path, "-o", "league.ics", "--set", "X-WR-CALNAME=League",
                "--set", "REFRESH-INTERVAL=PT1H",
            ], in: directory)
        #expect(published.status == 0, "\(published.standardError)")
        let validation = try CLI.runBinary(
            ["validate", "league.ics", "--profile", "feed"], in: directory)
        #expect(validation.status == 0, "\(validation.standardOutput)")
        #expect(validation.standardOutput == "league.ics: 0 errors, 0 warnings\n")
    }
}
