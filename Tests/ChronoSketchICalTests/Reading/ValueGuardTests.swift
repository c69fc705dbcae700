import ChronoSketchCore
import Testing

@testable import ChronoSketchICal

@Suite struct ValueGuardTests {
    private func check(_ property: String, _ valueType: String?, _ value: String) -> String? {
        ValueGuard.problem(property: property, valueType: valueType, value: ArraySlice(value.utf8))
    }

    @Test(arguments: [
        "99999999T250000", "20260230T090000", "00000101", "20261301", "20260908T240000",
        "20260908T0900", "2026908T090000Z", "-0011130T100000", "Next Year", "20260908T090000+0100",
    ])
    func badDatesNeverReachLibical(value: String) {
        #expect(check("DTSTART", nil, value) != nil)
    }

    @Test(arguments: [
        "20260908", "20260908T090000", "20260908T090000Z", "2026-09-08", "2026-09-08T09:00:00Z",
        "20261231T235960",
    ])
    func datesLibicalReadsPass(value: String) {
        #expect(check("DTSTART", nil, value) == nil)
    }

    @Test func messagesQuoteTheValueAndNameTheProperty() {
        #expect(
            check("DTEND", nil, "20240230T100000Z")
                == "Invalid date-time '20240230T100000Z': February 2024 has 29 days in DTEND")
    }

    @Test func listsAreCheckedItemByItem() {
        #expect(check("EXDATE", nil, "20260908T090000,20260909T090000") == nil)
        #expect(check("EXDATE", nil, "20260908T090000,20260999T090000") != nil)
        #expect(check("RDATE", "PERIOD", "20260908T090000Z/PT1H") == nil)
        #expect(check("RDATE", "PERIOD", "20260908T090000Z/PT1X") != nil)
        #expect(check("FREEBUSY", nil, "20260908T090000Z/20260908T100000Z") == nil)
    }

    @Test(arguments: [
        ("P1D", true), ("PT1W", false), ("P9999999999W", false), ("-PT15M", true), ("P", false),
    ])
    func durationsAreChecked(value: String, valid: Bool) {
        #expect((check("DURATION", nil, value) == nil) == valid)
    }

    @Test(arguments: [
        ("+0530", true), ("-000030", true), ("+2500", false), ("0100", false), ("+01", false),
    ])
    func utcOffsetsAreChecked(value: String, valid: Bool) {
        #expect((check("TZOFFSETTO", nil, value) == nil) == valid)
    }

    @Test(arguments: [
        ("FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T235959Z", true),
        ("FREQ=MONTHLY;BYMONTHDAY=-1;BYSETPOS=-1", true),
        ("FREQ=YEARLY;BYMONTH=5L;RSCALE=CHINESE", true),
        ("FREQ=DAILY;INTERVAL=0", false), ("FREQ=DAILY;COUNT=0", false),
        ("FREQ=FORTNIGHTLY", false), ("INTERVAL=2", false), ("FREQ=DAILY;BYHOUR=24", false),
        ("FREQ=MONTHLY;BYMONTHDAY=0", false), ("FREQ=WEEKLY;BYDAY=XX", false),
        ("FREQ=DAILY;UNTIL=20123456T123456", false), ("FREQ=DAILY;COUNT=9999999999", false),
        ("RRULE:FREQ=DAILY", false), ("FREQ=DAILY;X-NAME=1", true),
    ])
    func recurrenceRulesAreChecked(rule: String, valid: Bool) {
        #expect((check("RRULE", nil, rule) == nil) == valid)
    }

    @Test func otherPropertiesAreNotChecked() {
        #expect(check("SUMMARY", nil, "99999999T250000") == nil)
    }
}
