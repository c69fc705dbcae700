import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax
import Foundation
import TestCorpus
import TestSupport
import Testing

@testable import ChronoSketchCLI

/// Conflicts and busy time of events with instants (UTC or zoned times) are the same in every
/// target zone, for every calendar at hand: the zone only changes the wall clock they are
/// shown on. The zones are UTC, two with an hour of DST on either side of the equator's
/// northern half, and Lord Howe, whose clocks move by half an hour.
@Suite struct ZoneIndependenceTests {
    static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]

    /// Every calendar in `Fixtures/` (the hostile inputs aside) and, when one is named, of
    /// the shared corpus.
    static let files =
        Fixture.ordinaryCalendars.map(Fixture.path) + Corpus.calendars.map(Corpus.path)

    /// What a calendar's instant events give in one zone, in terms that do not name the zone;
    /// nil when the file is not comparable (unreadable, cut by a limit, too many conflicts).
    struct Facts: Equatable, Sendable {
        var events: Int
        var conflicts: [String]
        var busyMinutes: Int
    }

    /// The load covers 1970 to 2040 in every zone; only events within a day of neither end
    /// count, so the load's edges (dates in each zone) do not matter.
    private static func facts(_ path: String, zone name: String) throws -> Facts? {
        let zone = try TargetZone.named(name, environment: [:])
        var limits = ExpansionLimits()
        limits.instancesPerSeries = 2_000
        let loaded = try CalendarLoader.load(
            [.file(path)],
            options: LoadOptions(
                zone: zone, from: try CivilDate(year: 1970, month: 1, day: 1),
                to: try CivilDate(year: 2040, month: 1, day: 1), expansion: limits))
        let lowest = 2 * 86_400
        let highest = try CivilDate(year: 2039, month: 12, day: 30).daysSinceEpoch * 86_400
        guard loaded.unusableInputs.isEmpty,
            !loaded.diagnostics.contains(where: { $0.code == .expansionLimit })
        else { return nil }
        let events = loaded.events.filter { event in
            guard let instants = event.instants else { return false }
            return instants.start >= lowest && instants.end <= highest
        }
        let line = zone.timeLine
        let report = ConflictReport(
            events: events, options: ConflictOptions(maximumConflicts: 20_000, timeLine: line))
        guard !report.isTruncated else { return nil }
        let busy = Availability.busyPeriods(
            events: events,
            from: LocalDateTime(startOf: try CivilDate(year: 1969, month: 12, day: 30)),
            to: LocalDateTime(startOf: try CivilDate(year: 2040, month: 1, day: 2)), on: line)
        return Facts(
            events: events.count,
            conflicts: report.conflicts.map { conflict in
                let ids = [conflict.first.id, conflict.second.id].sorted()
                return "\(conflict.kind) \(ids[0]) \(ids[1]) \(conflict.minutes)"
            }.sorted(),
            busyMinutes: busy.map(\.minutes).reduce(0, +))
    }

    /// The calendars that have events with instants and are comparable, with what they give
    /// in UTC.
    static let comparable: [(path: String, utc: Facts)] = files.compactMap { path in
        guard let utc = try? facts(path, zone: "UTC"), utc.events > 0 else { return nil }
        return (path, utc)
    }

    @Test func mostCalendarsAreCompared() {
        #expect(Self.comparable.count * 2 >= Self.files.count / 3)
    }

    @Test(arguments: comparable)
    func conflictsOfInstantsAreTheSameInEveryZone(path: String, utc: Facts) throws {
        for zone in Self.zones.dropFirst() {
            let other = try Self.facts(path, zone: zone)
            #expect(other == utc, "\(path) in \(zone)")
        }
    }

    /// The clock change in numbers (`Fixtures/meaning/clock-change.ics`): the same two
    /// conflicts of an hour-long call with the calls at either 01:30 in every zone (none
    /// between the two 01:30s, none between the two 02:30s of Berlin or across Lord Howe's
    /// half-hour change); the floating event adds its own only where its wall-clock time falls
    /// on theirs.
    @Test func conflictsAcrossAClockChangeDoNotDependOnTheZone() throws {
        func pairs(_ name: String) throws -> Set<String> {
            let zone = try TargetZone.named(name, environment: [:])
            let loaded = try CalendarLoader.load(
                [.file(Fixture.path("Fixtures/meaning/clock-change.ics"))],
                options: LoadOptions(zone: zone))
            let report = ConflictReport(
                events: loaded.events, options: ConflictOptions(timeLine: zone.timeLine))
            return Set(
                report.conflicts.map { conflict in
                    let ids = [conflict.first.id, conflict.second.id].sorted()
                    return "\(ids[0]) \(ids[1]) \(conflict.minutes)"
                })
        }
        let expected: Set = [
            "across@fixtures first-pass@fixtures 15", "across@fixtures second-pass@fixtures 15",
        ]
        for zone in ["UTC", "Europe/Berlin", "Australia/Lord_Howe"] {
            #expect(try pairs(zone) == expected, "\(zone)")
        }
        #expect(
            try pairs("America/New_York")
                == expected.union([
                    "first-pass@fixtures floating@fixtures 10",
                    "across@fixtures floating@fixtures 5",
                ]))
    }
}
