import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// The feed profile: what a calendar to publish must be beyond what `ics` reads without a
/// word, each slip a finding with its code and line.
@Suite struct FeedProfileTests {
    /// A calendar with one of each slip, LF line ends throughout.
    static let slips =
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN", "METHOD:REQUEST",
            "BEGIN:VEVENT", "UID:a", "DTSTAMP:20260101T000000Z",
            "DTSTART;TZID=Europe/Berlin:20260915T090000",
            "DTEND;TZID=Europe/Berlin:20260915T100000",
            "SUMMARY:" + String(repeating: "x", count: 100), "PRIORITY:12",
            "URL:ht tp://example.org/a b", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTAMP:20260101T000000Z", "RECURRENCE-ID:20260916T090000Z",
            "DTSTART:20260916T100000Z", "SUMMARY:moved", "END:VEVENT",
            "BEGIN:VTODO", "UID:t", "DTSTAMP:20260101T000000Z", "PERCENT-COMPLETE:150",
            "END:VTODO", "END:VCALENDAR",
        ].joined(separator: "\n") + "\n"

    static func findings(_ calendar: String, _ profile: ValidationProfile) throws -> [Diagnostic] {
        try Validator.validate(
            Conversion.memory("calendar.ics", calendar),
            options: LoadOptions(zone: try Fixture.zone("UTC")), profile: profile)
    }

    @Test func eachSlipIsAFindingWithItsCodeAndLine() throws {
        let feed = try Self.findings(Self.slips, .feed)
        #expect(
            feed.map { "\($0.line ?? 0) \($0.code.rawValue)" } == [
                "1 bare-line-feed", "4 method-in-feed", "8 zone-without-definition",
                "10 unfolded-line", "11 value-out-of-range", "12 invalid-uri",
                "17 override-without-master", "24 value-out-of-range",
            ])
        // Each a warning: the calendar reads, strict clients may not.
        #expect(Set(feed.map(\.severity)) == [.warning])
        // Without the profile, none of them: `ics` reads all of it.
        let plain = try Self.findings(Self.slips, .rfc5545)
        #expect(plain.isEmpty, "\(plain)")
    }

    /// The calendar's own URL and SOURCE (RFC 7986) and a VTIMEZONE's TZURL are URIs too.
    @Test func calendarAndZoneURIsAreChecked() throws {
        let calendar = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//Tests//EN",
            "URL:not a uri", "SOURCE:ht tp://x", "BEGIN:VTIMEZONE", "TZID:Custom",
            "TZURL:ht tp://x", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100",
            "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE", "BEGIN:VEVENT", "UID:a",
            "DTSTAMP:20260101T000000Z", "DTSTART;TZID=Custom:20260301T090000",
            "URL:https://example.org/a", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let feed = try Self.findings(calendar, .feed)
        #expect(
            feed.map { "\($0.line ?? 0) \($0.code.rawValue)" } == [
                "4 invalid-uri", "5 invalid-uri", "8 invalid-uri",
            ])
    }

    @Test(arguments: [
        ("mailto:ann@example.org", true), ("https://example.org/a?b=c#d", true),
        ("urn:uuid:1234", true), ("https://example.org/straße", true),
        ("example.org/page", false), ("ht tp://x", false), ("1http://x", false),
        ("https://example.org/a b", false), (":nothing", false),
    ])
    func urisAreTold(text: String, isURI: Bool) {
        #expect(PropertyTokenizer.isURI(Array(text.utf8)[...]) == isURI)
    }
}
