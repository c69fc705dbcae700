import Foundation
import Testing

/// What a feed publisher counts on: UIDs made for CSV rows that do not follow row order,
/// `--uid-from` that finds Outlook's columns, `--set` in the forms every option takes,
/// SEQUENCE raised for what changed since the feed was published, and Outlook's Windows-1252
/// CSV read as such.
@Suite struct FeedPromiseTests {
    static let feed = CLI.fixture("team/feed")
    static let stamp = ["SOURCE_DATE_EPOCH": "1774000000"]

    private static func lines(_ text: String, starting prefixes: [String]) -> [String] {
        text.split(separator: "\r\n").map(String.init).filter { line in
            prefixes.contains { line.hasPrefix($0) }
        }
    }

    /// `UID location` of each event converted from `file`.
    private static func uidsByLocation(_ file: String) throws -> [String: String] {
        let result = CLI.run(["convert", "\(feed)/\(file)", "--format", "ics"], environment: stamp)
        #expect(result.status == 0, "\(result.standardError)")
        var found: [String: String] = [:]
        var uid = ""
        for line in lines(result.standardOutput, starting: ["UID:", "LOCATION:"]) {
            if line.hasPrefix("UID:") { uid = String(line.dropFirst(4)) } else {
                found[String(line.dropFirst(9))] = uid
            }
        }
        return found
    }

    @Test func madeUIDsDoNotFollowRowOrder() throws {
        // Two workshops on one day: numbered by start time, not by row.
        let written = try Self.uidsByLocation("sessions.csv")
        let sorted = try Self.uidsByLocation("sessions-sorted.csv")
        #expect(written.count == 3)
        #expect(written == sorted)
        #expect(written["Hall B"]?.contains("-2@") == true)
        #expect(written["Hall A"]?.contains("-") == false)
    }

    @Test(arguments: [
        "betreff,BEGINNT AM", "Betreff,Beginnt am", "title,start", "TITLE,Start",
    ])
    func uidFromFindsOutlooksColumnsInAnyCase(fields: String) throws {
        let result = CLI.run(
            [
                "convert", "\(Self.feed)/outlook-de-1252.csv", "--tz", "Europe/Berlin",
                "--uid-from", fields,
            ], environment: Self.stamp)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.lines(result.standardOutput, starting: ["UID:"]).count == 3)
        #expect(result.standardError.contains("made from its \(fields.replacingOccurrences(of: ",", with: ", "))"))
    }

    @Test func aWindows1252CSVIsReadAsSuchAndSaid() throws {
        let result = CLI.run(
            [
                "convert", "\(Self.feed)/outlook-de-1252.csv", "--tz", "Europe/Berlin", "-f",
                "csv", "--columns", "title,start,end,location,allDay",
            ], environment: Self.stamp)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                title,start,end,location,allDay
                Teamfrühstück,2026-03-27T08:00,2026-03-27T09:00,Raum Süd,false
                Übergabe,2026-03-28,2026-03-29,,true
                Betriebsausflug,2026-03-30,2026-03-31,Müggelsee,true

                """)
        #expect(
            result.standardError.contains(
                "outlook-de-1252.csv: warning: The file is not valid UTF-8; it is read as Windows-1252"))
    }

    @Test func setTakesDurationsAndTextOverSeveralLines() throws {
        let result = CLI.run(
            [
                "convert", "\(Self.feed)/sessions.csv", "--set", "REFRESH-INTERVAL=1h", "--set",
                "X-PUBLISHED-TTL=90m", "--set", "X-WR-CALDESC=Line one\nLine two", "--set",
                "DESCRIPTION=A\r\nB, c",
            ], environment: Self.stamp)
        #expect(result.status == 0, "\(result.standardError)")
        for line in [
            "REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H30M",
            "X-WR-CALDESC:Line one\\nLine two", "DESCRIPTION:A\\nB\\, c",
        ] {
            #expect(result.standardOutput.contains("\r\n\(line)\r\n"), "\(line)")
        }
        let refused = CLI.run(
            ["convert", "\(Self.feed)/sessions.csv", "--set", "REFRESH-INTERVAL=soon"])
        #expect(refused.status == 64)
        let control = CLI.run(["convert", "\(Self.feed)/sessions.csv", "--set", "NAME=a\u{7}b"])
        #expect(control.status == 64)
    }

    @Test func previousRaisesTheSequenceOfWhatChangedAndKeepsTheRest() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let published = folder.appendingPathComponent("feed.ics").path
        let first = CLI.run(
            ["convert", "\(Self.feed)/sessions.csv", "--previous", published, "-o", published],
            environment: Self.stamp)
        #expect(first.status == 0)
        #expect(first.standardError.contains("no such file, so nothing was published before"))
        let changed = folder.appendingPathComponent("sessions.csv")
        try String(contentsOfFile: "\(Self.feed)/sessions.csv", encoding: .utf8)
            .replacingOccurrences(of: "Hall A", with: "Hall C")
            .write(to: changed, atomically: true, encoding: .utf8)
        // Published at another time: DTSTAMP differs, and is no change.
        for _ in 0..<2 {
            let again = CLI.run(
                ["convert", changed.path, "--previous", published, "-o", published],
                environment: ["SOURCE_DATE_EPOCH": "1775000000"])
            #expect(again.status == 0, "\(again.standardError)")
        }
        let text = try String(contentsOfFile: published, encoding: .utf8)
        let fields = Self.lines(text, starting: ["LOCATION:", "SEQUENCE:", "END:VEVENT"])
        #expect(
            fields == [
                "LOCATION:Hall C", "SEQUENCE:1", "END:VEVENT", "LOCATION:Main stage", "END:VEVENT",
                "LOCATION:Hall B", "END:VEVENT",
            ])
        let csv = CLI.run(
            ["convert", changed.path, "--previous", published, "-f", "csv"])
        #expect(csv.status == 64)
        // A jCal feed is its own previous version too.
        let jcal = folder.appendingPathComponent("feed.json").path
        _ = CLI.run(["convert", "\(Self.feed)/sessions.csv", "-f", "jcal", "-o", jcal])
        let raised = CLI.run(
            ["convert", changed.path, "--previous", jcal, "-f", "jcal", "-o", jcal])
        #expect(raised.status == 0, "\(raised.standardError)")
        let json = try String(contentsOfFile: jcal, encoding: .utf8)
        #expect(json.contains(#"["sequence",{},"integer",1]"#))
        #expect(json.components(separatedBy: #""sequence""#).count == 2)
        // A previous feed that is no calendar is an unusable input: nothing is written.
        let notes = folder.appendingPathComponent("notes.ics").path
        try "not a calendar\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let target = folder.appendingPathComponent("out.ics").path
        let refused = CLI.run(["convert", changed.path, "--previous", notes, "-o", target])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("notes.ics:1: error: Not an iCalendar file"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
