import Foundation
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite("Zone database")
struct ZoneInfoDatabaseTests {
    /// A database over the system files whose localtime paths point nowhere, so the machine's
    /// own configuration never leaks in.
    static func systemDatabase() -> ZoneInfoDatabase {
        ZoneInfoDatabase(
            directory: SystemZoneInfo.directory, localtimePath: "/nonexistent/localtime",
            timezonePath: "/nonexistent/timezone", environment: [:])
    }

    /// A fake `zoneinfo` tree with two zones (synthetic TZif data) and no zone list files.
    static func makeFakeTree(at root: String) throws -> (
        database: ZoneInfoDatabase, zoneinfo: String
    ) {
        let zoneinfo = root + "/usr/share/zoneinfo"
        var berlin = TZifFixture()
        berlin.types = [.init(offset: 3_600, isDaylightSaving: false, abbreviation: "CET")]
        berlin.footer = "CET-1CEST,M3.5.0,M10.5.0/3"
        try ZoneTestFiles.write(berlin.bytes(), to: zoneinfo + "/Europe/Berlin")
        var kolkata = TZifFixture()
        kolkata.types = [.init(offset: 19_800, isDaylightSaving: false, abbreviation: "IST")]
        kolkata.footer = "IST-5:30"
        try ZoneTestFiles.write(kolkata.bytes(), to: zoneinfo + "/Asia/Kolkata")
        try ZoneTestFiles.write(Array("not a zone\n".utf8), to: zoneinfo + "/leapseconds")
        let database = ZoneInfoDatabase(
            directory: zoneinfo, localtimePath: root + "/etc/localtime",
            timezonePath: root + "/etc/timezone",
            environment: [:])
        return (database, zoneinfo)
    }

    static let july2026 = ZoneTestClock.seconds(2026, 7, 1)

    @Test(arguments: [
        "../etc/passwd", "/etc/passwd", "Europe/../../etc/passwd", "Europe/./Berlin",
        "Europe//Berlin", "Europe/Berlin/",
        "", "zone1970.tab", "Europe/Berlin\u{0}", "Europe/Berlin ", "Éurope/Berlin", "..",
        String(repeating: "A", count: 300),
    ])
    func unsafeNamesAreRejectedBeforeTouchingFiles(_ name: String) {
        let database = Self.systemDatabase()
        #expect(database.zone(named: name) == nil)
        #expect {
            try database.loadZone(named: name)
        } throws: { error in
            guard case .invalidZoneName(let quoted, _)? = error as? ZoneError else { return false }
            return quoted == name
        }
    }

    @Test(.enabled(if: SystemZoneInfo.isAvailable))
    func zonesLoadByExactNameAndAreCached() throws {
        let database = Self.systemDatabase()
        let berlin = try #require(database.zone(named: "Europe/Berlin"))
        #expect(berlin.identifier == "Europe/Berlin")
        #expect(berlin.offset(atUTC: Self.july2026) == 7_200)
        #expect(database.zone(named: "Europe/Berlin") === berlin)
        let eastern = try #require(database.zone(named: "US/Eastern"))
        #expect(eastern.identifier == "US/Eastern")
        #expect(eastern.offset(atUTC: Self.july2026) == -14_400)
    }

    @Test(
        .enabled(if: SystemZoneInfo.isAvailable),
        arguments: ["UTC", "Etc/UTC", "GMT", "Zulu", "Etc/Universal", "UCT"])
    func utcAliasesWorkThroughTheFiles(_ name: String) throws {
        let zone = try #require(Self.systemDatabase().zone(named: name))
        #expect(zone.identifier == name)
        #expect(zone is TZifZone)
        #expect(zone.offset(atUTC: Self.july2026) == 0)
    }

    @Test(
        .enabled(if: SystemZoneInfo.isAvailable),
        arguments: [
            ("europe/berlin", "Europe/Berlin"), ("AMERICA/NEW_YORK", "America/New_York"),
            ("utc", "UTC"),
            ("us/eastern", "US/Eastern"), ("australia/lord_howe", "Australia/Lord_Howe"),
        ])
    func namesMatchCaseInsensitivelyAndReportTheCanonicalSpelling(
        _ asked: String, _ canonical: String
    ) throws {
        let database = Self.systemDatabase()
        let zone = try #require(database.zone(named: asked))
        #expect(zone.identifier == canonical)
        #expect(database.zone(named: canonical) === zone)
    }

    @Test(.enabled(if: SystemZoneInfo.isAvailable))
    func unknownNamesAndNonZoneFilesAreNotZones() throws {
        let database = Self.systemDatabase()
        #expect(throws: ZoneError.unknownZone("Nowhere/Zone")) {
            try database.loadZone(named: "Nowhere/Zone")
        }
        #expect(database.zone(named: "leapseconds") == nil)
        #expect(database.zone(named: "Europe") == nil)
        #expect(database.zoneNames().contains("Europe/Berlin"))
        #expect(database.zoneNames().contains("US/Eastern"))
    }

    @Test func utcWorksWithoutAnyFiles() throws {
        try ZoneTestFiles.withTemporaryDirectory { root in
            let database = ZoneInfoDatabase(directory: root, environment: [:])
            for name in ["UTC", "Etc/UTC", "Z", "utc"] {
                let zone = try #require(database.zone(named: name))
                #expect(zone === FixedOffsetZone.utc)
                #expect(zone.identifier == "UTC")
            }
            #expect(database.zone(named: "Europe/Berlin") == nil)
        }
    }

    @Test func directoryComesFromTZDIRUnlessGiven() {
        #expect(ZoneInfoDatabase(environment: ["TZDIR": "/opt/zones"]).directory == "/opt/zones")
        #expect(ZoneInfoDatabase(environment: ["TZDIR": ""]).directory == "/usr/share/zoneinfo")
        #expect(ZoneInfoDatabase(environment: [:]).directory == "/usr/share/zoneinfo")
        #expect(
            ZoneInfoDatabase(directory: "/x", environment: ["TZDIR": "/opt/zones"]).directory
                == "/x")
    }

    @Test func caseInsensitiveLookupWalksADirectoryWithoutZoneLists() throws {
        try ZoneTestFiles.withTemporaryDirectory { root in
            let (database, _) = try Self.makeFakeTree(at: root)
            let zone = try #require(database.zone(named: "europe/BERLIN"))
            #expect(zone.identifier == "Europe/Berlin")
            #expect(database.zoneNames() == ["Asia/Kolkata", "Europe/Berlin", "leapseconds"])
            #expect(database.zone(named: "LEAPSECONDS") == nil)
        }
    }

    @Test func damagedZoneFilesReportTheirError() throws {
        try ZoneTestFiles.withTemporaryDirectory { root in
            let (database, zoneinfo) = try Self.makeFakeTree(at: root)
            try ZoneTestFiles.write(
                Array("TZif2 but nothing else".utf8), to: zoneinfo + "/Broken/Zone")
            #expect(database.zone(named: "Broken/Zone") == nil)
            #expect {
                try database.loadZone(named: "Broken/Zone")
            } throws: { error in
                guard case .invalidTZif(let source, _)? = error as? ZoneError else { return false }
                return source == "Broken/Zone"
            }
        }
    }

    @Test func concurrentLookupsShareOneInstance() async throws {
        try await ZoneTestFiles.withTemporaryDirectoryAsync { root in
            let (database, _) = try Self.makeFakeTree(at: root)
            let identifiers = await withTaskGroup(of: ObjectIdentifier?.self) { group in
                for index in 0..<64 {
                    group.addTask {
                        database.zone(named: index % 2 == 0 ? "Europe/Berlin" : "europe/berlin")
                            .map(ObjectIdentifier.init)
                    }
                }
                var seen: Set<ObjectIdentifier?> = []
                for await identifier in group { seen.insert(identifier) }
                return seen
            }
            #expect(identifiers.count <= 2)
            #expect(!identifiers.contains(nil))
            #expect(database.zone(named: "Europe/Berlin") === database.zone(named: "Europe/Berlin"))
        }
    }

    // MARK: - Local zone

    @Test(.enabled(if: SystemZoneInfo.isAvailable))
    func emptyTZMeansUTC() {
        let zone = Self.systemDatabase().localZone(environment: ["TZ": ""])
        #expect(zone.identifier == "UTC")
        #expect(zone.offset(atUTC: Self.july2026) == 0)
    }

    @Test(
        .enabled(if: SystemZoneInfo.isAvailable),
        arguments: [
            ("Europe/Paris", "Europe/Paris", 7_200), (":Asia/Tokyo", "Asia/Tokyo", 32_400),
            ("EST5EDT", "EST5EDT", -14_400), (":Europe/Berlin", "Europe/Berlin", 7_200),
            ("Nowhere/Zone", "UTC", 0), (":", "UTC", 0), ("<+0330>-3:30", "<+0330>-3:30", 12_600),
            ("CST6CDT,M3.2.0,M11.1.0", "CST6CDT,M3.2.0,M11.1.0", -18_000), ("not a zone", "UTC", 0),
            ("/usr/share/zoneinfo/Asia/Kolkata", "Asia/Kolkata", 19_800),
            (":/nonexistent/file", "UTC", 0),
        ])
    func tzVariableSelectsTheZone(_ value: String, _ identifier: String, _ julyOffset: Int) {
        let zone = Self.systemDatabase().localZone(environment: ["TZ": value])
        #expect(zone.identifier == identifier)
        #expect(zone.offset(atUTC: Self.july2026) == julyOffset)
    }

    @Test func tzVariableFallsBackToAPOSIXRuleWhenTheDatabaseLacksTheName() throws {
        try ZoneTestFiles.withTemporaryDirectory { root in
            let (database, _) = try Self.makeFakeTree(at: root)
            let zone = database.localZone(environment: ["TZ": "EST5EDT"])
            #expect(zone is POSIXTimeZone)
            #expect(zone.identifier == "EST5EDT")
            #expect(zone.offset(atUTC: ZoneTestClock.seconds(2026, 3, 8, 6, 59, 59)) == -18_000)
            #expect(zone.offset(atUTC: ZoneTestClock.seconds(2026, 3, 8, 7)) == -14_400)
        }
    }

    @Test(arguments: [true, false])
    func unsetTZFollowsTheLocaltimeSymlinkIntoZoneinfo(_ relative: Bool) throws {
        try ZoneTestFiles.withTemporaryDirectory { root in
            let (database, zoneinfo) = try Self.makeFakeTree(at: root)
            try FileManager.default.createDirectory(
                atPath: root + "/etc", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: root + "/etc/localtime",
                withDestinationPath: relative
                    ? "../usr/share/zoneinfo/Europe/Berlin" : zoneinfo + "/Europe/Berlin")
            try ZoneTestFiles.write(Array("Asia/Kolkata\n".utf8), to: root + "/etc/timezone")
            let zone = database.localZone(environment: ["LANG": "C"])
            #expect(zone.identifier == "Europe/Berlin")
            #expect(zone.offset(atUTC: Self.july2026) == 7_200)
            #expect(zone === database.zone(named: "Europe/Berlin"))
        }
    }

    @Test func localtimeSymlinkOutsideTheDatabaseIsNamedAfterZoneinfo() throws {
        try ZoneTestFiles.withTemporaryDirectory { root in
            let (_, zoneinfo) = try Self.makeFakeTree(at: root)
            let database = ZoneInfoDatabase(
                directory: root + "/empty", localtimePath: root + "/etc/localtime",
                timezonePath: root + "/etc/timezone",
                environment: [:])
            try FileManager.default.createDirectory(
                atPath: root + "/etc", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: root + "/etc/localtime", withDestinationPath: zoneinfo + "/Asia/Kolkata")
            let zone = database.localZone(environment: [:])
            #expect(zone.identifier == "Asia/Kolkata")
            #expect(zone.offset(atUTC: Self.july2026) == 19_800)
        }
    }

    @Test func regularLocaltimeFileTakesItsNameFromTheTimezoneFile() throws {
        try ZoneTestFiles.withTemporaryDirectory { root in
            let (database, zoneinfo) = try Self.makeFakeTree(at: root)
            try FileManager.default.createDirectory(
                atPath: root + "/etc", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: zoneinfo + "/Asia/Kolkata", toPath: root + "/etc/localtime")
            try ZoneTestFiles.write(Array("  Asia/Calcutta  \n".utf8), to: root + "/etc/timezone")
            let named = database.localZone(environment: [:])
            #expect(named.identifier == "Asia/Calcutta")
            #expect(named.offset(atUTC: Self.july2026) == 19_800)

            try FileManager.default.removeItem(atPath: root + "/etc/timezone")
            let unnamed = database.localZone(environment: [:])
            #expect(unnamed.identifier == "localtime")
            #expect(unnamed.offset(atUTC: Self.july2026) == 19_800)
        }
    }

    @Test func missingOrBrokenLocaltimeMeansUTC() throws {
        try ZoneTestFiles.withTemporaryDirectory { root in
            let (database, _) = try Self.makeFakeTree(at: root)
            #expect(database.localZone(environment: [:]).identifier == "UTC")
            try FileManager.default.createDirectory(
                atPath: root + "/etc", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: root + "/etc/localtime",
                withDestinationPath: root + "/nowhere/zoneinfo/Mars/Olympus")
            #expect(database.localZone(environment: [:]).identifier == "UTC")
            try FileManager.default.removeItem(atPath: root + "/etc/localtime")
            try ZoneTestFiles.write(Array("garbage".utf8), to: root + "/etc/localtime")
            #expect(database.localZone(environment: [:]).identifier == "UTC")
        }
    }

    @Test func tzVariableWinsOverLocaltime() throws {
        try ZoneTestFiles.withTemporaryDirectory { root in
            let (database, zoneinfo) = try Self.makeFakeTree(at: root)
            try FileManager.default.createDirectory(
                atPath: root + "/etc", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: root + "/etc/localtime", withDestinationPath: zoneinfo + "/Europe/Berlin")
            #expect(
                database.localZone(environment: ["TZ": "Asia/Kolkata"]).identifier == "Asia/Kolkata"
            )
            #expect(database.localZone(environment: ["TZ": ""]).identifier == "UTC")
        }
    }
}
