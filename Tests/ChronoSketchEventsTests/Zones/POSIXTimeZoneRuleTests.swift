import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite("POSIX TZ strings")
struct POSIXTimeZoneRuleTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var text: String
        var january: Int
        var july: Int
        /// Changes in 2026 as (instant, offset before, offset after, abbreviation after).
        var changes2026: [(Int, Int, Int, String)]
        var description: String { text }
    }

    static let table: [Expectation] = [
        Expectation(
            text: "EST5EDT,M3.2.0,M11.1.0", january: -18_000, july: -14_400,
            changes2026: [
                (ZoneTestClock.seconds(2026, 3, 8, 7), -18_000, -14_400, "EDT"),
                (ZoneTestClock.seconds(2026, 11, 1, 6), -14_400, -18_000, "EST"),
            ]),
        Expectation(text: "<+0330>-3:30", january: 12_600, july: 12_600, changes2026: []),
        Expectation(
            text: "AEST-10AEDT,M10.1.0,M4.1.0/3", january: 39_600, july: 36_000,
            changes2026: [
                (ZoneTestClock.seconds(2026, 4, 4, 16), 39_600, 36_000, "AEST"),
                (ZoneTestClock.seconds(2026, 10, 3, 16), 36_000, 39_600, "AEDT"),
            ]),
        Expectation(
            text: "IST-2IDT,M3.4.4/26,M10.5.0", january: 7_200, july: 10_800,
            changes2026: [
                (ZoneTestClock.seconds(2026, 3, 27, 0), 7_200, 10_800, "IDT"),
                (ZoneTestClock.seconds(2026, 10, 24, 23), 10_800, 7_200, "IST"),
            ]),
        Expectation(
            text: "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", january: -10_800, july: -7_200,
            changes2026: [
                (ZoneTestClock.seconds(2026, 3, 29, 1), -10_800, -7_200, "-02"),
                (ZoneTestClock.seconds(2026, 10, 25, 1), -7_200, -10_800, "-03"),
            ]),
        Expectation(text: "EST5EDT,0/0,J365/25", january: -14_400, july: -14_400, changes2026: []),
        Expectation(
            text: "WART4WARST,J1/0,J365/25", january: -10_800, july: -10_800, changes2026: []),
        Expectation(
            text: "EST5EDT", january: -18_000, july: -14_400,
            changes2026: [
                (ZoneTestClock.seconds(2026, 3, 8, 7), -18_000, -14_400, "EDT"),
                (ZoneTestClock.seconds(2026, 11, 1, 6), -14_400, -18_000, "EST"),
            ]),
        Expectation(
            text: "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", january: 39_600, july: 37_800,
            changes2026: [
                (ZoneTestClock.seconds(2026, 4, 4, 15), 39_600, 37_800, "+1030"),
                (ZoneTestClock.seconds(2026, 10, 3, 15, 30), 37_800, 39_600, "+11"),
            ]),
    ]

    @Test(arguments: table)
    func offsetsAndChangesIn2026MatchTheReference(_ expectation: Expectation) throws {
        let rule = try POSIXTimeZoneRule(parsing: expectation.text)
        #expect(rule.offset(atUTC: ZoneTestClock.seconds(2026, 1, 15)) == expectation.january)
        #expect(rule.offset(atUTC: ZoneTestClock.seconds(2026, 7, 15)) == expectation.july)
        let changes = rule.transitions(
            fromUTC: ZoneTestClock.seconds(2026, 1, 1), toUTC: ZoneTestClock.seconds(2027, 1, 1))
        #expect(changes.map(\.utc) == expectation.changes2026.map(\.0))
        #expect(changes.map(\.offsetBefore) == expectation.changes2026.map(\.1))
        #expect(changes.map(\.offsetAfter) == expectation.changes2026.map(\.2))
        #expect(changes.map(\.abbreviation) == expectation.changes2026.map(\.3))
        for change in changes {
            #expect(rule.offset(atUTC: change.utc - 1) == change.offsetBefore)
            #expect(rule.offset(atUTC: change.utc) == change.offsetAfter)
        }
    }

    @Test(arguments: ["EST5EDT,0/0,J365/25", "WART4WARST,J1/0,J365/25"])
    func daylightSavingAllYearHasNoChangesAndNoStandardTime(_ text: String) throws {
        let rule = try POSIXTimeZoneRule(parsing: text)
        #expect(
            rule.transitions(
                fromUTC: ZoneTestClock.seconds(1900, 1, 1), toUTC: ZoneTestClock.seconds(2200, 1, 1)
            ).isEmpty)
        for year in [1, 1999, 2000, 2024, 2025, 2100, 9999] {
            for instant in [
                ZoneTestClock.seconds(year, 1, 1), ZoneTestClock.seconds(year, 1, 1, 4, 59, 59),
                ZoneTestClock.seconds(year, 1, 1, 5),
                ZoneTestClock.seconds(year, 12, 31, 23, 59, 59), ZoneTestClock.seconds(year, 3, 1),
            ] {
                #expect(rule.isDaylightSaving(atUTC: instant), "\(text) at \(instant)")
            }
        }
    }

    @Test func fieldsOfARuleWithNegativeAndLongTimesAreRead() throws {
        let israel = try POSIXTimeZoneRule(parsing: "IST-2IDT,M3.4.4/26,M10.5.0")
        #expect(israel.standardAbbreviation == "IST")
        #expect(israel.standardOffset == 7_200)
        let dst = try #require(israel.daylightSaving)
        #expect(dst.abbreviation == "IDT")
        #expect(dst.offset == 10_800)
        #expect(
            dst.start == .init(day: .monthWeek(month: 3, week: 4, weekday: 4), time: 26 * 3_600))
        #expect(dst.end == .init(day: .monthWeek(month: 10, week: 5, weekday: 0), time: 7_200))

        let greenland = try POSIXTimeZoneRule(parsing: "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1")
        #expect(greenland.standardAbbreviation == "-03")
        #expect(greenland.daylightSaving?.start.time == -7_200)
        #expect(greenland.daylightSaving?.end.time == -3_600)

        let extreme = try POSIXTimeZoneRule(parsing: "XXX3:25:45YYY2:00:01,J1/-167:59:59,300/167")
        #expect(extreme.standardOffset == -(3 * 3_600 + 25 * 60 + 45))
        #expect(extreme.daylightSaving?.offset == -(2 * 3_600 + 1))
        #expect(
            extreme.daylightSaving?.start
                == .init(day: .julian(1), time: -(167 * 3_600 + 59 * 60 + 59)))
        #expect(extreme.daylightSaving?.end == .init(day: .zeroBased(300), time: 167 * 3_600))
    }

    @Test func explicitDaylightOffsetAndDefaultOffsetDiffer() throws {
        #expect(try POSIXTimeZoneRule(parsing: "EST5EDT").daylightSaving?.offset == -14_400)
        #expect(try POSIXTimeZoneRule(parsing: "EST5EDT3").daylightSaving?.offset == -10_800)
        #expect(try POSIXTimeZoneRule(parsing: "EST+5EDT+3").daylightSaving?.offset == -10_800)
        #expect(try POSIXTimeZoneRule(parsing: "JST-9").standardOffset == 32_400)
        #expect(try POSIXTimeZoneRule(parsing: "UTC0").daylightSaving == nil)
    }

    @Test func julianDaysSkipFebruary29ButZeroBasedDaysCountIt() throws {
        let julian = try POSIXTimeZoneRule(parsing: "AAA0BBB,J60/0,J61/0")
        let leapJulian = julian.transitions(
            fromUTC: ZoneTestClock.seconds(2024, 1, 1), toUTC: ZoneTestClock.seconds(2025, 1, 1))
        #expect(
            leapJulian.map(\.utc) == [
                ZoneTestClock.seconds(2024, 3, 1), ZoneTestClock.seconds(2024, 3, 1, 23),
            ])
        let plainJulian = julian.transitions(
            fromUTC: ZoneTestClock.seconds(2025, 1, 1), toUTC: ZoneTestClock.seconds(2026, 1, 1))
        #expect(
            plainJulian.map(\.utc) == [
                ZoneTestClock.seconds(2025, 3, 1), ZoneTestClock.seconds(2025, 3, 1, 23),
            ])

        let zeroBased = try POSIXTimeZoneRule(parsing: "AAA0BBB,59/0,60/0")
        let leapZero = zeroBased.transitions(
            fromUTC: ZoneTestClock.seconds(2024, 1, 1), toUTC: ZoneTestClock.seconds(2025, 1, 1))
        #expect(
            leapZero.map(\.utc) == [
                ZoneTestClock.seconds(2024, 2, 29), ZoneTestClock.seconds(2024, 2, 29, 23),
            ])
        let plainZero = zeroBased.transitions(
            fromUTC: ZoneTestClock.seconds(2025, 1, 1), toUTC: ZoneTestClock.seconds(2026, 1, 1))
        #expect(
            plainZero.map(\.utc) == [
                ZoneTestClock.seconds(2025, 3, 1), ZoneTestClock.seconds(2025, 3, 1, 23),
            ])
    }

    @Test(arguments: [
        (2026, 2, 5, 0, 22), (2026, 3, 5, 0, 29), (2026, 10, 5, 0, 25), (2026, 11, 1, 0, 1),
        (2024, 2, 5, 4, 29),
        (2026, 3, 2, 0, 8), (2026, 3, 4, 4, 26), (2027, 3, 5, 0, 28),
    ])
    func monthWeekDaysFindTheRightDay(
        year: Int, month: Int, week: Int, weekday: Int, expectedDay: Int
    ) {
        let day = POSIXTimeZoneRule.localDay(
            .monthWeek(month: month, week: week, weekday: weekday), year: year)
        #expect(day == ZoneTestClock.seconds(year, month, expectedDay) / 86_400)
    }

    @Test func southernHemisphereRuleIsDaylightSavingAcrossNewYear() throws {
        let sydney = try POSIXTimeZoneRule(parsing: "AEST-10AEDT,M10.1.0,M4.1.0/3")
        #expect(sydney.isDaylightSaving(atUTC: ZoneTestClock.seconds(2025, 12, 31, 23, 59, 59)))
        #expect(sydney.isDaylightSaving(atUTC: ZoneTestClock.seconds(2026, 1, 1)))
        #expect(!sydney.isDaylightSaving(atUTC: ZoneTestClock.seconds(2026, 6, 30)))
        #expect(sydney.abbreviation(atUTC: ZoneTestClock.seconds(2026, 1, 1)) == "AEDT")
        #expect(sydney.abbreviation(atUTC: ZoneTestClock.seconds(2026, 6, 30)) == "AEST")
    }

    @Test func rulesGiveOffsetsFromYearOneToYear9999AndBeyond() throws {
        let rule = try POSIXTimeZoneRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(rule.offset(atUTC: ZoneTestClock.seconds(1, 1, 1)) == 3_600)
        #expect(rule.offset(atUTC: ZoneTestClock.seconds(1, 7, 1)) == 7_200)
        #expect(rule.offset(atUTC: ZoneTestClock.seconds(9999, 7, 1)) == 7_200)
        #expect(rule.offset(atUTC: ZoneTestClock.seconds(9999, 12, 31, 23, 59, 59)) == 3_600)
        #expect(
            rule.transitions(
                fromUTC: ZoneTestClock.seconds(1, 1, 1), toUTC: ZoneTestClock.seconds(2, 1, 1)
            )
            .count == 2)
        let late = rule.transitions(
            fromUTC: ZoneTestClock.seconds(9999, 1, 1), toUTC: ZoneTestClock.seconds(10_000, 1, 1))
        #expect(
            late.map(\.utc) == [
                ZoneTestClock.seconds(9999, 3, 28, 1), ZoneTestClock.seconds(9999, 10, 31, 1),
            ])
        for instant in [Int.min, Int.min + 1, -1, Int.max - 1, Int.max] {
            #expect([3_600, 7_200].contains(rule.offset(atUTC: instant)))
        }
        #expect(rule.transitions(fromUTC: Int.min, toUTC: Int.min + 1_000).isEmpty)
        #expect(rule.transitions(fromUTC: Int.max - 1_000, toUTC: Int.max).isEmpty)
    }

    @Test func offsetsRepeatEvery400Years() throws {
        let rule = try POSIXTimeZoneRule(parsing: "EST5EDT,M3.2.0,M11.1.0")
        let era = 146_097 * 86_400
        for instant in stride(
            from: ZoneTestClock.seconds(2026, 1, 1), to: ZoneTestClock.seconds(2027, 1, 1),
            by: 3_600 * 7)
        {
            #expect(rule.offset(atUTC: instant) == rule.offset(atUTC: instant + era))
            #expect(rule.offset(atUTC: instant) == rule.offset(atUTC: instant - 5 * era))
        }
    }

    @Test func transitionsOverSeveralCenturiesAlternateAndStayOrdered() throws {
        let rule = try POSIXTimeZoneRule(parsing: "<-04>4<-03>,M9.1.6/24,M4.1.6/24")
        let changes = rule.transitions(
            fromUTC: ZoneTestClock.seconds(1800, 1, 1), toUTC: ZoneTestClock.seconds(2300, 1, 1))
        #expect(changes.count == 1_000)
        for (previous, next) in zip(changes, changes.dropFirst()) {
            #expect(previous.utc < next.utc)
            #expect(previous.offsetAfter == next.offsetBefore)
            #expect(previous.isDaylightSaving != next.isDaylightSaving)
        }
    }

    static let malformed = [
        "", "EST", "5", "ES5", "E5T5", "EST 5", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0",
        "EST5EDT,M0.2.0,M11.1.0",
        "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.0.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0",
        "EST5EDT,M3.2,M11.1.0",
        "EST5EDT,J0,J365", "EST5EDT,J366,J1", "EST5EDT,366,0", "EST5EDT,M3.2.0/168,M11.1.0",
        "EST5EDT,M3.2.0/2:60,M11.1.0", "EST5EDT,M3.2.0/2:00:60,M11.1.0", "<+03", "<+3>-3",
        "<+0 3>-3", "EST25",
        "EST5:60", "EST123", "EST5EDT,M3.2.0,M11.1.0,M12.1.0", "EST5EDT;M3.2.0,M11.1.0", "EST5EDT,",
        "EST5EDT,X1,M11.1.0",
        "EST5EDT,M3.2.0,M11.1.0/", "Nowhere/Zone", "<+0330>-3:30x", "EST5ED", "EST5EDT,M3.2.0,",
        "EST-", "ÉST5",
        "EST5EDT,M3.2.0/+,M11.1.0", ":EST5",
    ]

    @Test(arguments: malformed)
    func malformedStringsThrowAnErrorQuotingTheText(_ text: String) {
        #expect {
            try POSIXTimeZoneRule(parsing: text)
        } throws: { error in
            guard let error = error as? ZoneError,
                case .invalidTZString(let quoted, let reason) = error
            else {
                return false
            }
            return quoted == text && !reason.isEmpty
                && error.description.hasPrefix("Invalid TZ string '\(text)': ")
        }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(
            throws: ZoneError.invalidTZString(text: "EST", reason: "missing UTC offset after 'EST'")
        ) {
            try POSIXTimeZoneRule(parsing: "EST")
        }
        #expect(
            throws: ZoneError.invalidTZString(text: "XYZ", reason: "missing UTC offset after 'XYZ'")
        ) {
            try POSIXTimeZoneRule(parsing: "XYZ")
        }
        #expect(
            throws: ZoneError.invalidTZString(
                text: "ES5", reason: "the standard time name 'ES' is shorter than 3 letters")
        ) {
            try POSIXTimeZoneRule(parsing: "ES5")
        }
    }

    @Test func posixZoneWrapsTheRuleWithItsTextAsIdentifier() throws {
        let zone = try POSIXTimeZone(parsing: "EST5EDT,M3.2.0,M11.1.0")
        #expect(zone.identifier == "EST5EDT,M3.2.0,M11.1.0")
        #expect(zone.offset(atUTC: ZoneTestClock.seconds(2026, 7, 1)) == -14_400)
        #expect(
            zone.transitions(
                fromUTC: ZoneTestClock.seconds(2026, 1, 1), toUTC: ZoneTestClock.seconds(2027, 1, 1)
            ).count == 2)
        #expect(throws: ZoneError.self) { try POSIXTimeZone(parsing: "EST5EDT,") }
    }
}
