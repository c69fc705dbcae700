import ChronoSketchCore
import Foundation
import TestSupport
import Testing

@testable import ChronoSketchEvents

/// The recurrence expectations of ical.js, python-dateutil and ical4j (`Fixtures/recurrence/`,
/// origins and licences in its README), run through the whole of `ics` as libical's are
/// (``LibicalExpectationTests``). Where a suite reads a rule otherwise than RFC 5545 as `ics`
/// reads it, the case is listed below with the reading and why.
@Suite struct OtherSuiteExpectationTests {
    static func read(_ file: String) -> [RecurrenceSuite.Case] {
        RecurrenceSuite.read(URL(fileURLWithPath: Fixture.path("Fixtures/recurrence/\(file)")))
    }

    static let icaljs = read("icaljs-recur-iterator.txt")
    static let dateutil = read("dateutil-rrule.txt")
    static let ical4j = read("ical4j-recur.txt")

    /// Cases `ics` reads otherwise than the suite, by `SOURCE`: the instances `ics` lists.
    static let readings: [String: [String]] = [
        // RFC 5545 §3.3.10: what the rule does not say is "derived from the Start Time
        // ("DTSTART")", so a YEARLY BYMONTHDAY without BYMONTH keeps DTSTART's month, as
        // libical 4.0.3 ("yearly, by Feb 29th day of month"), ical.js and ical4j expect;
        // dateutil takes the days of every month.
        "tests/test_rrule.py:RRuleTest.testYearlyByMonthDay (line 84)": [
            "19970902T090000", "19970903T090000", "19980901T090000",
        ],
        "tests/test_rrule.py:RRuleTest.testYearlyByMonthDayAndWeekDay (line 162)": [
            "19970902T090000", "19980901T090000", "19980903T090000",
        ],
        // The same month: 15 September at 06:00 and 18:00 is a set of two, so BYSETPOS=3,-3
        // picks nothing, and the series is its DTSTART.
        "tests/test_rrule.py:RRuleTest.testYearlyBySetPos (line 373)": ["19970902T090000"],
        // BYWEEKNO without BYDAY gives DTSTART's weekday of each week (libical 4.0.3:
        // "Tuesday in the first two weeks of the year" from a Tuesday); dateutil every day.
        "tests/test_rrule.py:RRuleTest.testYearlyByWeekNo (line 225)": [
            "19970902T090000", "19980512T090000", "19990518T090000",
        ],
        // A DATE UNTIL of a date-time series (which RFC 5545 forbids, and `ics` says) is read
        // as the end of that day: UNTIL "bounds the recurrence rule in an inclusive manner".
        // dateutil reads it as that day's midnight.
        "tests/test_rrule.py:RRuleTest.testUntilWithDate (line 2407)": [
            "19970902T090000", "19970903T090000", "19970904T090000", "19970905T090000",
        ],
    ]

    @Test(arguments: icaljs + dateutil + ical4j)
    func icsListsWhatTheSuiteExpects(item: RecurrenceSuite.Case) throws {
        let expected =
            item.source.flatMap { Self.readings[$0] } ?? RecurrenceSuite.expected(item)
        #expect(try RecurrenceSuite.expand(item) == expected)
    }

    /// Every case is read, and every reading names a case.
    @Test func everyCaseIsRead() {
        #expect(Self.icaljs.count == 115)
        #expect(Self.dateutil.count == 221)
        #expect(Self.ical4j.count == 51)
        let sources = Set((Self.icaljs + Self.dateutil + Self.ical4j).compactMap(\.source))
        #expect(Self.readings.keys.allSatisfy(sources.contains))
    }
}
