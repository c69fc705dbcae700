import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// An event is who its bytes say, and belongs to the calendar its input names: UIDs are
/// compared as written, and an event's calendar is its X-WR-CALNAME, else its file's name.
@Suite struct EventIdentityTests {
    private static let composed = "caf\u{E9}@example.org"
    private static let decomposed = "cafe\u{301}@example.org"

    @Test func uidsThatDifferOnlyInUnicodeFormAreTwoEvents() throws {
        let body = [Self.composed, Self.decomposed].enumerated().map { index, uid in
            Fixture.event(uid, "DTSTART:2026120\(index + 1)T100000Z\nSUMMARY:Event \(index + 1)")
        }
        let loaded = try Fixture.load(Fixture.calendar(body.joined(separator: "\n")), zone: "UTC")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.messages)")
        #expect(
            loaded.events.map { Array($0.uid.utf8) } == [
                Array(Self.composed.utf8), Array(Self.decomposed.utf8),
            ])
    }

    @Test func aFileIsNamedByItsCalendarNameElseItsFileName() throws {
        let loaded = try CalendarLoader.load(
            [
                .file(Fixture.path("Fixtures/demo/team-week.ics")),
                .file(Fixture.path("Fixtures/meaning/two-calendars/mine.ics")),
            ],
            options: LoadOptions(
                zone: try Fixture.zone("UTC"), from: try CivilDate(parsing: "2026-01-01"),
                to: try CivilDate(parsing: "2027-01-01")))
        // team-week.ics says X-WR-CALNAME:Platform team; mine.ics says none.
        #expect(Set(loaded.events.compactMap(\.calendar)) == ["Platform team", "mine"])
    }
}
