import ChronoSketchCore
import Testing

@testable import ChronoSketchLayout

@Suite struct RangeLayoutTests {
    /// Sleep sessions across midnight, one night missing, one nap.
    private var sleep: [CalendarEvent] {
        get throws {
            [
                try Events.timed("night-1", "2026-03-01T23:10", "2026-03-02T07:05"),
                try Events.timed("night-2", "2026-03-03T00:40", "2026-03-03T06:30"),
                try Events.timed("night-4", "2026-03-04T22:30", "2026-03-05T06:45"),
                try Events.timed("nap", "2026-03-05T14:00", "2026-03-05T14:30"),
                try Events.allDay("trip", "2026-03-01", "2026-03-03"),
            ]
        }
    }

    private func summary(_ layout: RangeLayout) -> [String] {
        layout.periods.map { period in
            "\(period.date): "
                + period.ranges.map { "\($0.event.id) \($0.startMinute)-\($0.endMinute)" }
                .joined(separator: ", ")
        }
    }

    @Test func noonBoundaryKeepsEachNightWhole() throws {
        let result = RangeLayout(events: try sleep, boundaryMinute: 720)
        #expect(
            summary(result) == [
                "2026-03-01: night-1 1390-1865",
                "2026-03-02: night-2 1480-1830",
                "2026-03-03: ",
                "2026-03-04: night-4 1350-1845",
                "2026-03-05: nap 840-870",
            ])
        try Shuffles.expectStable(try sleep) { RangeLayout(events: $0, boundaryMinute: 720) }
    }

    @Test func midnightBoundaryLetsEndsRunPastADay() throws {
        let result = RangeLayout(events: try sleep)
        #expect(
            summary(result) == [
                "2026-03-01: night-1 1390-1865",
                "2026-03-02: ",
                "2026-03-03: night-2 40-390",
                "2026-03-04: night-4 1350-1845",
                "2026-03-05: nap 840-870",
            ])
    }

    @Test func windowListsItsPeriodsOnly() throws {
        let result = RangeLayout(
            events: try sleep, boundaryMinute: 720, from: try Events.date("2026-03-02"),
            to: try Events.date("2026-03-04"))
        #expect(summary(result) == ["2026-03-02: night-2 1480-1830", "2026-03-03: "])
    }

    @Test func weekPeriodsCountMinutesFromTheWeekStart() throws {
        let result = RangeLayout(events: try sleep, period: .week, firstWeekday: .monday)
        // 2026-03-01 is a Sunday: its night belongs to the week of Monday 23 February.
        #expect(
            summary(result) == [
                "2026-02-23: night-1 10030-10505",
                "2026-03-02: night-2 1480-1830, night-4 4230-4725, nap 5160-5190",
            ])
    }

    @Test func boundaryIsTakenModuloADay() throws {
        #expect(RangeLayout(events: [], boundaryMinute: 1_440 + 720).boundaryMinute == 720)
        #expect(RangeLayout(events: [], boundaryMinute: -60).boundaryMinute == 1_380)
        #expect(RangeLayout(events: []).periods.isEmpty)
    }
}
