import Foundation
import Testing

/// `--inputs separate`: each input a calendar of its own, as one export per person is. Nothing
/// in one replaces an event of another, ids tell the copies apart, and what each calendar
/// holds is what it holds read alone.
@Suite struct SeparateCalendarsTests {
    static func event(_ uid: String, _ start: String, _ end: String, _ lines: [String] = [])
        -> String
    {
        ([
            "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z",
            "DTSTART:20260915T\(start)00Z", "DTEND:20260915T\(end)00Z", "SUMMARY:\(uid)",
        ]
            + lines + ["END:VEVENT"]).map { $0 + "\r\n" }.joined()
    }

    static func calendar(_ events: [String]) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + events.joined()
            + "END:VCALENDAR\r\n"
    }

    /// People's exports: every file has the shared daily sync (a series, one instance moved
    /// in Bob's copy only) and events of its own that clash with it.
    static func people(in directory: URL) throws -> [String] {
        let sync = [
            "BEGIN:VEVENT", "UID:sync", "DTSTAMP:20260101T000000Z", "DTSTART:20260914T090000Z",
            "DTEND:20260914T100000Z", "RRULE:FREQ=DAILY;COUNT=5", "SUMMARY:Sync",
            "ORGANIZER:mailto:cy@example.org", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:ann@example.org",
            "ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.org", "END:VEVENT",
        ].map { $0 + "\r\n" }.joined()
        let moved = [
            "BEGIN:VEVENT", "UID:sync", "DTSTAMP:20260102T000000Z",
            "RECURRENCE-ID:20260915T090000Z", "DTSTART:20260915T140000Z",
            "DTEND:20260915T150000Z", "SUMMARY:Sync (moved for Bob)", "END:VEVENT",
        ].map { $0 + "\r\n" }.joined()
        let files = [
            "ann.ics": [
                sync,
                event(
                    "ann-dentist", "0930", "1030",
                    ["ATTENDEE;PARTSTAT=ACCEPTED:mailto:ann@example.org"]),
                event("ann-call", "0945", "1000"),
            ],
            "bob.ics": [sync, moved, event("bob-review", "1430", "1530")],
            "cy.ics": [sync, event("cy-lunch", "1200", "1300")],
        ]
        for (name, events) in files {
            try calendar(events).write(
                to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return files.keys.sorted()
    }

    static func lines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init)
    }

    static func json(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func everyCalendarKeepsItsOwnCopies() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.people(in: directory)
        let window = ["--from", "2026-09-14", "--to", "2026-09-21", "--tz", "UTC"]
        // As versions of one calendar, the sync survives once, under the newest version.
        let merged = try CLI.runBinary(
            ["events"] + files + ["-f", "ndjson"] + window, in: directory)
        #expect(Self.lines(merged.standardOutput).count == 5 + 4)
        #expect(merged.standardError.contains("is defined again"))
        for order in [[], ["--order", "file"]] {
            let separate = try CLI.runBinary(
                ["events"] + files + ["-f", "ndjson", "--inputs", "separate"] + window + order,
                in: directory)
            #expect(separate.status == 0, "\(separate.standardError)")
            #expect(!separate.standardError.contains("is defined again"))
            var alone: [String] = []
            for file in files {
                let own = try CLI.runBinary(
                    ["events", file, "-f", "ndjson"] + window + order, in: directory)
                // Each record as the file read alone gives it, its id after the file's name.
                for line in Self.lines(own.standardOutput) {
                    var record = try Self.json(line)
                    record["id"] = "\(file)/\(record["id"] as? String ?? "")"
                    alone.append(
                        String(
                            decoding: try JSONSerialization.data(
                                withJSONObject: record, options: .sortedKeys), as: UTF8.self))
                }
            }
            let together = try Self.lines(separate.standardOutput).map {
                String(
                    decoding: try JSONSerialization.data(
                        withJSONObject: try Self.json($0), options: .sortedKeys), as: UTF8.self)
            }
            #expect(together.sorted() == alone.sorted())
        }
        // The moved instance is Bob's alone: Ann's sync on the 15th is still at 09:00.
        let ann = try CLI.runBinary(
            ["events"] + files + ["-f", "ndjson", "--inputs", "separate", "--match", "Sync"]
                + window, in: directory)
        let starts = try Self.lines(ann.standardOutput).map(Self.json).filter {
            ($0["id"] as? String)?.hasPrefix("ann.ics/") == true
        }.compactMap { $0["start"] as? String }
        #expect(starts.contains("2026-09-15T09:00"))
    }

    @Test func conflictsPerCalendarAreEachCalendarsOwn() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.people(in: directory)
        let window = ["--from", "2026-09-14", "--to", "2026-09-21", "--tz", "UTC"]
        func pairs(_ arguments: [String], prefix: String = "") throws -> [String] {
            let result = try CLI.runBinary(
                ["conflicts"] + arguments + ["-f", "ndjson"] + window, in: directory)
            return try Self.lines(result.standardOutput).map(Self.json).map {
                let a = ($0["a"] as? [String: Any])?["id"] as? String ?? ""
                let b = ($0["b"] as? [String: Any])?["id"] as? String ?? ""
                return "\(prefix)\(a) \(prefix)\(b)"
            }
        }
        var alone: [String] = []
        for file in files { alone += try pairs([file], prefix: "\(file)/") }
        #expect(!alone.isEmpty)
        let within = try pairs(files + ["--inputs", "separate", "--within-files"])
        #expect(within.sorted() == alone.sorted())
        #expect(
            try pairs(files + ["--inputs", "separate", "--by", "file"]).sorted() == alone.sorted())
        // Across calendars, copies of one meeting are one meeting: they never clash.
        let across = try pairs(files + ["--inputs", "separate", "--across-files"])
        #expect(!across.isEmpty)
        for pair in across {
            let ids = pair.split(separator: " ").map {
                $0.split(separator: "/").dropFirst().joined(separator: "/")
            }
            #expect(ids[0] != ids[1], "\(pair)")
        }
        // Per person, the copies of one meeting are that meeting once: Ann's sync clashes with
        // each of her own two events once, not once per calendar holding a copy.
        let byPerson = try CLI.runBinary(
            ["conflicts"] + files + ["-f", "ndjson", "--inputs", "separate", "--by", "person"]
                + window, in: directory)
        let annsClashes = try Self.lines(byPerson.standardOutput).map(Self.json).filter {
            $0["resource"] as? String == "ann@example.org"
        }.map { conflict in
            ["a", "b"].map { side in
                let id = (conflict[side] as? [String: Any])?["id"] as? String ?? ""
                return id.split(separator: "/").dropFirst().joined(separator: "/")
            }.joined(separator: " ")
        }
        #expect(annsClashes == ["sync#2026-09-15T09:00Z ann-dentist"])
        // `--by person` is `--by attendee` under the name that says it.
        #expect(
            try pairs(files + ["--inputs", "separate", "--by", "person"])
                == pairs(files + ["--inputs", "separate", "--by", "attendee"]))
    }

    @Test func aProposalClashesOnceWithAMeetingEveryoneHas() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.people(in: directory)
        let result = try CLI.runBinary(
            ["check"] + files + [
                "--inputs", "separate", "--start", "2026-09-14T09:30", "--duration", "15m",
                "--tz", "UTC", "-f", "json",
            ], in: directory)
        #expect(result.status == 1)
        let report = try Self.json(result.standardOutput)
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        // The sync of the 14th is in three calendars: one clash, with the first copy.
        #expect(
            conflicts.compactMap { ($0["b"] as? [String: Any])?["id"] as? String } == [
                "ann.ics/sync#2026-09-14T09:00Z"
            ])
    }

    @Test func aDirectoryIsOneCalendarAndDedupeIsRefused() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let team = directory.appendingPathComponent("team")
        try FileManager.default.createDirectory(at: team, withIntermediateDirectories: true)
        for (name, uid) in [("a.ics", "one"), ("b.ics", "two")] {
            try Self.calendar([Self.event(uid, "0900", "1000")]).write(
                to: team.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let result = try CLI.runBinary(
            ["events", "team", "-", "-f", "ndjson", "--inputs", "separate", "--tz", "UTC"],
            in: directory,
            standardInput: Data(Self.calendar([Self.event("one", "1100", "1200")]).utf8))
        let ids = try Self.lines(result.standardOutput).map(Self.json).compactMap {
            $0["id"] as? String
        }
        #expect(ids == ["team/one", "team/two", "<stdin>/one"])
        let refused = try CLI.runBinary(
            ["convert", "team", "--inputs", "separate", "--dedupe"], in: directory)
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("--dedupe"))
    }
}
