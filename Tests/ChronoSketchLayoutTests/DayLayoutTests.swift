import ChronoSketchCore
import Testing

@testable import ChronoSketchLayout

@Suite struct DayLayoutTests {
    private let day = "2026-09-08"

    /// `id: start–end (column/columns)` for each segment, the shape the tests compare.
    private func summary(_ layout: DayLayout) -> [String] {
        layout.segments.map {
            "\($0.event.id) \($0.startMinute)-\($0.endMinute) \($0.column)/\($0.columns)"
        }
    }

    private func layout(_ events: [CalendarEvent], minimumMinutes: Int = 0) throws -> DayLayout {
        try DayLayout(events: events, date: Events.date(day), minimumMinutes: minimumMinutes)
    }

    @Test func classicDayGivesTwoColumnsOnlyWhereEventsOverlap() throws {
        let events = [
            try Events.timed("standup", "\(day)T09:00", "\(day)T09:30"),
            try Events.timed("review", "\(day)T10:00", "\(day)T11:30"),
            try Events.timed("interview", "\(day)T10:30", "\(day)T11:15"),
            try Events.timed("lunch", "\(day)T13:00", "\(day)T14:00"),
        ]
        let result = try layout(events)
        #expect(
            summary(result) == [
                "standup 540-570 0/1", "review 600-690 0/2", "interview 630-675 1/2",
                "lunch 780-840 0/1",
            ])
        DayInvariants.check(result)
        try Shuffles.expectStable(events) { try layout($0) }
    }

    @Test func chainIsOneRunOfTwoColumns() throws {
        let events = [
            try Events.timed("a", "\(day)T09:00", "\(day)T10:00"),
            try Events.timed("b", "\(day)T09:30", "\(day)T10:30"),
            try Events.timed("c", "\(day)T10:15", "\(day)T11:00"),
        ]
        let result = try layout(events)
        #expect(summary(result) == ["a 540-600 0/2", "b 570-630 1/2", "c 615-660 0/2"])
        try Shuffles.expectStable(events) { try layout($0) }
    }

    @Test func touchingEventsDoNotOverlap() throws {
        let events = [
            try Events.timed("first", "\(day)T09:00", "\(day)T10:00"),
            try Events.timed("second", "\(day)T10:00", "\(day)T11:00"),
        ]
        #expect(summary(try layout(events)) == ["first 540-600 0/1", "second 600-660 0/1"])
        try Shuffles.expectStable(events) { try layout($0) }
    }

    @Test func identicalIntervalsAreOrderedById() throws {
        let events = [
            try Events.timed("b", "\(day)T09:00", "\(day)T10:00"),
            try Events.timed("a", "\(day)T09:00", "\(day)T10:00"),
            try Events.timed("c", "\(day)T09:00", "\(day)T10:00"),
        ]
        #expect(summary(try layout(events)) == ["a 540-600 0/3", "b 540-600 1/3", "c 540-600 2/3"])
        try Shuffles.expectStable(events) { try layout($0) }
    }

    @Test func instantOccupiesNoTimeUnlessAMinimumIsAsked() throws {
        let events = [
            try Events.timed("deadline", "\(day)T10:00", "\(day)T10:00"),
            try Events.timed("call", "\(day)T10:05", "\(day)T10:30"),
        ]
        #expect(summary(try layout(events)) == ["deadline 600-600 0/1", "call 605-630 0/1"])
        let drawn = try layout(events, minimumMinutes: 15)
        #expect(summary(drawn) == ["deadline 600-600 0/2", "call 605-630 1/2"])
        DayInvariants.check(drawn)
        try Shuffles.expectStable(events) { try layout($0, minimumMinutes: 15) }
    }

    @Test func instantInsideAnEventTakesTheNextColumn() throws {
        let events = [
            try Events.timed("meeting", "\(day)T10:00", "\(day)T11:00"),
            try Events.timed("reminder", "\(day)T10:30", "\(day)T10:30"),
        ]
        #expect(summary(try layout(events)) == ["meeting 600-660 0/2", "reminder 630-630 1/2"])
    }

    @Test func instantAtAnEventStartComesAfterIt() throws {
        let events = [
            try Events.timed("a-deadline", "\(day)T10:00", "\(day)T10:00"),
            try Events.timed("b-deadline", "\(day)T10:00", "\(day)T10:00"),
            try Events.timed("meeting", "\(day)T10:00", "\(day)T11:00"),
        ]
        let result = try layout(events)
        #expect(
            summary(result) == [
                "meeting 600-660 0/2", "a-deadline 600-600 1/2", "b-deadline 600-600 1/2",
            ])
        DayInvariants.check(result)
        try Shuffles.expectStable(events) { try layout($0) }
    }

    @Test func overnightEventGivesASegmentOnEachDay() throws {
        let shift = try Events.timed("shift", "\(day)T22:00", "2026-09-09T02:00")
        let first = try layout([shift])
        let second = try DayLayout(events: [shift], date: Events.date("2026-09-09"))
        let evening = try #require(first.segments.first)
        let morning = try #require(second.segments.first)
        #expect((evening.startMinute, evening.endMinute) == (1_320, 1_440))
        #expect(!evening.continuesBefore && evening.continuesAfter)
        #expect((morning.startMinute, morning.endMinute) == (0, 120))
        #expect(morning.continuesBefore && !morning.continuesAfter)
        #expect(morning.event.interval == shift.interval)
    }

    @Test func endAtMidnightGivesNothingOnTheNextDay() throws {
        let late = try Events.timed("late", "\(day)T23:00", "2026-09-09T00:00")
        let segment = try #require(try layout([late]).segments.first)
        #expect((segment.endMinute, segment.continuesAfter) == (1_440, false))
        #expect(try DayLayout(events: [late], date: Events.date("2026-09-09")).segments.isEmpty)
    }

    @Test func middleDayOfALongEventIsWholeAndContinuesBothWays() throws {
        let retreat = try Events.timed("retreat", "2026-09-07T15:00", "2026-09-09T12:00")
        let segment = try #require(try layout([retreat]).segments.first)
        #expect((segment.startMinute, segment.endMinute) == (0, 1_440))
        #expect(segment.continuesBefore && segment.continuesAfter)
    }

    @Test func secondsRoundOutwardToWholeMinutes() throws {
        let blip = try Events.timed("blip", "\(day)T09:00:30", "\(day)T09:01:15")
        let segment = try #require(try layout([blip]).segments.first)
        #expect((segment.startMinute, segment.endMinute) == (540, 542))
    }

    @Test func allDayEventsOccupyEveryDayBeforeTheirEnd() throws {
        let events = [
            try Events.allDay("trip", "2026-09-07", "2026-09-09"),
            try Events.allDay("holiday", "2026-09-08", "2026-09-09"),
            try Events.allDay("before", "2026-09-06", "2026-09-08"),
        ]
        #expect(try layout(events).allDay.map(\.id) == ["trip", "holiday"])
        #expect(try layout(events).segments.isEmpty)
    }

    @Test(arguments: [0, 10, 30])
    func randomDaysKeepTheColumnInvariants(minimumMinutes: Int) throws {
        var generator = SeededGenerator(seed: UInt64(17 + minimumMinutes))
        for round in 0..<200 {
            var events: [CalendarEvent] = []
            for index in 0..<Int.random(in: 1...28, using: &generator) {
                let start = Int.random(in: -180...1_500, using: &generator)
                let length = [0, 5, 15, 30, 45, 60, 90, 240][
                    Int.random(in: 0..<8, using: &generator)]
                events.append(
                    try Events.timed(
                        "e\(index)", Self.time(start), Self.time(start + length)))
            }
            let result = try layout(events, minimumMinutes: minimumMinutes)
            DayInvariants.check(result)
            #expect(
                result.segments.count == events.filter { $0.interval.touches(result.date) }.count,
                "round \(round)")
            if round.isMultiple(of: 10) {
                try Shuffles.expectStable(events, count: 10) {
                    try layout($0, minimumMinutes: minimumMinutes)
                }
            }
        }
    }

    private static func time(_ minutes: Int) -> String {
        let base = try? CivilDate(parsing: "2026-09-08")
        let date = (try? base?.adding(days: Int((Double(minutes) / 1_440).rounded(.down)))) ?? base
        let minute = ((minutes % 1_440) + 1_440) % 1_440
        return
            "\(date?.description ?? "")T\(ASCIIDigits.padded(minute / 60, 2)):\(ASCIIDigits.padded(minute % 60, 2))"
    }
}
