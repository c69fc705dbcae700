import Foundation
import Testing

/// Inputs that are one thing many times over convert within a small limit on the process's
/// data (`ulimit -d`): a VEVENT of 100,000 VALARMs, 300,000 calendar properties before the
/// first component, 40,000 records. Each input holds some megabytes of text that, held as an
/// object for each of its lines, takes many times that limit; converted as they are read, they
/// fit in it.
@Suite struct FloodBudgetTests {
    /// Runs `ics convert INPUT -f FORMAT -o OUTPUT` with its data limited to `kilobytes`.
    private static func convert(
        _ text: String, named name: String, to format: String, within kilobytes: Int
    ) throws -> (status: Int32, output: String, error: String) {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: input)
        let output = directory.appendingPathComponent("out." + format)
        let result = try CLI.runBinary(
            [
                "-c", "ulimit -d \(kilobytes) && exec \"$0\" \"$@\"", CLI.binary.path, "convert",
                input.path, "-f", format, "-o", output.path, "-q",
            ], shell: true)
        let written = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return (result.status, written, result.standardError)
    }

    /// Converts `text` within `kilobytes` of data and expects it to succeed, its output
    /// holding the text `writing` gives for the format as often as it says.
    private static func expect(
        _ text: String, named name: String, to format: String, within kilobytes: Int,
        writing expected: [String: (text: String, count: Int)]
    ) throws {
        let result = try convert(text, named: name, to: format, within: kilobytes)
        #expect(result.status == 0, "\(result.error.prefix(300))")
        let (mark, count) = try #require(expected[format])
        #expect(result.output.components(separatedBy: mark).count - 1 == count)
    }

    private static let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n"
    private static let event =
        "BEGIN:VEVENT\r\nUID:flood\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260908T090000Z\r\n"
        + "SUMMARY:Flood\r\n"

    @Test(arguments: ["ics", "jcal", "ndjson"])
    func aVEVENTOfManyAlarmsConvertsInLittleMemory(format: String) throws {
        var text = Self.head + Self.event
        for number in 0..<100_000 {
            text +=
                "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT\(number % 1440)M\r\n"
                + "DESCRIPTION:Reminder \(number)\r\nEND:VALARM\r\n"
        }
        text += "END:VEVENT\r\nEND:VCALENDAR\r\n"
        try Self.expect(
            text, named: "alarms.ics", to: format, within: 65_536,
            writing: [
                "ics": ("BEGIN:VALARM\r\n", 100_000), "jcal": ("[\"valarm\",", 100_000),
                "ndjson": ("\"uid\":\"flood\"", 1),
            ])
    }

    @Test(arguments: ["ics", "jcal", "ndjson"])
    func calendarPropertiesBeforeAnyComponentConvertInLittleMemory(format: String) throws {
        var text = Self.head
        for number in 0..<300_000 { text += "X-FLOOD:property \(number)\r\n" }
        text += Self.event + "END:VEVENT\r\nEND:VCALENDAR\r\n"
        try Self.expect(
            text, named: "properties.ics", to: format, within: 81_920,
            writing: [
                "ics": ("\r\nX-FLOOD:", 300_000), "jcal": ("[\"x-flood\",", 300_000),
                "ndjson": ("\"uid\":\"flood\"", 1),
            ])
    }

    @Test(arguments: ["csv", "json"])
    func manyRecordsImportInLittleMemory(format: String) throws {
        let fields = ["uid", "title", "start", "end", "zone", "location"]
        var rows: [[String]] = []
        for number in 0..<40_000 {
            let day = (1 + number % 28 < 10 ? "0" : "") + "\(1 + number % 28)"
            let hour = (8 + number % 9 < 10 ? "0" : "") + "\(8 + number % 9)"
            rows.append([
                "r\(number)@example.org", "Meeting \(number)", "2026-09-\(day)T\(hour):00",
                "2026-09-\(day)T\(hour):45", "Europe/Berlin", "Room \(number % 40)",
            ])
        }
        let text =
            format == "csv"
            ? ([fields] + rows).map { $0.joined(separator: ",") + "\r\n" }.joined()
            : "[\n"
                + rows.map { row in
                    "{" + zip(fields, row).map { "\"\($0)\": \"\($1)\"" }.joined(separator: ", ")
                        + "}"
                }.joined(separator: ",\n") + "\n]\n"
        let result = try Self.convert(text, named: "records." + format, to: "ics", within: 49_152)
        #expect(result.status == 0, "\(result.error.prefix(300))")
        #expect(result.output.components(separatedBy: "BEGIN:VEVENT\r\n").count - 1 == 40_000)
        #expect(result.output.contains("UID:r39999@example.org\r\n"))
        #expect(result.output.components(separatedBy: "BEGIN:VTIMEZONE\r\n").count - 1 == 1)
    }
}
