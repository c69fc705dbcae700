import ChronoSketchCore
import Testing

@testable import ChronoSketchICal

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
        let event = ComponentBuilder.vevent(try draft(), stamp: stamp, line: 7)
        #expect(event.line == 7)
        #expect(
            event.properties.map { String(decoding: $0.contentLine, as: UTF8.self) } == [
                "UID:a\\;b\\,c@example.com", "DTSTAMP:20260901T000000Z",
                "DTSTART;TZID=Europe/Berlin:20260908T090000", "DTEND;VALUE=DATE:20260909",
                "SUMMARY:Plan: one\\; two\\, three\\\\",
                "DESCRIPTION:First line\\nsecond line\twith a tab", "CATEGORIES:Work\\, team",
                "CATEGORIES:Café", "ORGANIZER;CN=\"Lovelace, ^'Ada^' ^^ 1\":mailto:ada@example.com",
                "URL:https://example.com/a,b;c", "SEQUENCE:3",
            ])
        #expect(event.properties.map(\.line) == Array(8...18))
    }

    @Test func whatIsWrittenReadsBackAsTheRecordSaid() throws {
        let event = ComponentBuilder.vevent(try draft(), stamp: stamp, line: 1)
        #expect(event.property("SUMMARY")?.value == .text("Plan: one; two, three\\"))
        #expect(
            event.properties("CATEGORIES").flatMap(\.values) == [
                .text("Work, team"), .text("Café"),
            ])
        #expect(event.property("ORGANIZER")?.parameter("CN") == "Lovelace, \"Ada\" ^ 1")
        #expect(event.property("UID")?.value == .text("a;b,c@example.com"))
        #expect(event.properties.allSatisfy { $0.problems.isEmpty })
    }
}
