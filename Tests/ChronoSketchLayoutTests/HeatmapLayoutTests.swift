import ChronoSketchCore
import Testing

@testable import ChronoSketchLayout

@Suite struct HeatmapLayoutTests {
    private var events: [CalendarEvent] {
        get throws {
            [
                try Events.timed("a", "2026-09-08T09:00", "2026-09-08T10:00"),
                try Events.timed("b", "2026-09-08T09:30", "2026-09-08T11:00"),
                try Events.timed("night", "2026-09-09T23:00", "2026-09-10T01:30"),
                try Events.timed("off", "2026-09-11T09:00", "2026-09-11T17:00", status: .cancelled),
                try Events.allDay("holiday", "2026-09-11", "2026-09-12"),
                try Events.timed("october", "2026-10-01T08:00", "2026-10-01T08:45"),
            ]
        }
    }

    private func minutes(_ layout: HeatmapLayout, _ date: String) -> Int? {
        layout.weeks.joined().first { $0.date.description == date }?.busyMinutes
    }

    @Test func overlapsCountOnceAndNightsSplitAtMidnight() throws {
        let layout = try HeatmapLayout(
            events: try events, from: Events.date("2026-09-01"), to: Events.date("2026-11-01"),
            firstWeekday: .monday)
        #expect(minutes(layout, "2026-09-08") == 120)
        #expect(minutes(layout, "2026-09-09") == 60)
        #expect(minutes(layout, "2026-09-10") == 90)
        #expect(minutes(layout, "2026-09-11") == 0)
        #expect(minutes(layout, "2026-10-01") == 45)
        #expect(layout.maximumBusyMinutes == 120)
        #expect(layout.weeks.joined().first { $0.date.description == "2026-09-08" }?.events == 2)
        try Shuffles.expectStable(try events) {
            try HeatmapLayout(
                events: $0, from: Events.date("2026-09-01"), to: Events.date("2026-11-01"),
                firstWeekday: .monday)
        }
    }

    @Test func weeksStartOnTheWeekStartAndMarkTheRange() throws {
        let layout = try HeatmapLayout(
            events: [], from: Events.date("2026-09-01"), to: Events.date("2026-10-01"),
            firstWeekday: .sunday)
        #expect(layout.weeks.allSatisfy { $0.count == 7 })
        #expect(layout.weeks.first?.first?.date.description == "2026-08-30")
        #expect(layout.weeks.first?.first?.inRange == false)
        #expect(layout.weeks.joined().filter(\.inRange).count == 30)
        let lastDate = try Events.date("2026-09-30")
        #expect(layout.weeks.last?.last.map { $0.date >= lastDate } == true)
    }

    @Test func allDayEventsCountWhenThePolicySaysBusy() throws {
        let layout = try HeatmapLayout(
            events: try events, from: Events.date("2026-09-01"), to: Events.date("2026-10-01"),
            firstWeekday: .monday, policy: BusyPolicy())
        #expect(minutes(layout, "2026-09-11") == 1_440)
    }
}
