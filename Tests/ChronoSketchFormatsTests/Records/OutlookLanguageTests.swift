import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// Outlook's calendar CSV as exports in other languages write it: other column names, day-first
/// dates, `;` or tab between fields, UTF-16; rows that name no zone read in the target zone.
@Suite struct OutlookLanguageTests {
    private static func convert(_ bytes: [UInt8], zone: String) throws -> Converted {
        Conversion.streamed(
            [.memory(name: "export.csv", bytes: bytes)],
            try Conversion.options(to: .ics, from: .csv, zone: zone))
    }

    /// UTF-16 little endian with its byte order mark, as Excel's "Unicode text" writes.
    private static func utf16(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
    }

    @Test func germanExportSeparatedBySemicolonsInUTF16() throws {
        let text =
            "\"Betreff\";\"Beginnt am\";\"Beginnt um\";\"Endet am\";\"Endet um\";\"Ganztägiges Ereignis\";\"Beschreibung\";\"Ort\";\"Zeitspanne zeigen als\"\r\n"
            + "\"Planung, Q1\";\"09.12.2026\";\"09:30:00\";\"09.12.2026\";\"11:00:00\";\"Aus\";\"Zahlen; Ziele\";\"Raum 2\";\"2\"\r\n"
            + "\"Betriebsausflug\";\"11.12.2026\";\"00:00:00\";\"12.12.2026\";\"00:00:00\";\"Wahr\";\"\";\"Zugspitze\";\"Frei\"\r\n"
        let result = try Self.convert(Self.utf16(text), zone: "Europe/Berlin")
        #expect(result.unusable.isEmpty, "\(result.unusable)")
        for line in [
            "SUMMARY:Planung\\, Q1", "DTSTART;TZID=Europe/Berlin:20261209T093000",
            "DTEND;TZID=Europe/Berlin:20261209T110000", "DESCRIPTION:Zahlen\\; Ziele",
            "LOCATION:Raum 2", "DTSTART;VALUE=DATE:20261211", "DTEND;VALUE=DATE:20261212",
            "TRANSP:TRANSPARENT",
        ] {
            #expect(result.text.contains(line + "\r\n"), "\(line)")
        }
        #expect(
            result.said.contains(
                "warning: Outlook's rows name no zone; their times are read in Europe/Berlin, the --tz zone"
            ))
    }

    @Test func frenchExportNamesDateAndTimeAlike() throws {
        // French has `Début` and `Fin` twice each: the date, then the time.
        let text =
            "Objet,Début,Début,Fin,Fin,Journée entière,Description,Emplacement\r\n"
            + "Réunion,03/12/2026,14:00:00,03/12/2026,15:30:00,Faux,Budget,Salle B\r\n"
        let result = try Self.convert(Array(text.utf8), zone: "Europe/Paris")
        #expect(result.unusable.isEmpty, "\(result.unusable)")
        // 3 December (the day first), not 12 March.
        #expect(result.text.contains("DTSTART;TZID=Europe/Paris:20261203T140000\r\n"))
        #expect(result.text.contains("DTEND;TZID=Europe/Paris:20261203T153000\r\n"))
        #expect(result.text.contains("LOCATION:Salle B\r\n"))
    }

    @Test func spanishAndDutchExportsSeparatedByTabs() throws {
        let spanish =
            "Asunto\tFecha de comienzo\tComienzo\tFecha de finalización\tFinalización\tTodo el día\n"
            + "Revisión\t04/12/2026\t10:00:00\t04/12/2026\t11:00:00\tFALSO\n"
        let es = try Self.convert(Array(spanish.utf8), zone: "UTC")
        #expect(es.unusable.isEmpty, "\(es.unusable)")
        #expect(es.text.contains("DTSTART:20261204T100000Z\r\n"))
        let dutch =
            "Onderwerp,Begindatum,Begintijd,Einddatum,Eindtijd,\"Gebeurtenis, duurt hele dag\",Locatie\n"
            + "Vrije dag,7-12-2026,,8-12-2026,,Waar,Thuis\n"
        let nl = try Self.convert(Array(dutch.utf8), zone: "Europe/Amsterdam")
        #expect(nl.unusable.isEmpty, "\(nl.unusable)")
        #expect(nl.text.contains("DTSTART;VALUE=DATE:20261207\r\n"))
        #expect(nl.text.contains("LOCATION:Thuis\r\n"))
    }

    @Test func aHeaderOfNoKnownLanguageNamesTheOnesRead() throws {
        let result = try Self.convert(Array("Titel,Datum\nx,1.1.2026\n".utf8), zone: "UTC")
        #expect(result.text.isEmpty)
        #expect(
            result.unusable.map(\.message) == [
                "Not a calendar CSV: the header has neither 'start' nor the subject and start date columns of Outlook's export (Subject, Start Date; Betreff, Beginnt am; Objet, Début; Asunto, Fecha de comienzo; Onderwerp, Begindatum)"
            ])
    }

    @Test func outlookRowsAreEventsInTheTargetZone() throws {
        let text =
            "Subject,Start Date,Start Time,End Date,End Time\nCall,12/09/2026,9:00 AM,12/09/2026,10:00 AM\n"
        let loaded = try CalendarLoader.load(
            [.memory(name: "outlook.csv", bytes: Array(text.utf8))],
            options: LoadOptions(zone: try Fixture.zone("America/New_York")))
        let event = try #require(loaded.events.first)
        #expect(event.interval.startText == "2026-12-09T09:00")
        #expect(event.zone == "America/New_York")
        #expect(event.originalStart.zoneName == "America/New_York")
    }
}
