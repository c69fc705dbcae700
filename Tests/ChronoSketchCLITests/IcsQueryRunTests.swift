import Foundation
import Testing

@testable import ChronoSketchCLI

/// ics-query's expected runs of tasks, journals, alarms and `first` (`Fixtures/ics-query/`):
/// the same question asked of `ics` gives the components and times the run expects.
@Suite struct IcsQueryRunTests {
    static let folder = CLI.fixture("ics-query")

    /// A component of a run's expected output, with the times it names as instants (a date as
    /// its text).
    struct Expected: Equatable {
        var name: String
        var uid: String
        var start: String
        var due: String?
        var triggers: [String]
    }

    /// The top-level components of a run's expected `.ics` output.
    static func expected(_ run: String) throws -> [Expected] {
        let text = try String(
            contentsOfFile: "\(folder)/runs/\(run).run", encoding: .utf8)
        var found: [Expected] = []
        var current: Expected?
        var depth = 0
        for line in text.split(separator: "\n").map({
            String($0.hasSuffix("\r") ? $0.dropLast() : $0)
        }) {
            if line.hasPrefix("BEGIN:") {
                depth += 1
                if depth == 1 {
                    current = Expected(
                        name: String(line.dropFirst(6)), uid: "", start: "", triggers: [])
                }
            } else if line.hasPrefix("END:") {
                depth -= 1
                if depth == 0, let done = current { found.append(done) }
            } else if let colon = line.firstIndex(of: ":") {
                let head = line[..<colon]
                let name = head.split(separator: ";").first.map(String.init) ?? ""
                let zone = head.split(separator: ";").first { $0.hasPrefix("TZID=") }
                    .map { String($0.dropFirst(5)) }
                let value = String(line[line.index(after: colon)...])
                switch (depth, name) {
                case (1, "UID"): current?.uid = value
                case (1, "DTSTART"): current?.start = instant(value, zone)
                case (1, "DUE"): current?.due = instant(value, zone)
                case (2, "TRIGGER"): current?.triggers.append(instant(value, zone))
                default: break
                }
            }
        }
        return found
    }

    /// `20190304T080000` in `zone` (Foundation's zone data) as `2019-03-04T07:00:00Z`; a date
    /// as `2019-03-04`.
    static func instant(_ value: String, _ zone: String?) -> String {
        let digits = value.filter(\.isNumber)
        let part = { (from: Int, length: Int) -> Int in
            Int(digits.dropFirst(from).prefix(length)) ?? 0
        }
        guard digits.count >= 14 else {
            return String(format: "%04d-%02d-%02d", part(0, 4), part(4, 2), part(6, 2))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone =
            value.hasSuffix("Z")
            ? TimeZone(identifier: "UTC")! : TimeZone(identifier: zone ?? "UTC")!
        let date = calendar.date(
            from: DateComponents(
                year: part(0, 4), month: part(4, 2), day: part(6, 2), hour: part(8, 2),
                minute: part(10, 2), second: part(12, 2)))!
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }

    static func records(_ arguments: [String]) -> [[String: Any]] {
        let result = CLI.run(arguments + ["-f", "ndjson", "-q"], standardInput: Data?.none)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test(arguments: [
        ("first_-c_VTODO_simple-todo.ics", "simple-todo", "VTODO"),
        ("first_-c_VTODO_-c_VJOURNAL_simple-todo.ics", "simple-todo", "VTODO,VJOURNAL"),
        ("first_-c_VJOURNAL_simple-journal.ics", "simple-journal", "VJOURNAL"),
        ("first_-c_VJOURNAL_one-event.ics", "one-event", "VJOURNAL"),
        ("first_-c_VJOURNAL_-c_VEVENT_one-event.ics", "one-event", "VJOURNAL,VEVENT"),
        ("first_recurring-work-events.ics", "recurring-work-events", "VEVENT"),
        ("first_empty-calendar.ics", "empty-calendar", "VEVENT"),
    ])
    func theFirstOccurrenceIsTheOneTheRunExpects(run: String, calendar: String, components: String)
        throws
    {
        let expected = try Self.expected(run)
        let found = Self.records(
            [
                "events", "\(Self.folder)/calendars/\(calendar).ics", "--component", components,
                "--limit", "1", "--tz", "UTC",
            ])
        #expect(found.count == expected.count)
        for (record, want) in zip(found, expected) {
            #expect(record["component"] as? String == want.name)
            #expect(record["uid"] as? String == want.uid)
            #expect((record["startUTC"] as? String ?? record["start"] as? String) == want.start)
            if let due = want.due {
                #expect((record["due"] as? String).map { $0 + "Z" } == due)
            }
        }
    }

    @Test func everyAlarmIsTheOneTheRunExpects() throws {
        let expected = try Self.expected("all_-c_VALARM_alarm_1_week_before_event.ics")
        #expect(expected.count == 2)
        let found = Self.records(
            [
                "alarms", "\(Self.folder)/calendars/alarm_1_week_before_event.ics", "--tz", "UTC",
                "--from", "2024-01-01", "--to", "2026-01-01", "--status", "all",
            ])
        #expect(found.compactMap { $0["trigger"] as? String } == expected.flatMap(\.triggers))
        #expect(found.compactMap { $0["uid"] as? String } == expected.map(\.uid))
    }
}
