import ChronoSketchCore
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// `convert --vtimezone full`: records become events whose VTIMEZONE is the zone's whole
/// history, as libical builds it from the system's tz database.
@Suite struct FullZoneHistoryTests {
    /// The lines of a component and those inside it, as written.
    private static func lines(_ component: ICalComponent) -> [String] {
        var bytes: [UInt8] = []
        ICalWriter.append(component, to: &bytes)
        return String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    }

    @Test func aFullHistoryIsTheZoneAsLibicalBuildsIt() throws {
        var options = ConversionOptions(
            to: .ics, load: LoadOptions(zone: try Fixture.zone("UTC")),
            stamp: LocalDateTime(startOf: try CivilDate(year: 2026, month: 1, day: 1)))
        var bytes: [UInt8] = []
        for form in [ZoneDefinitionForm.minimal, .full] {
            options.zoneForm = form
            bytes = []
            let (diagnostics, unusable, _) = Converter.calendar(
                [.file(Fixture.path("Fixtures/feed/league.json"))], options: options
            ) { bytes += $0 }
            #expect(unusable.isEmpty)
            #expect(!diagnostics.contains { $0.severity == .error })
            let calendar = try #require(
                try DocumentReader.read(.memory(name: "league.ics", bytes: bytes)).0.components
                    .first)
            let zone = try #require(calendar.components.first { $0.name == "VTIMEZONE" })
            #expect(zone.property("TZID")?.rawValue == "Europe/London")
            let observances = zone.components.filter { ["STANDARD", "DAYLIGHT"].contains($0.name) }
            switch form {
            case .minimal:
                // A season of games: one of each.
                #expect(observances.map(\.name).sorted() == ["DAYLIGHT", "STANDARD"])
            case .full:
                // The whole history since 1847, line for line what libical gives.
                #expect(observances.count == 55)
                let libical = try #require(LibicalTimezone.component(named: "Europe/London"))
                #expect(Self.lines(zone) == Self.lines(libical))
                let first = observances.compactMap { $0.property("DTSTART")?.rawValue }.min()
                #expect(first?.hasPrefix("1847") == true, "\(first ?? "")")
            }
        }
    }
}
