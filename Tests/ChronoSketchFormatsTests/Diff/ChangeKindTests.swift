import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// Each kind of change between two versions of a league's feed (`Fixtures/diff/`), told once,
/// and what is no change: a zone spelled otherwise, a RECURRENCE-ID written in UTC,
/// parameters in another order, a new DTSTAMP.
@Suite struct ChangeKindTests {
    static func diff(_ old: String, _ new: String) throws -> CalendarDiff {
        try CalendarDiff.compare(
            [.file(Fixture.path(old))], [.file(Fixture.path(new))],
            options: LoadOptions(zone: try Fixture.zone("Europe/Berlin")))
    }

    @Test func everyKindOfChangeIsToldOnce() throws {
        let diff = try Self.diff("Fixtures/diff/old.ics", "Fixtures/diff/new.ics")
        let kinds = diff.changes.map { "\($0.kind.rawValue) \($0.current.uid ?? "-")" }
        #expect(
            Set(kinds) == [
                "moved game-1", "changed training", "changed game-2", "added training",
                "cancelled game-3", "removed game-4", "uid-changed new-5", "added game-6",
            ])
        #expect(kinds.count == 8)
        func change(_ uid: String) -> CalendarDiff.Change? {
            diff.changes.first { $0.current.uid == uid }
        }
        // Moved without raising SEQUENCE: clients may ignore it.
        #expect(change("game-1")?.sequenceIncreased == false)
        #expect(change("game-2")?.sequenceIncreased == true)
        let moved = try #require(change("game-1"))
        #expect(moved.old?.instants?.start == (try Self.utc("2026-05-03T13:00")))
        #expect(moved.new?.instants?.start == (try Self.utc("2026-05-02T13:00")))
        // Only what differs of a list: Bob's answer, not Ann's parameters in another order.
        let fields = try #require(change("training")?.fields)
        #expect(fields.map(\.field) == ["attendee", "rrule", "valarm"])
        #expect(fields[0].new == ["mailto:bob@example.org (CN=Bob;PARTSTAT=DECLINED)"])
        // Added and removed have one side; a UID change has both.
        #expect(change("game-6")?.old == nil)
        #expect(change("game-4")?.new == nil)
        #expect(change("new-5")?.old?.uid == "old-5")
    }

    @Test func aCalendarIsItsOwnSame() throws {
        let diff = try Self.diff("Fixtures/diff/old.ics", "Fixtures/diff/old.ics")
        #expect(diff.changes.isEmpty)
    }

    /// Seconds since 1970 of a UTC wall clock.
    private static func utc(_ text: String) throws -> Int {
        try LocalDateTime(parsing: text).secondsSinceEpoch
    }
}
