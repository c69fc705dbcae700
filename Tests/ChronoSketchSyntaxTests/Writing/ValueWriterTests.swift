import ChronoSketchCore
import Testing

@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// Properties made from typed values by the one writer: every kind of value reads back, from
/// the bytes written, as the value it was made from; what text cannot hold is left out and
/// told; a property made so, or read from jCal, keeps its values and never reads its text.
@Suite struct ValueWriterTests {
    private static let start = try! LocalDateTime(
        date: CivilDate(year: 2026, month: 3, day: 29), hour: 1, minute: 30, second: 0)

    /// Name, parameters and the values of one property of each kind.
    static let made: [(String, [ICalParameter], [ICalValue])] = {
        let rule = RecurrenceRule(
            frequency: .yearly, until: .dateTime(start, isUTC: true), byMonth: [.init(3)],
            byDay: [.init(.sunday, ordinal: -1)])
        return [
            ("SUMMARY", [], [.text("Plan; review, \\ and\nwrap-up")]),
            ("CATEGORIES", [], [.text("a,b"), .text("c;d")]),
            (
                "DTSTART", [ICalParameter(name: "VALUE", values: ["DATE"])],
                [.dateTime(.date(start.date))]
            ),
            ("DTSTAMP", [], [.dateTime(.dateTime(start, isUTC: true))]),
            (
                "EXDATE", [ICalParameter(name: "TZID", values: ["Europe/Berlin"])],
                [
                    .dateTime(.dateTime(start, isUTC: false)),
                    .dateTime(.dateTime(start, isUTC: false)),
                ]
            ),
            (
                "FREEBUSY", [],
                [
                    .period(
                        ICalPeriod(
                            start: .dateTime(start, isUTC: true),
                            end: .dateTime(start, isUTC: true), duration: nil)),
                    .period(
                        ICalPeriod(
                            start: .dateTime(start, isUTC: true), end: nil,
                            duration: try! CalendarDuration(rfc5545: "PT1H30M"))),
                ]
            ),
            ("TRIGGER", [], [.duration(try! CalendarDuration(rfc5545: "-P1DT15M"))]),
            ("TZOFFSETFROM", [], [.utcOffset(-(3 * 3600 + 30 * 60))]),
            ("TZOFFSETTO", [], [.utcOffset(5 * 3600 + 53 * 60 + 28)]),
            ("SEQUENCE", [], [.integer(42)]),
            ("RRULE", [], [.recurrence(rule)]),
            ("GEO", [], [.geo(latitude: 37.386013, longitude: -0.00001)]),
            ("X-WEIGHT", [ICalParameter(name: "VALUE", values: ["FLOAT"])], [.float(0.000125)]),
            (
                "X-AT", [ICalParameter(name: "VALUE", values: ["TIME"])],
                [.time(ICalTime(hour: 7, minute: 5, second: 60, isUTC: true))]
            ),
            ("X-ON", [ICalParameter(name: "VALUE", values: ["BOOLEAN"])], [.boolean(false)]),
            ("URL", [], [.uri("https://example.com/a?b=c,d;e")]),
            (
                "ATTENDEE", [ICalParameter(name: "CN", values: ["Doe, Jane \"JD\""])],
                [.uri("mailto:jane@example.com")]
            ),
            (
                "ATTACH",
                [
                    ICalParameter(name: "ENCODING", values: ["BASE64"]),
                    ICalParameter(name: "VALUE", values: ["BINARY"]),
                ], [.binary("aGVsbG8=")]
            ),
            ("REQUEST-STATUS", [], [.requestStatus(["2.0", "Success; done", "a,b"])]),
        ]
    }()

    @Test(arguments: made.indices)
    func everyKindOfValueReadsBackFromItsBytes(index: Int) throws {
        let (name, parameters, values) = Self.made[index]
        let property = ICalProperty(name: name, parameters: parameters, values: values)
        #expect(property.values == values)
        var bytes: [UInt8] = []
        ICalWriter.append(
            ICalComponent(name: "VEVENT", properties: [property], line: 1), to: &bytes)
        let text =
            "BEGIN:VCALENDAR\r\n" + String(decoding: bytes, as: UTF8.self) + "END:VCALENDAR\r\n"
        let document = try DocumentReader.read(text: text, name: "made.ics")
        let read = try #require(document.components.first?.components.first?.property(name))
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.values == values, "\(name) was written \(read.rawValue)")
        #expect(read.parameters == parameters)
    }

    @Test func formsAreTheRFCs() {
        func written(_ value: ICalValue) -> String {
            var omitted: [Unicode.Scalar] = []
            return ICalWriter.value(value, omitted: &omitted)
        }
        #expect(written(.utcOffset(-(3 * 3600 + 30 * 60))) == "-0330")
        #expect(written(.utcOffset(5 * 3600 + 53 * 60 + 28)) == "+055328")
        #expect(ICalWriter.utcOffset(3600, separator: ":") == "+01:00")
        #expect(written(.float(0.000125)) == "0.000125")
        #expect(written(.float(-12)) == "-12.0")
        #expect(written(.float(-0.00001)) == "-0.00001")
        #expect(written(.float(1e20)) == "100000000000000000000.0")
        #expect(
            written(.geo(latitude: 37.386013, longitude: -122.082932)) == "37.386013;-122.082932")
        #expect(written(.time(ICalTime(hour: 7, minute: 5, second: 0, isUTC: true))) == "070500Z")
        #expect(written(.text("a,b;c\\d\r\ne")) == "a\\,b\\;c\\\\d\\ne")
        #expect(written(.requestStatus(["3.1", "Invalid; property"])) == "3.1;Invalid\\; property")
        #expect(written(.boolean(true)) == "TRUE")
    }

    @Test func whatNoLineCanHoldIsLeftOutAndTold() {
        var omitted: [Unicode.Scalar] = []
        let property = ICalProperty(
            name: "SUMMARY", parameters: [ICalParameter(name: "X-NOTE", values: ["a\0b"])],
            values: [.text("one\u{1}two\0three\r\nfour")], omitted: &omitted)
        #expect(omitted == ["\0"])
        #expect(property.values == [.text("one\u{1}twothree\nfour")])
        #expect(property.parameter("X-NOTE") == "ab")
        #expect(
            String(decoding: property.contentLine, as: UTF8.self)
                == "SUMMARY;X-NOTE=ab:one\u{1}twothree\\nfour")
        // Text from elsewhere is made to conform first: then the control character goes too.
        var left: [Unicode.Scalar] = []
        let conforming = ICalWriter.conforming("one\u{1}two", omitted: &left)
        #expect(conforming == "onetwo" && left == ["\u{1}"])
    }

    @Test func timesAreWrittenWithTheirZone() {
        let zoned = ICalProperty(
            name: "DTSTART", times: [.zoned(Self.start, tzid: "America/New_York")])
        #expect(
            String(decoding: zoned.contentLine, as: UTF8.self)
                == "DTSTART;TZID=America/New_York:20260329T013000")
        let date = ICalProperty(
            name: "EXDATE", times: [.date(Self.start.date), .date(Self.start.date)])
        #expect(
            String(decoding: date.contentLine, as: UTF8.self)
                == "EXDATE;VALUE=DATE:20260329,20260329")
        let utc = ICalProperty(name: "RECURRENCE-ID", times: [.utc(Self.start)])
        #expect(
            String(decoding: utc.contentLine, as: UTF8.self) == "RECURRENCE-ID:20260329T013000Z")
        let periods = ICalProperty(
            name: "RDATE",
            periods: [
                (
                    .zoned(Self.start, tzid: "Asia/Tokyo"), nil,
                    try! CalendarDuration(rfc5545: "PT2H")
                )
            ])
        #expect(
            String(decoding: periods.contentLine, as: UTF8.self)
                == "RDATE;VALUE=PERIOD;TZID=Asia/Tokyo:20260329T013000/PT2H")
    }

    @Test func aPropertyMadeFromValuesNeverReadsItsText() {
        for (name, parameters, values) in Self.made {
            let property = ICalProperty(name: name, parameters: parameters, values: values)
            #expect(property.holdsItsValues, "\(name)")
        }
        // A value of no known type is kept as written and read when asked for.
        let untyped = ICalProperty(name: "X-NOTE", values: [.other("a\\,b")])
        #expect(!untyped.holdsItsValues)
        #expect(untyped.values == [.text("a,b")])
    }

    @Test func valuesTheReaderWarnsOfAreReadFromTheirTextAndWarned() throws {
        let json = try JSONParser.parse(
            Array(
                """
                ["vevent", [
                  ["rdate", {}, "period", ["2024-01-05", "2024-01-06"]],
                  ["dtstart", {}, "date", "2024-01-05T10:00:00"]
                ], []]
                """.utf8))
        let event = try JCal.decode(json, name: "dates.jcal").document.components[0]
        let rdate = try #require(event.property("RDATE"))
        #expect(!rdate.holdsItsValues)
        #expect(rdate.problems.map(\.code) == [.periodOfDates])
        let start = try #require(event.property("DTSTART"))
        #expect(!start.holdsItsValues)
        #expect(start.problems.map(\.code) == [.valueTypeMismatch])
    }

    @Test func jCalValuesAreReadWithoutTheirText() throws {
        let json = try JSONParser.parse(
            Array(
                """
                ["vcalendar", [], [["vevent", [
                  ["dtstart", {"tzid": "Europe/Berlin"}, "date-time", "2026-03-29T01:30:00"],
                  ["rrule", {}, "recur", {"freq": "YEARLY", "bymonth": 3, "byday": ["-1SU"], "until": "2030-01-01T00:00:00Z"}],
                  ["geo", {}, "float", [37.386013, -122.082932]],
                  ["summary", {}, "text", "Plan; review, done"],
                  ["tzoffsetfrom", {}, "utc-offset", "-03:30"]
                ], []]]]
                """.utf8))
        let document = try JCal.decode(json, name: "team.jcal").document
        let event = try #require(document.components.first?.components.first)
        let held = event.properties.map(\.holdsItsValues)
        #expect(held == Array(repeating: true, count: 5))
        let values: [[ICalValue]] = event.properties.map { $0.values }
        let rule = try RecurrenceRule(
            parsing: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=20300101T000000Z")
        let expected: [[ICalValue]] = [
            [.dateTime(.dateTime(Self.start, isUTC: false))], [.recurrence(rule)],
            [.geo(latitude: 37.386013, longitude: -122.082932)], [.text("Plan; review, done")],
            [.utcOffset(-(3 * 3600 + 30 * 60))],
        ]
        #expect(values == expected)
        let lines: [String] = event.properties.map {
            String(decoding: $0.contentLine, as: UTF8.self)
        }
        #expect(
            lines == [
                "DTSTART;TZID=Europe/Berlin:20260329T013000",
                "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=20300101T000000Z",
                "GEO:37.386013;-122.082932", "SUMMARY:Plan\\; review\\, done",
                "TZOFFSETFROM:-0330",
            ])
    }
}
