import ChronoSketchCore
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// SPEC §3, rule by rule.
@Suite struct EventMappingTests {
    private func single(_ lines: String, zone: String = "Europe/Berlin", header: String = "")
        throws -> (CalendarEvent?, LoadedCalendar)
    {
        let loaded = try Fixture.load(
            Fixture.calendar(Fixture.berlin + "\n" + Fixture.event("e", lines), header: header),
            zone: zone)
        return (loaded.events.first, loaded)
    }

    private func interval(_ lines: String, zone: String = "Europe/Berlin") throws -> String? {
        guard let event = try single(lines, zone: zone).0 else { return nil }
        return "\(event.interval.startText)/\(event.interval.endText)"
    }

    // MARK: All-day

    @Test func allDayEndIsExclusive() throws {
        #expect(
            try interval("DTSTART;VALUE=DATE:20260908\nDTEND;VALUE=DATE:20260910")
                == "2026-09-08/2026-09-10")
    }

    @Test func allDayDurationCountsDays() throws {
        #expect(
            try interval("DTSTART;VALUE=DATE:20260908\nDURATION:P1W") == "2026-09-08/2026-09-15")
    }

    @Test func allDayWithoutEndLastsOneDay() throws {
        #expect(try interval("DTSTART;VALUE=DATE:20261231") == "2026-12-31/2027-01-01")
    }

    @Test func allDayEndNotAfterStartBecomesOneDayWithAWarning() throws {
        let (event, loaded) = try single("DTSTART;VALUE=DATE:20260908\nDTEND;VALUE=DATE:20260907")
        #expect(
            event?.interval
                == .allDay(
                    start: try CivilDate(parsing: "2026-09-08"),
                    end: try CivilDate(parsing: "2026-09-09")))
        #expect(
            loaded.messages == [
                "test.ics:25: warning: End 2026-09-07 is not after DTSTART 2026-09-08; read as a one-day event"
            ])
    }

    @Test func allDayEventsIgnoreTheTargetZone() throws {
        for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"] {
            let event = try #require(try single("DTSTART;VALUE=DATE:20260908", zone: zone).0)
            #expect(event.interval.startText == "2026-09-08")
            #expect(event.zone == nil)
        }
    }

    @Test func allDayWithDateTimeEndTakesTheDayItTouches() throws {
        #expect(
            try interval("DTSTART;VALUE=DATE:20260908\nDTEND:20260909T120000")
                == "2026-09-08/2026-09-10")
        #expect(
            try interval("DTSTART;VALUE=DATE:20260908\nDTEND:20260909T000000")
                == "2026-09-08/2026-09-09")
    }

    // MARK: Timed

    @Test func timedWithoutEndIsAnInstant() throws {
        let event = try #require(try single("DTSTART:20260908T170000").0)
        #expect(event.interval.isInstant)
    }

    @Test func timedEndBeforeStartIsSwappedWithAWarning() throws {
        let body =
            Fixture.event("swapped", "DTSTART:20260908T100000\nDTEND:20260908T090000")
            + "\n" + Fixture.event("good", "DTSTART:20260908T110000\nDTEND:20260908T120000")
        let loaded = try Fixture.load(Fixture.calendar(body))
        #expect(loaded.events.map(\.id) == ["swapped", "good"])
        #expect(loaded.events.first?.interval.startText == "2026-09-08T09:00")
        #expect(loaded.events.first?.interval.endText == "2026-09-08T10:00")
        #expect(!loaded.hasErrors)
        #expect(
            loaded.messages == [
                "test.ics:8: warning: DTEND 2026-09-08T09:00 is before DTSTART 2026-09-08T10:00; the two are swapped"
            ])
    }

    @Test func floatingTimesStayAsWrittenInEveryZone() throws {
        for zone in ["UTC", "Asia/Tokyo", "America/Los_Angeles"] {
            let event = try #require(
                try single("DTSTART:20260908T090000\nDTEND:20260908T100000", zone: zone).0)
            #expect(event.interval.startText == "2026-09-08T09:00")
            #expect(event.zone == nil)
            #expect(
                event.originalStart == .floating(try LocalDateTime(parsing: "2026-09-08T09:00")))
        }
    }

    @Test func utcTimesAreConvertedToTheTargetZone() throws {
        let event = try #require(
            try single("DTSTART:20260908T223000Z\nDTEND:20260908T233000Z", zone: "Asia/Tokyo").0)
        #expect(event.interval.startText == "2026-09-09T07:30")
        #expect(event.zone == "Asia/Tokyo")
        #expect(event.originalStart.text == "2026-09-08T22:30Z")
    }

    @Test func embeddedVTimezoneIsUsedBeforeTheDatabase() throws {
        let custom = """
            BEGIN:VTIMEZONE
            TZID:America/New_York
            BEGIN:STANDARD
            DTSTART:19700101T000000
            TZOFFSETFROM:+0300
            TZOFFSETTO:+0300
            END:STANDARD
            END:VTIMEZONE
            """
        let loaded = try Fixture.load(
            Fixture.calendar(
                custom + "\n" + Fixture.event("e", "DTSTART;TZID=America/New_York:20260908T090000")),
            zone: "UTC")
        #expect(loaded.events.first?.interval.startText == "2026-09-08T06:00")
    }

    @Test func ianaNamesResolveWithoutAVTimezone() throws {
        let event = try #require(
            try single("DTSTART;TZID=America/New_York:20260115T090000", zone: "UTC").0)
        #expect(event.interval.startText == "2026-01-15T14:00")
        #expect(
            event.originalStart
                == .zoned(try LocalDateTime(parsing: "2026-01-15T09:00"), tzid: "America/New_York"))
    }

    @Test func unknownZoneIsKeptFloatingAndReportedOncePerName() throws {
        let (event, loaded) = try single(
            "DTSTART;TZID=Nowhere/Land:20260908T090000\nDTEND;TZID=Nowhere/Land:20260908T100000",
            zone: "UTC")
        #expect(event?.interval.startText == "2026-09-08T09:00")
        #expect(event?.zone == nil)
        #expect(
            loaded.messages == [
                "test.ics:24: warning: Unknown time zone 'Nowhere/Land'; times with this TZID are kept floating"
            ])
    }

    @Test func prefixedTZIDFindsTheIANAName() throws {
        let event = try #require(
            try single(
                "DTSTART;TZID=/softwarestudio.org/Olson_20011030_5/Asia/Tokyo:20260908T090000",
                zone: "UTC"
            ).0)
        #expect(event.interval.startText == "2026-09-08T00:00")
    }

    // MARK: DST

    @Test func gapTimeReadsWithTheOffsetBeforeTheGap() throws {
        let (event, loaded) = try single(
            "DTSTART;TZID=Europe/Berlin:20260329T023000\nDTEND;TZID=Europe/Berlin:20260329T040000")
        #expect(event?.interval.startText == "2026-03-29T03:30")
        #expect(event?.interval.endText == "2026-03-29T04:00")
        #expect(
            loaded.messages == [
                "test.ics:24: warning: 2026-03-29T02:30 does not exist in Europe/Berlin (clocks move forward); read as 2026-03-29T03:30"
            ])
        let utc = try #require(
            try single("DTSTART;TZID=Europe/Berlin:20260329T023000", zone: "UTC").0)
        #expect(utc.interval.startText == "2026-03-29T01:30")
    }

    @Test func foldTimeMeansTheFirstOccurrence() throws {
        let event = try #require(
            try single("DTSTART;TZID=Europe/Berlin:20261025T023000", zone: "UTC").0)
        #expect(event.interval.startText == "2026-10-25T00:30")
    }

    @Test func wholeDayDurationKeepsTheWallClockAcrossDST() throws {
        let day = try #require(
            try single("DTSTART;TZID=Europe/Berlin:20260328T090000\nDURATION:P1D").0)
        #expect(day.interval.endText == "2026-03-29T09:00")
        let hours = try #require(
            try single("DTSTART;TZID=Europe/Berlin:20260328T090000\nDURATION:PT24H").0)
        #expect(hours.interval.endText == "2026-03-29T10:00")
        let utc = try #require(
            try single("DTSTART;TZID=Europe/Berlin:20260328T090000\nDURATION:P1D", zone: "UTC").0)
        #expect(utc.interval.startText == "2026-03-28T08:00")
        #expect(utc.interval.endText == "2026-03-29T07:00")
    }

    @Test func eventAcrossFallBackKeepsItsLengthInTheTargetZone() throws {
        let event = try #require(
            try single("DTSTART:20261025T005000Z\nDTEND:20261025T011000Z", zone: "Europe/Berlin").0)
        #expect(event.interval.startText == "2026-10-25T02:50")
        #expect(event.interval.endText == "2026-10-25T03:10")
    }

    // MARK: X-WR-TIMEZONE

    @Test func wrTimezoneGivesFloatingTimesAZoneUnlessIgnored() throws {
        let bytes = Fixture.calendar(
            Fixture.event("e", "DTSTART:20260908T090000"), header: "X-WR-TIMEZONE:America/New_York")
        let applied = try Fixture.load(bytes, zone: "UTC")
        #expect(applied.events.first?.interval.startText == "2026-09-08T13:00")
        #expect(applied.events.first?.zone == "UTC")
        let ignored = try Fixture.load(bytes, zone: "UTC", wrTimezone: .ignore)
        #expect(ignored.events.first?.interval.startText == "2026-09-08T09:00")
        #expect(ignored.events.first?.zone == nil)
    }

    // MARK: Identity and properties

    @Test func propertiesAreMapped() throws {
        let event = try #require(
            try single(
                """
                DTSTART:20260908T090000Z
                SUMMARY:Review\\, part 2
                LOCATION:Room 1
                DESCRIPTION:Line 1\\nLine 2
                CATEGORIES:Work, Design
                RESOURCES:Projector
                ORGANIZER;CN=Ada:mailto:ada@example.com
                ATTENDEE;CN="Hopper, Grace";ROLE=CHAIR;PARTSTAT=accepted:MAILTO:grace@example.com
                STATUS:tentative
                TRANSP:TRANSPARENT
                URL:https://example.com
                COLOR:teal
                SEQUENCE:4
                """
            ).0)
        #expect(event.title == "Review, part 2")
        #expect(event.location == "Room 1")
        #expect(event.description == "Line 1\nLine 2")
        #expect(event.categories == ["Work", "Design"])
        #expect(event.resources == ["Projector"])
        #expect(event.organizer == Participant(address: "ada@example.com", name: "Ada"))
        #expect(
            event.attendees == [
                Participant(
                    address: "grace@example.com", name: "Hopper, Grace", role: "CHAIR",
                    status: "ACCEPTED")
            ])
        #expect(event.status == .tentative)
        #expect(event.transparency == .transparent)
        #expect(event.url == "https://example.com")
        #expect(event.color == "teal")
        #expect(event.sequence == 4)
        #expect(event.source == SourceLocation(file: "test.ics", line: 21))
    }

    @Test func missingUIDGetsAnIdFromFileAndLine() throws {
        let loaded = try Fixture.load(
            Fixture.calendar("BEGIN:VEVENT\nDTSTART:20260908T090000\nEND:VEVENT"))
        #expect(loaded.events.first?.id == "test.ics:4")
        #expect(loaded.events.first?.writtenUID == nil)
        #expect(
            loaded.messages == [
                "test.ics:4: warning: VEVENT has no UID; it goes by its file and line"
            ])
    }

    @Test func missingDTStartIsAnErrorUnlessTheCalendarIsAMessage() throws {
        let plain = try Fixture.load(Fixture.calendar(Fixture.event("e", "SUMMARY:x")))
        #expect(plain.events.isEmpty)
        #expect(plain.diagnostics.map(\.severity) == [.error])
        let message = try Fixture.load(
            Fixture.calendar(Fixture.event("e", "SUMMARY:x"), header: "METHOD:CANCEL"))
        #expect(message.diagnostics.map(\.severity) == [.warning])
    }

    @Test func duplicatesKeepTheHighestSequenceThenTheLatestStamp() throws {
        let loaded = try Fixture.load(
            [
                (
                    "a.ics",
                    Fixture.calendar(
                        Fixture.event("x", "DTSTART:20260908T090000Z\nSEQUENCE:2\nSUMMARY:new"))
                ),
                (
                    "b.ics",
                    Fixture.calendar(
                        Fixture.event("x", "DTSTART:20260908T080000Z\nSEQUENCE:1\nSUMMARY:old"))
                ),
            ])
        #expect(loaded.events.map(\.title) == ["new"])
        #expect(loaded.diagnostics.map(\.location) == ["b.ics:4"])
    }

    @Test func overrideWithoutSeriesIsStillAnEvent() throws {
        let (event, _) = try single(
            "RECURRENCE-ID;TZID=Europe/Berlin:20260910T090000\nDTSTART;TZID=Europe/Berlin:20260910T140000"
        )
        #expect(event?.id == "e#2026-09-10T09:00")
        #expect(event?.recurrenceId?.text == "2026-09-10T09:00")
        #expect(event?.recurrenceId?.zoneName == "Europe/Berlin")
    }

    // MARK: Window and merging

    @Test func windowKeepsWhatOverlapsIt() throws {
        let body = [
            Fixture.event("before", "DTSTART:20260907T220000\nDTEND:20260908T010000"),
            Fixture.event("ends-at-from", "DTSTART:20260907T220000\nDTEND:20260908T000000"),
            Fixture.event("instant-at-from", "DTSTART:20260908T000000"),
            Fixture.event("instant-at-to", "DTSTART:20260909T000000"),
            Fixture.event("all-day", "DTSTART;VALUE=DATE:20260908"),
            Fixture.event("next-day", "DTSTART;VALUE=DATE:20260909"),
        ].joined(separator: "\n")
        let loaded = try Fixture.load(
            [("t.ics", Fixture.calendar(body))], from: "2026-09-08", to: "2026-09-09")
        #expect(loaded.events.map(\.id) == ["before", "all-day", "instant-at-from"])
    }

    @Test func severalFilesMergeIntoOneSortedStream() throws {
        let loaded = try Fixture.load([
            ("b.ics", Fixture.calendar(Fixture.event("late", "DTSTART:20260908T120000Z"))),
            ("a.ics", Fixture.calendar(Fixture.event("early", "DTSTART:20260908T080000Z"))),
        ])
        #expect(loaded.events.map(\.id) == ["early", "late"])
        #expect(loaded.events.map(\.source.file) == ["a.ics", "b.ics"])
    }

    @Test(arguments: ["\r\n", "\n", "\r"])
    func lineEndingsAndByteOrderMarkDoNotChangeTheEvents(ending: String) throws {
        let body = Fixture.event(
            "e", "DTSTART;TZID=Europe/Berlin:20260908T090000\nSUMMARY:Folded\n  title")
        let reference = try Fixture.load(Fixture.calendar(body)).events
        let variant = try Fixture.load(
            [0xEF, 0xBB, 0xBF] + Fixture.calendar(body, lineEnding: ending)
        ).events
        #expect(variant.map(\.interval) == reference.map(\.interval))
        #expect(variant.first?.title == "Folded title")
    }
}
