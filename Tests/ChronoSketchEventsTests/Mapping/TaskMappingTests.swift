import ChronoSketchCore
import TestSupport
import Testing

@testable import ChronoSketchEvents

/// VTODOs and VJOURNALs read as occurrences when asked (`--component`): where each is placed
/// (RFC 5545 §3.6.2, §3.6.3, as recurring-ical-events and ics-query place them), what it
/// carries beyond an event's fields, and that recurring ones expand as events do.
@Suite struct TaskMappingTests {
    static func load(
        _ body: String, components: Set<ComponentKind> = Set(ComponentKind.allCases),
        from: String? = nil, to: String? = nil
    ) throws -> LoadedCalendar {
        try Fixture.load(
            [("test.ics", Fixture.calendar(Fixture.berlin + "\n" + body))], zone: "Europe/Berlin",
            from: from, to: to, components: components)
    }

    static func todo(_ uid: String, _ lines: String) -> String {
        "BEGIN:VTODO\nUID:\(uid)\nDTSTAMP:20260101T000000Z\n\(lines)\nEND:VTODO"
    }

    /// `start/end due` of each occurrence, by id.
    static func placed(_ loaded: LoadedCalendar) -> [String: String] {
        Dictionary(
            loaded.events.map {
                ($0.id, "\($0.interval.startText)/\($0.interval.endText) \($0.dueText ?? "-")")
            }, uniquingKeysWith: { first, _ in first })
    }

    @Test func aTaskIsPlacedByItsStartItsDueAndItsDuration() throws {
        let loaded = try Self.load(
            [
                Self.todo(
                    "both",
                    "DTSTART;TZID=Europe/Berlin:20261201T090000\nDUE;TZID=Europe/Berlin:20261201T170000"
                ),
                Self.todo("due", "DUE;TZID=Europe/Berlin:20261203T120000"),
                Self.todo("duration", "DTSTART;TZID=Europe/Berlin:20261204T090000\nDURATION:PT2H"),
                Self.todo("start", "DTSTART;TZID=Europe/Berlin:20261205T090000"),
                Self.todo("due-date", "DUE;VALUE=DATE:20261210"),
                Self.todo("dates", "DTSTART;VALUE=DATE:20261207\nDUE;VALUE=DATE:20261209"),
            ].joined(separator: "\n"))
        #expect(
            Self.placed(loaded) == [
                "both": "2026-12-01T09:00/2026-12-01T17:00 2026-12-01T17:00",
                "due": "2026-12-03T12:00/2026-12-03T12:00 2026-12-03T12:00",
                "duration": "2026-12-04T09:00/2026-12-04T11:00 -",
                "start": "2026-12-05T09:00/2026-12-05T09:00 -",
                // A date is a day: the task due on it stands on that day.
                "due-date": "2026-12-10/2026-12-11 2026-12-10",
                "dates": "2026-12-07/2026-12-09 2026-12-09",
            ])
        #expect(loaded.events.allSatisfy { $0.component == .todo })
        #expect(loaded.diagnostics.isEmpty, "\(loaded.messages)")
    }

    @Test func aTaskCarriesItsProgressPriorityAndStatus() throws {
        let loaded = try Self.load(
            Self.todo(
                "t",
                """
                DUE:20261201T170000Z
                COMPLETED:20261201T160500Z
                PERCENT-COMPLETE:100
                PRIORITY:1
                STATUS:COMPLETED
                """)
                + "\n"
                + Self.todo("u", "DUE:20261202T170000Z\nPRIORITY:0\nSTATUS:DONE"))
        let done = try #require(loaded.events.first { $0.uid == "t" })
        #expect(
            done.task
                == TaskDetails(
                    due: .atStart, completed: 1_796_141_100, percentComplete: 100, priority: 1,
                    status: "COMPLETED"))
        #expect(done.writtenStatus == "COMPLETED")
        // PRIORITY 0 is undefined; a status no VTODO has is said and ignored.
        let other = try #require(loaded.events.first { $0.uid == "u" })
        #expect(other.task?.priority == nil)
        #expect(other.task?.status == nil)
        #expect(
            loaded.messages == [
                "test.ics:35: warning: Unknown STATUS 'DONE' for a VTODO; STATUS ignored"
            ])
    }

    @Test func aPriorityOrProgressOutOfRangeIsSaidAndLeftOut() throws {
        let loaded = try Self.load(
            Self.todo(
                "t",
                "DUE:20261201T170000Z\nRRULE:FREQ=DAILY;COUNT=3\nPRIORITY:12\nPERCENT-COMPLETE:250")
        )
        #expect(loaded.events.count == 3)
        #expect(
            loaded.events.allSatisfy { $0.task?.priority == nil && $0.task?.percentComplete == nil }
        )
        #expect(loaded.diagnostics.map(\.code) == [.valueOutOfRange, .valueOutOfRange])
        #expect(
            loaded.messages.first?.hasPrefix(
                "test.ics:26: warning: PRIORITY 12 is outside 0 to 9, the range of RFC 5545 §3.8.1.9"
            )
                == true)
    }

    @Test func aJournalEntryIsAtItsStart() throws {
        let loaded = try Self.load(
            """
            BEGIN:VJOURNAL
            UID:note
            DTSTAMP:20260101T000000Z
            DTSTART;VALUE=DATE:20261201
            SUMMARY:Minutes
            STATUS:FINAL
            END:VJOURNAL
            BEGIN:VJOURNAL
            UID:log
            DTSTAMP:20260101T000000Z
            DTSTART:20261202T080000Z
            END:VJOURNAL
            """)
        #expect(
            Self.placed(loaded) == [
                "note": "2026-12-01/2026-12-02 -", "log": "2026-12-02T09:00/2026-12-02T09:00 -",
            ])
        #expect(loaded.events.allSatisfy { $0.component == .journal })
        #expect(loaded.events.first?.writtenStatus == "FINAL")
    }

    @Test func recurringTasksExpandWithTheirOverridesAndExceptions() throws {
        let loaded = try Self.load(
            [
                Self.todo(
                    "weekly",
                    """
                    DTSTART;TZID=Europe/Berlin:20261005T090000
                    DUE;TZID=Europe/Berlin:20261005T100000
                    RRULE:FREQ=WEEKLY;COUNT=4
                    EXDATE;TZID=Europe/Berlin:20261019T090000
                    """),
                Self.todo(
                    "weekly",
                    """
                    RECURRENCE-ID;TZID=Europe/Berlin:20261012T090000
                    DTSTART;TZID=Europe/Berlin:20261013T090000
                    DUE;TZID=Europe/Berlin:20261013T120000
                    STATUS:IN-PROCESS
                    """),
            ].joined(separator: "\n"))
        // Across the end of summer time on 25 October, the wall clock stays.
        #expect(
            loaded.events.map {
                "\($0.interval.startText) \($0.dueText ?? "-") \($0.writtenStatus ?? "-")"
            }
                == [
                    "2026-10-05T09:00 2026-10-05T10:00 -",
                    "2026-10-13T09:00 2026-10-13T12:00 IN-PROCESS",
                    "2026-10-26T09:00 2026-10-26T10:00 -",
                ])
    }

    /// A UID names one thing (RFC 5545 §3.8.4.7): a VEVENT and a VTODO that share one are
    /// versions of it, the newer kept and the other said, as two VEVENTs would be.
    @Test func aTaskAndAnEventOfOneUIDAreVersionsOfOneThing() throws {
        let loaded = try Self.load(
            Fixture.event("same", "DTSTART:20261201T090000Z\nSEQUENCE:1") + "\n"
                + Self.todo("same", "DUE:20261202T090000Z"))
        #expect(loaded.events.map(\.component) == [.event])
        #expect(loaded.diagnostics.map(\.code) == [.duplicateEvent])
    }

    @Test func onlyTheComponentsAskedForAreRead() throws {
        let body =
            Fixture.event("meeting", "DTSTART:20261201T090000Z")
            + "\n" + Self.todo("task", "DUE:20261202T090000Z")
        #expect(try Self.load(body, components: [.event]).events.map(\.uid) == ["meeting"])
        #expect(try Self.load(body, components: [.todo]).events.map(\.uid) == ["task"])
    }

    @Test func aTaskWithNoTimeIsSaidAndNotListed() throws {
        let loaded = try Self.load(
            Self.todo("someday", "SUMMARY:Clean the attic") + "\n"
                + Self.todo("sometime", "SUMMARY:Paint the fence"))
        #expect(loaded.events.isEmpty)
        #expect(
            loaded.messages == [
                "test.ics:21: warning: 2 VTODO components have neither DTSTART nor DUE (the first here); not listed: nothing places it in time"
            ])
    }

    @Test func aTaskDueBeforeItStartsIsSwappedAndSaid() throws {
        let loaded = try Self.load(
            Self.todo("late", "DTSTART:20261201T120000Z\nDUE:20261201T090000Z"))
        let task = try #require(loaded.events.first)
        #expect(task.interval.startText == "2026-12-01T10:00")
        #expect(task.interval.endText == "2026-12-01T13:00")
        #expect(task.dueText == "2026-12-01T10:00")
        #expect(loaded.diagnostics.map(\.code) == [.endBeforeStart])
        #expect(
            loaded.messages.first?.contains(
                "DUE 2026-12-01T09:00Z is before DTSTART 2026-12-01T12:00Z") == true)
    }
}
