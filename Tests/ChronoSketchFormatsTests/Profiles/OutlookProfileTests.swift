import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// The Outlook profile: the feed's rules, and what Outlook imports otherwise than it is
/// written (MS-OXCICAL).
@Suite struct OutlookProfileTests {
    static func codes(_ calendar: String, _ profile: ValidationProfile = .outlook) throws
        -> [String]
    {
        try Validator.validate(
            Conversion.memory("calendar.ics", calendar),
            options: LoadOptions(zone: try Fixture.zone("UTC")), profile: profile
        ).map(\.code.rawValue)
    }

    /// `count` calendars, each with the zone and an event of its own in it.
    static func calendar(zone: [String], count: Int = 1) -> String {
        (1...count).map { index in
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN"] + zone + [
                "BEGIN:VEVENT", "UID:event-\(index)", "DTSTAMP:20260101T000000Z",
                "DTSTART;TZID=Test:20260915T090000", "SUMMARY:x", "END:VEVENT", "END:VCALENDAR",
            ]).joined(separator: "\r\n") + "\r\n"
        }.joined()
    }

    static func zone(standard: String, daylight: String) -> [String] {
        [
            "BEGIN:VTIMEZONE", "TZID:Test",
            "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
            "TZOFFSETTO:+0100", standard, "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "TZOFFSETFROM:+0100",
            "TZOFFSETTO:+0200", daylight, "END:DAYLIGHT", "END:VTIMEZONE",
        ]
    }

    @Test func yearlyRulesWithOnePositionedWeekdayAreWhatOutlookReads() throws {
        let good = Self.calendar(
            zone: Self.zone(
                standard: "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
                daylight: "RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=29"))
        #expect(try Self.codes(good).isEmpty)
    }

    @Test(arguments: [
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=SU",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU,-1SA",
        "RRULE:FREQ=MONTHLY;BYDAY=-1SU",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=SU;BYMONTHDAY=25,26,27,28,29,30,31",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=SU;BYSETPOS=-1",
        "RDATE:19711031T030000",
    ])
    func otherFormsAreFindings(standard: String) throws {
        let calendar = Self.calendar(
            zone: Self.zone(standard: standard, daylight: "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"))
        #expect(try Self.codes(calendar).contains("outlook-time-zone"))
        // Not the feed's concern.
        #expect(try Self.codes(calendar, .feed).isEmpty)
    }

    @Test func severalCalendarsInAFileAreAFinding() throws {
        let zone = Self.zone(
            standard: "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
            daylight: "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")
        #expect(
            try Self.codes(Self.calendar(zone: zone, count: 2)) == ["outlook-several-calendars"])
        #expect(try Self.codes(Self.calendar(zone: zone, count: 1)).isEmpty)
    }

    @Test func theFeedsRulesHoldToo() throws {
        let zone = Self.zone(
            standard: "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
            daylight: "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")
        let lf = Self.calendar(zone: zone).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(try Self.codes(lf) == ["bare-line-feed"])
    }
}
