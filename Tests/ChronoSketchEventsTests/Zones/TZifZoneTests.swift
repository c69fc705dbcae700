import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite("TZif zones from the system database", .enabled(if: SystemZoneInfo.isAvailable))
struct TZifZoneTests {
    static func changes(_ zone: some ZoneRules, year: Int) -> [ZoneTransition] {
        zone.transitions(
            fromUTC: ZoneTestClock.seconds(year, 1, 1), toUTC: ZoneTestClock.seconds(year + 1, 1, 1)
        )
    }

    @Test func berlinSwitchesToSummerTimeAndBackIn2026() throws {
        let berlin = try SystemZoneInfo.zone("Europe/Berlin")
        #expect(
            Self.changes(berlin, year: 2026) == [
                ZoneTransition(
                    utc: ZoneTestClock.seconds(2026, 3, 29, 1), offsetBefore: 3_600,
                    offsetAfter: 7_200,
                    abbreviation: "CEST", isDaylightSaving: true),
                ZoneTransition(
                    utc: ZoneTestClock.seconds(2026, 10, 25, 1), offsetBefore: 7_200,
                    offsetAfter: 3_600,
                    abbreviation: "CET", isDaylightSaving: false),
            ])
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(2026, 3, 29, 0, 59, 59)) == 3_600)
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(2026, 3, 29, 1)) == 7_200)
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(2026, 10, 25, 0, 59, 59)) == 7_200)
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(2026, 10, 25, 1)) == 3_600)
        #expect(berlin.version == 2)
        #expect(berlin.footer?.text == "CET-1CEST,M3.5.0,M10.5.0/3")
    }

    @Test func newYorkSwitchesToDaylightTimeAndBackIn2026() throws {
        let newYork = try SystemZoneInfo.zone("America/New_York")
        #expect(
            Self.changes(newYork, year: 2026) == [
                ZoneTransition(
                    utc: ZoneTestClock.seconds(2026, 3, 8, 7), offsetBefore: -18_000,
                    offsetAfter: -14_400,
                    abbreviation: "EDT", isDaylightSaving: true),
                ZoneTransition(
                    utc: ZoneTestClock.seconds(2026, 11, 1, 6), offsetBefore: -14_400,
                    offsetAfter: -18_000,
                    abbreviation: "EST", isDaylightSaving: false),
            ])
    }

    @Test func sydneyEndsDaylightSavingInAprilAndStartsItInOctober() throws {
        let sydney = try SystemZoneInfo.zone("Australia/Sydney")
        #expect(
            Self.changes(sydney, year: 2026) == [
                ZoneTransition(
                    utc: ZoneTestClock.seconds(2026, 4, 4, 16), offsetBefore: 39_600,
                    offsetAfter: 36_000,
                    abbreviation: "AEST", isDaylightSaving: false),
                ZoneTransition(
                    utc: ZoneTestClock.seconds(2026, 10, 3, 16), offsetBefore: 36_000,
                    offsetAfter: 39_600,
                    abbreviation: "AEDT", isDaylightSaving: true),
            ])
        #expect(sydney.offset(atUTC: ZoneTestClock.seconds(2026, 1, 15)) == 39_600)
        #expect(sydney.offset(atUTC: ZoneTestClock.seconds(2026, 7, 15)) == 36_000)
    }

    @Test func santiagoHasSummerTimeInJanuaryAndWinterTimeInJuly() throws {
        let santiago = try SystemZoneInfo.zone("America/Santiago")
        #expect(santiago.offset(atUTC: ZoneTestClock.seconds(2026, 1, 15)) == -10_800)
        #expect(santiago.offset(atUTC: ZoneTestClock.seconds(2026, 7, 15)) == -14_400)
        let changes = Self.changes(santiago, year: 2026)
        #expect(
            changes.map(\.utc) == [
                ZoneTestClock.seconds(2026, 4, 5, 3), ZoneTestClock.seconds(2026, 9, 6, 4),
            ])
        #expect(changes.map(\.abbreviation) == ["-04", "-03"])
        #expect(santiago.version == 3)
    }

    @Test func kolkataIsFiveAndAHalfHoursAheadWithoutDaylightSaving() throws {
        let kolkata = try SystemZoneInfo.zone("Asia/Kolkata")
        for year in [1950, 2026, 2100, 2500] {
            #expect(kolkata.offset(atUTC: ZoneTestClock.seconds(year, 1, 1)) == 19_800)
            #expect(kolkata.offset(atUTC: ZoneTestClock.seconds(year, 7, 1)) == 19_800)
        }
        #expect(
            kolkata.transitions(
                fromUTC: ZoneTestClock.seconds(1950, 1, 1), toUTC: ZoneTestClock.seconds(2300, 1, 1)
            ).isEmpty)
        #expect(kolkata.offset(atUTC: ZoneTestClock.seconds(1900, 1, 1)) == 19_270)
    }

    @Test func lordHoweShiftsByThirtyMinutes() throws {
        let lordHowe = try SystemZoneInfo.zone("Australia/Lord_Howe")
        #expect(
            Self.changes(lordHowe, year: 2026) == [
                ZoneTransition(
                    utc: ZoneTestClock.seconds(2026, 4, 4, 15), offsetBefore: 39_600,
                    offsetAfter: 37_800,
                    abbreviation: "+1030", isDaylightSaving: false),
                ZoneTransition(
                    utc: ZoneTestClock.seconds(2026, 10, 3, 15, 30), offsetBefore: 37_800,
                    offsetAfter: 39_600,
                    abbreviation: "+11", isDaylightSaving: true),
            ])
    }

    @Test func footerRuleKeepsDaylightSavingGoingAfter2037() throws {
        let berlin = try SystemZoneInfo.zone("Europe/Berlin")
        let newYork = try SystemZoneInfo.zone("America/New_York")
        #expect(Self.changes(berlin, year: 2050).map(\.utc) == [2_531_955_600, 2_550_704_400])
        #expect(Self.changes(berlin, year: 2100).map(\.utc) == [4_109_878_800, 4_128_627_600])
        #expect(Self.changes(berlin, year: 2500).map(\.utc) == [16_732_659_600, 16_751_408_400])
        #expect(Self.changes(newYork, year: 2500).map(\.utc) == [16_731_471_600, 16_752_031_200])
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(2050, 7, 1)) == 7_200)
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(2500, 7, 1)) == 7_200)
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(2500, 1, 1)) == 3_600)
        #expect(newYork.offset(atUTC: ZoneTestClock.seconds(2100, 7, 1)) == -14_400)
        #expect(newYork.offset(atUTC: ZoneTestClock.seconds(2500, 7, 1)) == -14_400)
        let crossing = berlin.transitions(
            fromUTC: ZoneTestClock.seconds(2036, 1, 1), toUTC: ZoneTestClock.seconds(2040, 1, 1))
        #expect(crossing.count == 8)
        for (previous, next) in zip(crossing, crossing.dropFirst()) {
            #expect(previous.offsetAfter == next.offsetBefore)
        }
    }

    @Test func year9999AndTheExtremesOfIntGiveOffsetsWithoutCrashing() throws {
        let berlin = try SystemZoneInfo.zone("Europe/Berlin")
        let newYork = try SystemZoneInfo.zone("America/New_York")
        let sydney = try SystemZoneInfo.zone("Australia/Sydney")
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(9999, 7, 1)) == 7_200)
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(9999, 12, 31, 12)) == 3_600)
        #expect(newYork.offset(atUTC: ZoneTestClock.seconds(9999, 7, 1)) == -14_400)
        #expect(sydney.offset(atUTC: ZoneTestClock.seconds(9999, 1, 1)) == 39_600)
        #expect(Self.changes(berlin, year: 9999).count == 2)
        for zone in [berlin, newYork, sydney] {
            for instant in [Int.min, Int.max, Int.min / 2, Int.max / 2] {
                _ = zone.offset(atUTC: instant)
                _ = zone.localSeconds(forUTC: instant)
                _ = zone.resolve(local: instant)
            }
            _ = zone.transitions(fromUTC: Int.min, toUTC: Int.min + 86_400)
            _ = zone.transitions(fromUTC: Int.max - 86_400, toUTC: Int.max)
        }
    }

    @Test func earlyDatesUseLocalMeanTimeAndLaterStandardTime() throws {
        let berlin = try SystemZoneInfo.zone("Europe/Berlin")
        let newYork = try SystemZoneInfo.zone("America/New_York")
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(1, 1, 1)) == 3_208)
        #expect(berlin.offset(atUTC: ZoneTestClock.seconds(1900, 1, 1)) == 3_600)
        #expect(newYork.offset(atUTC: ZoneTestClock.seconds(1, 1, 2)) == -17_762)
        #expect(newYork.offset(atUTC: ZoneTestClock.seconds(1900, 6, 1)) == -18_000)
        let berlinStandard = berlin.transitions(
            fromUTC: ZoneTestClock.seconds(1893, 1, 1), toUTC: ZoneTestClock.seconds(1894, 1, 1))
        #expect(
            berlinStandard == [
                ZoneTransition(
                    utc: ZoneTestClock.seconds(1893, 3, 31, 23, 6, 32), offsetBefore: 3_208,
                    offsetAfter: 3_600,
                    abbreviation: "CET", isDaylightSaving: false)
            ])
        let railroadTime = newYork.transitions(
            fromUTC: ZoneTestClock.seconds(1883, 1, 1), toUTC: ZoneTestClock.seconds(1884, 1, 1))
        #expect(railroadTime.map(\.utc) == [ZoneTestClock.seconds(1883, 11, 18, 17)])
        #expect(railroadTime.first?.offsetBefore == -17_762)
        #expect(
            newYork.transitions(
                fromUTC: ZoneTestClock.seconds(1, 1, 1), toUTC: ZoneTestClock.seconds(1800, 1, 1)
            ).isEmpty)
        #expect(
            newYork.utcSeconds(forLocal: ZoneTestClock.seconds(1, 1, 1)) == ZoneTestClock.seconds(
                1, 1, 1)
                + 17_762)
    }

    @Test func apiaSkipsDecember30Of2011() throws {
        let apia = try SystemZoneInfo.zone("Pacific/Apia")
        let change = try #require(
            apia.transitions(
                fromUTC: ZoneTestClock.seconds(2011, 12, 1),
                toUTC: ZoneTestClock.seconds(2012, 1, 1)
            ).first)
        #expect(change.utc == ZoneTestClock.seconds(2011, 12, 30, 10))
        #expect(change.offsetBefore == -36_000)
        #expect(change.offsetAfter == 50_400)
        #expect(
            apia.localSeconds(forUTC: change.utc - 1)
                == ZoneTestClock.seconds(2011, 12, 29, 23, 59, 59)
        )
        #expect(apia.localSeconds(forUTC: change.utc) == ZoneTestClock.seconds(2011, 12, 31))
        for hour in 0..<24 {
            let local = ZoneTestClock.seconds(2011, 12, 30, hour)
            let resolved = apia.resolve(local: local)
            #expect(resolved.resolution == .gap(shiftedBy: 86_400))
            #expect(resolved.utc == local + 36_000)
        }
        #expect(apia.resolve(local: ZoneTestClock.seconds(2011, 12, 29, 23)).resolution == .unique)
        #expect(apia.resolve(local: ZoneTestClock.seconds(2011, 12, 31)).resolution == .unique)
        #expect(apia.offset(atUTC: ZoneTestClock.seconds(2026, 7, 1)) == 46_800)
    }

    @Test func negativeDaylightSavingInDublinIsReportedAsStored() throws {
        let dublin = try SystemZoneInfo.zone("Europe/Dublin")
        #expect(dublin.offset(atUTC: ZoneTestClock.seconds(2026, 1, 1)) == 0)
        #expect(dublin.offset(atUTC: ZoneTestClock.seconds(2026, 7, 1)) == 3_600)
        let changes = Self.changes(dublin, year: 2026)
        #expect(changes.map(\.offsetAfter) == [3_600, 0])
        #expect(changes.map(\.abbreviation) == ["IST", "GMT"])
    }

    @Test func leapSecondZonesAreReadAndTheirRecordsSkipped() throws {
        let right = try SystemZoneInfo.zone("right/Europe/Berlin")
        #expect(right.offset(atUTC: ZoneTestClock.seconds(2020, 7, 1)) == 7_200)
        #expect(right.offset(atUTC: ZoneTestClock.seconds(2020, 1, 1)) == 3_600)
    }

    @Test(arguments: [
        "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Etc/UTC",
        "America/Nuuk",
    ])
    func everyPrefixOfARealFileIsRejected(_ name: String) throws {
        let bytes = try SystemZoneInfo.bytes(name)
        #expect((try? TZifZone(identifier: name, bytes: bytes)) != nil)
        for length in 0..<bytes.count {
            #expect(throws: ZoneError.self, "prefix of \(length) bytes") {
                try TZifZone(identifier: name, bytes: Array(bytes[..<length]))
            }
        }
    }

    @Test func corruptedRealFilesNeverCrash() throws {
        let bytes = try SystemZoneInfo.bytes("America/New_York")
        var generator = ZoneFuzzGenerator(state: 42)
        for _ in 0..<2_000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            guard let zone = try? TZifZone(identifier: "damaged", bytes: damaged) else { continue }
            for instant in [
                Int.min, ZoneTestClock.seconds(1900, 1, 1), ZoneTestClock.seconds(2026, 7, 1),
                Int.max,
            ] {
                // The reader bounds every offset it takes to 26 hours either way.
                #expect(abs(zone.offset(atUTC: instant)) <= 93_600)
                let clamped = ZoneCalendar.clampInstant(instant)
                #expect(abs(zone.resolve(local: instant).utc - clamped) <= 2 * 86_400)
            }
            let changes = zone.transitions(
                fromUTC: ZoneTestClock.seconds(1800, 1, 1), toUTC: ZoneTestClock.seconds(2200, 1, 1)
            )
            #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.utc < $1.utc })
        }
    }
}
