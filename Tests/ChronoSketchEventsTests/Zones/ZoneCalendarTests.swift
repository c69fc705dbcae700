import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite("Zone calendar arithmetic")
struct ZoneCalendarTests {
    @Test(arguments: [
        (1970, 1, 1), (1969, 12, 31), (2000, 2, 29), (2026, 3, 29), (1900, 3, 1), (1, 1, 1),
        (9999, 12, 31),
        (2100, 2, 28), (1600, 2, 29),
    ])
    func daysMatchADayByDayCount(year: Int, month: Int, day: Int) {
        let expected = ZoneTestClock.seconds(year, month, day) / 86_400
        #expect(ZoneCalendar.days(year: year, month: month, day: day) == expected)
        let back = ZoneCalendar.date(fromDays: expected)
        #expect(back.year == year && back.month == month && back.day == day)
    }

    @Test func firstDayOfYearOneIsTheKnownInstant() {
        #expect(ZoneCalendar.days(year: 1, month: 1, day: 1) * 86_400 == -62_135_596_800)
    }

    @Test func weekdaysCountFromThursdayFirstOfJanuary1970() {
        #expect(ZoneCalendar.weekday(ofDays: 0) == 4)
        #expect(ZoneCalendar.weekday(ofDays: -1) == 3)
        #expect(ZoneCalendar.weekday(ofDays: ZoneCalendar.days(year: 2026, month: 3, day: 29)) == 0)
        #expect(ZoneCalendar.weekday(ofDays: ZoneCalendar.days(year: 1, month: 1, day: 1)) == 1)
    }

    @Test func yearOfSecondsHandlesNegativeInstants() {
        #expect(ZoneCalendar.year(ofSeconds: -1) == 1969)
        #expect(ZoneCalendar.year(ofSeconds: 0) == 1970)
        #expect(ZoneCalendar.year(ofSeconds: -62_135_596_800) == 1)
        #expect(ZoneCalendar.year(ofSeconds: -62_135_596_801) == 0)
    }
}
