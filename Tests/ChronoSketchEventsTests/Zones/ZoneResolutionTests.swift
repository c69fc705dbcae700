import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite("Wall-clock resolution")
struct ZoneResolutionTests {
    struct Case: Sendable, CustomStringConvertible {
        var zone: String
        var local: Int
        var utc: Int
        var resolution: LocalTimeResolution
        var description: String { "\(zone) \(local)" }
    }

    static let systemCases: [Case] = [
        Case(
            zone: "Europe/Berlin", local: ZoneTestClock.seconds(2026, 3, 29, 2, 30),
            utc: ZoneTestClock.seconds(2026, 3, 29, 1, 30),
            resolution: .gap(shiftedBy: 3_600)),
        Case(
            zone: "Europe/Berlin", local: ZoneTestClock.seconds(2026, 10, 25, 2, 30),
            utc: ZoneTestClock.seconds(2026, 10, 25, 0, 30),
            resolution: .fold),
        Case(
            zone: "Europe/Berlin", local: ZoneTestClock.seconds(2026, 3, 29, 1, 59, 59),
            utc: ZoneTestClock.seconds(2026, 3, 29, 0, 59, 59),
            resolution: .unique),
        Case(
            zone: "Europe/Berlin", local: ZoneTestClock.seconds(2026, 3, 29, 3),
            utc: ZoneTestClock.seconds(2026, 3, 29, 1),
            resolution: .unique),
        Case(
            zone: "Europe/Berlin", local: ZoneTestClock.seconds(2026, 10, 25, 3),
            utc: ZoneTestClock.seconds(2026, 10, 25, 2),
            resolution: .unique),
        Case(
            zone: "Europe/Berlin", local: ZoneTestClock.seconds(2026, 10, 25, 1, 59, 59),
            utc: ZoneTestClock.seconds(2026, 10, 24, 23, 59, 59),
            resolution: .unique),
        Case(
            zone: "America/New_York", local: ZoneTestClock.seconds(2026, 3, 8, 2, 30),
            utc: ZoneTestClock.seconds(2026, 3, 8, 7, 30),
            resolution: .gap(shiftedBy: 3_600)),
        Case(
            zone: "America/New_York", local: ZoneTestClock.seconds(2026, 11, 1, 1, 30),
            utc: ZoneTestClock.seconds(2026, 11, 1, 5, 30),
            resolution: .fold),
        Case(
            zone: "Australia/Sydney", local: ZoneTestClock.seconds(2026, 10, 4, 2, 30),
            utc: ZoneTestClock.seconds(2026, 10, 3, 16, 30),
            resolution: .gap(shiftedBy: 3_600)),
        Case(
            zone: "Australia/Sydney", local: ZoneTestClock.seconds(2026, 4, 5, 2, 30),
            utc: ZoneTestClock.seconds(2026, 4, 4, 15, 30),
            resolution: .fold),
        Case(
            zone: "Australia/Lord_Howe", local: ZoneTestClock.seconds(2026, 10, 4, 2, 15),
            utc: ZoneTestClock.seconds(2026, 10, 3, 15, 45),
            resolution: .gap(shiftedBy: 1_800)),
        Case(
            zone: "Australia/Lord_Howe", local: ZoneTestClock.seconds(2026, 4, 5, 1, 45),
            utc: ZoneTestClock.seconds(2026, 4, 4, 14, 45),
            resolution: .fold),
        Case(
            zone: "Pacific/Apia", local: ZoneTestClock.seconds(2011, 12, 30, 12),
            utc: ZoneTestClock.seconds(2011, 12, 30, 22),
            resolution: .gap(shiftedBy: 86_400)),
        Case(
            zone: "Asia/Kolkata", local: ZoneTestClock.seconds(2026, 7, 1, 12),
            utc: ZoneTestClock.seconds(2026, 7, 1, 6, 30),
            resolution: .unique),
        Case(
            zone: "Europe/Berlin", local: ZoneTestClock.seconds(2500, 3, 28, 2, 30),
            utc: ZoneTestClock.seconds(2500, 3, 28, 1, 30),
            resolution: .gap(shiftedBy: 3_600)),
        Case(
            zone: "America/New_York", local: ZoneTestClock.seconds(2500, 11, 7, 1, 30),
            utc: ZoneTestClock.seconds(2500, 11, 7, 5, 30),
            resolution: .fold),
    ]

    @Test(.enabled(if: SystemZoneInfo.isAvailable), arguments: systemCases)
    func wallClockTimesResolveLikeRFC5545(_ testCase: Case) throws {
        let zone = try SystemZoneInfo.zone(testCase.zone)
        let resolved = zone.resolve(local: testCase.local)
        #expect(resolved.utc == testCase.utc)
        #expect(resolved.resolution == testCase.resolution)
        #expect(zone.utcSeconds(forLocal: testCase.local) == testCase.utc)
    }

    @Test(.enabled(if: SystemZoneInfo.isAvailable))
    func gapTimeIsShownAnHourLaterOnTheWallClock() throws {
        let berlin = try SystemZoneInfo.zone("Europe/Berlin")
        let instant = berlin.utcSeconds(forLocal: ZoneTestClock.seconds(2026, 3, 29, 2, 30))
        #expect(berlin.localSeconds(forUTC: instant) == ZoneTestClock.seconds(2026, 3, 29, 3, 30))
    }

    @Test(.enabled(if: SystemZoneInfo.isAvailable))
    func everyInstantOf2026RoundTripsThroughTheWallClockExceptTheSecondFoldHour() throws {
        let berlin = try SystemZoneInfo.zone("Europe/Berlin")
        let secondPass =
            ZoneTestClock.seconds(2026, 10, 25, 1)..<ZoneTestClock.seconds(2026, 10, 25, 2)
        for instant in stride(
            from: ZoneTestClock.seconds(2026, 1, 1), to: ZoneTestClock.seconds(2027, 1, 1), by: 900)
        {
            let local = berlin.localSeconds(forUTC: instant)
            let back = berlin.utcSeconds(forLocal: local)
            #expect(back == (secondPass.contains(instant) ? instant - 3_600 : instant))
        }
    }

    @Test func fixedOffsetZonesAreAlwaysUnique() {
        let india = FixedOffsetZone(identifier: "+05:30", offset: 19_800)
        #expect(india.resolve(local: 19_800).utc == 0)
        #expect(india.resolve(local: 19_800).resolution == .unique)
        #expect(india.localSeconds(forUTC: 0) == 19_800)
        #expect(FixedOffsetZone.utc.identifier == "UTC")
        #expect(FixedOffsetZone.utc.utcSeconds(forLocal: 1_234) == 1_234)
        #expect(FixedOffsetZone.utc.resolve(local: Int.max).resolution == .unique)
    }

    @Test func twoTransitionsAnHourApartGiveAGapThenAFold() throws {
        let change = ZoneTestClock.seconds(2030, 6, 1)
        var fixture = TZifFixture()
        fixture.types = [
            .init(offset: 3_600, isDaylightSaving: false, abbreviation: "AAA"),
            .init(offset: 10_800, isDaylightSaving: true, abbreviation: "BBB"),
            .init(offset: 7_200, isDaylightSaving: true, abbreviation: "CCC"),
        ]
        fixture.transitions = [(change, 1), (change + 3_600, 2)]
        let zone = try TZifZone(identifier: "Test/Twice", bytes: fixture.bytes())

        let beforeGap = zone.resolve(local: change + 3_599)
        #expect(beforeGap.utc == change - 1 && beforeGap.resolution == .unique)
        let inGap = zone.resolve(local: change + 2 * 3_600)
        #expect(inGap.utc == change + 3_600 && inGap.resolution == .gap(shiftedBy: 7_200))
        let inFold = zone.resolve(local: change + 3 * 3_600 + 60)
        #expect(inFold.utc == change + 60 && inFold.resolution == .fold)
        let after = zone.resolve(local: change + 4 * 3_600)
        #expect(after.utc == change + 2 * 3_600 && after.resolution == .unique)
    }

    @Test func posixRulesResolveGapsAndFoldsToo() throws {
        let zone = try POSIXTimeZone(parsing: "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1")
        let gap = zone.resolve(local: ZoneTestClock.seconds(2026, 3, 28, 22, 30))
        #expect(gap.utc == ZoneTestClock.seconds(2026, 3, 29, 1, 30))
        #expect(gap.resolution == .gap(shiftedBy: 3_600))
        let fold = zone.resolve(local: ZoneTestClock.seconds(2026, 10, 24, 22, 30))
        #expect(fold.utc == ZoneTestClock.seconds(2026, 10, 25, 0, 30))
        #expect(fold.resolution == .fold)
    }

    /// Wall-clock values at the ends of `Int` are clamped to the supported years, and what
    /// they resolve to lies within a day of that, with no overflow.
    @Test func extremeWallClockValuesDoNotOverflow() throws {
        let zone = try POSIXTimeZone(parsing: "EST5EDT,M3.2.0,M11.1.0")
        for local in [Int.min, Int.min + 1, Int.max - 1, Int.max] {
            let clamped = ZoneCalendar.clampInstant(local)
            #expect(abs(zone.resolve(local: local).utc - clamped) <= 86_400)
            #expect(abs(zone.localSeconds(forUTC: local) - clamped) <= 86_400)
        }
    }
}
