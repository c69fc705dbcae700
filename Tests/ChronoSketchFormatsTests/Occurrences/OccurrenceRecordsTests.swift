import ChronoSketchCore
import Foundation
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// A sorted listing kept as records (`CalendarLoader.load(_:options:keeping:)` with
/// `OccurrenceRecords`) writes what the events themselves write.
@Suite struct OccurrenceRecordsTests {
    static let files = [
        "Fixtures/layout/team.ics", "Fixtures/valid/zones.ics", "Fixtures/demo/team-week.ics",
        "Fixtures/invalid/hostile/impossible-dates.ics",
    ]

    static let shapes: [(OccurrenceFormat, CSVColumns)] = [
        (.json, .all), (.ndjson, .all), (.csv, .all), (.csv, .outlook),
        (.csv, CSVColumns(fields: .schema(["start", "title", "attendees"]))),
    ]

    private func options(from: String? = nil, to: String? = nil) throws -> LoadOptions {
        LoadOptions(
            zone: try Fixture.zone("Europe/Berlin"), from: try from.map(CivilDate.init(parsing:)),
            to: try to.map(CivilDate.init(parsing:)))
    }

    private func bothWays(
        _ inputs: [InputSource], _ format: OccurrenceFormat, _ columns: CSVColumns,
        options: LoadOptions
    ) throws -> (events: [UInt8], records: [UInt8], diagnostics: Bool) {
        let loaded = try CalendarLoader.load(inputs, options: options)
        var stream = OccurrenceStream(format: format, columns: columns)
        var fromEvents: [UInt8] = []
        for event in loaded.events { fromEvents += stream.append(event) ?? [] }
        fromEvents += stream.finish()
        var records = OccurrenceRecords(format: format, columns: columns)
        let (sorted, diagnostics, _) = CalendarLoader.load(inputs, options: options) {
            records.add($0)
        }
        var fromRecords: [UInt8] = []
        try records.write(sorted) { fromRecords += $0 }
        return (
            fromEvents, fromRecords,
            diagnostics.map(\.description) == loaded.diagnostics.map(\.description)
        )
    }

    @Test(arguments: files)
    func recordsWriteWhatEventsWrite(path: String) throws {
        let input = InputSource.file(Fixture.path(path))
        for (format, columns) in Self.shapes {
            let result = try bothWays([input], format, columns, options: try options())
            #expect(!result.events.isEmpty)
            #expect(result.records == result.events, "\(format) \(columns)")
            #expect(result.diagnostics)
        }
    }

    @Test func windowAndDuplicatesChooseAsTheEventsDo() throws {
        // The newer version of "dup" lies outside the window: neither version is listed.
        let body = [
            Fixture.event("dup", "SEQUENCE:1\nDTSTART:20260401T090000Z"),
            Fixture.event("dup", "SEQUENCE:0\nDTSTART:20260301T090000Z"),
            Fixture.event("in", "DTSTART:20260302T090000Z"),
            Fixture.event("s", "DTSTART:20260227T090000Z\nRRULE:FREQ=DAILY;COUNT=5"),
        ].joined(separator: "\n")
        let input = InputSource.memory(name: "t.ics", bytes: Fixture.calendar(body))
        let window = try options(from: "2026-03-01", to: "2026-03-31")
        for (format, columns) in Self.shapes {
            let result = try bothWays([input], format, columns, options: window)
            #expect(result.records == result.events)
            #expect(result.diagnostics)
        }
        let (ids, _, _) = CalendarLoader.load([input], options: window) { $0.id }
        #expect(
            ids == ["s#2026-03-01T09:00Z", "in", "s#2026-03-02T09:00Z", "s#2026-03-03T09:00Z"])
    }

    @Test func noEventsStillMakeAWholeDocument() throws {
        let input = InputSource.memory(name: "e.ics", bytes: Fixture.calendar(""))
        for (format, columns) in Self.shapes {
            let result = try bothWays([input], format, columns, options: try options())
            #expect(result.records == result.events)
        }
        let records = OccurrenceRecords(format: .json)
        var bytes: [UInt8] = []
        try records.write([]) { bytes += $0 }
        #expect(String(decoding: bytes, as: UTF8.self) == "[]\n")
    }
}
