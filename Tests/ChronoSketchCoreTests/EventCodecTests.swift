import Testing

@testable import ChronoSketchCore

/// Events as bytes and back (``EventCodec``): every field comes back, the component and a
/// task's details included, whichever optional fields are present.
@Suite struct EventCodecTests {
    static func event(
        component: ComponentKind, task: TaskDetails?, allDay: Bool = false
    ) throws -> CalendarEvent {
        let start = try LocalDateTime(parsing: "2026-12-07T09:00")
        let interval: EventInterval =
            allDay
            ? .allDay(start: start.date, end: try start.date.adding(days: 1))
            : .timed(start: start, end: try LocalDateTime(parsing: "2026-12-07T17:00"))
        var event = try CalendarEvent(
            uid: "report@example.org", title: "Report", interval: interval,
            location: "Desk", description: "Quarterly", categories: ["work"],
            organizer: Participant(address: "ann@example.org", name: "Ann"),
            attendees: [Participant(address: "bob@example.org", status: "ACCEPTED")],
            url: "https://example.org", color: "red",
            source: SourceLocation(file: "chores.ics", line: 5),
            originalStart: allDay ? .date(start.date) : .zoned(start, tzid: "Europe/Berlin"),
            sequence: 2, calendar: "Chores")
        event.component = component
        event.task = task
        return event
    }

    static let tasks: [TaskDetails?] = [
        nil, TaskDetails(),
        TaskDetails(
            due: .atEnd, completed: 1_796_141_100, percentComplete: 40, priority: 1,
            status: "IN-PROCESS"),
        TaskDetails(due: .atStart, priority: 9), TaskDetails(status: "FINAL"),
    ]

    @Test(arguments: ComponentKind.allCases)
    func everyFieldComesBack(component: ComponentKind) throws {
        for task in Self.tasks {
            for allDay in [false, true] {
                let event = try Self.event(component: component, task: task, allDay: allDay)
                var bytes: [UInt8] = []
                EventCodec.encode(event, into: &bytes)
                let decoded = EventCodec.decode(bytes[...])
                #expect(decoded == event)
                #expect(decoded.component == component)
                #expect(decoded.task == task)
            }
        }
    }

    @Test func aTasksDueIsWhereItsIntervalPutsIt() throws {
        let atEnd = try Self.event(component: .todo, task: TaskDetails(due: .atEnd))
        #expect(atEnd.dueText == "2026-12-07T17:00")
        let atStart = try Self.event(
            component: .todo, task: TaskDetails(due: .atStart), allDay: true)
        #expect(atStart.dueText == "2026-12-07")
        #expect(try Self.event(component: .todo, task: TaskDetails()).dueText == nil)
        #expect(try Self.event(component: .event, task: nil).dueText == nil)
    }
}
