import Foundation
import Testing

/// One model of a person across commands, on a mixed team (`Fixtures/team`): Ann exports from
/// Google (Europe/Berlin), Bob from Outlook (`TZID="Eastern Standard Time"`), Chiyo from Apple
/// (UTC), Dana keeps a khal vdir; the week holds Europe's change to summer time (29 March).
@Suite struct TeamTests {
    static let team = CLI.fixture("team")
    static let files = ["ann-google.ics", "bob-outlook.ics", "chiyo-apple.ics", "dana"].map {
        team + "/" + $0
    }
    /// Dana's vdir, Bob's and Chiyo's exports are theirs: every event in them is their time.
    static let people = [
        "--as", "dana@example.org=\(team)/dana", "--as",
        "bob@example.org=\(team)/bob-outlook.ics", "--as",
        "chiyo@example.org=\(team)/chiyo-apple.ics",
    ]

    private static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = CLI.run(arguments)
        #expect(result.status <= 1, "\(result.standardError)")
        return try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    /// The conflicts `--by person` finds, as `person: title+title @ start`, asked on the clock
    /// of `zone`; with `utc`, only those of timed events, each start as the UTC instant it is.
    private static func personConflicts(asking zone: String, utc: Bool = false) throws
        -> [String]
    {
        let object = try json(
            ["conflicts", "--by", "person", "--inputs", "separate", "--tz", zone, "-f", "json"]
                + people + files)
        let conflicts = try #require(object["conflicts"] as? [[String: Any]])
        let wallClock = DateFormatter()
        wallClock.locale = Locale(identifier: "en_US_POSIX")
        wallClock.dateFormat = "yyyy-MM-dd'T'HH:mm"
        wallClock.timeZone = TimeZone(identifier: zone)
        let instant = ISO8601DateFormatter()
        return conflicts.compactMap { conflict in
            let events = [conflict["a"], conflict["b"]].compactMap { $0 as? [String: Any] }
            let titles = events.compactMap { $0["title"] as? String }.joined(separator: "+")
            let resource = conflict["resource"] as? String ?? "?"
            var start = conflict["overlapStart"] as? String ?? "-"
            if utc {
                guard events.allSatisfy({ ($0["start"] as? String)?.contains("T") == true }),
                    let date = wallClock.date(from: start)
                else { return nil }
                start = instant.string(from: date)
            }
            return "\(resource): \(titles) @ \(start)"
        }
    }

    @Test func aPersonsCalendarIsTheirsWithoutAnAttendeeLine() throws {
        let found = try Self.personConflicts(asking: "UTC")
        // Dana's offsite names nobody; it clashes with the planning she accepted.
        #expect(found.contains { $0.hasPrefix("dana@example.org: Offsite+Q2 planning") })
    }

    @Test func aPersonsOwnDeclinedCopyWinsOverTheOrganizers() throws {
        let found = try Self.personConflicts(asking: "UTC")
        // Bob declined the planning in his own copy; Ann's copy still says NEEDS-ACTION.
        #expect(!found.contains { $0.hasPrefix("bob@example.org") }, "\(found)")
        let object = try Self.json(
            [
                "freebusy", "--per-person", "--inputs", "separate", "--tz", "UTC", "--from",
                "2026-03-27", "--to", "2026-03-28", "-f", "json",
            ] + Self.people + Self.files)
        let people = try #require(object["people"] as? [[String: Any]])
        let bob = try #require(people.first { $0["person"] as? String == "bob@example.org" })
        // The dentist alone, 14:30–15:30 UTC: not the planning at 15:00–16:00.
        #expect(bob["busyMinutes"] as? Int == 60)
    }

    @Test func copiesInTwoZoneSpellingsAreOneMeeting() throws {
        // Ann's copy of Bob's weekly sync says America/New_York, Bob's Eastern Standard Time.
        let result = CLI.run(
            [
                "conflicts", "--inputs", "separate", "--tz", "Europe/Berlin",
                "\(Self.team)/ann-google.ics", "\(Self.team)/bob-outlook.ics",
            ])
        #expect(!result.standardOutput.contains("Weekly sync"), "\(result.standardOutput)")
        let byPerson = CLI.run(
            [
                "conflicts", "--by", "person", "--inputs", "separate", "--tz", "Europe/Berlin",
                "\(Self.team)/ann-google.ics", "\(Self.team)/bob-outlook.ics",
                "\(Self.team)/chiyo-apple.ics",
            ])
        #expect(byPerson.status == 0, "\(byPerson.standardOutput)")
        #expect(byPerson.standardOutput.contains("No conflicts among"))
    }

    @Test func everyMembersZoneGetsTheSameInstants() throws {
        // Chiyo's call from Tokyo overlaps the planning she accepted: 15:30Z on the 27th,
        // the 28th in Tokyo, the 27th in Berlin and New York.
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"]
        let answers = try zones.map { try Self.personConflicts(asking: $0, utc: true) }
        #expect(answers[0] == ["chiyo@example.org: Q2 planning+Call with Osaka office @ 2026-03-27T15:30:00Z"])
        for answer in answers.dropFirst() { #expect(answer == answers[0]) }
    }

    @Test func theAgendaMarksOrHidesWhatTheReaderDeclined() throws {
        let arguments = [
            "agenda", "\(Self.team)/bob-outlook.ics", "--from", "2026-03-27", "--days", "1",
            "--tz", "America/New_York", "--as", "bob@example.org",
        ]
        let marked = CLI.run(arguments)
        #expect(marked.standardOutput.contains("11:00–12:00  Q2 planning [declined]"))
        #expect(marked.standardOutput.contains("10:30–11:30  Dentist\n"))
        let hidden = CLI.run(arguments + ["--hide-declined"])
        #expect(!hidden.standardOutput.contains("Q2 planning"))
        #expect(hidden.standardOutput.contains("Dentist"))
        let german = CLI.run(arguments + ["--lang", "de"])
        #expect(german.standardOutput.contains("Q2 planning [abgelehnt]"))
        let alone = CLI.run(["agenda", "\(Self.team)/bob-outlook.ics", "--hide-declined"])
        #expect(alone.status == 64)
        #expect(alone.standardError.contains("--hide-declined needs --as"))
    }
}
