import Foundation
import Testing

/// Records read back on the command line: a SOURCE_DATE_EPOCH no DTSTAMP can hold is an
/// error (what records carry and leave out is tested with the formats).
@Suite struct RecordStampTests {
    /// NDJSON records on standard input, converted to `.ics`.
    private static let recordsToICS = [
        "convert", "-", "--from-format", "ndjson", "--format", "ics",
    ]

    @Test(arguments: ["253402300800", "-62135596801", "soon", ""])
    func aSourceDateEpochNoDTSTAMPCanHoldIsRefused(value: String) throws {
        let record = "{\"uid\":\"a\",\"title\":\"A\",\"start\":\"2026-12-01\"}\n"
        let result = CLI.run(
            Self.recordsToICS,
            standardInput: Data(record.utf8), environment: ["SOURCE_DATE_EPOCH": value])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: SOURCE_DATE_EPOCH is '\(value)'"))
        #expect(result.standardOutput.isEmpty)
        // The last second of 9999 is the latest DTSTAMP.
        let last = CLI.run(
            Self.recordsToICS,
            standardInput: Data(record.utf8), environment: ["SOURCE_DATE_EPOCH": "253402300799"])
        #expect(last.status == 0)
        #expect(last.standardOutput.contains("DTSTAMP:99991231T235959Z\r\n"))
    }
}
