import Foundation
import Testing

/// `slots --hours`: each person's working hours on their own clock; slots only inside
/// everyone's, across the clock changes of either zone.
@Suite struct WorkingHoursTests {
    private static func freeStarts(_ date: String, _ extra: [String] = []) throws -> [String] {
        let result = try CLI.runBinary(
            [
                "slots", "vdir/home", "--from", date, "--days", "1", "--duration", "1h",
                "--every", "1h", "--between", "00-24", "--tz", "Europe/Berlin", "-f", "json",
                "--hours", "me=09-17@Europe/Berlin", "--hours", "sam=09-17@America/New_York",
            ] + extra, in: CLI.root.appendingPathComponent("Fixtures"))
        #expect(result.status <= 1, "\(result.standardError)")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        let slots = try #require(object["slots"] as? [[String: Any]])
        return slots.compactMap { $0["start"] as? String }
    }

    @Test func aTeamAcrossZonesMeetsWhereTheirHoursOverlap() throws {
        // September: New York is six hours behind Berlin; 09:00 there is 15:00 here.
        #expect(
            try Self.freeStarts("2026-09-08") == ["2026-09-08T15:00", "2026-09-08T16:00"])
        // 16 March: New York has sprung forward, Berlin not yet: five hours apart.
        #expect(
            try Self.freeStarts("2026-03-16") == [
                "2026-03-16T14:00", "2026-03-16T15:00", "2026-03-16T16:00",
            ])
    }

    @Test func hoursWithoutOverlapLeaveNoSlotAndSaySoInTheDayView() throws {
        #expect(try Self.freeStarts("2026-09-08", ["--hours", "kai=06-09@Asia/Tokyo"]).isEmpty)
        let day = try CLI.runBinary(
            [
                "slots", "vdir/home", "--date", "2026-09-15", "--tz", "Europe/Berlin",
                "--every", "1h", "--hours", "ann=9-12",
            ], in: CLI.root.appendingPathComponent("Fixtures"))
        #expect(day.standardOutput.contains("09:00–10:00   busy   Dentist (overlap)"))
        #expect(
            day.standardOutput.contains(
                "12:00–13:00   busy   outside working hours ann 09:00-12:00 Europe/Berlin (blocked)"
            ))
    }

    @Test func aZoneThatIsNoneIsAUsageError() throws {
        let result = try CLI.runBinary(["slots", "x.ics", "--hours", "9-17@Mars/Base"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'Mars/Base' is not an IANA zone"))
    }
}
