import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// Inputs at the edges, read into events in process: what is said rather than done in
/// silence, and rules libical would walk for years expanded at once.
@Suite struct EdgeReadingTests {
    private static func load(_ text: String, from: String? = nil, to: String? = nil) throws
        -> LoadedCalendar
    {
        try Fixture.load(
            [("calendar.ics", Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))],
            zone: "UTC", from: from, to: to)
    }

    private static func calendar(_ body: String) -> String {
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//EN\n\(body)\nEND:VCALENDAR\n"
    }

    /// A minutely rule limited to 29 February on a Monday, which libical would walk minute by
    /// minute for 28 years: expanded at once.
    @Test func aSparseMinutelyRuleIsExpanded() throws {
        let loaded = try Self.load(
            Self.calendar(
                Fixture.event(
                    "m",
                    "DTSTART:20260101T000000\nRRULE:FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO")
            ),
            from: "2026-01-01", to: "2100-01-01")
        let starts = loaded.events.map(\.interval.startText)
        #expect(starts.count == 1 + 2 * 1_440)
        #expect(
            starts.dropFirst().allSatisfy {
                $0.hasPrefix("2044-02-29") || $0.hasPrefix("2072-02-29")
            })
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16])
    func utf16IsReadWithAWarning(encoding: String.Encoding) throws {
        let text = Self.calendar(Fixture.event("a", "DTSTART:20260101T090000Z\nSUMMARY:Grüße"))
            .replacingOccurrences(of: "\n", with: "\r\n")
        let bytes = try #require(text.data(using: encoding))
        let loaded = try Fixture.load([("calendar.ics", Array(bytes))], zone: "UTC")
        #expect(loaded.events.first?.title == "Grüße")
        let said = loaded.messages.joined(separator: "\n")
        #expect(said.contains("a byte order mark), where RFC 5545 §6 requires UTF-8"))
        #expect(said.contains(encoding == .utf16 ? "with" : "without"))
    }

    @Test func aPeriodOfDatesIsSaid() throws {
        let loaded = try Self.load(
            Self.calendar(
                Fixture.event(
                    "p", "DTSTART;VALUE=DATE:20240101\nRDATE;VALUE=PERIOD:20240105/20240106")))
        #expect(loaded.events.count == 2)
        #expect(
            loaded.messages.contains(
                "calendar.ics:8: warning: RDATE has a period of dates ('20240105/20240106'), where RFC 5545 §3.3.9 needs date-times; read as the days it names"
            ), "\(loaded.messages)")
    }

    /// A hundred thousand different broken lines give a dozen lines of diagnostics.
    @Test func manyDifferentBrokenLinesFoldIntoOne() throws {
        let broken = (0..<100_000).map { "broken line \($0)" }.joined(separator: "\n")
        let loaded = try Self.load(
            Self.calendar(broken + "\n" + Fixture.event("a", "DTSTART:20260101T090000")))
        #expect(loaded.events.count == 1)
        #expect(loaded.messages.count == 11)
        #expect(
            loaded.messages.last?.contains(
                "broken line 10' (99,989 more of this kind, not-a-property: lines 15, 16, 17, …)")
                == true)
    }

    @Test func aSecondByteOrderMarkIsNamed() {
        let bytes = [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(Self.calendar("").utf8)
        #expect {
            try Fixture.load([("calendar.ics", bytes)], zone: "UTC")
        } throws: { error in
            "\(error)".contains("found '<U+FEFF>BEGIN:VCALENDAR'")
        }
    }
}
