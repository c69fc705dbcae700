import ChronoSketchCore
import Foundation
import Testing

@testable import ChronoSketchLayout

/// Builders for the events layout tests place.
enum Events {
    /// A timed event from `start` to `end` (`YYYY-MM-DDTHH:mm`).
    static func timed(
        _ id: String, _ start: String, _ end: String, file: String = "test.ics",
        attendees: [String] = [], location: String? = nil, categories: [String] = [],
        status: EventStatus? = nil, transparency: Transparency = .opaque
    ) throws -> CalendarEvent {
        let interval = try EventInterval(
            from: LocalDateTime(parsing: start), to: LocalDateTime(parsing: end))
        var event = try make(id, interval, file, attendees, location, categories)
        event.status = status
        event.transparency = transparency
        return event
    }

    /// An all-day event from `start` to the exclusive `end` (`YYYY-MM-DD`).
    static func allDay(
        _ id: String, _ start: String, _ end: String, file: String = "test.ics",
        attendees: [String] = [], location: String? = nil
    ) throws -> CalendarEvent {
        let interval = try EventInterval(
            allDayFrom: CivilDate(parsing: start), to: CivilDate(parsing: end))
        return try make(id, interval, file, attendees, location, [])
    }

    private static func make(
        _ id: String, _ interval: EventInterval, _ file: String, _ attendees: [String],
        _ location: String?, _ categories: [String]
    ) throws -> CalendarEvent {
        try CalendarEvent(
            uid: id, title: id.capitalized, interval: interval, location: location,
            categories: categories, attendees: attendees.map { Participant(address: $0) },
            source: SourceLocation(file: file, line: 1),
            originalStart: interval.isAllDay
                ? .date(interval.start.date) : .floating(interval.start))
    }

    static func date(_ text: String) throws -> CivilDate { try CivilDate(parsing: text) }
}

/// A deterministic pseudo-random generator (SplitMix64), so shuffles and random calendars are
/// the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

enum Shuffles {
    /// Lays `events` out in many orders and expects every answer to equal the sorted input's.
    static func expectStable<Layout: Equatable>(
        _ events: [CalendarEvent], count: Int = 60,
        sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ layout: ([CalendarEvent]) throws -> Layout
    ) throws {
        let reference = try layout(events)
        var generator = SeededGenerator(seed: 0x5EED)
        var orders: [[CalendarEvent]] = [events.reversed()]
        for _ in 0..<count { orders.append(events.shuffled(using: &generator)) }
        for order in orders {
            let answer = try layout(order)
            #expect(answer == reference, sourceLocation: sourceLocation)
            if answer != reference { return }
        }
    }
}

/// A placement as the invariants see it: a span on a day with its column, whether it came
/// from the library or from `ics layout`'s JSON.
struct PlacedSpan {
    var label: String
    var startMinute: Int
    var endMinute: Int
    var column: Int
    var columns: Int
}

/// The invariants every day layout keeps, checked by brute force without the layout's own
/// algorithm: segments that collide never share a column, every segment of a collision
/// component reports the same column count, and that count is the most segments of the
/// component that share one moment (first fit in start order is optimal on intervals).
///
/// Two segments collide when their extents (`minimumMinutes` applied) overlap half-open; an
/// empty extent (an instant) collides with an extent that contains its moment, start included.
enum DayInvariants {
    static func check(
        _ day: DayLayout, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        check(
            day.segments.map {
                PlacedSpan(
                    label: $0.event.id, startMinute: $0.startMinute, endMinute: $0.endMinute,
                    column: $0.column, columns: $0.columns)
            }, minimumMinutes: day.minimumMinutes, sourceLocation: sourceLocation)
    }

    static func check(
        _ segments: [PlacedSpan], minimumMinutes: Int = 0,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let extents = segments.map {
            ($0.startMinute, max($0.endMinute, $0.startMinute + minimumMinutes))
        }
        for segment in segments {
            #expect((0...1_440).contains(segment.startMinute), sourceLocation: sourceLocation)
            #expect(
                (segment.startMinute...1_440).contains(segment.endMinute),
                sourceLocation: sourceLocation)
            #expect(
                (0..<segment.columns).contains(segment.column), sourceLocation: sourceLocation)
        }
        var component = Array(segments.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while component[index] != index { index = component[index] }
            return index
        }
        for first in segments.indices {
            for second in segments.indices where second > first {
                guard collide(extents[first], extents[second]) else { continue }
                #expect(
                    segments[first].column != segments[second].column,
                    "\(segments[first].label) and \(segments[second].label) share column \(segments[first].column)",
                    sourceLocation: sourceLocation)
                component[root(first)] = root(second)
            }
        }
        let groups = Dictionary(grouping: segments.indices, by: root)
        for members in groups.values {
            let counts = Set(members.map { segments[$0].columns })
            #expect(counts.count == 1, sourceLocation: sourceLocation)
            let deepest = members.map { probe in
                let moment = extents[probe].0
                let covering = members.filter {
                    extents[$0].0 < extents[$0].1 && extents[$0].0 <= moment
                        && moment < extents[$0].1
                }.count
                return extents[probe].0 < extents[probe].1 ? covering : covering + 1
            }.max()
            #expect(counts.first == deepest, sourceLocation: sourceLocation)
        }
    }

    static func collide(_ a: (Int, Int), _ b: (Int, Int)) -> Bool {
        switch (a.0 == a.1, b.0 == b.1) {
        case (false, false): a.0 < b.1 && b.0 < a.1
        case (true, false): b.0 <= a.0 && a.0 < b.1
        case (false, true): a.0 <= b.0 && b.0 < a.1
        case (true, true): false
        }
    }
}
