import Foundation
import Testing

/// What a khal user types, read as they mean it: a date where a file goes, an agenda that says
/// which days it searched, text matched without regard to accents, and every event tagged
/// with its calendar once the inputs are several calendars.
@Suite struct KhalHabitTests {
    static let team = CLI.fixture("team")

    @Test(arguments: ["tomorrow", "2026-03-27", "monday", "next-week"])
    func aDateWhereAFileGoesIsAUsageErrorBeforeAnyOutput(word: String) throws {
        let result = CLI.run(["agenda", "\(Self.team)/ann-google.ics", word])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError.hasPrefix(
                "Error: '\(word)' is a date, not a calendar file: to start there, give --from \(word)\n"
            ))
    }

    @Test func aFileNamedLikeADateIsReadWhenItExists() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("today")
        try FileManager.default.copyItem(
            atPath: "\(Self.team)/ann-google.ics", toPath: file.path)
        let result = CLI.run(["agenda", file.path, "--from", "2026-03-27", "--days", "1"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Q2 planning"))
    }

    @Test func noEventsNamesTheDaysSearched() throws {
        let week = CLI.run(
            ["agenda", "\(Self.team)/ann-google.ics", "--from", "2026-04-01", "--days", "3"])
        #expect(week.standardOutput.hasSuffix("\nNo events from Wed 1 Apr to Fri 3 Apr 2026.\n"))
        let day = CLI.run(
            [
                "agenda", "\(Self.team)/ann-google.ics", "--from", "2026-12-31", "--days", "2",
                "--lang", "de",
            ])
        #expect(day.standardOutput.hasSuffix("\nKeine Termine von Do 31. Dez 2026 bis Fr 1. Jan 2027.\n"))
        let one = CLI.run(
            ["agenda", "\(Self.team)/ann-google.ics", "--from", "2026-04-01", "--days", "1"])
        #expect(one.standardOutput.hasSuffix("\nNo events on Wed 1 Apr 2026.\n"))
    }

    @Test(arguments: ["cafe", "CAFÉ", "Cafe", "ruhr", "süd"])
    func matchIgnoresCaseAndAccents(text: String) throws {
        let calendar = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VEVENT\r
            UID:cafe@example.org\r
            DTSTAMP:20260101T000000Z\r
            DTSTART:20260327T100000Z\r
            SUMMARY:Café Rühr\r
            LOCATION:Raum Sud\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let result = CLI.run(
            ["agenda", "--from", "2026-03-27", "--days", "1", "--tz", "UTC", "--match", text],
            standardInput: Array(calendar.utf8))
        #expect(result.standardOutput.contains("10:00  Café Rühr · Raum Sud"))
    }

    @Test func severalCalendarsTagEveryEventEvenOnADayOfOne() throws {
        // 30 March holds Ann's stand-up alone; Chiyo's calendar is read too.
        let result = CLI.run(
            [
                "agenda", "\(Self.team)/ann-google.ics", "\(Self.team)/chiyo-apple.ics",
                "--from", "2026-03-30", "--days", "1", "--tz", "Europe/Berlin",
            ])
        #expect(result.standardOutput.contains("09:00–09:30  Stand-up [ann@example.org]\n"))
        let alone = CLI.run(
            [
                "agenda", "\(Self.team)/ann-google.ics", "--from", "2026-03-30", "--days", "1",
                "--tz", "Europe/Berlin",
            ])
        #expect(alone.standardOutput.contains("09:00–09:30  Stand-up\n"))
    }
}
