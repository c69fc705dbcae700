import Foundation
import Testing

/// Outlook's calendar CSV on the command line: rows that name no zone are read in the `--tz`
/// zone, and a header of no known language is an unusable input (exit status 2). How each
/// language's export is read is tested with the formats.
@Suite struct OutlookCSVOptionTests {
    private static func convert(_ data: Data, _ arguments: [String] = []) throws -> RunResult {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("export.csv")
        try data.write(to: file)
        return CLI.run(["convert", file.path] + arguments)
    }

    @Test func aHeaderOfNoKnownLanguageNamesTheOnesRead() throws {
        let result = try Self.convert(Data("Titel,Datum\nx,1.1.2026\n".utf8))
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "Not a calendar CSV: the header has neither 'start' nor the subject and start date columns of Outlook's export (Subject, Start Date; Betreff, Beginnt am; Objet, Début; Asunto, Fecha de comienzo; Onderwerp, Begindatum)"
            ))
    }

    @Test func eventsReadsOutlookRowsInTheTzZone() throws {
        let text =
            "Subject,Start Date,Start Time,End Date,End Time\nCall,12/09/2026,9:00 AM,12/09/2026,10:00 AM\n"
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("outlook.csv")
        try Data(text.utf8).write(to: file)
        let result = CLI.run([
            "events", file.path, "--tz", "America/New_York", "-f", "ndjson",
        ])
        let record = try #require(try CLI.records(result.standardOutput).first)
        #expect(record["start"] as? String == "2026-12-09T09:00")
        #expect(record["zone"] as? String == "America/New_York")
        #expect(record["originalZone"] as? String == "America/New_York")
    }
}
