import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// Events streamed in file order with a limit: the first events are emitted and reading stops
/// there, so what comes after them is never read (nor said).
@Suite struct StreamLimitTests {
    static func calendar(events: Int, brokenLast: Bool) -> [UInt8] {
        var body = (0..<events).map {
            Fixture.event("e\($0)", "DTSTART:202612\(String(format: "%02d", $0 % 28 + 1))T090000Z")
        }
        if brokenLast { body.append("This line is no property") }
        return Fixture.calendar(body.joined(separator: "\n"))
    }

    static func stream(_ input: InputSource, limit: Int, progress: ReadProgress? = nil) throws
        -> (ids: [String], diagnostics: [Diagnostic])
    {
        var ids: [String] = []
        var options = LoadOptions(zone: try Fixture.zone("UTC"))
        options.progress = progress
        let (diagnostics, unusable) = CalendarLoader.stream([input], options: options, limit: limit)
        { ids.append($0.id) }
        #expect(unusable.isEmpty)
        return (ids, diagnostics)
    }

    @Test func theFirstEventsAreEmittedAndWhatFollowsIsNotSaid() throws {
        let input = InputSource.memory(
            name: "many.ics", bytes: Self.calendar(events: 2_000, brokenLast: true))
        let whole = try Self.stream(input, limit: .max)
        #expect(whole.ids.count == 2_000)
        #expect(whole.diagnostics.map(\.code) == [.notAProperty])
        let first = try Self.stream(input, limit: 3)
        #expect(first.ids == ["e0", "e1", "e2"])
        #expect(first.diagnostics.isEmpty)
    }

    /// Reading runs ahead of the events taken by a few thousand events and a chunk of the
    /// input, no further: of a large input, most is never read.
    @Test func readingStopsSoonAfterTheLastEventWanted() throws {
        let bytes = Self.calendar(events: 60_000, brokenLast: false)
        let progress = ReadProgress()
        let first = try Self.stream(
            .memory(name: "large.ics", bytes: bytes), limit: 2, progress: progress)
        #expect(first.ids == ["e0", "e1"])
        #expect(progress.bytesRead > 0)
        #expect(progress.bytesRead < bytes.count / 2, "\(progress.bytesRead) of \(bytes.count)")
    }

    @Test func aSeriesStopsWithinItsInstances() throws {
        let input = InputSource.memory(
            name: "daily.ics",
            bytes: Fixture.calendar(
                Fixture.event("d", "DTSTART:20261201T090000Z\nRRULE:FREQ=DAILY;COUNT=500")))
        #expect(try Self.stream(input, limit: 4).ids.count == 4)
    }
}
