import Testing

@testable import ChronoSketchCore

@Suite struct CalendarDurationTests {
    @Test(arguments: [
        ("P1W", 7, 0), ("-PT15M", 0, -900), ("P1DT2H30M", 1, 9000), ("PT0S", 0, 0),
        ("+P2D", 2, 0), ("PT1H1S", 0, 3601), ("P1W2D", 9, 0), ("-P1DT1S", -1, -1),
    ])
    func readsDaysAndExactSeconds(text: String, days: Int, seconds: Int) throws {
        let duration = try CalendarDuration(rfc5545: text)
        #expect(duration.days == days)
        #expect(duration.seconds == seconds)
    }

    @Test(arguments: [
        "", "P", "PT", "1D", "P1H", "PT1D", "PT1W", "P1D1W", "PT1M1H", "P1234567890D", "P-1D",
        "P1DT",
    ])
    func rejectsMalformedDurations(text: String) {
        #expect(throws: CivilTimeError.self) { try CalendarDuration(rfc5545: text) }
    }

    @Test func textFormRoundTrips() throws {
        for text in ["P1W", "-PT15M", "P1DT2H30M", "PT0S", "P3D", "PT1H0M1S"] {
            let duration = try CalendarDuration(rfc5545: text)
            #expect(try CalendarDuration(rfc5545: duration.description) == duration)
        }
        #expect(CalendarDuration(days: 14).description == "P2W")
    }
}
