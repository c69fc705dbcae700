import ChronoSketchCore
import Testing

@testable import ChronoSketchLayout

@Suite struct MonthLayoutTests {
    private func month(_ events: [CalendarEvent], _ date: String, _ start: Weekday) throws
        -> MonthLayout
    {
        try MonthLayout(events: events, containing: Events.date(date), firstWeekday: start)
    }

    @Test(arguments: [
        ("2026-02-14", Weekday.sunday, "2026-02-01", "2026-03-14"),
        ("2026-02-14", Weekday.monday, "2026-01-26", "2026-03-08"),
        ("2026-06-30", Weekday.monday, "2026-06-01", "2026-07-12"),
        ("2026-03-01", Weekday.sunday, "2026-03-01", "2026-04-11"),
        ("2026-11-29", Weekday.monday, "2026-10-26", "2026-12-06"),
    ])
    func gridHoldsFortyTwoDatesFromTheWeekStart(
        date: String, start: Weekday, first: String, last: String
    ) throws {
        let result = try month([], date, start)
        #expect(result.days.count == 42)
        #expect(result.days.first?.date.description == first)
        #expect(result.days.last?.date.description == last)
        #expect(result.days.first?.date.weekday == start)
        let inMonth = result.days.filter(\.inMonth)
        let month = try Events.date(date)
        #expect(inMonth.count == month.daysInMonth)
        #expect(inMonth.first?.date == month.firstOfMonth)
        #expect(
            zip(result.days, result.days.dropFirst()).allSatisfy { $0.date.days(to: $1.date) == 1 })
    }

    @Test func eventsFillEveryDateTheyOccupy() throws {
        let events = [
            try Events.allDay("conference", "2026-02-26", "2026-03-03"),
            try Events.timed("late", "2026-02-10T23:00", "2026-02-11T00:00"),
            try Events.timed("night", "2026-02-12T22:00", "2026-02-13T02:00"),
            try Events.timed("deadline", "2026-02-20T17:00", "2026-02-20T17:00"),
            try Events.timed("standup", "2026-02-10T09:00", "2026-02-10T09:15"),
            try Events.allDay("carnival", "2026-02-10", "2026-02-11"),
        ]
        let result = try month(events, "2026-02-01", .monday)
        func ids(_ date: String) -> [String] {
            result.days.first { $0.date.description == date }?.events.map(\.id) ?? ["missing"]
        }
        #expect(ids("2026-02-10") == ["carnival", "standup", "late"])
        #expect(ids("2026-02-11").isEmpty)
        #expect(ids("2026-02-12") == ["night"])
        #expect(ids("2026-02-13") == ["night"])
        #expect(ids("2026-02-20") == ["deadline"])
        #expect(ids("2026-03-02") == ["conference"])
        #expect(ids("2026-03-03").isEmpty)
        #expect(
            result.agenda.map(\.date.description) == [
                "2026-02-10", "2026-02-12", "2026-02-13", "2026-02-20", "2026-02-26", "2026-02-27",
                "2026-02-28",
            ])
        #expect(result.days.first { $0.date.description == "2026-03-01" }?.count == 1)
        try Shuffles.expectStable(events) { try month($0, "2026-02-01", .monday) }
        try Shuffles.expectStable(events) { try month($0, "2026-02-01", .sunday) }
    }
}
