import ChronoSketchCore
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchSyntax

/// The minimal VTIMEZONEs written for records: the clock of the IANA zone over the span, read
/// back from their text, for every zone of the system's database.
@Suite struct ZoneDefinitionTests {
    static let database = ZoneInfoDatabase.system

    static func utc(_ text: String) throws -> Int {
        try LocalDateTime(parsing: text).secondsSinceEpoch
    }

    /// The VTIMEZONE as a consumer sees it: written as text, read back.
    static func written(_ name: String, _ span: ClosedRange<Int>) throws -> (
        component: ICalComponent, text: String
    ) {
        let rules = try #require(database.zone(named: name))
        let component = ZoneDefinition.minimal(tzid: name, rules: rules, covering: span)
        var bytes: [UInt8] = []
        ICalWriter.append(component, to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let read = try DocumentReader.read(
            text: "BEGIN:VCALENDAR\r\n" + text + "END:VCALENDAR\r\n", name: name)
        return (try #require(read.components.first?.components.first), text)
    }

    static let spans: [(String, String)] = [
        ("2026-01-01T00:00", "2027-12-31T00:00"), ("2004-06-01T00:00", "2009-06-01T00:00"),
        ("2017-01-01T00:00", "2020-12-31T00:00"), ("1970-01-01T00:00", "1972-01-01T00:00"),
    ]

    /// Every zone, over each span: the offset at each change of the span (and the second
    /// before it) and every four days, as the database gives it; and where a yearly rule
    /// goes on without UNTIL, over the 28 years after the span too.
    @Test(arguments: spans)
    func everyZoneKeepsItsClockOverTheSpan(from: String, to: String) throws {
        let span = try Self.utc(from)...Self.utc(to)
        let checkedFrom = span.lowerBound - 366 * 86_400
        var wrong: [String] = []
        for name in Self.database.zoneNames() {
            guard let rules = Self.database.zone(named: name) else { continue }
            let (component, _) = try Self.written(name, span)
            let zone = try #require(EmbeddedZone(component, tzid: name), "\(name)")
            let goesOn = component.components.contains {
                $0.property("RRULE").map { !$0.rawValue.contains("UNTIL") } ?? false
            }
            let end = span.upperBound + (goesOn ? 28 * 365 * 86_400 : 0)
            var instants = Array(stride(from: checkedFrom, through: end, by: 4 * 86_400))
            for change in rules.transitions(fromUTC: checkedFrom, toUTC: end + 1) {
                instants += [change.utc - 1, change.utc]
            }
            if let bad = instants.first(where: { zone.offset(atUTC: $0) != rules.offset(atUTC: $0) }
            ) {
                wrong.append("\(name) at \(bad)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    /// libical 3.0.16, as libical-based clients read a calendar's own VTIMEZONE, gives the
    /// database's offsets too, at each change and every four days of the span.
    @Test(arguments: spans.prefix(3))
    func libicalReadsTheSameClock(from: String, to: String) throws {
        let span = try Self.utc(from)...Self.utc(to)
        var wrong: [String] = []
        for name in Self.database.zoneNames() {
            guard let rules = Self.database.zone(named: name) else { continue }
            let (component, _) = try Self.written(name, span)
            var instants = Array(
                stride(from: span.lowerBound, through: span.upperBound, by: 4 * 86_400))
            for change in rules.transitions(fromUTC: span.lowerBound, toUTC: span.upperBound + 1) {
                instants += [change.utc - 1, change.utc]
            }
            let read = try #require(
                LibicalTimezone.offsets(of: component, atUTC: instants), "\(name)")
            if let index = instants.indices.first(where: {
                read[$0] != rules.offset(atUTC: instants[$0])
            }) {
                wrong.append("\(name) at \(instants[index]): \(read[index])")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test func aZoneWithOneRuleIsOneObservanceOfEachKind() throws {
        let span = try Self.utc("2026-03-01T00:00")...Self.utc("2027-09-01T00:00")
        let (component, text) = try Self.written("Europe/London", span)
        #expect(component.components.map(\.name) == ["DAYLIGHT", "STANDARD"], "\(text)")
        #expect(
            component.components.map { $0.property("RRULE")?.rawValue }
                == ["FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"])
        #expect(
            component.components.map { $0.property("DTSTART")?.rawValue } == [
                "20250330T010000", "20251026T020000",
            ])
        #expect(
            component.components.map { $0.property("TZOFFSETTO")?.rawValue } == ["+0100", "+0000"])
    }

    /// The United States moved their changes in 2007: the old rules end with UNTIL, the new
    /// ones go on.
    @Test func aRuleChangeEndsOneRunAndBeginsAnother() throws {
        let span = try Self.utc("2006-01-01T00:00")...Self.utc("2008-12-31T00:00")
        let (component, text) = try Self.written("America/New_York", span)
        let rules = component.components.compactMap { $0.property("RRULE")?.rawValue }
        #expect(
            rules == [
                "FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060403T070000Z",
                "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061030T060000Z",
                "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
            ], "\(text)")
    }

    /// Outlook reads one yearly rule per observance, a single weekday with its position or a
    /// single day of the month (MS-OXCICAL §2.1.3.1.1.19), and no RDATE.
    nonisolated(unsafe) static let outlookRule =
        /FREQ=YEARLY;BYMONTH=(1[0-2]|[1-9]);(BYDAY=-?[1-5](MO|TU|WE|TH|FR|SA|SU)|BYMONTHDAY=([1-9]|[12][0-9]|3[01]))(;UNTIL=[0-9]{8}T[0-9]{6}Z)?/

    @Test func everyRuleIsOneOutlookImports() throws {
        let span = try Self.utc("2016-01-01T00:00")...Self.utc("2027-12-31T00:00")
        var wrong: [String] = []
        var rules = 0
        for name in Self.database.zoneNames() {
            let (component, _) = try Self.written(name, span)
            for observance in component.components {
                #expect(observance.property("RDATE") == nil)
                guard let rule = observance.property("RRULE")?.rawValue else { continue }
                rules += 1
                if rule.wholeMatch(of: Self.outlookRule) == nil { wrong.append("\(name): \(rule)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        // Most of the zones with daylight time have yearly rules.
        #expect(rules > 200)
    }

    @Test func aZoneWithoutChangesIsOneSteadyObservance() throws {
        let span = try Self.utc("2026-01-01T00:00")...Self.utc("2026-12-31T00:00")
        let (component, text) = try Self.written("Asia/Tokyo", span)
        #expect(component.components.count == 1, "\(text)")
        #expect(component.components.first?.property("TZOFFSETFROM")?.rawValue == "+0900")
        #expect(component.components.first?.property("DTSTART")?.rawValue == "19700101T000000")
    }
}
