import ChronoSketchCore
import CLibical
import Foundation
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// The rule handed to libical as its struct, filled from ``RecurrenceRule``, is the struct
/// libical's own reader makes of the rule's text: every field, every BY list in its order.
@Suite struct LibicalRuleTests {
    /// Rules of libical's regression data and of RFC 5545 §3.8.5.3, and the forms the struct
    /// must get right beyond them: BYDAY re-ordered by WKST (ties included), ordinals, leap
    /// months, RSCALE and SKIP, UTC and date UNTILs, lower case.
    /// Rules the reader refuses that libical 3.0.16 reads: none so far.
    static let readByLibicalAlone: Set<String> = []

    static let rules: [String] = {
        let handwritten = [
            "FREQ=WEEKLY;BYDAY=SU,TH,TH;COUNT=3",
            "FREQ=WEEKLY;BYDAY=FR,1MO,-1MO,MO;WKST=SU;COUNT=4",
            "FREQ=WEEKLY;WKST=SA;BYDAY=MO,SA,SU,-2SU",
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
            "FREQ=YEARLY;BYMONTH=2,5L;BYMONTHDAY=-1,8;RSCALE=HEBREW;SKIP=FORWARD",
            "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD",
            "FREQ=DAILY;UNTIL=20261103T000000Z",
            "FREQ=DAILY;UNTIL=20261103",
            "freq=hourly;byhour=3,6;interval=7;count=2",
            "FREQ=SECONDLY;BYSECOND=60,0,5,4;BYMINUTE=59;BYHOUR=23",
            "FREQ=YEARLY;BYWEEKNO=-53,1,20;BYYEARDAY=-366,366;BYDAY=+1MO",
        ]
        return handwritten + LibicalRegressionTests.cases.map(\.rule)
            + RFC5545ExampleTests.examples.flatMap {
                $0.lines.filter { $0.hasPrefix("RRULE:") }.map { String($0.dropFirst(6)) }
            }
    }()

    @Test(arguments: rules)
    func structIsWhatLibicalReadsFromTheText(text: String) throws {
        let expected = icalrecurrencetype_from_string(text.uppercased())
        defer { free(expected.rscale) }
        guard let rule = try? RecurrenceRule(parsing: text) else {
            // A rule the reader refuses is one libical refuses too, or one of the few it reads
            // otherwise, each reported by `validate --libical` (LibicalReadingTests).
            #expect(
                expected.freq == ICAL_NO_RECURRENCE || Self.readByLibicalAlone.contains(text),
                "'\(text)' is refused here and read by libical")
            return
        }
        let made = LibicalRule.recurrence(rule, until: rule.until)
        defer { free(made?.rscale) }
        guard expected.freq != ICAL_NO_RECURRENCE else {
            #expect(made == nil, "libical refuses '\(text)'")
            return
        }
        let recurrence = try #require(made)
        #expect(recurrence.freq == expected.freq)
        #expect(recurrence.count == expected.count)
        #expect(recurrence.interval == expected.interval)
        #expect(recurrence.week_start == expected.week_start)
        #expect(recurrence.skip == expected.skip)
        #expect(recurrence.rscale.map { String(cString: $0) } == expected.rscale.map { String(cString: $0) })
        let untils = [recurrence.until, expected.until].map {
            [$0.year, $0.month, $0.day, $0.hour, $0.minute, $0.second, $0.is_date]
        }
        #expect(untils[0] == untils[1])
        #expect(recurrence.until.zone == expected.until.zone)
        for list in Self.lists {
            #expect(
                Self.values(recurrence, at: list.offset, size: list.size)
                    == Self.values(expected, at: list.offset, size: list.size),
                "\(list.name) of '\(text)'")
        }
    }

    /// Each BY array: its name, where it lies in the struct and its size in libical 3.0.16.
    private static var lists: [(name: String, offset: Int, size: Int)] {
        let layout = MemoryLayout<icalrecurrencetype>.self
        return [
            ("BYSECOND", layout.offset(of: \.by_second)!, 62),
            ("BYMINUTE", layout.offset(of: \.by_minute)!, 61),
            ("BYHOUR", layout.offset(of: \.by_hour)!, 25),
            ("BYDAY", layout.offset(of: \.by_day)!, 7 * 55 + 1),
            ("BYMONTH", layout.offset(of: \.by_month)!, 14),
            ("BYMONTHDAY", layout.offset(of: \.by_month_day)!, 32),
            ("BYYEARDAY", layout.offset(of: \.by_year_day)!, 386),
            ("BYWEEKNO", layout.offset(of: \.by_week_no)!, 56),
            ("BYSETPOS", layout.offset(of: \.by_set_pos)!, 386),
        ]
    }

    /// The values of one BY array up to its end mark.
    private static func values(
        _ recurrence: icalrecurrencetype, at offset: Int, size: Int
    ) -> [Int16] {
        withUnsafeBytes(of: recurrence) { raw in
            var values: [Int16] = []
            for index in 0..<size {
                let value = raw.load(fromByteOffset: offset + 2 * index, as: Int16.self)
                if value == 0x7f7f { break }
                values.append(value)
            }
            return values
        }
    }

    @Test func listsLongerThanLibicalsArraysAreRefusedLikeLibicalDoes() throws {
        let days = Array(repeating: "MO", count: 400).joined(separator: ",")
        let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=\(days)")
        #expect(LibicalRule.recurrence(rule, until: nil) == nil)
        #expect(icalrecurrencetype_from_string(rule.text).freq == ICAL_NO_RECURRENCE)
    }

    @Test func anXPartIsLeftOutWhereLibicalsReaderRefusedTheRule() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=2;X-NAME=1")
        #expect(icalrecurrencetype_from_string(rule.text).freq == ICAL_NO_RECURRENCE)
        let start = ICalDateTime.dateTime(
            try LocalDateTime(date: CivilDate(year: 2026, month: 1, day: 5), hour: 9, minute: 0, second: 0),
            isUTC: false)
        let iterator = try #require(LibicalRecurrenceIterator(rule: rule, until: nil, start: start))
        var instances: [String] = []
        while let next = iterator.next() { instances.append(next.description) }
        #expect(instances == ["20260105T090000", "20260106T090000"])
    }
}
