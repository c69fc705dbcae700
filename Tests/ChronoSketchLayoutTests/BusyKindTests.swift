import ChronoSketchCore
import Testing

@testable import ChronoSketchLayout

/// How each event takes up time, and busy time told by kind.
@Suite struct BusyKindTests {
    private let day = "2026-09-08"

    private func event(
        _ id: String, _ start: String, _ end: String, status: EventStatus? = nil,
        shownAs: BusyKind? = nil, answers: [(String, String?)] = [], organizer: String? = nil
    ) throws -> CalendarEvent {
        var event = try Events.timed(id, "\(day)T\(start)", "\(day)T\(end)", status: status)
        event.shownAs = shownAs
        event.attendees = answers.map { Participant(address: $0.0, status: $0.1) }
        event.organizer = organizer.map { Participant(address: $0) }
        return event
    }

    @Test func answersOfThePeopleLookedAtBoundTheKind() throws {
        var both = Attendance()
        both.add("ann@example.org")
        both.add("MAILTO:Bob@Example.org")
        let policy = BusyPolicy(attendance: both)
        func kind(_ answers: [(String, String?)], organizer: String? = nil) throws -> BusyKind {
            policy.kind(
                of: try event("e", "09:00", "10:00", answers: answers, organizer: organizer))
        }
        #expect(try kind([("ann@example.org", "DECLINED")]) == .free)
        #expect(try kind([("Ann@example.org", "delegated")]) == .free)
        #expect(try kind([("ann@example.org", "TENTATIVE")]) == .tentative)
        // The busiest answer of the people named: one might come, so it is tentative.
        #expect(
            try kind([("ann@example.org", "DECLINED"), ("bob@example.org", "TENTATIVE")])
                == .tentative)
        // Accepting, not answering and organizing leave the event as it is.
        #expect(try kind([("ann@example.org", "DECLINED"), ("bob@example.org", nil)]) == .busy)
        #expect(
            try kind([("ann@example.org", "DECLINED")], organizer: "bob@example.org") == .busy)
        #expect(try kind([("cy@example.org", "DECLINED")]) == .busy)
        // An answer never makes an event busier than it is.
        let tentative = try event(
            "t", "09:00", "10:00", status: .tentative, answers: [("ann@example.org", "ACCEPTED")])
        #expect(policy.kind(of: tentative) == .tentative)
        // Without anyone looked at, nobody's answer is read.
        #expect(
            BusyPolicy().kind(
                of: try event("d", "09:00", "10:00", answers: [("ann@example.org", "DECLINED")]))
                == .busy)
    }

    @Test func anInputCanBeOnePersonsOnly() throws {
        var attendance = Attendance()
        attendance.add("ann@example.org", file: "ann.ics")
        let policy = BusyPolicy(attendance: attendance)
        let declined = try event("e", "09:00", "10:00", answers: [("ann@example.org", "DECLINED")])
        var elsewhere = declined
        elsewhere.source = SourceLocation(file: "team.ics", line: 1)
        var hers = declined
        hers.source = SourceLocation(file: "ann.ics", line: 1)
        #expect(policy.kind(of: hers) == .free)
        #expect(policy.kind(of: elsewhere) == .busy)
        // Her time is her input's events and every event naming her, but another calendar's
        // copy of a meeting she keeps a copy of herself: hers speaks for her.
        var own = try event("own", "11:00", "12:00")
        own.source = SourceLocation(file: "ann.ics", line: 9)
        var bobs = try event("bobs", "11:00", "12:00", organizer: "Bob@example.org")
        bobs.source = SourceLocation(file: "team.ics", line: 9)
        let byPerson = attendance.eventsByPerson([hers, elsewhere, own, bobs])
        #expect(
            byPerson.map { "\($0.person): \($0.events.map(\.source.description))" } == [
                "ann@example.org: [\"ann.ics:1\", \"ann.ics:9\"]",
                "bob@example.org: [\"team.ics:9\"]",
            ])
        #expect(
            attendance.eventsByPerson([own, bobs], of: ["bob@example.org", "cy@example.org"])
                .map { "\($0.person) \($0.events.count)" } == [
                    "bob@example.org 1", "cy@example.org 0",
                ])
    }

    /// One meeting of many attendees read as each one's time: everyone's own answer, found
    /// through the event's index of its attendees, bounds the kind as a look through them all
    /// would; one named twice, in two spellings, gives the busier answer.
    @Test func everyAttendeeOfALargeMeetingHasTheirOwnAnswer() throws {
        let answers: [String?] = ["ACCEPTED", "DECLINED", "TENTATIVE", nil, "DELEGATED"]
        let count = 2_000
        var attendees = (0..<count).map { (address: "p\($0)@example.org", answers[$0 % 5]) }
        attendees.append(("MAILTO:P1@Example.org", "ACCEPTED"))
        let meeting = try event("all-hands", "09:00", "10:00", answers: attendees)
        func expected(_ number: Int) -> BusyKind {
            if number == 1 { return .busy }
            switch answers[number % 5] {
            case "DECLINED"?, "DELEGATED"?: return .free
            case "TENTATIVE"?: return .tentative
            default: return .busy
            }
        }
        var everyone = Attendance()
        for number in 0..<count {
            var own = Attendance()
            own.add("p\(number)@example.org")
            #expect(BusyPolicy(attendance: own).kind(of: meeting) == expected(number))
            everyone.add("p\(number)@example.org")
        }
        // Asked for more people than it has attendees, the event is looked through instead.
        everyone.add("someone-else@example.org")
        #expect(BusyPolicy(attendance: everyone).kind(of: meeting) == .busy)
        let byPerson = everyone.eventsByPerson([meeting], of: everyone.people)
        #expect(byPerson.count == count + 1)
        #expect(byPerson.filter { $0.events.count == 1 }.count == count)
    }

    /// Against a minute-by-minute reading: each minute is of the greatest kind of the events
    /// covering it, and spans are the runs of one kind.
    @Test(arguments: 0..<40) func spansByKindAreTheGreatestKindOfEachMinute(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        let kinds: [BusyKind] = [.free, .tentative, .busy, .unavailable]
        var events: [CalendarEvent] = []
        for number in 0..<Int.random(in: 1...12, using: &generator) {
            let start = Int.random(in: 0..<20, using: &generator) * 30
            let length = Int.random(in: 0...6, using: &generator) * 30
            let end = min(start + length, 23 * 60 + 59)
            func clock(_ minutes: Int) -> String {
                let hours = minutes / 60
                let rest = minutes % 60
                return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
            }
            events.append(
                try event(
                    "e\(number)", clock(start), clock(end),
                    shownAs: kinds.randomElement(using: &generator)))
        }
        let from = try LocalDateTime(parsing: "\(day)T01:00")
        let to = try LocalDateTime(parsing: "\(day)T09:00")
        let spans = Availability.busySpansByKind(events: events, from: from, to: to)
        var expected: [BusyKind] = []
        let base = from.secondsSinceEpoch
        for minute in 60..<(9 * 60) {
            let second = LocalDateTime(startOf: from.date).secondsSinceEpoch + minute * 60
            let covering = events.filter {
                $0.interval.start.secondsSinceEpoch <= second
                    && second < $0.interval.end.secondsSinceEpoch
            }
            expected.append(covering.compactMap(\.shownAs).max() ?? .free)
        }
        var got = [BusyKind](repeating: .free, count: expected.count)
        for (index, span) in spans.enumerated() {
            #expect(span.kind != .free)
            if index > 0 {
                let previous = spans[index - 1]
                #expect(previous.span.end <= span.span.start)
                #expect(previous.span.end < span.span.start || previous.kind != span.kind)
            }
            for minute in stride(from: span.span.start, to: span.span.end, by: 60) {
                got[(minute - base) / 60] = span.kind
            }
        }
        #expect(got == expected)
    }
}
