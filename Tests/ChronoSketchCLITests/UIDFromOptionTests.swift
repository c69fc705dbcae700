import Foundation
import Testing

/// `--uid-from` on the command line: a field no record has is an unusable input (exit 2), a
/// blank field name a usage error (exit 64). (The UIDs records are given are tested with the
/// formats.)
@Suite struct UIDFromOptionTests {
    static func uids(_ csv: String, _ extra: [String] = []) throws -> (
        uids: [String], result: RunResult
    ) {
        let result = CLI.run(
            ["convert", "-", "--from-format", "csv", "-f", "ics"] + extra,
            standardInput: Data(csv.utf8))
        let uids = result.standardOutput.components(separatedBy: "\r\n").filter {
            $0.hasPrefix("UID:")
        }
        return (uids, result)
    }

    @Test func uidFromExitsAsAMissingFieldOrAUsageError() throws {
        let header = "title,start,home,away,round\n"
        let missing = try Self.uids(
            header + "A v B,2026-09-12T15:00,A,B,1\n", ["--uid-from", "venue"])
        #expect(missing.result.status == 2)
        #expect(missing.result.standardOutput.isEmpty)
        #expect(
            missing.result.standardError.contains(
                "No record has the field 'venue' that --uid-from makes UIDs from"))
        let blank = try Self.uids(header, ["--uid-from", "home,,away"])
        #expect(blank.result.status == 64)
    }

    /// The list is read as a person types it: spaces after the commas do not count.
    @Test func uidFromTakesAListOfFields() throws {
        let row = "title,start,home,away,round\nLions v Bears,2026-09-12T15:00,Lions,Bears,3\n"
        let spaced = try Self.uids(row, ["--uid-from", "home, away,round"])
        let tight = try Self.uids(row, ["--uid-from", "home,away,round"])
        #expect(spaced.uids.count == 1)
        #expect(spaced.uids == tight.uids)
        #expect(
            spaced.result.standardError.contains("made from its home, away, round (--uid-from)"))
    }
}
