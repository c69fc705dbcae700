import ChronoSketchCore
import Foundation
import TestCorpus
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// libical 4.0.3's own expectations of its recurrence iterator (`src/test/icalrecur_test.txt`
/// in the shared corpus), run through the whole of `ics`: each rule on a VEVENT, read and
/// expanded as a calendar is, in UTC; a case with START-AT compared from START-AT on.
///
/// Where DTSTART is not an instance of its rule, RFC 5545 §3.3.10 ("The DTSTART property value
/// always counts as the first occurrence") gives DTSTART and then the rule's first COUNT−1
/// instances; libical's expectations leave DTSTART out. Such a case is compared with DTSTART
/// added and the last expected instance dropped when the rule has a COUNT.
@Suite struct LibicalExpectationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var comment: String
        var rule: String
        var start: String
        var startAt: String?
        var instances: [String]

        var testDescription: String { "\(comment): \(rule) from \(start)" }
    }

    static let cases: [Case] = {
        guard let path = Corpus.url("libical/src/test/icalrecur_test.txt"),
            let text = try? String(contentsOf: path, encoding: .utf8)
        else { return [] }
        var cases: [Case] = []
        for block in text.components(separatedBy: "\n\n") {
            var item = Case(comment: "", rule: "", start: "", startAt: nil, instances: [])
            for line in block.split(separator: "\n") {
                if line.hasPrefix("#") {
                    item.comment = line.dropFirst().trimmingCharacters(in: .whitespaces)
                    continue
                }
                let pair = line.split(separator: ":", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                switch pair[0] {
                case "RRULE": item.rule = pair[1]
                case "DTSTART": item.start = pair[1]
                case "START-AT": item.startAt = pair[1]
                case "INSTANCES": item.instances = pair[1].split(separator: ",").map(String.init)
                default: break
                }
            }
            if !item.rule.isEmpty { cases.append(item) }
        }
        return cases
    }()

    /// Cases whose expectation libical 4.0.3 leaves unwritten ("UNIMPLEMENTED"), with the
    /// instances RFC 5545 §3.3.10 gives, worked out by hand.
    static let rfcReadings: [String: [String]] = [
        // Week one is the first with four days in its year, weeks from Monday: it holds
        // 30 December when the year begins on Tuesday to Thursday (2025, 2026, 2031), or on
        // Monday of a year after a leap year's Monday… here 2031's week one opens on
        // 30 December 2030 and 2032's on 29 December 2031. BYMONTH and BYMONTHDAY limit
        // the week's days to 30 December.
        "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=30;BYWEEKNO=1;UNTIL=20320101 from 20241230": [
            "20241230", "20251230", "20301230", "20311230",
        ]
    ]

    /// A case read and expanded as a calendar is: its rule on a VEVENT, in UTC, from START-AT
    /// when it has one.
    static func load(_ item: Case) throws -> LoadedCalendar {
        let isDate = !item.start.contains("T")
        let body =
            "BEGIN:VEVENT\nUID:case\nDTSTAMP:20240101T000000Z\nDTSTART\(isDate ? ";VALUE=DATE" : ""):\(item.start)\n"
            + "RRULE:\(item.rule)\n\(isDate ? "" : "DURATION:PT1M\n")END:VEVENT"
        let options = LoadOptions(
            zone: try Fixture.zone("UTC"),
            from: try item.startAt.map { try CivilDate(basicFormat: $0.prefix(8)) })
        return try CalendarLoader.load(
            [.memory(name: "case.ics", bytes: Fixture.calendar(body))], options: options)
    }

    /// What `ics` lists for a case: instance starts, as libical writes them.
    static func expand(_ item: Case) throws -> [String] {
        let isDate = !item.start.contains("T")
        let loaded = try load(item)
        let starts = loaded.events.map { event in
            isDate
                ? String(event.interval.start.basicFormat.prefix(8))
                : event.interval.start.basicFormat
        }
        guard let startAt = item.startAt?.replacingOccurrences(of: "Z", with: "") else {
            return starts
        }
        return starts.filter { $0 >= startAt }
    }

    /// The expected instances, with DTSTART first when it is not one of the rule's; from
    /// START-AT on when the case has one.
    static func expected(_ item: Case) -> [String] {
        let start = item.start.replacingOccurrences(of: "Z", with: "")
        let listed = item.instances.map { $0.replacingOccurrences(of: "Z", with: "") }
        if let startAt = item.startAt?.replacingOccurrences(of: "Z", with: "") {
            return listed.filter { $0 >= startAt }
        }
        guard let first = listed.first, first != start, start < first else {
            return listed
        }
        let hasCount = item.rule.uppercased().contains("COUNT=")
        return [start] + (hasCount ? Array(listed.dropLast()) : listed)
    }

    @Test(
        .enabled(if: !cases.isEmpty, "\(Corpus.said)"),
        arguments: cases)
    func icsListsWhatLibical4Expects(item: Case) throws {
        let produced = try Self.expand(item)
        let expected = Self.rfcReadings["\(item.rule) from \(item.start)"] ?? Self.expected(item)
        #expect(produced == expected)
    }

    @Test(.enabled(if: !cases.isEmpty, "\(Corpus.said)"))
    func everyCaseIsRead() {
        #expect(Self.cases.count == 146)
    }
}

extension LibicalExpectationTests {
    /// Every case is expanded in full: the families libical 3.0.16 gets wrong are expanded or
    /// corrected in Swift, and none is refused or cut short.
    @Test(.enabled(if: !cases.isEmpty, "\(Corpus.said)"))
    func everyCaseIsExpandedInFull() throws {
        for item in Self.cases {
            let loaded = try Self.load(item)
            #expect(
                !loaded.diagnostics.contains {
                    [.unexpandableRule, .expansionLimit, .yearLimit].contains($0.code)
                }, "\(item.rule)")
        }
    }
}
