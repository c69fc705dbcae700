import Testing

@testable import ChronoSketchCore

@Suite struct CalendarEventsTests {
    private func event(_ uid: String, _ start: String, allDay: Bool = false, line: Int = 1) throws
        -> CalendarEvent
    {
        let interval: EventInterval
        if allDay {
            let date = try CivilDate(parsing: start)
            interval = try EventInterval(allDayFrom: date, to: date.adding(days: 1))
        } else {
            let time = try LocalDateTime(parsing: start)
            interval = try EventInterval(from: time, to: time.adding(seconds: 3600))
        }
        return try CalendarEvent(
            uid: uid, title: uid, interval: interval,
            source: SourceLocation(file: "t.ics", line: line),
            originalStart: .floating(interval.start))
    }

    @Test func sortsByStartThenAllDayFirstThenId() throws {
        let events = try CalendarEvents([
            event("b", "2026-09-08T00:00"), event("z", "2026-09-08", allDay: true),
            event("a", "2026-09-08T00:00"), event("c", "2026-09-07T23:00"),
        ])
        #expect(events.map(\.id) == ["c", "z", "a", "b"])
    }

    @Test func orderDoesNotDependOnInput() throws {
        let list = try [
            event("b", "2026-09-08T00:00"), event("z", "2026-09-08", allDay: true),
            event("a", "2026-09-08T00:00"), event("c", "2026-09-07T23:00"),
        ]
        let expected = try CalendarEvents(list).map(\.id)
        for _ in 0..<20 {
            #expect(try CalendarEvents(list.shuffled()).map(\.id) == expected)
        }
    }

    @Test func rejectsDuplicateIds() throws {
        let first = try event("a", "2026-09-08T00:00", line: 3)
        let second = try event("a", "2026-09-09T00:00", line: 9)
        #expect(
            throws: CalendarEventsError.duplicateID("a", first: first.source, second: second.source)
        ) {
            try CalendarEvents([first, second])
        }
    }

    @Test func rejectsBlankIds() throws {
        #expect(throws: CalendarEventsError.self) { try event("  ", "2026-09-08T00:00") }
    }

    @Test func occurrenceIdCarriesTheRecurrenceId() throws {
        let time = try LocalDateTime(parsing: "2026-09-08T09:00")
        let occurrence = try CalendarEvent(
            uid: "series", recurrenceId: .floating(try LocalDateTime(parsing: "2026-09-08T09:00")),
            title: "x",
            interval: .timed(start: time, end: time), source: SourceLocation(file: "f", line: 1),
            originalStart: .floating(time))
        #expect(occurrence.id == "series#2026-09-08T09:00")
    }
}
