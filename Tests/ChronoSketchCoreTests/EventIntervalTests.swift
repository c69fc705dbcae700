import Testing

@testable import ChronoSketchCore

@Suite struct EventIntervalTests {
    private func date(_ text: String) throws -> CivilDate { try CivilDate(parsing: text) }
    private func time(_ text: String) throws -> LocalDateTime { try LocalDateTime(parsing: text) }

    @Test func allDayEndIsExclusive() throws {
        let interval = try EventInterval(allDayFrom: date("2026-09-08"), to: date("2026-09-10"))
        #expect(
            interval.overlaps(from: try time("2026-09-09T00:00"), to: try time("2026-09-10T00:00")))
        #expect(
            !interval.overlaps(from: try time("2026-09-10T00:00"), to: try time("2026-09-11T00:00"))
        )
        #expect(interval.end == (try time("2026-09-10T00:00")))
    }

    @Test func allDayNeedsEndAfterStart() throws {
        #expect(throws: CivilTimeError.self) {
            try EventInterval(allDayFrom: date("2026-09-08"), to: date("2026-09-08"))
        }
    }

    @Test func timedEndMayEqualStartButNotPrecedeIt() throws {
        let instant = try EventInterval(
            from: time("2026-09-08T09:00"), to: time("2026-09-08T09:00"))
        #expect(instant.isInstant)
        #expect(throws: CivilTimeError.self) {
            try EventInterval(from: time("2026-09-08T09:00"), to: time("2026-09-08T08:59"))
        }
    }

    @Test func touchingIntervalsDoNotOverlap() throws {
        let meeting = try EventInterval(
            from: time("2026-09-08T09:00"), to: time("2026-09-08T10:00"))
        #expect(!meeting.overlaps(from: try time("2026-09-08T10:00"), to: nil))
        #expect(!meeting.overlaps(from: nil, to: try time("2026-09-08T09:00")))
        #expect(meeting.overlaps(from: try time("2026-09-08T09:59"), to: nil))
    }

    @Test func instantIsKeptWhenFromIsAtOrBeforeItAndToAfterIt() throws {
        let deadline = try EventInterval(
            from: time("2026-09-08T00:00"), to: time("2026-09-08T00:00"))
        let day = (try time("2026-09-08T00:00"), try time("2026-09-09T00:00"))
        #expect(deadline.overlaps(from: day.0, to: day.1))
        #expect(!deadline.overlaps(from: try time("2026-09-07T00:00"), to: day.0))
    }
}
