import ChronoSketchCore
import Testing

@testable import ChronoSketchLayout

@Suite struct AvailabilityTests {
    private let day = "2026-09-08"

    private var calendar: [CalendarEvent] {
        get throws {
            [
                try Events.timed("standup", "\(day)T09:00", "\(day)T09:15"),
                try Events.timed("review", "\(day)T10:00", "\(day)T11:30"),
                try Events.timed("pairing", "\(day)T11:30", "\(day)T12:00"),
                try Events.timed("optional", "\(day)T14:00", "\(day)T15:00", status: .cancelled),
                try Events.timed("night", "2026-09-07T22:00", "\(day)T09:00"),
            ]
        }
    }

    @Test func slotsAreCheckedLikeProposedEvents() throws {
        let lunch = try BlockedWindow(
            id: "lunch", title: "Lunch", start: LocalDateTime(parsing: "\(day)T12:30"),
            end: LocalDateTime(parsing: "\(day)T13:00"))
        let slots = Availability.slots(
            events: try calendar, windows: [lunch], date: try Events.date(day), from: 9 * 60,
            to: 13 * 60 + 30, step: 1_800, length: 1_800)
        #expect(
            slots.map { "\($0.start.timeText) \($0.clashes.first?.second.id ?? "free")" } == [
                "09:00 standup", "09:30 free", "10:00 review", "10:30 review", "11:00 review",
                "11:30 pairing", "12:00 free", "12:30 lunch", "13:00 free",
            ])
        #expect(slots.last?.end.timeText == "13:30")
    }

    @Test func freeSlotsOfSeveralDaysSeeEventsFromTheDayBeforeAndStopAtTheLimit() throws {
        // "night" runs from the 7th into the morning of the 8th; a two-hour buffer after
        // "late" on the 9th reaches past midnight into the 10th.
        let events = try calendar + [try Events.timed("late", "2026-09-09T23:00", "2026-09-09T23:45")]
        let policy = BusyPolicy(bufferBefore: 0, bufferAfter: 7_200)
        let days = try ["2026-09-07", day, "2026-09-09", "2026-09-10"].map(Events.date)
        let found = Availability.freeSlots(
            events: events, policy: policy, days: days, from: 0, to: 9 * 60 + 30, step: 1_800,
            length: 1_800)
        let starts = found.map { "\($0.date) \($0.slot.start.timeText)" }
        #expect(starts.contains("2026-09-07 00:00") && !starts.contains("2026-09-08 08:30"))
        #expect(!starts.contains("2026-09-10 01:30") && starts.contains("2026-09-10 02:00"))
        #expect(found.allSatisfy { $0.slot.isAvailable && $0.slot.start.date == $0.date })
        let firstThree = Availability.freeSlots(
            events: events, policy: policy, days: days, from: 0, to: 9 * 60 + 30, step: 1_800,
            length: 1_800, limit: 3)
        #expect(firstThree.map { $0.slot.start } == found.prefix(3).map { $0.slot.start })
    }

    @Test func buffersAndLengthShrinkTheFreeSlots() throws {
        let policy = BusyPolicy(bufferBefore: 600, bufferAfter: 600)
        let slots = Availability.slots(
            events: try calendar, policy: policy, date: try Events.date(day), from: 9 * 60,
            to: 10 * 60 + 15, step: 900, length: 1_800)
        // Slot and event are both widened: 09:15–09:45 is busy until 09:55 and 09:50 before
        // the review, so only a slot that ends 20 minutes before 10:00 would be free.
        #expect(slots.map(\.isAvailable) == [false, false, false, false])
        let free = Availability.slots(
            events: try calendar, date: try Events.date(day), from: 9 * 60, to: 10 * 60,
            step: 900, length: 1_800)
        #expect(free.map(\.start.timeText) == ["09:00", "09:15", "09:30"])
        #expect(free.map(\.isAvailable) == [false, true, true])
    }

    @Test func busyPeriodsMergeOverlappingAndTouchingTimeWithinTheWindow() throws {
        let periods = Availability.busyPeriods(
            events: try calendar, from: try LocalDateTime(parsing: "\(day)T06:00"),
            to: try LocalDateTime(parsing: "\(day)T18:00"))
        #expect(
            periods.map {
                "\($0.start.timeText)-\($0.end.timeText) \($0.ids.joined(separator: ","))"
            }
                == ["06:00-09:15 night,standup", "10:00-12:00 review,pairing"])
    }

    @Test func clashesOfAProposalNameEveryEventInTheWay() throws {
        let proposal = try Events.timed("proposal", "\(day)T09:10", "\(day)T10:10")
        let clashes = ConflictReport.clashes(of: proposal, events: try calendar)
        #expect(clashes.map(\.second.id) == ["standup", "review"])
        #expect(clashes.map(\.kind) == [.overlap, .overlap])
        #expect(clashes.allSatisfy { $0.first.id == "proposal" })
        let buffered = ConflictReport.clashes(
            of: try Events.timed("proposal", "\(day)T09:20", "\(day)T09:50"),
            events: try calendar, policy: BusyPolicy(bufferAfter: 600))
        #expect(buffered.map { "\($0.kind) \($0.second.id)" } == ["buffer standup"])
    }
}
