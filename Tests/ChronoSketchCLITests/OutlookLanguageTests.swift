import Foundation
import Testing

/// Outlook's calendar CSV as exports in other languages write it: other column names, day-first
/// dates, `;` or tab between fields, UTF-16; rows that name no zone read in the `--tz` zone.
@Suite struct OutlookLanguageTests {
    private static func convert(_ data: Data, _ arguments: [String] = []) throws -> RunResult {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("export.csv")
        try data.write(to: file)
        return try CLI.runBinary(["convert", file.path] + arguments)
    }

    /// UTF-16 little endian with its byte order mark, as Excel's "Unicode text" writes.
    private static func utf16(_ text: String) -> Data {
        var data = Data([0xFF, 0xFE])
        for unit in text.utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        return data
    }

    @Test func germanExportSeparatedBySemicolonsInUTF16() throws {
        let text =
            "\"Betreff\";\"Beginnt am\";\"Beginnt um\";\"Endet am\";\"Endet um\";\"Ganztägiges Ereignis\";\"Beschreibung\";\"Ort\";\"Zeitspanne zeigen als\"\r\n"
            + "\"Planung, Q1\";\"09.12.2026\";\"09:30:00\";\"09.12.2026\";\"11:00:00\";\"Aus\";\"Zahlen; Ziele\";\"Raum 2\";\"2\"\r\n"
            + "\"Betriebsausflug\";\"11.12.2026\";\"00:00:00\";\"12.12.2026\";\"00:00:00\";\"Wahr\";\"\";\"Zugspitze\";\"Frei\"\r\n"
        let result = try Self.convert(Self.utf16(text), ["--tz", "Europe/Berlin"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("SUMMARY:Planung\\, Q1\r\n"))
        #expect(result.standardOutput.contains("DTSTART;TZID=Europe/Berlin:20261209T093000\r\n"))
        #expect(result.standardOutput.contains("DTEND;TZID=Europe/Berlin:20261209T110000\r\n"))
        #expect(result.standardOutput.contains("DESCRIPTION:Zahlen\\; Ziele\r\n"))
        #expect(result.standardOutput.contains("LOCATION:Raum 2\r\n"))
        #expect(result.standardOutput.contains("DTSTART;VALUE=DATE:20261211\r\n"))
        #expect(result.standardOutput.contains("DTEND;VALUE=DATE:20261212\r\n"))
        #expect(result.standardOutput.contains("TRANSP:TRANSPARENT\r\n"))
        #expect(
            result.standardError.contains(
                "warning: Outlook's rows name no zone; their times are read in Europe/Berlin, the --tz zone"
            ))
    }

    @Test func frenchExportNamesDateAndTimeAlike() throws {
        // French has `Début` and `Fin` twice each: the date, then the time.
        let text =
            "Objet,Début,Début,Fin,Fin,Journée entière,Description,Emplacement\r\n"
            + "Réunion,03/12/2026,14:00:00,03/12/2026,15:30:00,Faux,Budget,Salle B\r\n"
        let result = try Self.convert(Data(text.utf8), ["--tz", "Europe/Paris"])
        #expect(result.status == 0, "\(result.standardError)")
        // 3 December (the day first), not 12 March.
        #expect(result.standardOutput.contains("DTSTART;TZID=Europe/Paris:20261203T140000\r\n"))
        #expect(result.standardOutput.contains("DTEND;TZID=Europe/Paris:20261203T153000\r\n"))
        #expect(result.standardOutput.contains("LOCATION:Salle B\r\n"))
    }

    @Test func spanishAndDutchExportsSeparatedByTabs() throws {
        let spanish =
            "Asunto\tFecha de comienzo\tComienzo\tFecha de finalización\tFinalización\tTodo el día\n"
            + "Revisión\t04/12/2026\t10:00:00\t04/12/2026\t11:00:00\tFALSO\n"
        let es = try Self.convert(Data(spanish.utf8), ["--tz", "UTC"])
        #expect(es.status == 0, "\(es.standardError)")
        #expect(es.standardOutput.contains("DTSTART:20261204T100000Z\r\n"))
        let dutch =
            "Onderwerp,Begindatum,Begintijd,Einddatum,Eindtijd,\"Gebeurtenis, duurt hele dag\",Locatie\n"
            + "Vrije dag,7-12-2026,,8-12-2026,,Waar,Thuis\n"
        let nl = try Self.convert(Data(dutch.utf8), ["--tz", "Europe/Amsterdam"])
        #expect(nl.status == 0, "\(nl.standardError)")
        #expect(nl.standardOutput.contains("DTSTART;VALUE=DATE:20261207\r\n"))
        #expect(nl.standardOutput.contains("LOCATION:Thuis\r\n"))
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
        let result = try CLI.runBinary([
            "events", file.path, "--tz", "America/New_York", "-f", "ndjson",
        ])
        let record = try #require(try CLI.records(result.standardOutput).first)
        #expect(record["start"] as? String == "2026-12-09T09:00")
        #expect(record["zone"] as? String == "America/New_York")
        #expect(record["originalZone"] as? String == "America/New_York")
    }
}
