import Testing

@testable import ChronoSketchCore

@Suite struct CivilDateTests {
    @Test func supportedRangeEndsAreValid() throws {
        let first = try CivilDate(year: 1, month: 1, day: 1)
        let last = try CivilDate(year: 9999, month: 12, day: 31)
        #expect(first == CivilDate.minimum)
        #expect(last == CivilDate.maximum)
        #expect(first.weekday == .monday)
        #expect(last.weekday == .friday)
        #expect(first.days(to: last) == 3_652_058)
    }

    @Test func arithmeticLeavingTheRangeThrows() throws {
        #expect(throws: CivilTimeError.self) { try CivilDate.minimum.adding(days: -1) }
        #expect(throws: CivilTimeError.self) { try CivilDate.maximum.adding(days: 1) }
        #expect(throws: CivilTimeError.self) { try CivilDate.maximum.adding(months: 1) }
        #expect(throws: CivilTimeError.self) { try CivilDate.minimum.adding(years: -1) }
        #expect(throws: CivilTimeError.self) { try CivilDate.minimum.adding(days: Int.max) }
        #expect(throws: CivilTimeError.self) { try CivilDate(year: 0, month: 1, day: 1) }
        #expect(throws: CivilTimeError.self) { try CivilDate(year: 10000, month: 1, day: 1) }
    }

    @Test(arguments: [
        (2000, true), (1900, false), (2024, true), (2100, false), (2026, false), (1600, true),
    ])
    func february29ExistsOnlyInLeapYears(year: Int, leap: Bool) {
        #expect(((try? CivilDate(year: year, month: 2, day: 29)) != nil) == leap)
        #expect(CivilDate.isLeapYear(year) == leap)
    }

    @Test func dayNumbersRoundTripAcrossTheWholeRange() throws {
        var day = CivilDate.minimum.daysSinceEpoch
        var previous: CivilDate?
        while day <= CivilDate.maximum.daysSinceEpoch {
            let date = try CivilDate(daysSinceEpoch: day)
            #expect(date.daysSinceEpoch == day)
            if let previous { #expect(previous < date) }
            previous = date
            day += 997
        }
    }

    @Test func consecutiveDaysStepThroughMonthAndYearEnds() throws {
        var date = try CivilDate(year: 1899, month: 12, day: 25)
        var count = 0
        while date.year < 1901 {
            let next = try date.adding(days: 1)
            if date.day == date.daysInMonth {
                #expect(next.day == 1)
                #expect(next.month == date.month % 12 + 1)
            } else {
                #expect(next.day == date.day + 1)
            }
            #expect(next.weekday == date.weekday.advanced(by: 1))
            date = next
            count += 1
        }
        #expect(count == 372)
    }

    @Test(arguments: [
        ("2026-12-31", 2026, 53), ("2027-01-01", 2026, 53), ("2027-01-04", 2027, 1),
        ("2026-01-01", 2026, 1), ("2024-12-30", 2025, 1), ("2021-01-03", 2020, 53),
        ("2008-12-29", 2009, 1), ("0001-01-01", 1, 1), ("9999-12-31", 9999, 52),
    ])
    func isoWeekBelongsToTheYearOfItsThursday(text: String, weekYear: Int, week: Int) throws {
        let date = try CivilDate(parsing: text)
        #expect(date.isoWeek.year == weekYear)
        #expect(date.isoWeek.week == week)
    }

    @Test(arguments: [
        ("2026-01-31", 1, "2026-02-28"), ("2024-01-31", 1, "2024-02-29"),
        ("2026-03-31", -1, "2026-02-28"), ("2026-05-31", 1, "2026-06-30"),
        ("2026-12-15", 1, "2027-01-15"), ("2026-01-15", -13, "2024-12-15"),
        ("2024-02-29", 12, "2025-02-28"),
    ])
    func monthArithmeticClampsToTheLastDay(start: String, months: Int, expected: String) throws {
        #expect(try CivilDate(parsing: start).adding(months: months).description == expected)
    }

    @Test(arguments: [
        ("2026-02-30", "Invalid date '2026-02-30': February 2026 has 28 days"),
        ("1900-02-29", "Invalid date '1900-02-29': February 1900 has 28 days"),
        ("2026-13-01", "Invalid date '2026-13-01': month 13 does not exist"),
        ("0000-01-01", "Invalid date '0000-01-01': year 0 is outside 1…9999"),
        ("2026-1-01", "Invalid date '2026-1-01': expected YYYY-MM-DD"),
        ("20260101", "Invalid date '20260101': expected YYYY-MM-DD"),
        ("2026-01-01T00:00", "Invalid date '2026-01-01T00:00': expected YYYY-MM-DD"),
    ])
    func rejectedTextsAreQuotedInTheMessage(text: String, message: String) {
        #expect(throws: CivilTimeError.self) { try CivilDate(parsing: text) }
        do {
            _ = try CivilDate(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func basicFormatIsReadAndWritten() throws {
        let date = try CivilDate(basicFormat: "20260908")
        #expect(date.description == "2026-09-08")
        #expect(date.basicFormat == "20260908")
        #expect(throws: CivilTimeError.self) { try CivilDate(basicFormat: "99999999") }
        #expect(throws: CivilTimeError.self) { try CivilDate(basicFormat: "2026098") }
    }

    @Test func textFormRoundTripsAndCodes() throws {
        let date = try CivilDate(year: 33, month: 7, day: 4)
        #expect(date.description == "0033-07-04")
        #expect(CivilDate(date.description) == date)
        #expect(date.dayOfYear == 185)
    }
}
