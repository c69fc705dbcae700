import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation

/// Date arithmetic for expectations, counted day by day so it shares nothing with the code
/// under test.
package enum ZoneTestClock {
    package static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func monthLength(_ month: Int, _ year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Seconds since 1970-01-01T00:00 of a date-time on a clock (UTC seconds for a UTC clock,
    /// local seconds for a wall clock).
    package static func seconds(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
    )
        -> Int
    {
        var days = 0
        if year >= 1970 {
            for y in 1970..<year { days += isLeap(y) ? 366 : 365 }
        } else {
            for y in year..<1970 { days -= isLeap(y) ? 366 : 365 }
        }
        for m in 1..<month { days += monthLength(m, year) }
        days += day - 1
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }
}

/// The machine's compiled tz database, which the data-driven tests read.
package enum SystemZoneInfo {
    package static let directory = "/usr/share/zoneinfo"
    package static let isAvailable = FileManager.default.fileExists(
        atPath: directory + "/Europe/Berlin")

    package static func bytes(_ name: String) throws -> [UInt8] {
        guard let bytes = FileManager.default.contents(atPath: directory + "/" + name) else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory + "/" + name])
        }
        return [UInt8](bytes)
    }

    package static func zone(_ name: String) throws -> TZifZone {
        try TZifZone(identifier: name, bytes: bytes(name))
    }
}

/// Builds TZif files for tests, in any version, with optional leap-second records.
package struct TZifFixture {
    package struct LocalType {
        package var offset: Int
        package var isDaylightSaving: Bool
        package var abbreviation: String

        package init(offset: Int, isDaylightSaving: Bool, abbreviation: String) {
            self.offset = offset
            self.isDaylightSaving = isDaylightSaving
            self.abbreviation = abbreviation
        }
    }

    package init() {}

    /// The version byte: 0 for version 1, else the ASCII digit.
    package var version: UInt8 = UInt8(ascii: "2")
    package var transitions: [(time: Int, type: Int)] = []
    package var types: [LocalType] = [
        LocalType(offset: 0, isDaylightSaving: false, abbreviation: "UTC")
    ]
    package var leapSeconds: [(time: Int, correction: Int)] = []
    package var includesIndicators = true
    package var footer = ""

    package func bytes() -> [UInt8] {
        var out: [UInt8] = []
        if version == 0 {
            out += block(timeSize: 4, types: types, transitions: transitions)
            return out
        }
        let decoyTypes = [LocalType(offset: 0, isDaylightSaving: false, abbreviation: "V1X")]
        let decoyTransitions = transitions.filter { Int(Int32.min)...Int(Int32.max) ~= $0.time }.map
        { ($0.time, 0) }
        out += block(timeSize: 4, types: decoyTypes, transitions: decoyTransitions)
        out += block(timeSize: 8, types: types, transitions: transitions)
        out += Array("\n\(footer)\n".utf8)
        return out
    }

    private func block(timeSize: Int, types: [LocalType], transitions: [(time: Int, type: Int)])
        -> [UInt8]
    {
        var characters: [UInt8] = []
        var abbreviationIndex: [String: Int] = [:]
        for type in types where abbreviationIndex[type.abbreviation] == nil {
            abbreviationIndex[type.abbreviation] = characters.count
            characters += Array(type.abbreviation.utf8) + [0]
        }
        let indicatorCount = includesIndicators ? types.count : 0
        var out = Array("TZif".utf8) + [version] + Array(repeating: 0, count: 15)
        for count in [
            indicatorCount, indicatorCount, leapSeconds.count, transitions.count, types.count,
            characters.count,
        ] {
            out += Self.bigEndian(count, size: 4)
        }
        for transition in transitions { out += Self.bigEndian(transition.time, size: timeSize) }
        for transition in transitions { out.append(UInt8(transition.type)) }
        for type in types {
            out += Self.bigEndian(type.offset, size: 4)
            out.append(type.isDaylightSaving ? 1 : 0)
            out.append(UInt8(abbreviationIndex[type.abbreviation] ?? 0))
        }
        out += characters
        for leap in leapSeconds {
            out +=
                Self.bigEndian(leap.time, size: timeSize) + Self.bigEndian(leap.correction, size: 4)
        }
        out += Array(repeating: 0, count: indicatorCount * 2)
        return out
    }

    package static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}

/// A deterministic pseudo-random generator (SplitMix64) so fuzz tests are repeatable.
package struct ZoneFuzzGenerator: RandomNumberGenerator {
    package var state: UInt64

    package init(state: UInt64) {
        self.state = state
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Temporary directories and files for database tests.
package enum ZoneTestFiles {
    /// Runs `body` with a fresh temporary directory that is removed afterwards.
    package static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let path = NSTemporaryDirectory() + "zones-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// Runs async `body` with a fresh temporary directory that is removed afterwards.
    package static func withTemporaryDirectoryAsync<T>(_ body: (String) async throws -> T)
        async throws -> T
    {
        let path = NSTemporaryDirectory() + "zones-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(path)
    }

    /// Writes bytes to a path, creating parent directories.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
