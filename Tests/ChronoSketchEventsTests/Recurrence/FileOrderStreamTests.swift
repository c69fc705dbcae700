import ChronoSketchCore
import Foundation
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// `CalendarLoader.stream`: occurrences in file order, each series written once its last
/// VEVENT has been read.
@Suite struct FileOrderStreamTests {
    private func stream(
        _ files: [(String, String)], to: String? = nil,
        inputs: (([InputSource]) -> [InputSource])? = nil
    ) throws -> (ids: [String], diagnostics: [Diagnostic]) {
        let options = LoadOptions(
            zone: try Fixture.zone("UTC"), to: try to.map(CivilDate.init(parsing:)))
        var sources: [InputSource] = files.map {
            .memory(name: $0.0, bytes: Fixture.calendar($0.1))
        }
        if let inputs { sources = inputs(sources) }
        var ids: [String] = []
        let (diagnostics, unusable) = CalendarLoader.stream(sources, options: options) {
            ids.append($0.id)
        }
        if let failure = unusable.first { throw failure }
        return (ids, diagnostics)
    }

    private func single(_ uid: String, day: Int) -> String {
        Fixture.event(uid, "DTSTART:202603\(10 + day)T090000Z\nDTEND:202603\(10 + day)T100000Z")
    }

    private let series = Fixture.event(
        "s", "DTSTART:20260302T080000Z\nDURATION:PT1H\nRRULE:FREQ=DAILY;COUNT=3")
    private let override = Fixture.event(
        "s", "RECURRENCE-ID:20260303T080000Z\nDTSTART:20260303T120000Z\nDURATION:PT1H")

    @Test func seriesIsWrittenWhenItsOverrideHasBeenRead() throws {
        let body = [
            single("a", day: 1), series, single("b", day: 2), override, single("c", day: 3),
        ]
        let (ids, diagnostics) = try stream([("t.ics", body.joined(separator: "\n"))])
        #expect(
            ids == [
                "a", "b", "s#2026-03-02T08:00Z", "s#2026-03-03T08:00Z", "s#2026-03-04T08:00Z", "c",
            ])
        #expect(diagnostics.isEmpty)
    }

    @Test func overrideBeforeItsMasterWaitsForIt() throws {
        let body = [override, single("a", day: 1), series, single("b", day: 2)]
        let (ids, _) = try stream([("t.ics", body.joined(separator: "\n"))])
        #expect(ids.first == "a")
        #expect(ids.last == "b")
        #expect(ids.filter { $0.hasPrefix("s#") }.count == 3)
    }

    @Test func seriesWithoutOverridesIsWrittenWhereItStands() throws {
        let body = [single("a", day: 1), series, single("b", day: 2)]
        let (ids, _) = try stream([("t.ics", body.joined(separator: "\n"))])
        #expect(ids.first == "a")
        #expect(ids.last == "b")
    }

    @Test func overrideInALaterFileHoldsTheSeriesUntilThen() throws {
        let first = [series, single("a", day: 1)].joined(separator: "\n")
        let second = [single("b", day: 2), override, single("c", day: 3)].joined(separator: "\n")
        let (ids, _) = try stream([("one.ics", first), ("two.ics", second)])
        #expect(Array(ids.prefix(2)) == ["a", "b"])
        #expect(ids.last == "c")
        #expect(ids.contains("s#2026-03-03T08:00Z"))
    }

    @Test func seriesWithoutAnEndWaitsForTheHorizonUnlessToIsGiven() throws {
        let open = Fixture.event("o", "DTSTART:20260302T080000Z\nRRULE:FREQ=MONTHLY")
        let body = [open, single("a", day: 1)].joined(separator: "\n")
        let horizonLess = try stream([("t.ics", body)])
        #expect(horizonLess.ids.first == "a")
        #expect(horizonLess.ids.count == 1 + 25)
        let bounded = try stream([("t.ics", body)], to: "2026-06-01")
        #expect(bounded.ids.first == "o#2026-03-02T08:00Z")
        #expect(bounded.ids.last == "a")
    }

    @Test func everyWayOfReadingListsWhatTheSortedLoadLists() throws {
        let body = [
            override, single("a", day: 1), series, single("b", day: 2),
            Fixture.event(
                "s", "RECURRENCE-ID:20260304T080000Z\nSTATUS:CANCELLED\nDTSTART:20260304T080000Z"),
        ].joined(separator: "\n")
        let sorted = try Fixture.load([("t.ics", Fixture.calendar(body))], zone: "UTC")
        let streamed = try stream([("t.ics", body)])
        #expect(streamed.ids.sorted() == sorted.events.map(\.id).sorted())
    }

    @Test func planCountsTheMembersOfEachGroupAsWritten() throws {
        let text = """
            BEGIN:VCALENDAR
            begin:vevent
            uid:folded-
             uid
            rrule:FREQ=DAILY;COUNT=2
            BEGIN:VALARM
            UID:alarm
            RECURRENCE-ID:20260101T000000Z
            END:VALARM
            END:VEVENT
            BEGIN:VEVENT
            UID;X-A="x:y":folded-uid
            RECURRENCE-ID:20260102T000000Z
            END:VEVENT
            BEGIN:VEVENT
            UID:single
            RRULE:FREQ=DAILY
            END:VEVENT
            END:VCALENDAR

            """
        let other = Fixture.calendar(
            Fixture.event("folded-uid", "RECURRENCE-ID:20260103T000000Z"))
        let plan = try #require(
            SeriesPlan(
                [.memory(name: "a", bytes: Array(text.utf8)), .memory(name: "b", bytes: other)],
                limits: ReadLimits()))
        let key = SeriesPlan.key(uidValue: ArraySlice("folded-uid".utf8))
        #expect(plan.groups[key]?.members == 3)
        #expect(plan.groups[key]?.lastInput == 1)
        #expect(plan.groups[SeriesPlan.key(uidValue: ArraySlice("alarm".utf8))] == nil)
        // A group of one is not counted: it is written as soon as it is read.
        #expect(plan.groups.count == 1)
    }

    @Test func noPlanForInputsThatCannotBeReadTwice() throws {
        #expect(SeriesPlan([.standardInput], limits: ReadLimits()) == nil)
        #expect(SeriesPlan([.file("/dev/null")], limits: ReadLimits()) == nil)
        #expect(SeriesPlan([.file("/nonexistent/x.ics")], limits: ReadLimits()) == nil)
        // Without a plan every series waits for the end of the input.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.ics").path
        let body = [single("a", day: 1), series, override, single("b", day: 2)]
        try Data(Fixture.calendar(body.joined(separator: "\n"))).write(
            to: URL(fileURLWithPath: path))
        let planned = try stream([]) { _ in [.file(path)] }
        #expect(Array(planned.ids.prefix(2)) == ["a", "s#2026-03-02T08:00Z"])
        // A symbolic link to a regular file is read twice as the file is: planned.
        let link = directory.appendingPathComponent("link.ics").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(InputSource.file(link).canBeReadTwice)
        #expect(SeriesPlan([.file(link)], limits: ReadLimits()) != nil)
        let linked = try stream([]) { _ in [.file(link)] }
        #expect(linked.ids == planned.ids)
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data(Fixture.calendar(body.joined(separator: "\n"))))
                try? handle.close()
            }
        }
        writer.start()
        let piped = try stream([]) { _ in [.file(fifo)] }
        #expect(Array(piped.ids.prefix(2)) == ["a", "b"])
        #expect(piped.ids.sorted() == planned.ids.sorted())
    }
}
