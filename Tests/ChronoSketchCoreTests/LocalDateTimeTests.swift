import Testing

@testable import ChronoSketchCore

@Suite struct LocalDateTimeTests {
    @Test func secondsAppearInTextOnlyWhenNotZero() throws {
        let date = try CivilDate(year: 2026, month: 9, day: 8)
        #expect(try LocalDateTime(date: date, hour: 9, minute: 5).description == "2026-09-08T09:05")
        #expect(
            try LocalDateTime(date: date, hour: 9, minute: 5, second: 7).description
                == "2026-09-08T09:05:07")
    }

    @Test(arguments: [
        "2026-09-08T09:05", "2026-09-08T23:59:59", "0001-01-01T00:00", "9999-12-31T23:59:59",
    ])
    func textRoundTrips(text: String) throws {
        #expect(try LocalDateTime(parsing: text).description == text)
    }

    @Test(arguments: [
        ("2026-09-08T24:00", "24:00 is not a time of day"),
        ("2026-09-08T09:00:00Z", "a floating time takes no offset or zone"),
        ("2026-09-08T09:00:00+01:00", "a floating time takes no offset or zone"),
        ("2026-09-08T09:00+01:00", "a floating time takes no offset or zone"),
        ("2026-02-30T09:00", "February 2026 has 28 days"),
        ("2026-09-08T09:60", "minute 60 is outside 0…59"),
        ("2026-09-08T25:00", "hour 25 is outside 0…23"),
        ("2026-09-08 09:00", "expected YYYY-MM-DDTHH:mm[:ss]"),
    ])
    func rejectedTextsQuoteTheText(text: String, reason: String) {
        do {
            _ = try LocalDateTime(parsing: text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.description.hasPrefix("Invalid date-time '\(text)'"))
            #expect(error.description.contains(reason))
        }
    }

    @Test func secondsSinceEpochRoundTrip() throws {
        for text in [
            "1969-12-31T23:59:59", "1970-01-01T00:00", "2026-03-29T02:30", "0001-01-01T00:00",
        ] {
            let time = try LocalDateTime(parsing: text)
            #expect(try LocalDateTime(secondsSinceEpoch: time.secondsSinceEpoch) == time)
        }
        #expect(try LocalDateTime(parsing: "1970-01-02T00:00").secondsSinceEpoch == 86_400)
    }

    @Test func addingCrossesDaysAndLimits() throws {
        let late = try LocalDateTime(parsing: "2026-12-31T23:30")
        #expect(try late.adding(seconds: 3600).description == "2027-01-01T00:30")
        #expect(try late.adding(days: -365).description == "2025-12-31T23:30")
        let end = try LocalDateTime(parsing: "9999-12-31T23:59:59")
        #expect(throws: CivilTimeError.self) { try end.adding(seconds: 1) }
        #expect(throws: CivilTimeError.self) { try end.adding(seconds: Int.max) }
    }

    @Test func basicFormatRejectsOutOfRangeFields() {
        #expect((try? LocalDateTime(basicFormat: "20260908T090000")) != nil)
        for text in [
            "99999999T250000", "20260908T240000", "20260908T096000", "20260908T0900",
            "20260908T090000Z",
        ] {
            #expect(throws: CivilTimeError.self) { try LocalDateTime(basicFormat: text) }
        }
    }
}
