import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// Series records: one record per VEVENT, with its rule, RDATE and EXDATE lists, recurrence
/// id, zone and times, which convert back to the same events.
@Suite struct SeriesRecordTests {
    /// Every calendar at hand with a VEVENT.
    static let files: [String] = Fixture.calendars.filter { name in
        let data = (try? Data(contentsOf: URL(fileURLWithPath: Fixture.calendarPath(name))))
        return data?.range(of: Data("BEGIN:VEVENT".utf8)) != nil
    }

    static let series = InputSource.file(Fixture.path("Fixtures/convert/series.ics"))

    /// What is compared of an occurrence, for events with a UID: one without gets a UID made
    /// of its title and times when it is read back, so two alike become one event in two
    /// versions. Every version is compared: a record carries no DTSTAMP, so which of two
    /// versions is the newest is not.
    static func occurrences(_ input: InputSource) throws -> [String] {
        try Conversion.occurrenceLines(of: input) { uid in
            uid.map { $0.hasSuffix("@chronosketch.imported") } ?? true
        }
    }

    static func seriesRecords(_ input: InputSource, _ format: ConversionFormat = .ndjson) throws
        -> Converted
    {
        Conversion.streamed([input], try Conversion.options(to: format, records: .series))
    }

    @Test(
        .enabled(if: !files.isEmpty, "no calendar at hand holds a VEVENT"),
        arguments: files)
    func seriesRecordsReadBackAsTheSameEvents(name: String) throws {
        let input = InputSource.file(Fixture.calendarPath(name))
        let written = try Self.seriesRecords(input)
        // An input that cannot be used at all is refused as every conversion refuses it, and
        // nothing is written.
        guard written.unusable.isEmpty else {
            #expect(written.text.isEmpty)
            return
        }
        // What a record cannot carry is said, and then not compared: a zone only a VTIMEZONE
        // defines (written in UTC, so a series repeats on UTC's clock), a second RRULE, EXRULE.
        let said = ["a record cannot carry", "has no place in a series record"]
        guard !said.contains(where: written.said.contains) else {
            #expect(written.diagnostics.contains { $0.severity == .warning })
            return
        }
        let back = Conversion.streamed(
            [Conversion.memory("series.ndjson", written.text)], try Conversion.options(to: .ics))
        // A series whose DTSTART is floating and DTEND zoned is expanded floating while its
        // reading says the floating one is read in the other's zone; the record follows
        // what is said. An event cut short by the end of its file is left out when it is
        // read, and written whole as a record.
        let alone = try CalendarLoader.load(
            [input], options: LoadOptions(zone: Fixture.zone("UTC")))
        let reading = alone.messages.joined(separator: "\n")
        guard
            !["mix floating and zoned times", "the file may be truncated"].contains(
                where: reading.contains)
        else {
            #expect(alone.diagnostics.contains { $0.severity == .warning })
            return
        }
        let original = try Self.occurrences(input)
        // Records of which none becomes an event (VEVENTs without DTSTART) are refused.
        let roundTrip =
            back.unusable.isEmpty
            ? try Self.occurrences(Conversion.memory("back.ics", back.text)) : []
        let changes = roundTrip.difference(from: original).map { change -> String in
            switch change {
            case .insert(_, let element, _): "read back only: \(element)"
            case .remove(_, let element, _): "original only: \(element)"
            }
        }
        #expect(changes.isEmpty, "\(changes.prefix(6))")
        // Every alarm goes off as it did: a record carries each VALARM.
        guard back.unusable.isEmpty else { return }
        let alarms = try Self.alarms(Conversion.memory("back.ics", back.text))
        let lost = try Self.alarms(input).difference(from: alarms).map { "\($0)" }
        #expect(lost.isEmpty, "\(lost.prefix(6))")
    }

    /// When the alarms of the events with a UID of `input` go off from 1990 to 2031, in UTC: UID,
    /// instant, action, description, summary and repetition.
    static func alarms(_ input: InputSource) throws -> [String] {
        var options = LoadOptions(
            zone: try Fixture.zone("UTC"), from: try CivilDate(parsing: "1989-01-01"),
            to: try CivilDate(parsing: "2032-01-01"))
        options.readsAlarms = true
        let events = try CalendarLoader.load([input], options: options).events
        let window = 631_152_000..<1_924_992_000
        // Events without UID are given one when read back; they are left out, as above.
        let named = events.filter {
            $0.hasUID && !$0.uid.hasSuffix("@chronosketch.imported")
        }
        return AlarmList.triggers(of: named, in: window, zone: options.zone).map {
            [
                $0.occurrence.uid, "\($0.instant)", $0.alarm.action ?? "",
                $0.alarm.description ?? "", $0.alarm.summary ?? "", "\($0.repetition)",
            ].joined(separator: " ")
        }.sorted()
    }

    @Test func aSeriesIsOneRecordWithItsRuleListsAndZone() throws {
        let written = try Self.seriesRecords(Self.series)
        let records = try Conversion.records(written.text)
        #expect(records.count == 4)
        let standup = try #require(records.first)
        #expect(standup["zone"] as? String == "Europe/Berlin")
        #expect(standup["start"] as? String == "2026-03-02T09:00")
        #expect(standup["rrule"] as? String == "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10")
        #expect(standup["exdate"] as? [String] == ["2026-03-04T09:00"])
        #expect(standup["rdate"] as? [String] == ["2026-03-21T09:00Z/PT2H"])
        let moved = records[1]
        #expect(moved["recurrenceId"] as? String == "2026-03-30T09:00")
        #expect(moved["duration"] as? String == "PT30M")
        // An all-day series' zoned EXDATE is its date.
        #expect(records[2]["exdate"] as? [String] == ["2026-03-13"])
        #expect(records[3]["zone"] as? String == "UTC")
        #expect(records[3]["start"] as? String == "2026-03-05T13:00")
        #expect(
            written.said.contains(
                "TZID 'Customized Time Zone' is defined by a VTIMEZONE that keeps the clock of no IANA zone it names"
            ))
        #expect(
            written.said.contains(
                "1 VTODO component has no series record; left out; .ics and jCal keep every component"
            ))
    }

    @Test(arguments: [ConversionFormat.ndjson, .json, .csv])
    func seriesRecordsInEachFormatConvertBackToTheSameOccurrences(format: ConversionFormat) throws {
        let records = try Self.seriesRecords(Self.series, format)
        let back = Conversion.streamed(
            [Conversion.memory("series.\(format.rawValue)", records.text)],
            try Conversion.options(to: .ics))
        #expect(back.unusable.isEmpty, "\(back.said)")
        #expect(back.text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10\r\n"))
        #expect(back.text.contains("EXDATE;TZID=Europe/Berlin:20260304T090000\r\n"))
        #expect(back.text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20260330T090000\r\n"))
        #expect(back.text.contains("DURATION:PT30M\r\n"))
        #expect(back.text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
        let original = try Self.occurrences(Self.series)
        #expect(original.count == 14)
        #expect(try Self.occurrences(Conversion.memory("back.ics", back.text)) == original)
    }

    @Test func aSeriesEditedAsJSONIsTheEditedSeries() throws {
        // What `jq -c 'select(.uid == "standup@example.org" and .recurrenceId == null)
        // | .rrule = "FREQ=WEEKLY;BYDAY=FR;COUNT=2"'` does to the first record.
        var lines = try Self.seriesRecords(Self.series).text.split(separator: "\n")
            .map(String.init)
        lines[0] = lines[0].replacingOccurrences(
            of: "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10", with: "FREQ=WEEKLY;BYDAY=FR;COUNT=2")
        let back = Conversion.streamed(
            [Conversion.memory("edited.ndjson", lines.joined(separator: "\n") + "\n")],
            try Conversion.options(to: .ics))
        #expect(back.unusable.isEmpty, "\(back.said)")
        let loaded = try CalendarLoader.load(
            [Conversion.memory("back.ics", back.text)],
            options: LoadOptions(zone: try Fixture.zone("UTC")))
        let starts = loaded.events.filter { $0.title.hasPrefix("Stand-up, across") }
            .map(\.interval.startText)
        // Mondays 2 and Fridays 6 March, then the RDATE period.
        #expect(starts == ["2026-03-02T08:00", "2026-03-06T08:00", "2026-03-21T09:00"])
    }

    @Test func occurrenceRecordsReadBackSayWhatTheyBecame() throws {
        let occurrences = try Conversion.occurrences(
            [Self.series], try Conversion.options(to: .ndjson))
        let back = Conversion.streamed(
            [Conversion.memory("occurrences.ndjson", occurrences.text)],
            try Conversion.options(to: .ics))
        #expect(back.unusable.isEmpty)
        #expect(
            back.said.contains(
                "warning: 13 occurrence records of 2 series became 13 VEVENTs with a RECURRENCE-ID, without their series' rule; records written with --records series carry a series whole"
            ))
    }

    @Test func aRecurrenceIdWithoutZoneTakesItsSeriesZone() throws {
        // A master in Berlin and an instance whose record names no zone for its id, as a
        // spreadsheet edit or another tool leaves it.
        let records = """
            {"uid":"w","title":"Weekly","start":"2026-03-02T09:00","end":"2026-03-02T10:00","zone":"Europe/Berlin","rrule":"FREQ=WEEKLY;COUNT=3"}
            {"uid":"w","recurrenceId":"2026-03-09T09:00","title":"Moved","start":"2026-03-09T11:00","end":"2026-03-09T12:00","zone":"Europe/Berlin"}
            {"uid":"d","title":"Days","start":"2026-03-02","allDay":true,"rrule":"FREQ=DAILY;COUNT=3"}
            {"uid":"d","recurrenceId":"2026-03-03T00:00","title":"Day moved","start":"2026-03-05","allDay":true}

            """
        let back = Conversion.streamed(
            [Conversion.memory("edited.ndjson", records)], try Conversion.options(to: .ics))
        #expect(back.unusable.isEmpty, "\(back.said)")
        #expect(back.text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20260309T090000\r\n"))
        #expect(back.text.contains("RECURRENCE-ID;VALUE=DATE:20260303\r\n"))
    }
}
