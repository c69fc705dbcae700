import ChronoSketchCore
import Testing

@testable import ChronoSketchSyntax

/// The profiles' rules (``FeedProfile``, ``OutlookProfile``) run in the checks' one pass: they
/// see each item as the reader hands it on and judge the input at its end, with how its
/// lines ended as the reader counted them.
@Suite struct ProfileRuleTests {
    /// Two calendars, LF line ends: a METHOD, an out-of-range PRIORITY, a TZID without its
    /// VTIMEZONE, an observance by RDATE.
    static let text =
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN", "METHOD:REQUEST",
            "BEGIN:VTIMEZONE", "TZID:Custom", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "RDATE:19700101T000000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD",
            "END:VTIMEZONE", "BEGIN:VEVENT", "UID:a", "DTSTAMP:20260101T000000Z",
            "DTSTART;TZID=Europe/Berlin:20260915T090000", "PRIORITY:12", "END:VEVENT",
            "END:VCALENDAR", "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN",
            "END:VCALENDAR",
        ].joined(separator: "\n") + "\n"

    /// What the checker finds of `text` under `profile`, read once.
    static func findings(_ text: String, profile: ValidationProfile) throws -> [String] {
        var reader = try ICalendarReader(.memory(name: "t.ics", bytes: Array(text.utf8)))
        reader.measuresLines = true
        var checker = ComponentChecker(file: "t.ics", scope: .conformance, profile: profile)
        while let item = try reader.next() { checker.take(item) }
        checker.finishInput(lines: reader.lineShape)
        return checker.takeFindings().diagnostics.compactMap { finding in
            let scope = finding.code.rule.scope
            guard scope == .feed || scope == .outlook else { return nil }
            return "\(finding.line ?? 0) \(finding.code.rawValue)"
        }.sorted()
    }

    @Test func eachProfileRunsItsRulesInTheOnePass() throws {
        let feed = [
            "1 bare-line-feed", "17 zone-without-definition", "18 value-out-of-range",
            "4 method-in-feed",
        ]
        #expect(try Self.findings(Self.text, profile: .rfc5545) == [])
        #expect(try Self.findings(Self.text, profile: .feed) == feed)
        #expect(
            try Self.findings(Self.text, profile: .outlook)
                == (feed + ["21 outlook-several-calendars", "9 outlook-time-zone"]).sorted())
    }

    /// The end of an input may be reached more than once (a stream that held events for their
    /// calendar's end reads on after it): the input is judged once.
    @Test func anInputIsJudgedOnceHoweverOftenItEnds() throws {
        var reader = try ICalendarReader(.memory(name: "t.ics", bytes: Array(Self.text.utf8)))
        reader.measuresLines = true
        var checker = ComponentChecker(file: "t.ics", scope: .conformance, profile: .outlook)
        while let item = try reader.next() { checker.take(item) }
        checker.finishInput(lines: reader.lineShape)
        checker.finishInput(lines: reader.lineShape)
        let found = checker.takeFindings().diagnostics.filter {
            $0.code == .bareLineFeed || $0.code == .outlookSeveralCalendars
        }
        #expect(found.map(\.repeats) == [0, 0])
    }

    /// A source that is not `.ics` text has no lines to judge: only the rules of its
    /// components are said. A reader counts lines only when asked (a profile's run), so a
    /// reader not asked has none either.
    @Test func withoutLinesOnlyTheComponentsAreJudged() throws {
        var reader = try ICalendarReader(.memory(name: "t.ics", bytes: Array(Self.text.utf8)))
        #expect(!reader.measuresLines)
        var checker = ComponentChecker(file: "t.ics", scope: .conformance, profile: .feed)
        while let item = try reader.next() { checker.take(item) }
        #expect(reader.lineShape == nil)
        checker.finishInput(lines: nil)
        let codes = Set(checker.takeFindings().diagnostics.map(\.code))
        #expect(!codes.contains(.bareLineFeed))
        #expect(codes.contains(.methodInFeed))
    }
}
