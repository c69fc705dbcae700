import ChronoSketchCore
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite struct EmbeddedZoneTests {
    private func zone(_ text: String) throws -> EmbeddedZone {
        let components = try Fixture.read(Fixture.calendar(text)).components
        let component = try #require(components.first)
        return try #require(EmbeddedZone(component, tzid: "test"))
    }

    private func utc(_ text: String) throws -> Int {
        try LocalDateTime(parsing: text).secondsSinceEpoch
    }

    @Test func rulesGiveOffsetsOnBothSidesOfEachChange() throws {
        let berlin = try zone(Fixture.berlin)
        #expect(berlin.offset(atUTC: try utc("2026-03-29T00:59:59")) == 3600)
        #expect(berlin.offset(atUTC: try utc("2026-03-29T01:00")) == 7200)
        #expect(berlin.offset(atUTC: try utc("2026-10-25T00:59:59")) == 7200)
        #expect(berlin.offset(atUTC: try utc("2026-10-25T01:00")) == 3600)
    }

    @Test func openRulesAreExpandedFarAhead() throws {
        let berlin = try zone(Fixture.berlin)
        #expect(berlin.offset(atUTC: try utc("2250-07-01T00:00")) == 7200)
        #expect(berlin.offset(atUTC: try utc("2250-12-01T00:00")) == 3600)
    }

    /// The expanded window starts a few years wide and grows both ways as instants far
    /// from it are asked for; every change stays where it was.
    @Test func theExpandedWindowGrowsBothWaysWithoutLosingChanges() throws {
        let berlin = try zone(Fixture.berlin)
        let asked = [2026, 2031, 2019, 2090, 1990, 2026, 2500, 1996]
        for year in asked {
            // Berlin's rule: from the last Sunday of March to the last Sunday of October.
            let march = try CivilDate(year: year, month: 3, day: 31)
            let spring = try march.adding(days: -(march.weekday.rawValue % 7))
            let october = try CivilDate(year: year, month: 10, day: 31)
            let autumn = try october.adding(days: -(october.weekday.rawValue % 7))
            let springUTC = LocalDateTime(startOf: spring).secondsSinceEpoch + 3600
            let autumnUTC = LocalDateTime(startOf: autumn).secondsSinceEpoch + 3600
            #expect(berlin.offset(atUTC: springUTC - 1) == 3600, "\(year)")
            #expect(berlin.offset(atUTC: springUTC) == 7200, "\(year)")
            #expect(berlin.offset(atUTC: autumnUTC - 1) == 7200, "\(year)")
            #expect(berlin.offset(atUTC: autumnUTC) == 3600, "\(year)")
        }
    }

    /// Found by the read fuzzer: an observance rule repeating hourly made libical walk every
    /// hour of the years around each instant asked for (14 s for one event). Rules more
    /// frequent than daily, or that never match, are left out; the observance keeps its start.
    @Test func subDailyAndImpossibleObservanceRulesAreLeftOut() throws {
        let path = Fixture.path("Fixtures/invalid/fuzz/zone-hourly-rule.ics")
        let (document, _) = try DocumentReader.read(.file(path))
        let component = try #require(document.components.first?.components.first)
        let zone = try #require(EmbeddedZone(component, tzid: "Europe/Berlin"))
        #expect(zone.offset(atUTC: try utc("1970-12-01T00:00")) == 3600)
        #expect(zone.offset(atUTC: try utc("2026-12-08T08:00")) == 7200)
        let never = try self.zone(
            Fixture.berlin.replacingOccurrences(
                of: "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
                with: "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"))
        #expect(never.offset(atUTC: try utc("2026-12-08T08:00")) == 7200)
    }

    @Test func timeBeforeTheFirstOnsetUsesItsOffsetFrom() throws {
        let berlin = try zone(Fixture.berlin)
        #expect(berlin.offset(atUTC: try utc("1900-06-01T00:00")) == 3600)
    }

    @Test func utcUntilEndsARuleOnTheWallClock() throws {
        let zone = try zone(
            """
            BEGIN:VTIMEZONE
            TZID:Old Sydney
            BEGIN:STANDARD
            DTSTART:20000326T030000
            TZOFFSETFROM:+1100
            TZOFFSETTO:+1000
            RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=20070324T160000Z
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:20001029T020000
            TZOFFSETFROM:+1000
            TZOFFSETTO:+1100
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
            END:DAYLIGHT
            END:VTIMEZONE
            """)
        // The last STANDARD onset, 2007-03-25T03:00 at +11:00, is 2007-03-24T16:00Z: included.
        #expect(zone.offset(atUTC: try utc("2007-04-01T00:00")) == 36000)
        // After UNTIL no STANDARD onset follows, so DAYLIGHT stays.
        #expect(zone.offset(atUTC: try utc("2008-06-01T00:00")) == 39600)
    }

    @Test func rdatesAddOnsets() throws {
        let zone = try zone(
            """
            BEGIN:VTIMEZONE
            TZID:Listed
            BEGIN:STANDARD
            DTSTART:20200101T000000
            TZOFFSETFROM:+0200
            TZOFFSETTO:+0100
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:20200601T000000
            RDATE:20210601T000000,20220601T000000
            TZOFFSETFROM:+0100
            TZOFFSETTO:+0200
            END:DAYLIGHT
            END:VTIMEZONE
            """)
        #expect(zone.offset(atUTC: try utc("2022-07-01T00:00")) == 7200)
        #expect(
            zone.transitions(
                fromUTC: try utc("2019-01-01T00:00"), toUTC: try utc("2030-01-01T00:00")
            ).count == 4)
    }
}
