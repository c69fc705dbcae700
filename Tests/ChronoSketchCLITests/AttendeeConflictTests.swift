import Foundation
import Testing

/// `--by attendee`: a person is busy in what they attend or organize, not in what they
/// declined.
@Suite struct AttendeeConflictTests {
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//t//EN\r
        BEGIN:VEVENT\r
        UID:a\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260915T090000Z\r
        DTEND:20260915T100000Z\r
        SUMMARY:Accepted by Ann, organized by Bob\r
        ORGANIZER;CN=Bob:mailto:bob@example.org\r
        ATTENDEE;CN=Ann;PARTSTAT=ACCEPTED:mailto:ann@example.org\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:b\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260915T093000Z\r
        DTEND:20260915T103000Z\r
        SUMMARY:Declined by Ann, attended by Bob\r
        ORGANIZER;CN=Cy:mailto:cy@example.org\r
        ATTENDEE;CN=Ann;PARTSTAT=DECLINED:mailto:ann@example.org\r
        ATTENDEE;CN=Bob;PARTSTAT=ACCEPTED:mailto:bob@example.org\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func declinedMeetingsAreNotBusyAndOrganizersAre() throws {
        let result = CLI.run(
            ["conflicts", "-", "--by", "attendee", "-f", "json"],
            standardInput: Data(Self.calendar.utf8))
        #expect(result.status == 1)
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        // Ann declined the second meeting: no clash for her; Bob organizes the first and
        // attends the second: one.
        #expect(conflicts.compactMap { $0["resource"] as? String } == ["bob@example.org"])
    }

    @Test func theTimelineRowsOfPeopleLeaveOutWhoDeclined() throws {
        let result = CLI.run(
            [
                "layout", "timeline", "-", "--start", "2026-09-15", "--days", "1", "--rows",
                "attendee", "-f", "json",
            ], standardInput: Data(Self.calendar.utf8))
        let layout = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        let rows = try #require(layout["rows"] as? [[String: Any]])
        var titles: [String: [String]] = [:]
        for row in rows {
            let key = row["key"] as? String ?? "-"
            let bars = row["bars"] as? [[String: Any]] ?? row["periods"] as? [[String: Any]] ?? []
            titles[key] = bars.compactMap { $0["title"] as? String }
        }
        #expect(titles["ann@example.org"] == ["Accepted by Ann, organized by Bob"])
        #expect(titles["bob@example.org"]?.count == 2)
        #expect(titles["cy@example.org"]?.count == 1)
    }
}
