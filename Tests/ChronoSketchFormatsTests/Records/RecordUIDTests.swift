import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// A record without a `uid` is given one that stays when the event moves within its day, so a
/// republished feed does not turn one event into a deletion and an addition.
@Suite struct RecordUIDTests {
    static func uids(_ csv: String, fields: [String]? = nil) throws -> (
        uids: [String], result: Converted
    ) {
        var options = try Conversion.options(to: .ics, from: .csv)
        options.uidFields = fields
        let result = Conversion.streamed([Conversion.memory("rows.csv", csv)], options)
        let uids = result.text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        return (uids, result)
    }

    @Test func aGameMovedWithinItsDayKeepsItsUID() throws {
        let before = try Self.uids(
            "title,start,end\nLions v Bears,2026-09-12T15:00,2026-09-12T17:00\n"
                + "Lions v Bears,2026-09-19T15:00,2026-09-19T17:00\n")
        let moved = try Self.uids(
            "title,start,end\nLions v Bears,2026-09-12T18:30,2026-09-12T20:30\n"
                + "Lions v Bears,2026-09-20T15:00,2026-09-20T17:00\n")
        #expect(before.uids.count == 2)
        #expect(Set(before.uids).count == 2)
        // A new time keeps the UID; a new day makes a new event.
        #expect(moved.uids[0] == before.uids[0])
        #expect(moved.uids[1] != before.uids[1])
        #expect(
            before.result.said.contains(
                "2 records have no uid; each is given one made from its title and start date"))
    }

    @Test func twoEventsOfOneTitleOnOneDayStayTwo() throws {
        let (uids, _) = try Self.uids(
            "title,start\nPractice,2026-09-12T09:00\nPractice,2026-09-12T16:00\n")
        #expect(uids.count == 2)
        #expect(uids[1] == uids[0].replacingOccurrences(of: "@", with: "-2@"))
    }

    @Test func theFieldsNamedMakeTheUID() throws {
        let header = "title,start,home,away,round\n"
        let first = try Self.uids(
            header + "Lions v Bears,2026-09-12T15:00,Lions,Bears,3\n",
            fields: ["home", "away", "round"])
        let renamed = try Self.uids(
            header + "Derby day,2026-09-13T19:00,Lions,Bears,3\n",
            fields: ["home", "away", "round"])
        #expect(first.uids.count == 1)
        #expect(first.uids == renamed.uids)
        #expect(first.result.said.contains("made from its home, away, round (--uid-from)"))
        // A record with its own uid keeps it.
        let own = try Self.uids(
            "uid,title,start\ngame-7@league.example,Final,2026-09-12T15:00\n", fields: ["title"])
        #expect(own.uids == ["UID:game-7@league.example"])
        #expect(own.result.diagnostics.isEmpty)
        let missing = try Self.uids(
            header + "A v B,2026-09-12T15:00,A,B,1\n", fields: ["venue"])
        #expect(missing.result.text.isEmpty)
        #expect(
            missing.result.unusable.map(\.message).contains {
                $0.contains("No record has the field 'venue' that --uid-from makes UIDs from")
            })
    }
}
