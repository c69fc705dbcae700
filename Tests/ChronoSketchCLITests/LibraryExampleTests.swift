import Foundation
import Testing

/// The library example (`Examples/LibraryExample`) finds what the command finds.
@Suite struct LibraryExampleTests {
    @Test func theExampleFindsWhatTheCommandFinds() throws {
        let example = CLI.binary.deletingLastPathComponent().appendingPathComponent(
            "library-example")
        let fixture = CLI.root.appendingPathComponent("Fixtures/demo/team-week.ics").path
        let result = try CLI.runBinary(
            ["-c", "\"$0\" \"$1\"", example.path, fixture], shell: true)
        #expect(result.status == 0, "\(result.standardOutput)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)

        let window = ["--from", "2026-12-07", "--to", "2026-12-12", "--tz", "Europe/Berlin"]
        let events = try CLI.runBinary(["events", fixture, "-f", "ndjson"] + window)
        let count = events.standardOutput.split(separator: "\n").count
        #expect(lines.first == "\(count) occurrences in Europe/Berlin")

        let conflicts = try CLI.runBinary(
            ["conflicts", fixture, "-f", "json", "--buffer", "10m"] + window)
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(conflicts.standardOutput.utf8))
                as? [String: Any])
        let counts = try #require(report["counts"] as? [String: Any])
        #expect(
            lines.contains(
                "\(counts["conflicts"] as? Int ?? -1) conflicts among \(counts["busyEvents"] as? Int ?? -1) busy events"
            ))

        let jcal = try CLI.runBinary(["convert", fixture, "-f", "jcal"])
        #expect(lines.last == "jCal: \(jcal.standardOutput.utf8.count) bytes, 0 diagnostics")
    }
}
