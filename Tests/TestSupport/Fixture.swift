import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestCorpus

/// Paths and small builders shared by the tests of the library modules.
package enum Fixture {
    /// The package root, found from this file's path.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// Every calendar at hand: of the shared corpus (when one is named, ``Corpus``) and of
    /// `Fixtures/`, named `corpus/…` and `Fixtures/…`.
    package static let calendars: [String] = {
        var paths = Corpus.calendars.map { "corpus/" + $0 }
        if let enumerator = FileManager.default.enumerator(atPath: path("Fixtures")) {
            paths += enumerator.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".ics") && !$0.contains("/goldens/") }
                .sorted().map { "Fixtures/" + $0 }
        }
        return paths
    }()

    /// The calendars of `Fixtures/` but its hostile inputs (which have tests of their own), as
    /// paths from the package root, sorted.
    package static let ordinaryCalendars: [String] = calendars.filter {
        $0.hasPrefix("Fixtures/") && !$0.hasPrefix("Fixtures/invalid/hostile/")
    }

    /// The path of a calendar named as ``calendars`` names it.
    package static func calendarPath(_ name: String) -> String {
        name.hasPrefix("corpus/") ? Corpus.path(String(name.dropFirst(7))) : path(name)
    }

    /// A VCALENDAR around `body`, with CRLF line endings unless told otherwise.
    package static func calendar(_ body: String, header: String = "", lineEnding: String = "\r\n")
        -> [UInt8]
    {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//ChronoSketch//Tests//EN
            \(header.isEmpty ? "" : header + "\n")\(body)
            END:VCALENDAR

            """
        return Array(text.replacingOccurrences(of: "\n", with: lineEnding).utf8)
    }

    /// One VEVENT with the given property lines.
    package static func event(_ uid: String, _ lines: String) -> String {
        "BEGIN:VEVENT\nUID:\(uid)\nDTSTAMP:20260101T000000Z\n\(lines)\nEND:VEVENT"
    }

    package static let berlin = """
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:DAYLIGHT
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        TZNAME:CEST
        DTSTART:19700329T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        TZNAME:CET
        DTSTART:19701025T030000
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        END:STANDARD
        END:VTIMEZONE
        """

    package static func zone(_ name: String) throws -> TargetZone {
        try TargetZone.named(name, environment: [:])
    }

    /// Loads in-memory calendars into events in `zone`.
    package static func load(
        _ files: [(name: String, bytes: [UInt8])], zone: String = "Europe/Berlin",
        from: String? = nil, to: String? = nil, wrTimezone: WRTimezonePolicy = .apply,
        components: Set<ComponentKind> = [.event]
    ) throws -> LoadedCalendar {
        var options = LoadOptions(
            zone: try self.zone(zone), from: try from.map(CivilDate.init(parsing:)),
            to: try to.map(CivilDate.init(parsing:)), wrTimezone: wrTimezone)
        options.components = components
        let loaded = try CalendarLoader.load(
            files.map { .memory(name: $0.name, bytes: $0.bytes) }, options: options)
        if let failure = loaded.unusableInputs.first { throw failure }
        return loaded
    }

    package static func load(
        _ bytes: [UInt8], zone: String = "Europe/Berlin", wrTimezone: WRTimezonePolicy = .apply,
        components: Set<ComponentKind> = [.event]
    )
        throws -> LoadedCalendar
    {
        try load(
            [("test.ics", bytes)], zone: zone, wrTimezone: wrTimezone, components: components)
    }

    /// Reads every item and component of an in-memory input.
    package static func read(_ bytes: [UInt8], chunkSize: Int = 1 << 20) throws(InputError) -> (
        components: [ICalComponent], calendarProperties: [ICalProperty], diagnostics: [Diagnostic]
    ) {
        var reader = try ICalendarReader(
            .memory(name: "test.ics", bytes: bytes), chunkSize: chunkSize)
        var components: [ICalComponent] = []
        var properties: [ICalProperty] = []
        while let item = try reader.next() {
            switch item {
            case .component(let component): components.append(component)
            case .calendarProperty(let property): properties.append(property)
            default: break
            }
        }
        return (components, properties, reader.takeDiagnostics())
    }
}

extension LoadedCalendar {
    /// The event with this id.
    package func event(_ id: String) -> CalendarEvent? { events.first { $0.id == id } }

    /// Messages of diagnostics, as printed.
    package var messages: [String] { diagnostics.map(\.description) }
}

/// Where two trees first differ, for messages of round-trip tests.
package enum TreeDifference {
    package static func first(_ left: ICalDocument, _ right: ICalDocument, exactText: Bool)
        -> String?
    {
        if left.components.count != right.components.count {
            return "\(left.components.count) top-level components, then \(right.components.count)"
        }
        for (a, b) in zip(left.components, right.components) {
            if let difference = first(a, b, exactText: exactText, path: a.name) {
                return difference
            }
        }
        if !left.isSameTree(as: right, exactText: exactText) { return "lines outside components" }
        return nil
    }

    private static func first(
        _ left: ICalComponent, _ right: ICalComponent, exactText: Bool, path: String
    ) -> String? {
        guard left.name == right.name else { return "\(path): \(left.name), then \(right.name)" }
        for (index, (a, b)) in zip(left.properties, right.properties).enumerated()
        where !a.isSameProperty(as: b, exactText: exactText) {
            return
                "\(path) property \(index): '\(text(a))' (\(a.reading.values)), then '\(text(b))' (\(b.reading.values))"
        }
        if left.properties.count != right.properties.count {
            return "\(path): \(left.properties.count) properties, then \(right.properties.count)"
        }
        if left.components.count != right.components.count {
            return "\(path): \(left.components.count) components, then \(right.components.count)"
        }
        for (a, b) in zip(left.components, right.components) {
            if let difference = first(a, b, exactText: exactText, path: path + "/" + a.name) {
                return difference
            }
        }
        return nil
    }

    private static func text(_ property: ICalProperty) -> String {
        String(decoding: property.contentLine.prefix(120), as: UTF8.self)
    }
}
