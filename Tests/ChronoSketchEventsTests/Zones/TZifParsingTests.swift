import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite("TZif parsing and validation")
struct TZifParsingTests {
    typealias LocalType = TZifFixture.LocalType

    static let lmt = LocalType(offset: 3_208, isDaylightSaving: false, abbreviation: "LMT")
    static let summer = LocalType(offset: 7_200, isDaylightSaving: true, abbreviation: "CEST")
    static let winter = LocalType(offset: 3_600, isDaylightSaving: false, abbreviation: "CET")
    static let early = ZoneTestClock.seconds(1902, 4, 1)
    static let spring = ZoneTestClock.seconds(2020, 3, 29, 1)
    static let autumn = ZoneTestClock.seconds(2020, 10, 25, 1)

    /// A small Berlin-like zone: LMT, then CET, then one summer in 2020; the footer continues it.
    static func fixture(version: UInt8, leapSeconds: Bool = true) -> TZifFixture {
        var fixture = TZifFixture()
        fixture.version = version
        fixture.types = [lmt, summer, winter]
        fixture.transitions = [(early, 2), (spring, 1), (autumn, 2)]
        fixture.footer = version == 0 ? "" : "CET-1CEST,M3.5.0,M10.5.0/3"
        if leapSeconds {
            fixture.leapSeconds = [
                (ZoneTestClock.seconds(1972, 7, 1), 1), (ZoneTestClock.seconds(1973, 1, 1), 2),
            ]
        }
        return fixture
    }

    @Test(arguments: [UInt8(0), UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4")])
    func everyVersionIsReadWithLeapSecondRecordsSkipped(_ versionByte: UInt8) throws {
        let zone = try TZifZone(
            identifier: "Test/Zone", bytes: Self.fixture(version: versionByte).bytes())
        #expect(zone.version == (versionByte == 0 ? 1 : Int(versionByte - 48)))
        #expect(zone.offset(atUTC: ZoneTestClock.seconds(1800, 1, 1)) == 3_208)
        #expect(zone.offset(atUTC: Self.early - 1) == 3_208)
        #expect(zone.offset(atUTC: Self.early) == 3_600)
        #expect(zone.offset(atUTC: Self.spring) == 7_200)
        #expect(zone.offset(atUTC: Self.autumn - 1) == 7_200)
        #expect(zone.offset(atUTC: Self.autumn) == 3_600)
        let changes = zone.transitions(
            fromUTC: ZoneTestClock.seconds(1800, 1, 1), toUTC: ZoneTestClock.seconds(2021, 1, 1))
        #expect(changes.map(\.utc) == [Self.early, Self.spring, Self.autumn])
        #expect(changes.map(\.abbreviation) == ["CET", "CEST", "CET"])
        #expect(changes.map(\.isDaylightSaving) == [false, true, false])
        let summer2030 = ZoneTestClock.seconds(2030, 7, 1)
        if versionByte == 0 {
            #expect(zone.footer == nil)
            #expect(zone.offset(atUTC: summer2030) == 3_600)
        } else {
            #expect(zone.offset(atUTC: summer2030) == 7_200)
            #expect(
                zone.transitions(
                    fromUTC: ZoneTestClock.seconds(2030, 1, 1),
                    toUTC: ZoneTestClock.seconds(2031, 1, 1)
                ).map(\.utc)
                    == [
                        ZoneTestClock.seconds(2030, 3, 31, 1),
                        ZoneTestClock.seconds(2030, 10, 27, 1),
                    ])
        }
    }

    @Test func version2ReadsTheSixtyFourBitBlockNotTheVersion1Block() throws {
        var fixture = Self.fixture(version: UInt8(ascii: "2"))
        let ancient = -(1 << 40)
        fixture.transitions.insert((ancient, 0), at: 0)
        fixture.types[0] = LocalType(offset: 1_000, isDaylightSaving: false, abbreviation: "OLD")
        fixture.types.append(Self.lmt)
        fixture.transitions[0].type = 3
        let zone = try TZifZone(identifier: "Test/Zone", bytes: fixture.bytes())
        #expect(zone.offset(atUTC: ancient - 1) == 1_000)
        #expect(zone.offset(atUTC: ancient) == 3_208)
        #expect(zone.offset(atUTC: ZoneTestClock.seconds(2020, 7, 1)) == 7_200)
    }

    @Test func zoneWithoutTransitionsFollowsItsFooterEverywhere() throws {
        var fixture = TZifFixture()
        fixture.types = [Self.winter]
        fixture.footer = "CET-1CEST,M3.5.0,M10.5.0/3"
        let zone = try TZifZone(identifier: "Test/Rule", bytes: fixture.bytes())
        #expect(zone.offset(atUTC: ZoneTestClock.seconds(1900, 7, 1)) == 7_200)
        #expect(zone.offset(atUTC: ZoneTestClock.seconds(1900, 1, 1)) == 3_600)
        #expect(
            zone.transitions(
                fromUTC: ZoneTestClock.seconds(1900, 1, 1), toUTC: ZoneTestClock.seconds(1901, 1, 1)
            ).count == 2)
    }

    @Test func emptyFooterKeepsTheLastTypeAfterTheLastTransition() throws {
        var fixture = Self.fixture(version: UInt8(ascii: "3"))
        fixture.footer = ""
        fixture.transitions.removeLast()
        let zone = try TZifZone(identifier: "Test/Zone", bytes: fixture.bytes())
        #expect(zone.footer == nil)
        #expect(zone.offset(atUTC: ZoneTestClock.seconds(2500, 1, 1)) == 7_200)
        #expect(
            zone.transitions(
                fromUTC: ZoneTestClock.seconds(2021, 1, 1), toUTC: ZoneTestClock.seconds(2500, 1, 1)
            ).isEmpty)
    }

    @Test func singleTypeWithoutFooterIsAFixedOffset() throws {
        var fixture = TZifFixture()
        fixture.types = [LocalType(offset: -12_600, isDaylightSaving: false, abbreviation: "-0330")]
        let zone = try TZifZone(identifier: "Test/Fixed", bytes: fixture.bytes())
        #expect(zone.offset(atUTC: Int.min) == -12_600)
        #expect(zone.offset(atUTC: 0) == -12_600)
        #expect(zone.transitions(fromUTC: Int.min, toUTC: Int.max).isEmpty)
    }

    @Test func transitionsThatChangeNothingAreNotReported() throws {
        var fixture = TZifFixture()
        fixture.types = [Self.winter, Self.winter, Self.summer]
        fixture.transitions = [(100, 1), (200, 2), (300, 0)]
        fixture.footer = ""
        let zone = try TZifZone(identifier: "Test/Zone", bytes: fixture.bytes())
        #expect(zone.transitions(fromUTC: 0, toUTC: 1_000).map(\.utc) == [200, 300])
    }

    struct Damage: Sendable, CustomStringConvertible {
        var description: String
        var edit: @Sendable (inout TZifFixture) -> Void
    }

    static let damages: [Damage] = [
        Damage(description: "typecnt zero") {
            $0.types = []; $0.transitions = []
        },
        Damage(description: "type index out of range") { $0.transitions[1].type = 7 },
        Damage(description: "times not ascending") {
            $0.transitions[2].time = $0.transitions[1].time
        },
        Damage(description: "times descending") { $0.transitions[2].time = 0 },
        Damage(description: "isdst 2") { _ in },
        Damage(description: "utoff -2^31") { $0.types[1].offset = Int(Int32.min) },
        Damage(description: "utoff beyond 26 hours") { $0.types[1].offset = 100_000 },
        Damage(description: "bad footer") { $0.footer = "CET-1CEST,M3.5.0" },
        Damage(description: "footer garbage") { $0.footer = "not a rule" },
        Damage(description: "version byte A") { $0.version = UInt8(ascii: "A") },
        Damage(description: "version byte 1") { $0.version = UInt8(ascii: "1") },
    ]

    @Test(arguments: damages)
    func inconsistentDataThrows(_ damage: Damage) throws {
        var fixture = Self.fixture(version: UInt8(ascii: "2"), leapSeconds: false)
        damage.edit(&fixture)
        var bytes = fixture.bytes()
        if damage.description == "isdst 2" {
            let typeStart = Self.typeRecordsStart(in: bytes)
            bytes[typeStart + 4] = 2
        }
        #expect(throws: ZoneError.self) { try TZifZone(identifier: "Test/Zone", bytes: bytes) }
    }

    /// The offset of the first 64-bit local time type record.
    static func typeRecordsStart(in bytes: [UInt8]) -> Int {
        func count(_ base: Int, _ field: Int) -> Int {
            bytes[base + 20 + field * 4..<base + 24 + field * 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let v1Length =
            count(0, 3) * 5 + count(0, 4) * 6 + count(0, 5) + count(0, 2) * 8 + count(0, 1)
            + count(0, 0)
        let second = 44 + v1Length
        return second + 44 + count(second, 3) * 9
    }

    @Test func abbreviationIndexBeyondTheCharactersThrows() throws {
        var bytes = Self.fixture(version: UInt8(ascii: "2"), leapSeconds: false).bytes()
        bytes[Self.typeRecordsStart(in: bytes) + 5] = 200
        #expect(throws: ZoneError.self) { try TZifZone(identifier: "Test/Zone", bytes: bytes) }
    }

    @Test func abbreviationWithoutTerminatingNulThrows() throws {
        var fixture = TZifFixture()
        fixture.types = [Self.winter]
        var bytes = fixture.bytes()
        let charactersEnd = Self.typeRecordsStart(in: bytes) + 6 + 4
        bytes[charactersEnd - 1] = UInt8(ascii: "X")
        #expect(throws: ZoneError.self) { try TZifZone(identifier: "Test/Zone", bytes: bytes) }
    }

    @Test func hugeCountsAreRejectedBeforeAnythingIsAllocated() {
        for field in 0..<6 {
            var bytes = Self.fixture(version: 0, leapSeconds: false).bytes()
            bytes.replaceSubrange(
                (20 + field * 4)..<(24 + field * 4), with: [0xFF, 0xFF, 0xFF, 0xFF])
            #expect(throws: ZoneError.self, "count field \(field)") {
                try TZifZone(identifier: "Test/Zone", bytes: bytes)
            }
        }
    }

    @Test func missingMagicAndTinyInputsThrowWithAClearMessage() {
        #expect(
            throws: ZoneError.invalidTZif(source: "x", reason: "too short to be TZif (0 bytes)")
        ) {
            try TZifZone(identifier: "x", bytes: [])
        }
        let notTZif = Array(
            "# tzdb data for Europe/Berlin, plain text, long enough to hold a header".utf8)
        #expect(
            throws: ZoneError.invalidTZif(source: "x", reason: "missing the 'TZif' magic at byte 0")
        ) {
            try TZifZone(identifier: "x", bytes: notTZif)
        }
    }

    @Test func randomBytesAreRejected() {
        var generator = ZoneFuzzGenerator(state: 2026)
        for round in 0..<3_000 {
            let length = Int.random(in: 0...600, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if round % 2 == 0, bytes.count >= 5 {
                bytes.replaceSubrange(0..<5, with: Array("TZif2".utf8))
            }
            #expect(throws: ZoneError.self) { try TZifZone(identifier: "random", bytes: bytes) }
        }
    }

    @Test func everyPrefixOfASyntheticVersion4FileIsRejected() throws {
        let bytes = Self.fixture(version: UInt8(ascii: "4")).bytes()
        #expect((try? TZifZone(identifier: "Test/Zone", bytes: bytes)) != nil)
        for length in 0..<bytes.count {
            #expect(throws: ZoneError.self) {
                try TZifZone(identifier: "Test/Zone", bytes: Array(bytes[..<length]))
            }
        }
    }

    @Test func laterVersionsWithAppendedDataAreReadLikeVersion4() throws {
        let bytes = Self.fixture(version: UInt8(ascii: "5")).bytes() + Array("future data".utf8)
        let zone = try TZifZone(identifier: "Test/Zone", bytes: bytes)
        #expect(zone.version == 5)
        #expect(zone.offset(atUTC: ZoneTestClock.seconds(2030, 7, 1)) == 7_200)
    }

    @Test func missingFileThrowsUnreadableFile() {
        #expect(throws: ZoneError.unreadableFile(path: "/nonexistent/zone")) {
            try TZifZone(identifier: "x", contentsOfFile: "/nonexistent/zone")
        }
    }
}
