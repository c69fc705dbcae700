import ChronoSketchCore
import Foundation
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// Other projects' recurrence expectations in libical's block format (`icalrecur_test.txt`):
/// blocks apart by a blank line, each a `# comment`, `RRULE:`, `DTSTART:`, an optional
/// `START-AT:`, `INSTANCES:a,b,c`, and in `Fixtures/recurrence/` also `FIRST:N` (only the
/// first N instances of an unbounded rule are listed) and `SOURCE:` (the test it comes from).
enum RecurrenceSuite {
    struct Case: CustomTestStringConvertible, Sendable {
        var comment = ""
        var rule = ""
        var start = ""
        var startAt: String?
        var instances: [String] = []
        var first: Int?
        var source: String?

        var testDescription: String { "\(source ?? comment): \(rule) from \(start)" }
    }

    /// The cases of the file at `url`; none when it cannot be read.
    static func read(_ url: URL?) -> [Case] {
        guard let url, let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var cases: [Case] = []
        for block in text.components(separatedBy: "\n\n") {
            var item = Case()
            for line in block.split(separator: "\n") {
                if line.hasPrefix("#") {
                    item.comment = line.dropFirst().trimmingCharacters(in: .whitespaces)
                    continue
                }
                let pair = line.split(separator: ":", maxSplits: 1).map(String.init)
                switch pair.first {
                case "RRULE": item.rule = pair.last ?? ""
                case "DTSTART": item.start = pair.last ?? ""
                case "START-AT": item.startAt = pair.last
                case "INSTANCES":
                    item.instances =
                        pair.count == 2 ? pair[1].split(separator: ",").map(String.init) : []
                case "FIRST": item.first = pair.last.flatMap { Int($0) }
                case "SOURCE": item.source = pair.last
                default: break
                }
            }
            if !item.rule.isEmpty { cases.append(item) }
        }
        return cases
    }

    /// A case read and expanded as a calendar is: its rule on a VEVENT, in UTC, from START-AT
    /// when it has one; an unbounded rule's first 2,000 instances.
    static func load(_ item: Case) throws -> LoadedCalendar {
        let isDate = !item.start.contains("T")
        let body =
            "BEGIN:VEVENT\nUID:case\nDTSTAMP:20240101T000000Z\nDTSTART\(isDate ? ";VALUE=DATE" : ""):\(item.start)\n"
            + "RRULE:\(item.rule)\n\(isDate ? "" : "DURATION:PT1M\n")END:VEVENT"
        var options = LoadOptions(
            zone: try Fixture.zone("UTC"),
            from: try item.startAt.map { try CivilDate(basicFormat: $0.prefix(8)) },
            to: item.first == nil ? nil : .maximum)
        options.expansion.instancesPerSeries = 2_000
        return try CalendarLoader.load(
            [.memory(name: "case.ics", bytes: Fixture.calendar(body))], options: options)
    }

    /// What `ics` lists for a case: instance starts, as libical writes them, as many as the
    /// case compares.
    static func expand(_ item: Case) throws -> [String] {
        let isDate = !item.start.contains("T")
        var starts = try load(item).events.map { event in
            isDate
                ? String(event.interval.start.basicFormat.prefix(8))
                : event.interval.start.basicFormat
        }
        if let startAt = item.startAt?.replacingOccurrences(of: "Z", with: "") {
            starts = starts.filter { $0 >= startAt }
        }
        return item.first == nil ? starts : Array(starts.prefix(expected(item).count))
    }

    /// The expected instances read as RFC 5545 §3.3.10 does ("The DTSTART property value always
    /// counts as the first occurrence"): DTSTART first when it is not one of the rule's, and
    /// with COUNT the last listed dropped; DTSTART alone when the rule has none. From START-AT
    /// on when the case has one.
    static func expected(_ item: Case) -> [String] {
        let start = item.start.replacingOccurrences(of: "Z", with: "")
        let listed = item.instances.map { $0.replacingOccurrences(of: "Z", with: "") }
        if let startAt = item.startAt?.replacingOccurrences(of: "Z", with: "") {
            return listed.filter { $0 >= startAt }
        }
        guard let first = listed.first else { return [start] }
        guard first != start, start < first else { return listed }
        let dropsLast = item.first == nil && item.rule.uppercased().contains("COUNT=")
        return [start] + (dropsLast ? Array(listed.dropLast()) : listed)
    }
}
