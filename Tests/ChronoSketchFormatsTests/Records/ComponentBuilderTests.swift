import ChronoSketchCore
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// Events imported from records become components line by line, and read back as they were.
@Suite struct ComponentBuilderTests {
    private let stamp = LocalDateTime(startOf: try! CivilDate(parsing: "2026-09-01"))

    private func draft() throws -> EventDraft {
        var draft = EventDraft(
            uid: "a;b,c@example.com",
            start: .zoned(try LocalDateTime(parsing: "2026-09-08T09:00"), tzid: "Europe/Berlin"),
            end: .date(try CivilDate(parsing: "2026-09-09")), title: "Plan: one; two, three\\")
        draft.description = "First line\nsecond\r line\twith a tab"
        draft.categories = ["Work, team", "Café"]
        draft.organizer = Participant(address: "ada@example.com", name: "Lovelace, \"Ada\" ^ 1")
        draft.url = "https://example.com/a,b;c"
        draft.sequence = 3
        return draft
    }

    @Test func linesAreWrittenAsTheRFCSays() throws {
        let (event, omissions) = try ComponentBuilder.component(try draft(), stamp: stamp, line: 7)
        #expect(omissions.isEmpty)
        #expect(event.line == 7)
        #expect(
            event.properties.map { String(decoding: $0.contentLine, as: UTF8.self) } == [
                "UID:a\\;b\\,c@example.com", "DTSTAMP:20260901T000000Z",
                "DTSTART;TZID=Europe/Berlin:20260908T090000", "DTEND;VALUE=DATE:20260909",
                "SUMMARY:Plan: one\\; two\\, three\\\\",
                "DESCRIPTION:First line\\nsecond\\n line\twith a tab", "CATEGORIES:Work\\, team",
                "CATEGORIES:Café", "ORGANIZER;CN=\"Lovelace, ^'Ada^' ^^ 1\":mailto:ada@example.com",
                "URL:https://example.com/a,b;c", "SEQUENCE:3",
            ])
        #expect(event.properties.map(\.line) == Array(8...18))
    }

    @Test func whatIsWrittenReadsBackAsTheRecordSaid() throws {
        let event = try ComponentBuilder.component(try draft(), stamp: stamp, line: 1).component
        #expect(event.property("SUMMARY")?.value == .text("Plan: one; two, three\\"))
        #expect(
            event.properties("CATEGORIES").flatMap(\.values) == [
                .text("Work, team"), .text("Café"),
            ])
        #expect(event.property("ORGANIZER")?.parameter("CN") == "Lovelace, \"Ada\" ^ 1")
        #expect(event.property("UID")?.value == .text("a;b,c@example.com"))
        #expect(event.properties.allSatisfy { $0.problems.isEmpty })
    }

    /// The characters that end a content line, split it or open an escape, and a NUL.
    private static let hostile: [Character] = [
        "\r", "\n", "\r\n", ":", ";", ",", "\"", "^", "\\", "\0", "\t", "\u{1B}", "a", "é", " ",
    ]

    private static func randomText(_ generator: inout ZoneFuzzGenerator) -> String {
        String(
            (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                hostile.randomElement(using: &generator) ?? "a"
            })
    }

    /// What a text is read back as: a line break is one LF, and the control characters no
    /// iCalendar text holds are left out (a tab stays).
    private static func written(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
                    of: "\r", with: "\n"
                ).unicodeScalars.filter {
                    $0.value >= 0x20 || $0 == "\n" || $0 == "\t"
                }))
    }

    /// Records of every format, each field full of CR, LF, `:`, `;`, `,`, `"`, `^`, `\` and
    /// NUL, become exactly one VEVENT each, whose fields read back as written.
    @Test(arguments: [ConversionFormat.json, .ndjson, .csv])
    func hostileFieldsNeverBecomeMoreThanOneLine(format: ConversionFormat) throws {
        var generator = ZoneFuzzGenerator(state: 5545)
        for _ in 0..<40 {
            let count = Int.random(in: 1...6, using: &generator)
            let records: [[String: String]] = (0..<count).map { index in
                [
                    "uid": "u\(index)" + Self.randomText(&generator),
                    "title": Self.randomText(&generator),
                    "location": Self.randomText(&generator),
                    "description": Self.randomText(&generator),
                    "name": "n" + Self.randomText(&generator),
                    "start": "2026-09-0\(index + 1)T09:00",
                ]
            }
            let names = ["uid", "title", "location", "description", "start"]
            var bytes: [UInt8] = []
            switch format {
            case .csv:
                var csv = CSVWriter()
                csv.record(names)
                for record in records { csv.record(names.map { record[$0] ?? "" }) }
                bytes = csv.bytes
            default:
                var json = JSONWriter()
                if format == .json { json.beginArray() }
                for record in records {
                    json.beginObject()
                    for name in names { json.field(name, record[name]) }
                    json.key("organizer")
                    json.beginObject()
                    json.field("address", "boss@example.com")
                    json.field("name", record["name"])
                    json.endObject()
                    json.field("categories", strings: [record["title"] ?? "", "x"])
                    json.endObject()
                    if format == .ndjson { json.raw("\n") }
                }
                if format == .json { json.endArray() }
                bytes = json.takeBytes()
            }
            var diagnostics: [Diagnostic] = []
            let calendar = try RecordReader.read(
                bytes, format: format, name: "records", stamp: stamp, zone: .utc, database: .system,
                diagnostics: &diagnostics)
            let reread = try DocumentReader.read(
                .memory(name: "out", bytes: calendar.text)
            ).document
            let events = reread.components.flatMap(\.components).filter { $0.name == "VEVENT" }
            try #require(events.count == records.count, "\(diagnostics)")
            for (event, record) in zip(events, records) {
                #expect(event.property("UID")?.value == .text(Self.written(record["uid"]!)))
                #expect(event.property("SUMMARY")?.value == .text(Self.written(record["title"]!)))
                #expect(
                    event.property("LOCATION")?.value == .text(Self.written(record["location"]!)))
                #expect(
                    event.property("DESCRIPTION")?.value
                        == .text(Self.written(record["description"]!)))
                #expect(event.properties.allSatisfy { $0.isProperty && $0.problems.isEmpty })
                guard format != .csv else { continue }
                #expect(
                    event.property("ORGANIZER")?.parameter("CN") == Self.written(record["name"]!))
                #expect(
                    event.properties("CATEGORIES").flatMap(\.values) == [
                        .text(Self.written(record["title"]!)), .text("x"),
                    ])
            }
        }
    }

    @Test func anAddressWithALineBreakRefusesTheRecord() throws {
        var draft = try draft()
        draft.attendees = [Participant(address: "a@example.com\r\nX-EVIL:1")]
        #expect(throws: RecordImport.Problem.self) {
            try ComponentBuilder.component(draft, stamp: stamp, line: 1)
        }
        draft.attendees = []
        draft.url = "https://example.com/\nX"
        #expect(throws: RecordImport.Problem.self) {
            try ComponentBuilder.component(draft, stamp: stamp, line: 1)
        }
    }
}
