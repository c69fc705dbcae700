import ChronoSketchCore
import Testing

@testable import ChronoSketchLayout

@Suite struct TimelineLayoutTests {
    private func window(
        _ start: String, days: Int, _ scale: TimelineScale, _ zoom: TimelineZoom = .x1
    ) throws -> TimelineWindow {
        try TimelineWindow(start: Events.date(start), days: days, scale: scale, zoom: zoom)
    }

    private func rows(_ layout: TimelineLayout) -> [String] {
        layout.rows.map { row in
            "\(row.group ?? "-")/\(row.key ?? "-") \(row.label) lanes \(row.lanes): "
                + row.bars.map {
                    "\($0.event.id) \($0.startMinute)-\($0.endMinute) \($0.lane)"
                        + ($0.clippedStart ? " <" : "") + ($0.clippedEnd ? " >" : "")
                }.joined(separator: ", ")
        }
    }

    private var team: [CalendarEvent] {
        get throws {
            [
                try Events.timed(
                    "planning", "2026-09-08T09:00", "2026-09-08T10:00",
                    attendees: ["ana@example.com", "Ben@Example.com"]),
                try Events.timed(
                    "review", "2026-09-08T09:30", "2026-09-08T11:00", file: "b.ics",
                    attendees: ["ana@example.com"]),
                try Events.timed(
                    "night", "2026-09-07T22:00", "2026-09-08T06:00",
                    attendees: ["ben@example.com"]),
                try Events.timed("solo", "2026-09-08T23:00", "2026-09-09T01:00"),
                try Events.allDay(
                    "offsite", "2026-09-08", "2026-09-09", attendees: ["carla@example.com"]),
            ]
        }
    }

    @Test func rowsPerAttendeeWithClippedBarsAndLanes() throws {
        let result = TimelineLayout(
            events: try team, window: try window("2026-09-08", days: 1, .hour), rows: .attendee)
        #expect(
            rows(result) == [
                "-/ana@example.com ana@example.com lanes 2: planning 540-600 0, review 570-660 1",
                "-/ben@example.com Ben@Example.com lanes 1: night 0-360 0 <, planning 540-600 0",
                "-/carla@example.com carla@example.com lanes 1: offsite 0-1440 0",
                "-/- \(String()) lanes 1: solo 1380-1440 0 >",
            ])
        try Shuffles.expectStable(try team) {
            TimelineLayout(
                events: $0, window: try window("2026-09-08", days: 1, .hour), rows: .attendee)
        }
    }

    @Test func groupingSplitsRowsByTheGroupKey() throws {
        let result = TimelineLayout(
            events: try team, window: try window("2026-09-08", days: 1, .hour), rows: .attendee,
            groupedBy: .file)
        #expect(
            result.rows.map { "\($0.group ?? "-")/\($0.key ?? "-")" } == [
                "b.ics/ana@example.com", "test.ics/ana@example.com", "test.ics/ben@example.com",
                "test.ics/carla@example.com", "test.ics/-",
            ])
    }

    @Test func columnsDivideTheScaleByTheZoom() throws {
        let quarter = TimelineLayout(
            events: [], window: try window("2026-09-08", days: 1, .hour, .x4), rows: .file)
        #expect(quarter.columns.count == 96)
        #expect(quarter.columns[1].offsetSeconds == 900)
        #expect(quarter.columns[4].start.description == "2026-09-08T01:00")
        let eighth = TimelineLayout(
            events: [], window: try window("2026-09-08", days: 1, .hour, .x8), rows: .file)
        #expect(eighth.columns[1].offsetSeconds == 450)
        #expect(eighth.columns[1].start.description == "2026-09-08T00:07:30")
        let days = TimelineLayout(
            events: [], window: try window("2026-09-08", days: 10, .day, .x6), rows: .file)
        #expect(days.columns.count == 60)
        #expect(days.columns[1].start.description == "2026-09-08T04:00")
        let weeks = TimelineLayout(
            events: [], window: try window("2026-09-08", days: 10, .week), rows: .file)
        #expect(weeks.columns.map(\.start.description) == ["2026-09-08T00:00", "2026-09-15T00:00"])
    }

    @Test func periodsAreDaysWeeksOrMonthsClippedToTheWindow() throws {
        let hours = TimelineLayout(
            events: [], window: try window("2026-09-08", days: 2, .hour), rows: .file)
        #expect(hours.periods.map(\.key) == ["2026-09-08", "2026-09-09"])
        let days = TimelineLayout(
            events: [], window: try window("2026-09-10", days: 10, .day), rows: .file)
        #expect(
            days.periods.map { "\($0.key) \($0.startMinute)-\($0.endMinute)" } == [
                "2026-W37 0-5760", "2026-W38 5760-14400",
            ])
        let weeks = TimelineLayout(
            events: [], window: try window("2026-12-20", days: 28, .week), rows: .file)
        #expect(weeks.periods.map(\.key) == ["2026-12", "2027-01"])
        #expect(weeks.periods.first?.endMinute == 12 * 1_440)
    }

    @Test func eventsOutsideTheWindowAreLeftOut() throws {
        let events = [
            try Events.timed("before", "2026-09-07T09:00", "2026-09-08T00:00"),
            try Events.timed("after", "2026-09-09T00:00", "2026-09-09T01:00"),
            try Events.timed("edge", "2026-09-08T00:00", "2026-09-08T00:00"),
        ]
        let result = TimelineLayout(
            events: events, window: try window("2026-09-08", days: 1, .hour), rows: .file)
        #expect(result.rows.flatMap(\.bars).map(\.event.id) == ["edge"])
    }

    @Test func lanesInARowNeverOverlap() throws {
        var generator = SeededGenerator(seed: 99)
        let rooms = ["Blue", "Green", "Red"]
        for _ in 0..<60 {
            var events: [CalendarEvent] = []
            for index in 0..<Int.random(in: 1...30, using: &generator) {
                let start = Int.random(in: -600...(3 * 1_440), using: &generator)
                let length = Int.random(in: 0...600, using: &generator)
                let base = try LocalDateTime(parsing: "2026-09-08T00:00")
                events.append(
                    try Events.timed(
                        "e\(index)", base.adding(seconds: start * 60).description,
                        base.adding(seconds: (start + length) * 60).description,
                        location: rooms[Int.random(in: 0..<3, using: &generator)]))
            }
            let window = try window("2026-09-08", days: 2, .hour)
            let result = TimelineLayout(events: events, window: window, rows: .location)
            for row in result.rows {
                for (index, first) in row.bars.enumerated() {
                    #expect(first.startMinute >= 0 && first.endMinute <= window.minutes)
                    #expect(first.lane < row.lanes)
                    for second in row.bars[(index + 1)...] where second.lane == first.lane {
                        #expect(
                            !DayInvariants.collide(
                                (first.startMinute, first.endMinute),
                                (second.startMinute, second.endMinute)))
                    }
                }
            }
            try Shuffles.expectStable(events, count: 5) {
                TimelineLayout(events: $0, window: window, rows: .location)
            }
        }
    }

    @Test func windowMustHaveAtLeastOneDay() throws {
        #expect(throws: CivilTimeError.self) { try window("2026-09-08", days: 0, .day) }
    }
}
