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

    /// The built modules, beside the binary.
    private static let modules = CLI.binary.deletingLastPathComponent().appendingPathComponent(
        "Modules")

    /// A package that depends on this one sees its public API only: the example type-checks
    /// as a module of another package (no `package` declarations visible), where a use of a
    /// `package` one does not.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: modules.path)))
    func theExampleNeedsOnlyThePublicAPI() throws {
        func typecheck(_ file: String) throws -> RunResult {
            try CLI.runBinary(
                [
                    "-c",
                    "swiftc -typecheck \"$0\" -I \"$1\" -I \"$2\" -module-name LibraryClient",
                    file, Self.modules.path,
                    CLI.root.appendingPathComponent("Modules/CLibical").path,
                ], shell: true)
        }
        let example = try typecheck(
            CLI.root.appendingPathComponent("Examples/LibraryExample/main.swift").path)
        #expect(example.status == 0, "\(example.standardError)")
        #expect(example.standardError.isEmpty, "\(example.standardError)")
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inside = folder.appendingPathComponent("inside.swift")
        try Data(
            "import ChronoSketchFormats\nlet store = EncodedEvents(budget: 1)\n".utf8
        ).write(to: inside)
        let refused = try typecheck(inside.path)
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("EncodedEvents"), "\(refused.standardError)")
    }
}
