import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax
import Foundation
import Testing

/// Conflicts over events kept as bytes (`EncodedEvents`, in memory or in a temporary file)
/// are the conflicts over the events themselves, on every fixture and corpus calendar: the
/// same pairs, kinds, times, clusters and counts, with every event read back equal.
@Suite struct StoredConflictsTests {
    private static let zone: TargetZone = {
        // The tests run where the database is; a missing zone fails every case below.
        (try? TargetZone.named("Europe/Berlin", environment: [:])) ?? TargetZone.utc
    }()

    private static var line: TimeLine {
        TimeLine(
            zone: zone.name, instant: { zone.instant(atWallClockSeconds: $0) },
            wallClock: { zone.wallClockSeconds(atUTC: $0) })
    }

    /// Option sets that reach every part of the search: plain, per person with tentative
    /// answers free and buffers, per location within files, and blocked windows with an owner.
    private static func optionSets(_ events: [CalendarEvent]) -> [(
        ConflictOptions, [BlockedWindow]
    )] {
        let line = Self.line
        var sets: [(ConflictOptions, [BlockedWindow])] = [
            (ConflictOptions(timeLine: line), []),
            (
                ConflictOptions(
                    policy: BusyPolicy(bufferBefore: 600, bufferAfter: 300, ignoresTentative: true),
                    resource: .person, timeLine: line), []
            ),
            (ConflictOptions(scope: .withinFiles, resource: .location, timeLine: .wallClock), []),
        ]
        // Windows over the first event's time, one owned by it.
        if let first = events.first(where: { !$0.interval.isInstant }) {
            let windows = [
                try? BlockedWindow(
                    id: "w1", title: "owned", start: first.interval.start, end: first.interval.end,
                    owner: first.uid),
                try? BlockedWindow(
                    id: "w2", title: "free", start: first.interval.start, end: first.interval.end),
            ].compactMap { $0 }
            sets.append((ConflictOptions(maximumConflicts: 50, timeLine: line), windows))
        }
        return sets
    }

    @Test(arguments: LayoutCorpusTests.files)
    func storedEventsGiveTheSameReport(file: String) throws {
        let options = LoadOptions(zone: Self.zone)
        let input = InputSource.file(file)
        let loaded: LoadedCalendar
        do {
            loaded = try CalendarLoader.load([input], options: options)
        } catch {
            // An input that cannot be used at all stores nothing: it is refused naming itself.
            #expect(error.file == input.name, "\(error)")
            return
        }
        let events = loaded.events.elements
        // Every event, whole, comes back from its bytes equal to itself.
        var bytes: [UInt8] = []
        for event in events {
            bytes.removeAll(keepingCapacity: true)
            EventCodec.encode(event, into: &bytes)
            let decoded = EventCodec.decode(bytes[...])
            #expect(decoded == event)
            #expect(decoded.id == event.id)
        }
        // The events as the loader hands them to a store, in the order it reads them, and the
        // order it sorts them in.
        var read: [CalendarEvent] = []
        let (order, _, _) = CalendarLoader.load([input], options: options) {
            read.append($0)
            return Int32(read.count - 1)
        }
        for (conflictOptions, windows) in Self.optionSets(events) {
            let trim = { (event: CalendarEvent) in
                event.busyTime(filedBy: conflictOptions.resource, keepingPeople: false)
            }
            // The search as it was: every tie broken by reading the events.
            let held = ConflictReport(
                storage: HeldEvents(events.map(trim)), windows: windows, options: conflictOptions)
            for budget in [Int.max, 1] {
                let store = EncodedEvents(budget: budget)
                for event in read { _ = store.append(trim(event)) }
                let stored = ConflictReport(
                    storage: OrderedEvents(store, order: order), windows: windows,
                    options: conflictOptions)
                #expect(stored == held, "\(file) \(budget)")
                #expect(stored.clusters == held.clusters)
                #expect(stored.limitReachedAt == held.limitReachedAt)
                #expect(stored.hasResource == held.hasResource)
                #expect(store.spillFailure == nil)
                #expect(store.readFailure == nil)
            }
        }
    }

    /// Past its budget the store writes to a temporary file and reads every event back,
    /// in any order, equal to what was appended.
    @Test func aStorePastItsBudgetReadsBackWhatWasAppended() throws {
        let file = try #require(LayoutCorpusTests.files.first { $0.hasSuffix("layout/team.ics") })
        let events = try CalendarLoader.load([.file(file)], options: LoadOptions(zone: Self.zone))
            .events.elements
        #expect(events.count > 10)
        let store = EncodedEvents(budget: 300)
        let positions = events.map(store.append)
        #expect(positions == Array(events.indices))
        for position in positions.reversed() + positions.shuffled() {
            #expect(store.event(at: position) == events[position])
        }
        #expect(store.count == events.count)
        #expect(store.spillFailure == nil)
        #expect(store.readFailure == nil)
    }

    /// A folder where no file can be made: the events stay in memory and are read back whole.
    @Test func aFolderThatCannotHoldFilesKeepsTheEventsInMemory() throws {
        let file = try #require(LayoutCorpusTests.files.first { $0.hasSuffix("layout/team.ics") })
        let events = try CalendarLoader.load([.file(file)], options: LoadOptions(zone: Self.zone))
            .events.elements
        let store = EncodedEvents(budget: 1, directory: "/nonexistent/ics-spill")
        for event in events { _ = store.append(event) }
        #expect(store.spillFailure?.description.contains("/nonexistent/ics-spill") == true)
        #expect((0..<events.count).map(store.event(at:)) == events)
    }

    /// What conflicts, free/busy, slots and check keep of an event: its times, status,
    /// transparency, title, location and source, and of people, categories and resources
    /// only what `--by` files it under (people too when answers are read).
    @Test func busyTimeKeepsWhatTheSearchReads() throws {
        let event = try CalendarEvent(
            uid: "u", title: "Review",
            interval: .timed(
                start: try LocalDateTime(parsing: "2026-03-01T09:00"),
                end: try LocalDateTime(parsing: "2026-03-01T10:00")),
            location: "Room 1", description: "long text", status: .tentative,
            categories: ["work"], organizer: Participant(address: "o@example.org"),
            attendees: [Participant(address: "a@example.org", status: "ACCEPTED")],
            resources: ["Projector"], url: "https://example.org", color: "red",
            source: SourceLocation(file: "f.ics", line: 4),
            originalStart: .floating(try LocalDateTime(parsing: "2026-03-01T09:00")))
        for key in [nil, EventKey.location, .person, .category, .resource] as [EventKey?] {
            let kept = event.busyTime(filedBy: key)
            #expect(kept.title == "Review" && kept.location == "Room 1")
            #expect(kept.interval == event.interval && kept.status == .tentative)
            #expect(kept.source == event.source && kept.id == event.id)
            #expect(kept.description == nil && kept.url == nil && kept.color == nil)
            #expect(kept.attendees.isEmpty == (key != .person))
            #expect((kept.organizer == nil) == (key != .person))
            #expect(kept.categories.isEmpty == (key != .category))
            #expect(kept.resources.isEmpty == (key != .resource))
        }
        let answers = event.busyTime(filedBy: nil, keepingPeople: true)
        #expect(answers.attendees == event.attendees && answers.organizer == event.organizer)
    }
}
