import ChronoSketchCore
import Foundation
import TestCorpus
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// Real exports copied into `Fixtures/real/` (origins in `Fixtures/README.md`), with values
/// worked out by hand from their text.
@Suite struct RealCalendarTests {
    private func load(_ name: String, zone: String = "UTC") throws -> LoadedCalendar {
        try CalendarLoader.load(
            [.file(Fixture.path("Fixtures/real/\(name)"))],
            options: LoadOptions(zone: try Fixture.zone(zone)))
    }

    private func summary(_ event: CalendarEvent) -> String {
        "\(event.interval.startText)/\(event.interval.endText) \(event.title)"
    }

    @Test func appleExportWithVancouverTimes() throws {
        let loaded = try load("apple-tentative.ics")
        #expect(loaded.diagnostics.isEmpty)
        #expect(
            loaded.events.map(summary) == [
                "2022-07-04T23:00/2022-07-04T23:50 Tentative",
                "2022-07-05T16:00/2022-07-05T17:00 Confirmed",
                "2022-07-06T20:00/2022-07-06T21:00 Cancelled",
                "2022-07-07T16:00/2022-07-07T17:00 No Status",
            ])
        #expect(loaded.events.map(\.status) == [.tentative, .confirmed, .cancelled, nil])
        #expect(loaded.events[0].attendees.map(\.status) == ["TENTATIVE"])
        #expect(
            loaded.events[1].originalStart
                == .zoned(try LocalDateTime(parsing: "2022-07-05T09:00"), tzid: "America/Vancouver")
        )
    }

    @Test func meetupExportWithAnEmbeddedPhoenixZone() throws {
        let loaded = try load("meetup-phoenix.ics")
        let event = try #require(loaded.events.first)
        #expect(
            summary(event)
                == "2011-11-10T02:00/2011-11-10T04:00 Phoenix Drupal User Group Monthly Meetup")
        #expect(
            event.location
                == "Open Source Project Tempe (1415 E University Dr. #103A, Tempe, AZ 85281)")
        #expect(event.url == "http://www.meetup.com/Phoenix-Drupal-User-Group/events/33627272/")
        #expect(
            event.description?.hasPrefix(
                "Phoenix Drupal User Group\nWednesday, November 9 at 7:00 PM\n\n") == true)
    }

    @Test func iCal1ExportMixingFloatingUTCZonedAndDates() throws {
        let loaded = try load("apple-ical1-mixed-zones.ics")
        let byTitle = Dictionary(
            uniqueKeysWithValues: loaded.events.map { ($0.title, summary($0)) })
        // X-WR-TIMEZONE:US/Pacific; 2002-10-28 is after that year's fall-back, so PST (-08:00).
        #expect(byTitle["No Timezone"] == "2002-10-28T09:20:30/2002-10-29T09:20:30 No Timezone")
        #expect(byTitle["UTC Timezone"] == "2002-10-28T01:20:30/2002-10-29T01:20:30 UTC Timezone")
        #expect(
            byTitle["Inline Timezone"] == "2002-10-28T06:20:30/2002-10-29T06:20:30 Inline Timezone")
        #expect(byTitle["Date Only (Explicit)"] == "2002-10-28/2002-10-29 Date Only (Explicit)")
        #expect(byTitle["Date Only (Implicit)"] == "2002-10-28/2002-10-29 Date Only (Implicit)")
    }

    @Test func duplicateUIDsKeepTheHigherSequence() throws {
        let loaded = try load("duplicate-uid-sequence.ics")
        #expect(
            loaded.events.map(summary) == [
                "2024-01-15T10:00/2024-01-15T11:00 Team Meeting (SEQUENCE 2)",
                "2024-01-20T14:00/2024-01-20T15:00 Updated version (SEQUENCE 3) - should win",
            ])
        #expect(loaded.diagnostics.map(\.line) == [12, 20])
    }

    @Test func lateErrorsSkipOnlyTheirEvents() throws {
        let loaded = try load("late-error.ics")
        #expect(loaded.events.count == 395)
        // Six values that do not read, and the event with two DTSTARTs (the first is used).
        #expect(
            loaded.diagnostics.map(\.severity) == Array(repeating: .error, count: 6) + [.warning])
        #expect(loaded.diagnostics.map(\.line) == [360, 366, 738, 1110, 1668, 2040, 2407])
        #expect(
            loaded.diagnostics[0].message
                == "Invalid date-time '20240230T100000Z': February 2024 has 29 days in DTSTART")
    }

    @Test func japaneseAllDayEventsIgnoreTheirTZID() throws {
        let loaded = try load("japan-west.ics", zone: "America/Los_Angeles")
        #expect(loaded.events.count == 49)
        #expect(loaded.events.filter(\.interval.isAllDay).count == 47)
        let ceremony = try #require(loaded.event("20060806-41@apike.ca"))
        #expect(summary(ceremony) == "2006-08-05T16:00/2006-08-05T16:45 Peace Memorial Ceremony")
    }
}

/// Every calendar of the shared corpus, when one is named (``Corpus``): none may crash,
/// the broken ones are refused with a reason, and every other one yields valid events.
@Suite struct CorpusTests {
    static let files = Corpus.calendars

    /// Files that are no calendars: their first line is not the BEGIN of a calendar component
    /// (`invalid`, `BEGIN:000`, `BEGIN;`, `BEGIN:VCALENDAR?`, `BEGIN:VCARD`). Every other
    /// file is read, its broken structure recovered.
    static let unusable: Set<String> = [
        "allenporter-ical/tests/parsing/testdata/invalid/invalid.ics",
        "libical/test-data/get_char_test.ics", "libical/test-data/issue250.ics",
        "libical/test-data/issue253.ics", "libical/test-data/issue339.ics",
    ]

    @Test(
        .enabled(if: Corpus.isPresent, "\(Corpus.said)"),
        arguments: files)
    func corpusFileLoadsOrIsRefusedWithAReason(file: String) throws {
        let path = Corpus.path(file)
        let loaded = try CalendarLoader.load(
            [.file(path)], options: LoadOptions(zone: try Fixture.zone("Europe/Berlin")))
        if let error = loaded.unusableInputs.first {
            #expect(Self.unusable.contains(file), "\(file): \(error)")
            #expect(error.file == path)
            #expect(loaded.events.isEmpty)
        } else {
            #expect(!Self.unusable.contains(file), "\(file) was expected to be refused")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let decoded =
                data.starts(with: [0xFF, 0xFE])
                ? String(data: data, encoding: .utf16LittleEndian)
                : String(decoding: data, as: UTF8.self)
            let text = (decoded ?? "").replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "\n ", with: "").replacingOccurrences(
                    of: "\n\t", with: "")
            let vevents = text.uppercased().components(separatedBy: "BEGIN:VEVENT").count - 1
            #expect(loaded.events.filter { $0.recurrenceId == nil }.count <= vevents)
            #expect(Set(loaded.events.map(\.id)).count == loaded.events.count)
            #expect(loaded.events.allSatisfy { text.contains($0.uid) || $0.uid.hasPrefix(path) })
            #expect(loaded.diagnostics.allSatisfy { $0.file == path && ($0.line ?? 1) >= 1 })
        }
    }
}
