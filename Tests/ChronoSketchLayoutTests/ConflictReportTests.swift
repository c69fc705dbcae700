import ChronoSketchCore
import Testing

@testable import ChronoSketchLayout

@Suite struct ConflictReportTests {
    private let day = "2026-09-08"

    /// `kind a b start–end minutes [resource]` for each conflict.
    private func summary(_ report: ConflictReport) -> [String] {
        report.conflicts.map {
            "\($0.kind.rawValue) \($0.first.id) \($0.second.id) "
                + "\($0.overlapStart.timeText)-\($0.overlapEnd.timeText) \($0.minutes)"
                + ($0.resource.map { " @\($0)" } ?? "")
        }
    }

    private func report(
        _ events: [CalendarEvent], windows: [BlockedWindow] = [],
        _ options: ConflictOptions = ConflictOptions()
    ) -> ConflictReport {
        ConflictReport(events: events, windows: windows, options: options)
    }

    @Test func overlappingEventsConflictAndTouchingOnesDoNot() throws {
        let events = [
            try Events.timed("review", "\(day)T10:00", "\(day)T11:30"),
            try Events.timed("interview", "\(day)T10:30", "\(day)T11:15"),
            try Events.timed("lunch", "\(day)T11:30", "\(day)T12:30"),
        ]
        let result = report(events)
        #expect(summary(result) == ["overlap review interview 10:30-11:15 45"])
        #expect(result.clusters.map(\.ids) == [["review", "interview"]])
        #expect((result.busyEvents, result.freeEvents) == (3, 0))
        try Shuffles.expectStable(events) { report($0) }
    }

    @Test func buffersWidenBothEventsAndReportTheTooShortGap() throws {
        let events = [
            try Events.timed("first", "\(day)T09:00", "\(day)T10:00"),
            try Events.timed("second", "\(day)T10:05", "\(day)T11:00"),
            try Events.timed("third", "\(day)T11:25", "\(day)T12:00"),
        ]
        let after = ConflictOptions(policy: BusyPolicy(bufferAfter: 600))
        #expect(summary(report(events, after)) == ["buffer first second 10:05-10:10 5"])
        let both = ConflictOptions(policy: BusyPolicy(bufferBefore: 600, bufferAfter: 600))
        // Each side widened by ten minutes: the 25 minutes before `third` are enough.
        #expect(summary(report(events, both)) == ["buffer first second 09:55-10:10 15"])
        try Shuffles.expectStable(events) { report($0, both) }
    }

    @Test func buffersReachAcrossMidnight() throws {
        let events = [
            try Events.timed("late", "\(day)T23:30", "\(day)T23:55"),
            try Events.timed("early", "2026-09-09T00:00", "2026-09-09T00:30"),
        ]
        let result = report(events, ConflictOptions(policy: BusyPolicy(bufferAfter: 600)))
        let conflict = try #require(result.conflicts.first)
        #expect(conflict.kind == .buffer)
        #expect(conflict.overlapStart.description == "2026-09-09T00:00")
        #expect(conflict.overlapEnd.description == "2026-09-09T00:05")
        #expect(report(events).conflicts.isEmpty)
    }

    @Test func cancelledTransparentAndInstantEventsAreFree() throws {
        let events = [
            try Events.timed("meeting", "\(day)T10:00", "\(day)T11:00"),
            try Events.timed("cancelled", "\(day)T10:00", "\(day)T11:00", status: .cancelled),
            try Events.timed(
                "focus", "\(day)T10:00", "\(day)T11:00", transparency: .transparent),
            try Events.timed("deadline", "\(day)T10:30", "\(day)T10:30"),
        ]
        let result = report(events, ConflictOptions(policy: BusyPolicy(bufferAfter: 900)))
        #expect(result.conflicts.isEmpty)
        #expect((result.busyEvents, result.freeEvents) == (1, 3))
    }

    @Test func tentativeEventsCountUnlessIgnored() throws {
        let events = [
            try Events.timed("meeting", "\(day)T10:00", "\(day)T11:00"),
            try Events.timed("maybe", "\(day)T10:30", "\(day)T11:30", status: .tentative),
        ]
        #expect(report(events).conflicts.count == 1)
        let ignoring = ConflictOptions(policy: BusyPolicy(ignoresTentative: true))
        #expect(report(events, ignoring).conflicts.isEmpty)
    }

    @Test func allDayEventsAreBusyUnlessThePolicySaysFree() throws {
        let events = [
            try Events.allDay("holiday", day, "2026-09-09"),
            try Events.timed("meeting", "\(day)T10:00", "\(day)T11:00"),
            try Events.timed("evening", "2026-09-07T23:00", "\(day)T00:00"),
        ]
        #expect(summary(report(events)) == ["overlap holiday meeting 10:00-11:00 60"])
        let free = ConflictOptions(policy: BusyPolicy(bufferAfter: 600, allDayBusy: false))
        #expect(report(events, free).conflicts.isEmpty)
        // Buffers do not widen all-day events: the evening before still only touches it.
        let buffered = ConflictOptions(policy: BusyPolicy(bufferAfter: 600))
        #expect(summary(report(events, buffered)).first == "buffer evening holiday 00:00-00:10 10")
    }

    @Test func perResourceOnlyEventsSharingTheResourceClash() throws {
        let events = [
            try Events.timed("a", "\(day)T10:00", "\(day)T11:00", location: "Room 1"),
            try Events.timed("b", "\(day)T10:30", "\(day)T11:30", location: "Room 2"),
            try Events.timed("c", "\(day)T10:45", "\(day)T11:15", location: "Room 1"),
            try Events.timed("d", "\(day)T10:15", "\(day)T10:50"),
        ]
        let rooms = ConflictOptions(scope: .all, resource: .location)
        #expect(summary(report(events, rooms)) == ["overlap a c 10:45-11:00 15 @Room 1"])
        #expect(report(events).conflicts.count == 6)
        let people = [
            try Events.timed(
                "x", "\(day)T10:00", "\(day)T11:00",
                attendees: ["ana@example.com", "ben@example.com"]),
            try Events.timed(
                "y", "\(day)T10:30", "\(day)T11:30",
                attendees: ["ANA@example.com", "ben@example.com"]),
        ]
        let byAttendee = ConflictOptions(scope: .all, resource: .attendee)
        #expect(
            summary(report(people, byAttendee)) == [
                "overlap x y 10:30-11:00 30 @ana@example.com",
                "overlap x y 10:30-11:00 30 @ben@example.com",
            ])
        try Shuffles.expectStable(events) { report($0, rooms) }
    }

    @Test func scopeChoosesPairsWithinOrAcrossFiles() throws {
        let events = [
            try Events.timed("mine-1", "\(day)T10:00", "\(day)T11:00", file: "mine.ics"),
            try Events.timed("mine-2", "\(day)T10:30", "\(day)T11:30", file: "mine.ics"),
            try Events.timed("team-1", "\(day)T10:45", "\(day)T12:00", file: "team.ics"),
        ]
        #expect(
            summary(report(events, ConflictOptions(scope: .withinFiles))) == [
                "overlap mine-1 mine-2 10:30-11:00 30"
            ])
        #expect(report(events).conflicts.count == 3)
        #expect(
            summary(report(events, ConflictOptions(scope: .acrossFiles))) == [
                "overlap mine-1 team-1 10:45-11:00 15", "overlap mine-2 team-1 10:45-11:30 45",
            ])
        #expect(report(events, ConflictOptions(scope: .all)).conflicts.count == 3)
    }

    @Test func blockedWindowsBlockEveryoneButTheirOwner() throws {
        let events = [
            try Events.timed("setup", "\(day)T11:30", "\(day)T12:00"),
            try Events.timed("workshop", "\(day)T12:00", "\(day)T13:00"),
            try Events.timed("call", "\(day)T09:00", "\(day)T09:30"),
        ]
        let windows = [
            try BlockedWindow(
                id: "lunch", title: "Lunch break", start: LocalDateTime(parsing: "\(day)T12:00"),
                end: LocalDateTime(parsing: "\(day)T13:00")),
            try BlockedWindow(
                id: "room-prep", title: "Room preparation",
                start: LocalDateTime(parsing: "\(day)T11:00"),
                end: LocalDateTime(parsing: "\(day)T12:30"), owner: "workshop"),
        ]
        let result = report(events, windows: windows)
        #expect(
            summary(result) == [
                "blocked setup room-prep 11:30-12:00 30", "blocked workshop lunch 12:00-13:00 60",
            ])
        let buffered = report(
            events, windows: windows, ConflictOptions(policy: BusyPolicy(bufferAfter: 600)))
        #expect(summary(buffered).contains("blocked setup lunch 12:00-12:10 10"))
        #expect(summary(buffered).contains("buffer setup workshop 12:00-12:10 10"))
        try Shuffles.expectStable(events) { report($0, windows: windows) }
    }

    @Test func clustersJoinChainsOfConflicts() throws {
        let events = [
            try Events.timed("a", "\(day)T09:00", "\(day)T10:00"),
            try Events.timed("b", "\(day)T09:30", "\(day)T10:30"),
            try Events.timed("c", "\(day)T10:15", "\(day)T11:00"),
            try Events.timed("d", "\(day)T14:00", "\(day)T15:00"),
            try Events.timed("e", "\(day)T14:00", "\(day)T15:00"),
        ]
        let result = report(events)
        #expect(result.conflicts.count == 3)
        #expect(result.clusters.map(\.ids) == [["a", "b", "c"], ["d", "e"]])
        #expect(result.clusters.first?.start.timeText == "09:00")
        #expect(result.clusters.first?.end.timeText == "11:00")
    }

    @Test func searchStopsAtTheConflictLimit() throws {
        // Hour-long events starting every minute: each overlaps the next 59.
        let base = try LocalDateTime(parsing: "\(day)T00:00")
        let events = try (0..<600).map { minute in
            try Events.timed(
                "e\(minute)", base.adding(seconds: minute * 60).description,
                base.adding(seconds: minute * 60 + 3_600).description)
        }
        let all = report(events)
        #expect(all.conflicts.count == 600 * 59 - 59 * 60 / 2)
        #expect(!all.isTruncated)
        let capped = report(events, ConflictOptions(maximumConflicts: 1_000))
        #expect(capped.conflicts.count == 1_000)
        #expect(capped.isTruncated)
        let windows = try (0..<5).map { index in
            try BlockedWindow(
                id: "w\(index)", title: "W", start: base.adding(seconds: index * 7_200),
                end: base.adding(seconds: index * 7_200 + 600))
        }
        let blocked = report(events, windows: windows, ConflictOptions(maximumConflicts: 40_000))
        // Window k covers minutes 120k…120k+10: events starting 59 minutes before to 9 after.
        #expect(blocked.conflicts.filter { $0.kind == .blocked }.count == 10 + 4 * 69)
    }

    @Test func blockedWindowsAgreeWithCheckingEveryPair() throws {
        var generator = SeededGenerator(seed: 77)
        let base = try LocalDateTime(parsing: "2026-09-07T00:00")
        for round in 0..<60 {
            var events: [CalendarEvent] = []
            for index in 0..<Int.random(in: 0...30, using: &generator) {
                let start = Int.random(in: 0...2_880, using: &generator)
                events.append(
                    try Events.timed(
                        "e\(index)", base.adding(seconds: start * 60).description,
                        base.adding(
                            seconds: (start + Int.random(in: 0...180, using: &generator)) * 60
                        )
                        .description))
            }
            var windows: [BlockedWindow] = []
            for index in 0..<Int.random(in: 0...6, using: &generator) {
                let start = Int.random(in: 0...2_880, using: &generator)
                windows.append(
                    try BlockedWindow(
                        id: "w\(index)", title: "W", start: base.adding(seconds: start * 60),
                        end: base.adding(
                            seconds: (start + Int.random(in: 1...240, using: &generator)) * 60),
                        owner: Bool.random(using: &generator) ? "e\(index)" : nil))
            }
            let policy = BusyPolicy(bufferAfter: round % 2 * 600)
            let found = Set(
                report(events, windows: windows, ConflictOptions(policy: policy)).conflicts
                    .filter { $0.kind == .blocked }.map { "\($0.first.id) \($0.second.id)" })
            var expected = Set<String>()
            for event in events {
                guard let busy = policy.busySpan(event) else { continue }
                for window in windows where window.owner != event.uid {
                    let start = window.start.secondsSinceEpoch
                    let end = window.end.secondsSinceEpoch
                    if busy.start < end && start < busy.end {
                        expected.insert("\(event.id) \(window.id)")
                    }
                }
            }
            #expect(found == expected, "round \(round)")
        }
    }

    @Test func sweepAgreesWithCheckingEveryPair() throws {
        var generator = SeededGenerator(seed: 2026)
        let files = ["a.ics", "b.ics", "c.ics"]
        let rooms = ["Blue", "Green", nil]
        let statuses: [EventStatus?] = [nil, nil, nil, .tentative, .cancelled, .confirmed]
        for round in 0..<120 {
            var events: [CalendarEvent] = []
            for index in 0..<Int.random(in: 0...40, using: &generator) {
                let start = Int.random(in: 0...(3 * 1_440), using: &generator)
                let length = [0, 15, 30, 60, 90, 300, 1_440][
                    Int.random(in: 0..<7, using: &generator)]
                let base = try LocalDateTime(parsing: "2026-09-07T00:00")
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    let first = try base.date.adding(days: start / 1_440)
                    events.append(
                        try Events.allDay(
                            "e\(index)", first.description,
                            try first.adding(days: 1 + length / 1_440).description,
                            file: files[index % 3]))
                    continue
                }
                events.append(
                    try Events.timed(
                        "e\(index)", base.adding(seconds: start * 60).description,
                        base.adding(seconds: (start + length) * 60).description,
                        file: files[Int.random(in: 0..<3, using: &generator)],
                        location: rooms[Int.random(in: 0..<3, using: &generator)],
                        status: statuses[Int.random(in: 0..<6, using: &generator)],
                        transparency: Int.random(in: 0..<8, using: &generator) == 0
                            ? .transparent : .opaque))
            }
            let policy = BusyPolicy(
                bufferBefore: [0, 300, 600][round % 3] * (round % 2),
                bufferAfter: [0, 600, 900][round % 3], allDayBusy: round % 4 != 0,
                ignoresTentative: round % 5 == 0)
            let scope = ConflictScope.allCases[round % 3]
            let resource: EventKey? = round % 7 == 0 ? .location : nil
            let options = ConflictOptions(policy: policy, scope: scope, resource: resource)
            let swept = Set(summary(report(events, options)))
            #expect(swept == Self.bruteForce(events, options), "round \(round)")
            #expect(report(events, options).conflicts.count == swept.count)
            if round.isMultiple(of: 10) {
                try Shuffles.expectStable(events, count: 8) { report($0, options) }
            }
        }
    }

    /// Every pair checked directly, without a sweep, in the summary form.
    private static func bruteForce(_ events: [CalendarEvent], _ options: ConflictOptions)
        -> Set<String>
    {
        func seconds(_ time: LocalDateTime) -> Int { time.secondsSinceEpoch }
        func busy(_ event: CalendarEvent) -> (Int, Int)? {
            let policy = options.policy
            if event.status == .cancelled || event.transparency == .transparent { return nil }
            if policy.ignoresTentative && event.status == .tentative { return nil }
            let start = seconds(event.interval.start)
            let end = seconds(event.interval.end)
            if start == end { return nil }
            if event.interval.isAllDay { return policy.allDayBusy ? (start, end) : nil }
            return (start - policy.bufferBefore, end + policy.bufferAfter)
        }
        func text(_ second: Int) -> String {
            (try? LocalDateTime(secondsSinceEpoch: second))?.timeText ?? "?"
        }
        var found = Set<String>()
        for (i, x) in events.enumerated() {
            for y in events[(i + 1)...] {
                guard let bx = busy(x), let by = busy(y), bx.0 < by.1 && by.0 < bx.1 else {
                    continue
                }
                switch options.scope {
                case .withinFiles where x.source.file != y.source.file: continue
                case .acrossFiles where x.source.file == y.source.file: continue
                default: break
                }
                let (a, b) =
                    (seconds(x.interval.start), x.interval.isAllDay ? 0 : 1, x.id)
                        < (seconds(y.interval.start), y.interval.isAllDay ? 0 : 1, y.id)
                    ? (x, y) : (y, x)
                let ra = (seconds(a.interval.start), seconds(a.interval.end))
                let rb = (seconds(b.interval.start), seconds(b.interval.end))
                let raw = ra.0 < rb.1 && rb.0 < ra.1
                let ba = busy(a) ?? ra
                let bb = busy(b) ?? rb
                let common =
                    raw ? (max(ra.0, rb.0), min(ra.1, rb.1)) : (max(ba.0, bb.0), min(ba.1, bb.1))
                let line =
                    "\(raw ? "overlap" : "buffer") \(a.id) \(b.id) \(text(common.0))-\(text(common.1)) \((common.1 - common.0 + 59) / 60)"
                if let key = options.resource {
                    let shared = Set(key.values(of: a).map(\.key)).intersection(
                        key.values(of: b).map(\.key))
                    for value in shared {
                        // People go by their address, texts as the earlier event wrote them.
                        let label =
                            key == .attendee || key == .organizer
                            ? value : key.values(of: a).first { $0.key == value }?.label ?? value
                        found.insert(line + " @\(label)")
                    }
                } else {
                    found.insert(line)
                }
            }
        }
        return found
    }
}
