import ChronoSketchCore
import Testing

@testable import ChronoSketchLayout

@Suite struct WeekLayoutTests {
    /// `id firstDay-lastDay lane [<] [>]` for each bar.
    private func summary(_ layout: WeekLayout) -> [String] {
        layout.bars.map {
            "\($0.event.id) \($0.firstDay)-\($0.lastDay) \($0.lane)"
                + ($0.continuesBefore ? " <" : "") + ($0.continuesAfter ? " >" : "")
        }
    }

    private func week(_ events: [CalendarEvent], _ date: String, _ start: Weekday) throws
        -> WeekLayout
    {
        try WeekLayout(events: events, containing: Events.date(date), firstWeekday: start)
    }

    // 2026-09-05 is a Saturday; the event occupies Saturday to Tuesday (end Wednesday).
    private var weekend: CalendarEvent {
        get throws { try Events.allDay("long-weekend", "2026-09-05", "2026-09-09") }
    }

    @Test func mondayWeeksSplitTheBarWithContinuationFlags() throws {
        let first = try week([weekend], "2026-09-05", .monday)
        #expect(first.weekStart == (try Events.date("2026-08-31")))
        #expect(summary(first) == ["long-weekend 5-6 0 >"])
        let second = try week([weekend], "2026-09-08", .monday)
        #expect(second.weekStart == (try Events.date("2026-09-07")))
        #expect(summary(second) == ["long-weekend 0-1 0 <"])
    }

    @Test func sundayWeeksSplitTheBarWithContinuationFlags() throws {
        let first = try week([weekend], "2026-09-05", .sunday)
        #expect(first.weekStart == (try Events.date("2026-08-30")))
        #expect(summary(first) == ["long-weekend 6-6 0 >"])
        let second = try week([weekend], "2026-09-06", .sunday)
        #expect(summary(second) == ["long-weekend 0-2 0 <"])
    }

    @Test func barsTakeTheFirstFreeLaneLongerFirstAndReuseFreedLanes() throws {
        let events = [
            try Events.allDay("a-short", "2026-09-07", "2026-09-09"),
            try Events.allDay("b-long", "2026-09-07", "2026-09-10"),
            try Events.allDay("c-after-short", "2026-09-09", "2026-09-11"),
            try Events.allDay("d-friday", "2026-09-11", "2026-09-12"),
            try Events.allDay("e-same", "2026-09-07", "2026-09-09"),
        ]
        let result = try week(events, "2026-09-07", .monday)
        #expect(
            summary(result) == [
                "b-long 0-2 0", "d-friday 4-4 0", "a-short 0-1 1", "c-after-short 2-3 1",
                "e-same 0-1 2",
            ])
        #expect(result.lanes == 3)
        try Shuffles.expectStable(events) { try week($0, "2026-09-07", .monday) }
    }

    @Test func barsInOneLaneNeverShareADay() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<100 {
            var events: [CalendarEvent] = []
            for index in 0..<Int.random(in: 1...16, using: &generator) {
                let start = try Events.date("2026-09-03").adding(
                    days: Int.random(in: 0...14, using: &generator))
                let end = try start.adding(days: Int.random(in: 1...6, using: &generator))
                events.append(try Events.allDay("e\(index)", "\(start)", "\(end)"))
            }
            let result = try week(events, "2026-09-08", .monday)
            for (index, first) in result.bars.enumerated() {
                #expect((0...6).contains(first.firstDay) && first.firstDay <= first.lastDay)
                #expect(first.lastDay <= 6 && first.lane < result.lanes)
                for second in result.bars[(index + 1)...] where second.lane == first.lane {
                    #expect(first.lastDay < second.firstDay || second.lastDay < first.firstDay)
                }
            }
            let expected = events.filter {
                $0.interval.touches(
                    from: result.weekStart.daysSinceEpoch * 86_400,
                    to: (result.weekStart.daysSinceEpoch + 7) * 86_400)
            }
            #expect(Set(result.bars.map(\.event.id)) == Set(expected.map(\.id)))
            try Shuffles.expectStable(events, count: 5) { try week($0, "2026-09-08", .monday) }
        }
    }

    @Test func daysAreTheDayLayoutsOfTheWeek() throws {
        let events = [
            try Events.timed("night", "2026-09-13T22:00", "2026-09-14T02:00"),
            try Events.timed("review", "2026-09-08T10:00", "2026-09-08T11:30"),
            try weekend,
        ]
        let result = try week(events, "2026-09-10", .monday)
        #expect(result.days.map(\.date.description).first == "2026-09-07")
        #expect(result.days.map(\.date.description).last == "2026-09-13")
        for day in result.days {
            #expect(day == DayLayout(events: events, date: day.date))
        }
        let sunday = try #require(result.days.last?.segments.first)
        #expect(sunday.continuesAfter && sunday.event.id == "night")
        #expect(result.days[0].allDay.map(\.id) == ["long-weekend"])
    }

    @Test(arguments: [
        ("2026-12-31", Weekday.monday, "2026-12-28", 2026, 53),
        ("2027-01-02", Weekday.sunday, "2026-12-27", 2026, 53),
        ("2027-01-03", Weekday.sunday, "2027-01-03", 2027, 1),
        ("2027-01-04", Weekday.monday, "2027-01-04", 2027, 1),
        ("2026-09-08", Weekday.saturday, "2026-09-05", 2026, 37),
    ])
    func isoWeekIsTheWeekOfTheMondayInside(
        date: String, start: Weekday, weekStart: String, year: Int, number: Int
    ) throws {
        let result = try week([], date, start)
        #expect(result.weekStart.description == weekStart)
        #expect((result.isoYear, result.isoWeek) == (year, number))
    }

    @Test func weekPastTheLastSupportedDateThrows() throws {
        #expect(throws: CivilTimeError.self) { try week([], "9999-12-31", .monday) }
    }
}
