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
                "12:00–13:00   busy   outside the working hours of ann (09:00-12:00, Europe/Berlin) (blocked)"
            ))
    }

    @Test func aZoneThatIsNoneIsAUsageError() throws {
        let result = CLI.run(["slots", "x.ics", "--hours", "9-17@Mars/Base"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'Mars/Base' is not an IANA zone"))
    }

    /// The instants of the free slots a team question lists, asked on the clock of `zone`.
    private static func instants(asking zone: String, _ extra: [String] = []) throws -> [Date] {
        let result = try CLI.runBinary(
            [
                "slots", "vdir/work", "vdir/home", "--tz", zone, "--from", "2026-09-14", "--days",
                "7", "--duration", "1h", "--hours", "me=mon-fri,09-17@Europe/Berlin", "--hours",
                "sam=mon-fri,09-17@America/New_York", "--first", "5", "-f", "json",
            ] + extra, in: CLI.root.appendingPathComponent("Fixtures"))
        #expect(result.status == 0, "\(zone): \(result.standardError)")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        formatter.timeZone = TimeZone(identifier: zone)
        return try #require(object["slots"] as? [[String: Any]]).compactMap {
            ($0["start"] as? String).flatMap(formatter.date)
        }
    }

    /// With everyone's hours given, no default --between and no asker's midnight: the same
    /// question from each person's zone, and from zones half and three quarters of an hour
    /// off, gives the same instants.
    @Test func theSameTeamQuestionFromEveryZoneGivesTheSameInstants() throws {
        let berlin = try Self.instants(asking: "Europe/Berlin")
        #expect(berlin.count == 5)
        for zone in [
            "America/New_York", "Asia/Tokyo", "Australia/Sydney", "Asia/Kolkata",
            "Asia/Kathmandu", "UTC",
        ] {
            #expect(try Self.instants(asking: zone) == berlin, "\(zone)")
        }
    }

    /// Working days are each person's own: Monday in Sydney is Sunday and the small hours of
    /// Monday in Los Angeles (PDT, 17 hours behind), when nobody there works.
    @Test func workingDaysAreOnEachPersonsClock() throws {
        func free(_ date: String) throws -> (status: Int32, starts: [String]) {
            let result = try CLI.runBinary(
                [
                    "slots", "vdir/home", "--tz", "Australia/Sydney", "--date", date, "--every",
                    "1h", "--hours", "lee=mon-fri,08-18@America/Los_Angeles", "-f", "json",
                ], in: CLI.root.appendingPathComponent("Fixtures"))
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                    as? [String: Any])
            let starts = try #require(object["slots"] as? [[String: Any]]).filter {
                $0["available"] as? Bool == true
            }.compactMap { $0["start"] as? String }
            return (result.status, starts)
        }
        let monday = try free("2026-09-14")
        #expect(monday.status == 1)
        #expect(monday.starts.isEmpty)
        // Tuesday 01:00 here is Monday 08:00 there; the last hour starts at 10:00.
        let tuesday = try free("2026-09-15")
        #expect(tuesday.status == 0)
        #expect(tuesday.starts.first == "2026-09-15T01:00")
        #expect(tuesday.starts.last == "2026-09-15T10:00")
        #expect(tuesday.starts.count == 10)
    }

    @Test func whenNothingFitsTheReasonIsSaid() throws {
        let apart = try CLI.runBinary(
            [
                "slots", "vdir/work", "--tz", "Asia/Tokyo", "--from", "2026-09-14", "--days", "5",
                "--duration", "1h", "--hours", "a=09-12@Europe/Berlin", "--hours",
                "b=09-12@Asia/Tokyo",
            ], in: CLI.root.appendingPathComponent("Fixtures"))
        #expect(apart.status == 1)
        #expect(
            apart.standardOutput.hasSuffix(
                "0 free slots in 5 days: the working hours never meet: a (09:00-12:00, Europe/Berlin), b (09:00-12:00, Asia/Tokyo)\n"
            ))
        let short = try CLI.runBinary(
            [
                "slots", "vdir/work", "--from", "2026-09-14", "--days", "2", "--duration", "2h",
                "--between", "09-10",
            ], in: CLI.root.appendingPathComponent("Fixtures"))
        #expect(short.status == 1)
        #expect(
            short.standardOutput.hasSuffix(
                "0 free slots in 2 days: no slot of 2 h fits 09:00-10:00\n"))
        // One day with nothing free is a finding too.
        let day = try CLI.runBinary(
            [
                "slots", "vdir/home", "--date", "2026-09-15", "--tz", "Europe/Berlin",
                "--between", "09-10", "--every", "1h",
            ], in: CLI.root.appendingPathComponent("Fixtures"))
        #expect(day.status == 1)
        #expect(
            day.standardOutput.contains("0 of 1 slots free")
                || day.standardOutput.contains("0 of 1"))
    }

    @Test func checkTakesTheWorkingHoursSlotsTakes() throws {
        let calendar = CLI.fixture("demo/team-week.ics")
        let weekend = CLI.run(
            [
                "check", calendar, "--start", "2026-12-12T03:00", "--duration", "30m", "--tz",
                "Europe/Berlin", "--hours", "sam=mon-fri,09-17@America/New_York",
            ])
        #expect(weekend.status == 1)
        #expect(
            weekend.standardOutput.hasPrefix(
                "Not allowed: 03:00–03:30 on Saturday 12 December 2026 · falls outside the working hours of sam (09:00-17:00, Mon-Fri, America/New_York)"
            ))
        let weekday = CLI.run(
            [
                "check", calendar, "--start", "2026-12-09T17:00", "--duration", "30m", "--tz",
                "Europe/Berlin", "--hours", "sam=mon-fri,09-17@America/New_York",
            ])
        #expect(weekday.status == 0)
    }

    @Test(arguments: [
        "2026-12-09T10:00Z/2026-12-09T11:00Z", "2026-12-09T05:00-05:00/2026-12-09T06:00-0500",
        "2026-12-09T11:00/2026-12-09T12:00",
    ])
    func blockedWindowsTakeUTCAndOffsets(window: String) throws {
        let result = CLI.run(
            [
                "check", CLI.fixture("demo/team-week.ics"), "--start", "2026-12-09T11:00",
                "--duration", "30m", "--tz", "Europe/Berlin", "--blocked-at", window,
            ])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains("falls in the blocked window 'Blocked' (11:00–12:00)"))
    }
}
