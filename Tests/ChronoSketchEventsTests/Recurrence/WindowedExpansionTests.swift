import ChronoSketchCore
import Foundation
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// A windowed read lists exactly the instances of the full expansion that fall in the window,
/// for every calendar at hand and random windows: series moved by THISANDFUTURE overrides,
/// overrides moved into or out of the window, RDATEs anywhere.
@Suite struct WindowedExpansionTests {
    private static func options(from: CivilDate? = nil, to: CivilDate? = nil) throws
        -> LoadOptions
    {
        var limits = ExpansionLimits()
        limits.instancesPerSeries = 2_000
        return LoadOptions(
            zone: try Fixture.zone("America/New_York"), from: from, to: to, expansion: limits)
    }

    private static func summary(_ events: CalendarEvents) -> [String] {
        events.map { "\($0.id) \($0.interval.startText) \($0.interval.endText)" }
    }

    @Test func windowedReadsAreTheFullExpansionCut() throws {
        var random = ZoneFuzzGenerator(state: 20_261_202)
        var checked = 0
        for name in Fixture.calendars {
            let input = InputSource.file(Fixture.calendarPath(name))
            guard let full = try? CalendarLoader.load([input], options: Self.options()),
                full.unusableInputs.isEmpty, let first = full.events.first?.interval.start.date,
                let last = full.events.last?.interval.start.date,
                // A series cut by the instance limit, or stopped at the horizon, is listed
                // differently by a windowed read; those files say so and are left out.
                !full.diagnostics.contains(where: {
                    $0.message.contains("instances") || $0.message.contains("no end")
                        || $0.message.contains("iteration steps")
                })
            else { continue }
            let span = max(1, first.days(to: last))
            for _ in 0..<3 {
                let start = try first.adding(days: Int.random(in: -3...span, using: &random))
                let end = try start.adding(days: Int.random(in: 1...60, using: &random))
                let windowed = try CalendarLoader.load(
                    [input], options: Self.options(from: start, to: end))
                let from = LocalDateTime(startOf: start)
                let to = LocalDateTime(startOf: end)
                let expected = Self.summary(
                    try CalendarEvents(
                        full.events.filter { $0.interval.overlaps(from: from, to: to) }))
                #expect(Self.summary(windowed.events) == expected, "\(name) \(start)…\(end)")
            }
            checked += 1
        }
        #expect(checked > 50)
    }
}
