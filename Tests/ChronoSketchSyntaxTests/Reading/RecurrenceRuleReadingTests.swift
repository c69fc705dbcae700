import Testing

@testable import ChronoSketchSyntax

/// RECUR values read part by part (RFC 5545 §3.3.10): names and values without case, numbers in
/// range, every part kept as written, and each error naming the part that is wrong.
@Suite struct RecurrenceRuleReadingTests {
    private func reason(_ text: String) -> String? {
        do {
            _ = try RecurrenceRule(parsing: text)
            return nil
        } catch {
            #expect(error.rule == text)
            return error.reason
        }
    }

    @Test func readsNamesAndValuesWithoutCaseAndKeepsThemAsWritten() throws {
        let rule = try RecurrenceRule(
            parsing: "freq=Weekly;interval=2;byday=mo,We;until=20241231t000000z")
        #expect(rule.frequency == .weekly)
        #expect(rule.interval == 2)
        #expect(rule.count == nil)
        #expect(rule.until == (try ICalDateTimeText.parse("20241231T000000Z")))
        #expect(rule.parts.map(\.name) == ["FREQ", "INTERVAL", "BYDAY", "UNTIL"])
        #expect(rule.parts.map(\.value) == ["Weekly", "2", "mo,We", "20241231t000000z"])
    }

    @Test func byPartsAreReadIntoTypedLists() throws {
        let rule = try RecurrenceRule(
            parsing:
                "FREQ=YEARLY;BYDAY=-1su,+2MO,TU;BYMONTH=3,5L;BYMONTHDAY=-1,15;BYYEARDAY=100;BYWEEKNO=-53;BYSETPOS=-1,2;BYHOUR=9;BYMINUTE=0,30;BYSECOND=60;WKST=su;RSCALE=gregorian;SKIP=forward;X-NOTE=kept"
        )
        #expect(
            rule.byDay == [
                .init(.sunday, ordinal: -1), .init(.monday, ordinal: 2), .init(.tuesday),
            ])
        #expect(rule.byMonth == [.init(3), .init(5, isLeap: true)])
        #expect(rule.byMonthDay == [-1, 15])
        #expect(rule.byYearDay == [100])
        #expect(rule.byWeekNo == [-53])
        #expect(rule.bySetPos == [-1, 2])
        #expect(rule.byHour == [9])
        #expect(rule.byMinute == [0, 30])
        #expect(rule.bySecond == [60])
        #expect(rule.weekStart == .sunday)
        #expect(rule.scale == "GREGORIAN")
        #expect(rule.skip == "FORWARD")
        // The parts stay as written, for writing the rule again as it came.
        #expect(rule.parts.first { $0.name == "BYDAY" }?.value == "-1su,+2MO,TU")
        #expect(rule.parts.last?.name == "X-NOTE")
    }

    @Test func aRuleMadeFromItsFieldsIsWrittenInRFCForm() throws {
        let until = try ICalDateTimeText.parse("20301027T010000Z")
        let rule = RecurrenceRule(
            frequency: .yearly, interval: 2, until: until, byMonth: [.init(10)],
            byDay: [.init(.sunday, ordinal: -1)])
        #expect(rule.text == "FREQ=YEARLY;INTERVAL=2;BYMONTH=10;BYDAY=-1SU;UNTIL=20301027T010000Z")
        #expect(try RecurrenceRule(parsing: rule.text) == rule)
        let read = try RecurrenceRule(parsing: rule.text)
        #expect(read.byDay == rule.byDay && read.byMonth == rule.byMonth && read.interval == 2)
    }

    @Test func derivedRulesKeepTheRestAndClearWhatTheyRemove() throws {
        let rule = try RecurrenceRule(
            parsing: "FREQ=MONTHLY;COUNT=5;BYDAY=MO,TU;BYSETPOS=-1;UNTIL=20301027T010000Z")
        let candidates = rule.removing(["BYSETPOS", "COUNT", "UNTIL"]).adding([
            .byHour([9]), .byMinute([30]),
        ])
        #expect(candidates.text == "FREQ=MONTHLY;BYDAY=MO,TU;BYHOUR=9;BYMINUTE=30")
        #expect(candidates.bySetPos.isEmpty && candidates.count == nil && candidates.until == nil)
        #expect(candidates.byHour == [9] && candidates.byMinute == [30])
        #expect(candidates.byDay == rule.byDay)
        #expect(try RecurrenceRule(parsing: candidates.text) == candidates)
        // An addition replaces a part of its name.
        #expect(
            candidates.adding([.byHour([10])]).text
                == "FREQ=MONTHLY;BYDAY=MO,TU;BYMINUTE=30;BYHOUR=10")
    }

    @Test func readsEveryFrequencyAndSkipsEmptyParts() throws {
        let names = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
        for (index, name) in names.enumerated() {
            let rule = try RecurrenceRule(parsing: ";FREQ=\(name);;COUNT=3;")
            #expect(rule.frequency.rawValue == index)
            #expect(rule.count == 3)
            #expect(rule.parts.count == 2)
        }
    }

    @Test func theBytesAndTheTextReadAlike() throws {
        let text = "FREQ=MONTHLY;BYDAY=-1FR,+2MO;BYMONTH=2,5L;BYSETPOS=-366;X-NAME=Ünï"
        let fromText = try RecurrenceRule(parsing: text)
        let fromBytes = try RecurrenceRule(parsing: ArraySlice(text.utf8))
        #expect(fromText == fromBytes)
        #expect(fromBytes.text == text)
    }

    @Test(arguments: [
        ("FREQ=FOO", "unknown FREQ 'FOO'"),
        ("freq=foo", "unknown FREQ 'FOO'"),
        // Upper-cased as Swift upper-cases text, not byte by byte.
        ("FREQ=daß", "unknown FREQ 'DASS'"),
        ("BYDAY=MO", "FREQ is missing"),
        ("FREQ=DAILY;COUNT", "'COUNT' is not NAME=VALUE"),
        ("FREQ=DAILY;COUNT=", "'COUNT=' is not NAME=VALUE"),
        ("FREQ=DAILY;=1", "unknown part ''"),
        ("FREQ=DAILY;foo=1", "unknown part 'FOO'"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL must be a whole number from 1 to 2147483647"),
        ("FREQ=DAILY;INTERVAL=2147483648", "INTERVAL must be a whole number from 1 to 2147483647"),
        ("FREQ=DAILY;INTERVAL=+2", "INTERVAL must be a whole number from 1 to 2147483647"),
        ("FREQ=DAILY;COUNT=2147483648", "COUNT must be a whole number from 1 to 2147483647"),
        ("FREQ=DAILY;COUNT=12345678901", "COUNT must be a whole number from 1 to 2147483647"),
        ("FREQ=WEEKLY;WKST=xx", "unknown WKST 'XX'"),
        ("FREQ=WEEKLY;BYDAY=MO,x", "'X' in BYDAY is not a weekday"),
        ("FREQ=WEEKLY;BYDAY=MO,", "'' in BYDAY is not a weekday"),
        ("FREQ=MONTHLY;BYDAY=54mo", "'54MO' in BYDAY has an ordinal outside ±1…53"),
        ("FREQ=MONTHLY;BYDAY=0MO", "'0MO' in BYDAY has an ordinal outside ±1…53"),
        ("FREQ=MONTHLY;BYDAY=--1MO", "'--1MO' in BYDAY has an ordinal outside ±1…53"),
        ("FREQ=YEARLY;BYMONTH=14", "'14' in BYMONTH is not a month"),
        ("FREQ=YEARLY;BYMONTH=-1", "'-1' in BYMONTH is not a month"),
        ("FREQ=DAILY;BYHOUR=24", "'24' in BYHOUR is out of range"),
        ("FREQ=DAILY;BYSECOND=-1", "'-1' in BYSECOND is out of range"),
        ("FREQ=MONTHLY;BYMONTHDAY=-32", "'-32' in BYMONTHDAY is out of range"),
        ("FREQ=YEARLY;BYSETPOS=1,,2", "'' in BYSETPOS is out of range"),
    ])
    func anErrorNamesThePartThatIsWrong(rule: String, expected: String) {
        #expect(reason(rule) == expected)
    }

    @Test func anUntilThatIsNoDateSaysWhy() throws {
        let said = try #require(reason("FREQ=DAILY;UNTIL=2024"))
        #expect(said.contains("'2024'"))
    }

    @Test(arguments: [
        "FREQ=YEARLY;BYMONTH=2,5L;BYMONTHDAY=-31,1", "FREQ=DAILY;BYSECOND=60;BYMINUTE=0",
        "FREQ=YEARLY;BYYEARDAY=-366;BYWEEKNO=+53", "FREQ=MONTHLY;RSCALE=GREGORIAN;SKIP=FORWARD",
        "FREQ=DAILY;COUNT=2147483647;INTERVAL=2147483647",
    ])
    func boundsAreInclusive(rule: String) {
        #expect(reason(rule) == nil)
    }
}
