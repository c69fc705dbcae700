import Foundation
import Testing

/// `validate --profile outlook` end to end: a feed converted from records with `--vtimezone
/// minimal` passes it (exit 0), one with whole zone histories does not (exit 1). (Each rule
/// of the profile is tested with the formats.)
@Suite struct OutlookProfileCommandTests {
    /// Records' zones written minimal are what Outlook reads; the whole history is not.
    @Test func minimalZonesPassAndFullHistoriesDoNot() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = CLI.root.appendingPathComponent("Fixtures/feed/league.json").path
        for form in ["minimal", "full"] {
            let made = try CLI.runBinary(
                ["convert", records, "-o", "\(form).ics", "--vtimezone", form, "-q"],
                in: directory)
            #expect(made.status == 0, "\(made.standardError)")
        }
        let minimal = try CLI.runBinary(
            ["validate", "minimal.ics", "--profile", "outlook"], in: directory)
        #expect(minimal.standardOutput == "minimal.ics: 0 errors, 0 warnings\n")
        #expect(minimal.status == 0)
        let full = try CLI.runBinary(
            ["validate", "full.ics", "--profile", "outlook", "-f", "json"], in: directory)
        #expect(full.status == 1)
        #expect(full.standardOutput.contains("\"code\":\"outlook-time-zone\""))
    }
}
