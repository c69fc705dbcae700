import ChronoSketchCore
import Foundation
import Testing

@testable import ChronoSketchCLI

/// `ics conflicts`, `check`, `slots` and `freebusy`.
@Suite struct ConflictsCommandTests {
    private static let team = CLI.fixture("layout/team.ics")
    private static let demo = CLI.fixture("demo/team-week.ics")
    private static let blocked = CLI.fixture("conflicts/blocked.ics")
    private static let berlin = ["--tz", "Europe/Berlin"]

    /// Goldens in `Fixtures/conflicts/`, run from `Fixtures/` so paths are relative;
    /// `ICS_RECORD_GOLDENS=1` re-records them.
    static let goldens: [(arguments: [String], golden: String, status: Int32)] = [
        (["conflicts", "demo/team-week.ics"] + berlin, "demo.txt", 1),
        (
            [
                "conflicts", "layout/team.ics", "--all-day", "free", "--buffer-after", "10m",
                "--blocked", "conflicts/blocked.ics", "--blocked-at",
                "2026-09-11T09:15/2026-09-11T09:45", "--format", "json",
            ] + berlin, "team-blocked.json", 1
        ),
        (
            ["conflicts", "layout/team.ics", "demo/team-week.ics", "--by", "file"] + berlin,
            "by-file.txt", 1
        ),
        (
            [
                "check", "layout/team.ics", "--start", "2026-09-08T11:30", "--end",
                "2026-09-08T12:30", "--buffer", "15m", "--all-day", "free",
            ] + berlin, "check.txt", 1
        ),
        (
            [
                "slots", "layout/team.ics", "--date", "2026-09-08", "--between", "08:30-12:30",
                "--every", "30m", "--all-day", "free", "--blocked", "conflicts/blocked.ics",
            ] + berlin, "slots.txt", 0
        ),
        (
            [
                "freebusy", "layout/team.ics", "--from", "2026-09-08", "--to", "2026-09-10",
                "--format", "ics", "--all-day", "free",
            ] + berlin, "freebusy.ics", 0
        ),
    ]

    @Test(arguments: goldens.indices)
    func reportsMatchTheirGoldens(index: Int) throws {
        let (arguments, golden, status) = Self.goldens[index]
        let fixtures = CLI.root.appendingPathComponent("Fixtures")
        let result = try CLI.runBinary(
            arguments, in: fixtures, environment: ["SOURCE_DATE_EPOCH": "1788220800"])
        try CLI.expectGolden(
            result.standardOutput, at: fixtures.appendingPathComponent("conflicts/" + golden))
        #expect(result.status == status)
        #expect(result.standardError.isEmpty)
    }

    private func json(_ arguments: [String]) throws -> (status: Int32, object: [String: Any]) {
        let result = CLI.run(arguments + ["--format", "json"] + Self.berlin)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any], "\(result.standardError)")
        return (result.status, object)
    }

    /// `kind aId bId aLine bLine` for each conflict of a JSON report.
    private func pairs(_ report: [String: Any]) throws -> [String] {
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        return conflicts.map { conflict in
            let a = conflict["a"] as? [String: Any] ?? [:]
            let b = conflict["b"] as? [String: Any] ?? [:]
            return "\(conflict["kind"] ?? "") \(a["id"] ?? "") \(b["id"] ?? "")"
                + " \(a["line"] ?? "") \(b["line"] ?? "")"
        }
    }

    @Test func demoCalendarHasExactlyTheTwoOverlapsFoundByHand() throws {
        // By hand: the interview (14:30–15:30) and the 1:1 (15:00–15:30) on 8 December; the
        // all-day offsite (10–11 December) and the partner call on the 11th. The cancelled
        // retrospective, the transparent focus time and the deadline take no time.
        let (status, report) = try json(["conflicts", Self.demo])
        #expect(status == 1)
        #expect(
            try pairs(report) == [
                "overlap interview@demo.chronosketch one-on-one@demo.chronosketch 59 68",
                "overlap offsite@demo.chronosketch tokyo@demo.chronosketch 103 94",
            ])
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        #expect(conflicts.first?["overlapStart"] as? String == "2026-12-08T15:00")
        #expect(conflicts.first?["minutes"] as? Int == 30)
        let a = try #require(conflicts.first?["a"] as? [String: Any])
        #expect((a["file"] as? String)?.hasSuffix("demo/team-week.ics") == true)
        let counts = try #require(report["counts"] as? [String: Int])
        #expect(counts["conflicts"] == 2 && counts["clusters"] == 2 && counts["buffer"] == 0)
    }

    @Test func cleanCalendarExitsZero() throws {
        let result = CLI.run(["conflicts", CLI.fixture("real/apple-tentative.ics")])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("No conflicts among 3 busy events (1 free)."))
    }

    @Test(arguments: ["real/japan-west.ics", "real/late-error.ics", "layout/team.ics"])
    func realCalendarConflictsAreThePairsThatOverlap(file: String) throws {
        // The pairs found by comparing every two listed events, busy ones only.
        let listing = CLI.run(["events", CLI.fixture(file), "--format", "ndjson", "--tz", "UTC"])
        let records = try CLI.records(listing.standardOutput).filter {
            $0["status"] as? String != "CANCELLED" && $0["transparency"] as? String != "TRANSPARENT"
                && $0["start"] as? String != $0["end"] as? String
        }
        func bounds(_ record: [String: Any]) -> (String, String) {
            let start = record["start"] as? String ?? ""
            let end = record["end"] as? String ?? ""
            return (
                start.count == 10 ? start + "T00:00" : start, end.count == 10 ? end + "T00:00" : end
            )
        }
        var expected = Set<String>()
        for (index, x) in records.enumerated() {
            for y in records[(index + 1)...] {
                let (xs, xe) = bounds(x)
                let (ys, ye) = bounds(y)
                guard xs < ye && ys < xe else { continue }
                let ids = [x["id"] as? String ?? "", y["id"] as? String ?? ""].sorted()
                expected.insert(ids.joined(separator: " "))
            }
        }
        let result = CLI.run(["conflicts", CLI.fixture(file), "--format", "ndjson", "--tz", "UTC"])
        let found = try CLI.records(result.standardOutput).map { conflict in
            [
                (conflict["a"] as? [String: Any])?["id"] as? String ?? "",
                (conflict["b"] as? [String: Any])?["id"] as? String ?? "",
            ].sorted().joined(separator: " ")
        }
        #expect(Set(found) == expected)
        #expect(found.count == expected.count)
        #expect(result.status == (expected.isEmpty ? 0 : 1))
    }

    @Test func acrossFilesKeepsOnlyPairsFromDifferentFiles() throws {
        let (status, report) = try json([
            "conflicts", Self.demo, Self.team, "--across-files",
        ])
        #expect(status == 0)
        #expect(try pairs(report).isEmpty)
        let (_, within) = try json(["conflicts", Self.demo, Self.team, "--within-files"])
        let (_, demoOnly) = try json(["conflicts", Self.demo])
        let (_, teamOnly) = try json(["conflicts", Self.team])
        #expect(try pairs(within).count == (try pairs(demoOnly).count + pairs(teamOnly).count))
    }

    @Test func everyPairClashesByDefaultWhicheverFileItComesFrom() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func calendar(_ name: String, _ events: [(String, String, String, String)]) throws
            -> String
        {
            var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//EN\r\n"
            for (uid, start, end, location) in events {
                text +=
                    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260801T000000Z\r\nDTSTART:\(start)\r\n"
                    + "DTEND:\(end)\r\nLOCATION:\(location)\r\nEND:VEVENT\r\n"
            }
            let url = directory.appendingPathComponent(name)
            try (text + "END:VCALENDAR\r\n").write(to: url, atomically: false, encoding: .utf8)
            return url.path
        }
        let mine = try calendar(
            "mine.ics",
            [
                ("m1", "20260908T090000Z", "20260908T100000Z", "Room A"),
                ("m2", "20260908T093000Z", "20260908T103000Z", "Room B"),
            ])
        let team = try calendar(
            "team.ics", [("t1", "20260908T094500Z", "20260908T110000Z", " room a ")])
        func ids(_ extra: [String]) throws -> [String] {
            let (_, report) = try json(["conflicts", mine, team] + extra)
            let conflicts = try #require(report["conflicts"] as? [[String: Any]])
            return conflicts.map { conflict in
                let a = (conflict["a"] as? [String: Any])?["id"] as? String ?? "?"
                let b = (conflict["b"] as? [String: Any])?["id"] as? String ?? "?"
                return [a, b].sorted().joined(separator: "-")
            }.sorted()
        }
        #expect(try ids([]) == ["m1-m2", "m1-t1", "m2-t1"])
        #expect(try ids(["--within-files"]) == ["m1-m2"])
        #expect(try ids(["--across-files"]) == ["m1-t1", "m2-t1"])
        // Room A and " room a " are one room.
        #expect(try ids(["--by", "location"]) == ["m1-t1"])
        let clash = CLI.run(["conflicts", mine, "--within-files", "--across-files"])
        #expect(clash.status == 64)
        let noKey = CLI.run(["conflicts", mine, team, "--by", "attendee", "--tz", "UTC"])
        #expect(noKey.status == 0)
        #expect(
            noKey.standardError.contains(
                "warning: no event has any attendee; --by attendee compares nothing"))
    }

    @Test func perResourceReportsTheSharedResource() throws {
        let (_, report) = try json([
            "conflicts", Self.team, "--by", "location", "--all-day", "free",
        ])
        // Review (Room Turing) and interview (Room Ada) overlap but share no room.
        #expect(try pairs(report).isEmpty)
        // Ana and Ben are never in two overlapping events.
        let (_, people) = try json([
            "conflicts", Self.team, "--by", "attendee", "--all-day", "free",
        ])
        #expect(try pairs(people).isEmpty)
        let (_, files) = try json(["conflicts", Self.team, Self.demo, "--by", "file"])
        let conflicts = try #require(files["conflicts"] as? [[String: Any]])
        let (_, withinFiles) = try json(["conflicts", Self.team, Self.demo, "--within-files"])
        #expect(conflicts.count == (try pairs(withinFiles).count))
        #expect(conflicts.count > 2)
        for conflict in conflicts {
            let a = try #require(conflict["a"] as? [String: Any])
            #expect(conflict["resource"] as? String == a["file"] as? String)
        }
    }

    @Test func blockedWindowsSpareTheirOwner() throws {
        let (_, report) = try json([
            "conflicts", Self.team, "--all-day", "free", "--blocked", Self.blocked,
        ])
        let found = try pairs(report)
        #expect(!found.contains { $0.contains("room-setup@conflicts") })
        #expect(
            found.contains { $0.hasPrefix("blocked lunch@layout facilities-week37@conflicts#1") })
        #expect(!found.contains { $0.contains("fire-drill@conflicts") })
        let window = try #require(
            (report["conflicts"] as? [[String: Any]])?.compactMap { $0["b"] as? [String: Any] }
                .first { $0["id"] as? String == "facilities-week37@conflicts#1" })
        #expect(window["uid"] is NSNull)
        #expect(window["start"] as? String == "2026-09-08T13:00")
        #expect(window["title"] as? String == "Busy (unavailable)")
    }

    /// A UID with an escaped comma is one text: the window that names it in RELATED-TO spares
    /// the event whose UID it is, however each is escaped.
    @Test func aWindowSparesItsOwnerWhoseUIDHoldsAnEscapedComma() throws {
        let event = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//t//t//EN\r
            BEGIN:VEVENT\r
            UID:work\\,shop\r
            DTSTAMP:20260101T000000Z\r
            DTSTART:20260908T100000Z\r
            DTEND:20260908T110000Z\r
            SUMMARY:Workshop\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let blocked = event.replacingOccurrences(of: "UID:work\\,shop", with: "UID:setup\r\nRELATED-TO:work\\,shop")
            .replacingOccurrences(of: "SUMMARY:Workshop", with: "SUMMARY:Room set-up")
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try event.write(to: folder.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        try blocked.write(
            to: folder.appendingPathComponent("blocked.ics"), atomically: true, encoding: .utf8)
        let spared = CLI.run(
            [
                "conflicts", folder.appendingPathComponent("a.ics").path, "--blocked",
                folder.appendingPathComponent("blocked.ics").path, "--tz", "UTC",
            ])
        #expect(spared.status == 0, "\(spared.standardOutput)")
        #expect(spared.standardOutput.contains("No conflicts: 1 busy event"))
        // Another event in the window is blocked.
        let other = event.replacingOccurrences(of: "UID:work\\,shop", with: "UID:work-shop")
        try other.write(to: folder.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let clash = CLI.run(
            [
                "conflicts", folder.appendingPathComponent("b.ics").path, "--blocked",
                folder.appendingPathComponent("blocked.ics").path, "--tz", "UTC",
            ])
        #expect(clash.status == 1)
        #expect(clash.standardOutput.contains("Room set-up"))
    }

    @Test func csvAndNdjsonCarryEveryConflict() throws {
        let csv = CLI.run(["conflicts", Self.demo, "--format", "csv"] + Self.berlin)
        let rows = csv.standardOutput.split(separator: "\n")
        #expect(rows.first == Substring(ConflictJSON.csvHeader.joined(separator: ",")))
        #expect(rows.count == 3)
        let ndjson = CLI.run(["conflicts", Self.demo, "--format", "ndjson"] + Self.berlin)
        #expect(try CLI.records(ndjson.standardOutput).count == 2)
        #expect(csv.status == 1 && ndjson.status == 1)
    }

    @Test func checkSaysAllowedOrWhy() throws {
        let free = try json([
            "check", Self.team, "--start", "2026-09-08T14:00", "--end", "2026-09-08T15:00",
            "--all-day", "free",
        ])
        #expect(free.status == 0)
        #expect(free.object["allowed"] as? Bool == true)
        let close = try json([
            "check", Self.team, "--start", "2026-09-08T14:05", "--end", "2026-09-08T15:00",
            "--all-day", "free", "--buffer-after", "10m",
        ])
        #expect(close.status == 1)
        #expect(
            close.object["reason"] as? String
                == "too close to 'Lunch' (13:00–14:00) for the buffers")
        let blocked = try json([
            "check", Self.team, "--start", "2026-09-08T12:00", "--end", "2026-09-08T12:30",
            "--all-day", "free", "--blocked-at", "2026-09-08T12:00/2026-09-08T13:00",
        ])
        #expect(
            blocked.object["reason"] as? String
                == "falls in the blocked window 'Blocked' (12:00–13:00)")
    }

    @Test func slotsMarkWhatBlocksEachSlot() throws {
        let (status, slots) = try json([
            "slots", Self.team, "--date", "2026-09-08", "--between", "09:00-11:00", "--every",
            "30m", "--all-day", "free",
        ])
        #expect(status == 0)
        let list = try #require(slots["slots"] as? [[String: Any]])
        #expect(list.map { $0["available"] as? Bool } == [false, true, false, false])
        let by = (list.first?["blockedBy"] as? [String: Any])?["by"] as? [String: Any]
        #expect(by?["id"] as? String == "standup@layout#2026-09-08T09:00")
        #expect(list[1]["blockedBy"] is NSNull)
    }

    @Test func freebusyMergesBusyTimeAndWritesAValidVFREEBUSY() throws {
        let (_, busy) = try json([
            "freebusy", Self.team, "--from", "2026-09-08", "--to", "2026-09-09", "--all-day",
            "free",
        ])
        let periods = try #require(busy["busy"] as? [[String: Any]])
        #expect(
            periods.map { "\($0["start"] ?? "")/\($0["end"] ?? "")" } == [
                "2026-09-08T09:00/2026-09-08T09:30", "2026-09-08T10:00/2026-09-08T11:30",
                "2026-09-08T13:00/2026-09-08T14:00", "2026-09-08T22:00/2026-09-09T00:00",
            ])
        #expect(busy["busyMinutes"] as? Int == 300)
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("busy.ics").path
        let written = CLI.run(
            [
                "freebusy", Self.team, "--from", "2026-09-08", "--to", "2026-09-09", "--format",
                "ics", "-o", output,
            ] + Self.berlin)
        #expect(written.status == 0)
        let validation = CLI.run(["validate", output])
        #expect(validation.status == 0, "\(validation.standardOutput)")
    }

    /// RFC 5545 §3.2.9: time only tentative events take is BUSY-TENTATIVE; where a firm event
    /// falls too, the time is BUSY.
    @Test func freebusyTellsTentativeTimeFromBusyTime() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func event(_ uid: String, _ start: String, _ end: String, tentative: Bool) -> String {
            """
            BEGIN:VEVENT\r
            UID:\(uid)\r
            DTSTAMP:20260101T000000Z\r
            DTSTART:20260908T\(start)00Z\r
            DTEND:20260908T\(end)00Z\r
            \(tentative ? "STATUS:TENTATIVE\r\n" : "")SUMMARY:\(uid)\r

            """
                + "END:VEVENT\r\n"
        }
        let calendar =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n"
            + event("firm", "1000", "1100", tentative: false)
            + event("maybe", "0930", "1200", tentative: true)
            + event("later", "1400", "1500", tentative: true)
            + event("after", "1500", "1600", tentative: false)
            + event("lunch", "1230", "1330", tentative: false)
            + event("inside", "1245", "1315", tentative: true)
            + event("overrun", "1530", "1630", tentative: true) + "END:VCALENDAR\r\n"
        try calendar.write(
            to: directory.appendingPathComponent("week.ics"), atomically: true, encoding: .utf8)
        let window = ["--from", "2026-09-08", "--to", "2026-09-09", "--tz", "UTC"]
        func lines(_ extra: [String]) throws -> [String] {
            let result = try CLI.runBinary(
                ["freebusy", "week.ics", "--format", "ics", "-o", "busy.ics"] + window + extra,
                in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            let written = try String(
                contentsOf: directory.appendingPathComponent("busy.ics"), encoding: .utf8)
            let validation = try CLI.runBinary(["validate", "busy.ics"], in: directory)
            #expect(validation.status == 0, "\(validation.standardOutput)")
            return written.components(separatedBy: "\r\n").filter { $0.hasPrefix("FREEBUSY") }
        }
        #expect(
            try lines([]) == [
                "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20260908T093000Z/20260908T100000Z",
                "FREEBUSY;FBTYPE=BUSY:20260908T100000Z/20260908T110000Z",
                "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20260908T110000Z/20260908T120000Z",
                "FREEBUSY;FBTYPE=BUSY:20260908T123000Z/20260908T133000Z",
                "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20260908T140000Z/20260908T150000Z",
                "FREEBUSY;FBTYPE=BUSY:20260908T150000Z/20260908T160000Z",
                "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20260908T160000Z/20260908T163000Z",
            ])
        #expect(
            try lines(["--ignore-tentative"]) == [
                "FREEBUSY;FBTYPE=BUSY:20260908T100000Z/20260908T110000Z",
                "FREEBUSY;FBTYPE=BUSY:20260908T123000Z/20260908T133000Z",
                "FREEBUSY;FBTYPE=BUSY:20260908T150000Z/20260908T160000Z",
            ])
        // The JSON periods are the busy time, however sure.
        let json = try CLI.runBinary(["freebusy", "week.ics"] + window, in: directory)
        #expect(json.standardOutput.contains("\"busyMinutes\":360"))
    }

    @Test(arguments: [
        (
            ["conflicts", "--buffer", "soon"],
            "The value 'soon' is invalid for '--buffer <duration>'"
        ),
        (["conflicts", "--by", "mood"], "The value 'mood' is invalid for '--by <key>'"),
        (["conflicts", "--blocked-at", "2026-09-08T12:00"], "expected START/END"),
        (["check", "--end", "2026-09-08T12:00"], "Missing expected argument '--start <time>'"),
        (
            ["check", "--start", "2026-09-08T12:00", "--end", "2026-09-08T11:00"],
            "it must be after --start"
        ),
        (["slots", "--between", "17:00-09:00"], "expected HH:MM-HH:MM"),
        (["slots", "--every", "0m"], "it must be positive"),
        (["freebusy", "--from", "2026-09-08"], "ics freebusy needs a bounded window"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) {
        let result = CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func durationsReadTheCommonForms() {
        #expect(DurationText.seconds("10m") == 600)
        #expect(DurationText.seconds("1h30m") == 5_400)
        #expect(DurationText.seconds("90") == 5_400)
        #expect(DurationText.seconds("45s") == 45)
        #expect(DurationText.seconds("PT10M") == 600)
        #expect(DurationText.seconds("2d") == 172_800)
        #expect(DurationText.seconds("10") == 600)
        #expect(DurationText.seconds("10x") == nil)
        #expect(DurationText.seconds("h") == nil)
        #expect(DurationText.seconds("-PT5M") == nil)
        #expect(DurationText.seconds("") == nil)
    }
}
