import ChronoSketchCore
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite struct ValueReaderTests {
    private func reading(_ line: String) throws -> ValueReading {
        let tokens = try PropertyTokenizer.tokenize(Array(line.utf8))
        return ICalProperty(
            name: tokens.name, parameters: tokens.parameters, contentLine: tokens.bytes,
            valueStart: tokens.valueStart, line: 1
        ).reading
    }

    private func error(_ line: String) throws -> String? { try reading(line).error?.message }

    @Test(arguments: [
        "99999999T250000", "20260230T090000", "00000101", "20261301", "20260908T240000",
        "20260908T0900", "2026908T090000Z", "-0011130T100000", "Next Year", "20260908T090000+0100",
    ])
    func badDatesAreNotRead(value: String) throws {
        #expect(try error("DTSTART:" + value) != nil)
    }

    @Test(arguments: [
        "20260908", "20260908T090000", "20260908T090000Z", "2026-09-08", "2026-09-08T09:00:00Z",
        "20261231T235960", " 20260908T090000 ",
    ])
    func datesInEveryFormPass(value: String) throws {
        #expect(try error("DTSTART:" + value) == nil)
    }

    @Test func messagesQuoteTheValueAndNameTheProperty() throws {
        #expect(
            try error("DTEND:20240230T100000Z")
                == "Invalid date-time '20240230T100000Z': February 2024 has 29 days in DTEND")
    }

    @Test func listsAreReadItemByItem() throws {
        #expect(try reading("EXDATE:20260908T090000, 20260909T090000").values.count == 2)
        #expect(try error("EXDATE:20260908T090000,20260999T090000") != nil)
        #expect(
            try reading("RDATE;VALUE=PERIOD:20260908T090000Z/PT1H").values == [
                .period(
                    ICalPeriod(
                        start: .dateTime(
                            try LocalDateTime(parsing: "2026-09-08T09:00"), isUTC: true),
                        end: nil, duration: CalendarDuration(seconds: 3600)))
            ])
        #expect(try error("RDATE;VALUE=PERIOD:20260908T090000Z/PT1X") != nil)
        #expect(try error("FREEBUSY:20260908T090000Z/20260908T100000Z") == nil)
        #expect(try reading("RDATE:20260908,20260910T090000/PT1H").values.count == 2)
    }

    @Test(arguments: [
        ("P1D", true), ("PT1W", false), ("P9999999999W", false), ("-PT15M", true), ("P", false),
    ])
    func durationsAreChecked(value: String, valid: Bool) throws {
        #expect((try error("DURATION:" + value) == nil) == valid)
    }

    @Test(arguments: [
        ("+0530", true), ("-000030", true), ("+2500", false), ("0100", false), ("+01", false),
    ])
    func utcOffsetsAreChecked(value: String, valid: Bool) throws {
        #expect((try error("TZOFFSETTO:" + value) == nil) == valid)
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
        ("freq=weekly;byday=mo", true), ("FREQ=DAILY;COUNT=3;UNTIL=20261231", true),
    ])
    func recurrenceRulesAreChecked(rule: String, valid: Bool) throws {
        #expect((try error("RRULE:" + rule) == nil) == valid)
    }

    @Test func aRuleKeepsItsPartsAsWritten() throws {
        let value = try reading("RRULE:FREQ=MONTHLY;INTERVAL=1;BYDAY=+3WE,MO;WKST=MO").values
        guard case .recurrence(let rule)? = value.first else {
            Issue.record("not a rule: \(value)")
            return
        }
        #expect(rule.text == "FREQ=MONTHLY;INTERVAL=1;BYDAY=+3WE,MO;WKST=MO")
        #expect(rule.frequency == .monthly)
    }

    @Test func textIsUnescapedExactly() throws {
        #expect(
            try reading(#"SUMMARY:  a\, b\; c\\d\ne\Nf\tg\ "#).values == [
                .text("  a, b; c\\d\ne\nf\\tg\\ ")
            ])
        #expect(
            try reading(#"DESCRIPTION:ends in a backslash\"#).values == [
                .text("ends in a backslash\\")
            ])
        #expect(
            try reading(#"CATEGORIES:one,two\,three, four"#).values == [
                .text("one"), .text("two,three"), .text(" four"),
            ])
        #expect(try reading("X-WR-CALNAME:Team\\, Berlin").values == [.text("Team, Berlin")])
    }

    @Test func aValueTypeThatDoesNotFitTheValueIsReadByItsShape() throws {
        let date = try reading("DTSTART;VALUE=DATE:20260105T090000")
        #expect(
            date.values == [
                .dateTime(.dateTime(try LocalDateTime(parsing: "2026-01-05T09:00"), isUTC: false))
            ])
        #expect(date.warnings.count == 1)
        #expect(
            try reading("DTSTART;VALUE=DATE-TIME:20260105").values == [
                .dateTime(.date(try CivilDate(parsing: "2026-01-05")))
            ])
        #expect(try reading("DTSTART;VALUE=DATE:20260105").warnings.isEmpty)
    }

    @Test func integersAndOtherTypes() throws {
        #expect(try reading("SEQUENCE:+3").values == [.integer(3)])
        #expect(try error("SEQUENCE:three") == "Invalid integer 'three' in SEQUENCE")
        #expect(try error("PRIORITY:99999999999") != nil)
        #expect(
            try reading("GEO:37.386013;-122.082932").values == [
                .geo(latitude: 37.386013, longitude: -122.082932)
            ])
        #expect(try error("GEO:1e5;2") != nil)
        #expect(try error("GEO:inf;2") != nil)
        #expect(try reading("ATTACH;VALUE=BINARY;ENCODING=BASE64:AAAA").values == [.binary("AAAA")])
        #expect(try reading("X-A;VALUE=FLOAT:1.5,-2").values == [.float(1.5), .float(-2)])
        #expect(try error("X-A;VALUE=FLOAT:1e5") == "Invalid float '1e5' in X-A")
        #expect(
            try reading("X-T;VALUE=TIME:123000Z").values == [
                .time(ICalTime(hour: 12, minute: 30, second: 0, isUTC: true))
            ])
        #expect(
            try error("X-T;VALUE=TIME:1230")
                == "Invalid time '1230': expected HHMMSS or HHMMSSZ in X-T")
        #expect(try reading("X-B;VALUE=BOOLEAN:true").values == [.boolean(true)])
        #expect(
            try error("X-B;VALUE=BOOLEAN:MAYBE")
                == "Invalid boolean 'MAYBE': expected TRUE or FALSE in X-B")
        #expect(
            try reading("REQUEST-STATUS:3.7;Invalid user;ATTENDEE:mailto:a@b\\;c").values == [
                .requestStatus(["3.7", "Invalid user", "ATTENDEE:mailto:a@b;c"])
            ])
        #expect(try reading("REQUEST-STATUS:,").values == [.requestStatus([","])])
        #expect(try reading("FOO-BAR:x").values == [.other("x")])
        #expect(
            try reading("URL:https://example.com/a,b").values == [.uri("https://example.com/a,b")])
    }

    @Test func otherPropertiesAreNotChecked() throws {
        #expect(try error("SUMMARY:99999999T250000") == nil)
    }
}

/// Properties are compared and hashed by their case's place, which the sets of the checks use.
@Suite struct KnownPropertyOrdinalTests {
    @Test func ordinalIsThePlaceInAllCasesAndFitsAPropertySet() {
        let cases = KnownProperty.allCases
        #expect(cases.count <= 128)
        #expect(cases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
        #expect(Set(cases).count == cases.count)
        #expect(KnownProperty(name: "DTSTART") == .dtstart)
        #expect(KnownProperty.dtstart != .dtend)
        var set = PropertySet([.refid, .calscale])
        #expect(set.contains(.refid) && set.contains(.calscale) && !set.contains(.concept))
        let insertedAgain = set.insert(.refid)
        let insertedNew = set.insert(.concept)
        #expect(!insertedAgain && insertedNew && set.contains(.concept))
    }
}
