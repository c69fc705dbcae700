import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import Testing
import TestSupport

/// Calendar settings: calendar properties of a published feed, written by their type in
/// place of the inputs' own, in `.ics`, jCal and merges alike.
@Suite struct CalendarSettingTests {
    static let feed = InputSource.file(Fixture.path("Fixtures/demo/team-week.ics"))

    static func convert(
        _ inputs: [InputSource] = [feed], to format: ConversionFormat = .ics,
        setting settings: [(String, String)]
    ) throws -> Converted {
        var options = try Conversion.options(to: format)
        options.settings = try settings.map { try CalendarSetting(name: $0.0, value: $0.1) }
        return Conversion.streamed(inputs, options)
    }

    /// The calendar's own lines: those before its first component.
    static func calendarLines(_ output: String) -> [String] {
        Array(
            output.components(separatedBy: "\r\n").prefix {
                !$0.hasPrefix("BEGIN:V") || $0 == "BEGIN:VCALENDAR"
            })
    }

    @Test func setPropertiesReplaceTheInputsOwnBeforeTheFirstComponent() throws {
        let result = try Self.convert(setting: [
            ("X-WR-CALNAME", "League, 2026; spring"), ("calscale", ""),
            ("REFRESH-INTERVAL", "PT1H"), ("X-PUBLISHED-TTL", "PT1H"), ("METHOD", "publish"),
            ("COLOR", "darkgreen"),
        ])
        #expect(result.unusable.isEmpty, "\(result.said)")
        #expect(
            Self.calendarLines(result.text) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//Demo team week//EN",
                "X-WR-CALNAME:League, 2026; spring", "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
                "X-PUBLISHED-TTL:PT1H", "METHOD:PUBLISH", "COLOR:darkgreen",
            ])
        // The rest is as without settings.
        let plain = try Self.convert(setting: [])
        let body = { (text: String) in text.components(separatedBy: "BEGIN:VTIMEZONE").dropFirst() }
        #expect(body(result.text) == body(plain.text))
        let written = Conversion.memory("published.ics", result.text)
        let findings = try Validator.validate(
            written, options: LoadOptions(zone: try Fixture.zone("UTC")))
        #expect(findings.isEmpty, "\(findings)")
        // Read back, the name is the text given.
        let loaded = try CalendarLoader.load(
            [written], options: LoadOptions(zone: try Fixture.zone("UTC")))
        #expect(Set(loaded.events.map(\.calendar)) == ["League, 2026; spring"])
    }

    @Test func jCalAndMergesAreSetToo() throws {
        let jcal = try Self.convert(to: .jcal, setting: [("NAME", "Team")])
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(jcal.text.utf8)) as? [Any])
        let properties = try #require(document[1] as? [[Any]])
        #expect(
            properties.contains { ($0[0] as? String) == "name" && ($0[3] as? String) == "Team" })
        let merged = try Self.convert(
            [Self.feed, .file(Fixture.path("Fixtures/valid/all-day.ics"))],
            setting: [("X-WR-CALNAME", "Both")])
        #expect(
            Self.calendarLines(merged.text).filter { $0.hasPrefix("X-WR-CALNAME") } == [
                "X-WR-CALNAME:Both"
            ])
    }

    @Test(arguments: [
        ("VERSION", "3.0", "not a calendar property that can be set"),
        ("SUMMARY", "x", "not a calendar property that can be set"),
        ("X-WR-CALNAME", "a\u{1B}[2J", "control character (U+001B)"),
        ("URL", "https://example.org/a\nb", "control character (U+000A)"),
        ("METHOD", "REQUEST;X=1", "a METHOD is a name such as PUBLISH"),
    ])
    func whatCannotBeSetIsRefused(name: String, value: String, message: String) {
        #expect {
            try CalendarSetting(name: name, value: value)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    /// A line break in a text value is text over several lines, written `\n`: it can begin no
    /// line of its own.
    @Test func aLineBreakInTextIsEscapedNotALine() throws {
        let result = try Self.convert(setting: [("X-WR-CALNAME", "a\r\nBEGIN:VEVENT")])
        #expect(result.text.contains("\r\nX-WR-CALNAME:a\\nBEGIN:VEVENT\r\n"))
        let events = { (text: String) in text.components(separatedBy: "\r\nBEGIN:VEVENT\r\n").count }
        #expect(events(result.text) == events(try Self.convert(setting: []).text))
    }
}
