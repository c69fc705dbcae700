import Foundation
import Testing

@testable import ChronoSketchCLI

/// The expectations of python-recurring-ical-events' own alarm, task and journal tests
/// (`test_issue_186_alarms.py`, `test_issue_97_simple_recurrent_todos_and_journals.py`), on its
/// calendars (`Fixtures/alarms/recurring-ical-events/`, origin in its README).
@Suite struct RecurringICalEventsSuiteTests {
    static func path(_ name: String) -> String {
        CLI.fixture("alarms/recurring-ical-events/\(name).ics")
    }

    /// The alarms of `name` in a window, as records, every component and status read.
    static func alarms(_ name: String, zone: String = "UTC", _ window: [String]) -> [[String: Any]]
    {
        let result = CLI.run(
            [
                "alarms", path(name), "--tz", zone, "--component", "all", "--status", "all", "-q",
                "-f", "ndjson",
            ] + window,
            standardInput: Data?.none)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static func local(_ records: [[String: Any]]) -> [String] {
        records.compactMap { $0["triggerLocal"] as? String }
    }

    @Test func anAbsoluteAlarmIsFoundInItsDayAndHourOnly() {
        let day = Self.alarms("alarm_absolute", ["--from", "2024-10-03", "--days", "1"])
        #expect(day.map { $0["trigger"] as? String } == ["2024-10-03T13:00:00Z"])
        #expect(
            Self.alarms("alarm_absolute", ["--from", "2024-10-03T13:00", "--for", "1h"]).count == 1)
        #expect(
            Self.alarms("alarm_absolute", ["--from", "2024-10-03T12:00", "--for", "1h"]).isEmpty)
        #expect(
            Self.alarms("alarm_absolute", ["--from", "2024-10-03T14:00", "--for", "1h"]).isEmpty)
    }

    @Test func anEditedAbsoluteAlarmIsFoundWhereItWasMovedTo() {
        #expect(
            Self.alarms("alarm_absolute_edited", ["--from", "2024-10-04", "--days", "1"]).count == 1
        )
        #expect(
            Self.alarms("alarm_absolute_edited", ["--from", "2024-10-03", "--days", "1"]).isEmpty)
    }

    @Test func anAbsoluteAlarmRepeatsTwiceFortyFiveMinutesApart() {
        let day = Self.alarms("alarm_absolute_repeat", ["--from", "2024-10-03", "--days", "1"])
        #expect(Self.local(day) == ["2024-10-03T13:00", "2024-10-03T13:45", "2024-10-03T14:30"])
        let hour = Self.alarms(
            "alarm_absolute_repeat", ["--from", "2024-10-03T13:00", "--for", "1h"])
        #expect(Self.local(hour) == ["2024-10-03T13:00", "2024-10-03T13:45"])
        let later = Self.alarms(
            "alarm_absolute_repeat", ["--from", "2024-10-03T14:00", "--for", "1h"])
        #expect(Self.local(later) == ["2024-10-03T14:30"])
        #expect(
            Self.alarms("alarm_absolute_repeat", ["--from", "2024-01-01", "--to", "2026-01-01"])
                .count == 3)
    }

    @Test func tasksAndOverriddenEventsGoOffAsTheirOwnAlarmsSay() {
        let tasks = Self.alarms(
            "alarm_removed_and_moved", zone: "Europe/London",
            ["--from", "2023-12-13", "--to", "2023-12-21"])
        #expect(
            Self.local(tasks) == [
                "2023-12-13T18:00", "2023-12-16T10:00", "2023-12-17T08:00", "2023-12-18T08:00",
                "2023-12-19T08:00", "2023-12-20T08:00",
            ])
        // The event series of 2024: the override of the 21st removes its alarm, that of the
        // 22nd moves it to 30 minutes before, that of the 19th moves the event to 12:00.
        let events = Self.alarms(
            "alarm_removed_and_moved", zone: "Europe/London",
            ["--from", "2024-01-01", "--to", "2025-01-01"])
        #expect(
            Self.local(events) == [
                "2024-12-18T08:00", "2024-12-19T11:00", "2024-12-20T08:00", "2024-12-22T08:30",
                "2024-12-23T08:00",
            ])
        #expect(
            events.compactMap { $0["start"] as? String } == [
                "2024-12-18T09:00", "2024-12-19T12:00", "2024-12-20T09:00", "2024-12-22T09:00",
                "2024-12-23T09:00",
            ])
    }

    @Test func alarmsGoOffAroundTheStartAndTheEnd() {
        let found = Self.alarms(
            "alarm_around_event_boundaries", zone: "Europe/London",
            ["--from", "2024-10-04", "--days", "1"])
        #expect(
            Self.local(found) == [
                "2024-10-04T10:45", "2024-10-04T11:15", "2024-10-04T11:30", "2024-10-04T12:00",
            ])
    }

    @Test func aSeriesGoesOffAnHourBeforeEachEvent() {
        let name = "alarm_recurring_and_acknowledged_at_2024_11_27_16_27"
        let found = Self.alarms(
            name, zone: "Europe/London", ["--from", "2024-11-26", "--to", "2024-11-30"])
        #expect(
            Self.local(found) == [
                "2024-11-26T13:00", "2024-11-27T13:00", "2024-11-28T13:00", "2024-11-29T13:00",
            ])
        for (from, count) in [
            ("2024-11-28T12:00", 0), ("2024-11-28T12:30", 0), ("2024-11-28T13:00", 1),
            ("2024-11-28T14:00", 0),
        ] {
            let hour = Self.alarms(name, zone: "Europe/London", ["--from", from, "--for", "30m"])
            #expect(hour.count == count, "\(from)")
        }
    }

    @Test func everyAlarmOfOneEventIsListed() {
        let found = Self.alarms(
            "alarm_several_in_one", ["--from", "2024-12-01", "--to", "2025-01-01"])
        let offsets = found.compactMap { record -> Int? in
            guard let trigger = (record["trigger"] as? String).flatMap(Self.seconds),
                let start = (record["startUTC"] as? String).flatMap(Self.seconds)
            else { return nil }
            return (trigger - start) / 60
        }
        #expect(offsets == [-60, -15, 15, 60, 120, 180])
    }

    @Test func alarmsAtOneTimeAreEachListed() {
        let same = Self.alarms(
            "alarms_at_the_same_time", ["--from", "2024-12-20T12:00", "--for", "1m"])
        #expect(
            Set(same.compactMap { $0["title"] as? String }) == [
                "event with alarm at the same time 1", "event with alarm at the same time 2",
                "event with alarm at the same time 3",
            ])
        for (day, expected) in [
            ("2024-12-20", ["Alarm 1", "Alarm 2", "Alarm 3", "Alarm 4"]),
            ("2024-12-21", ["Alarm 1", "Alarm 2", "Alarm 3"]),
            ("2024-12-22", ["Alarm 1", "Alarm 2", "Alarm 3"]),
        ] {
            let found = Self.alarms(
                "alarms_different_in_same_event", ["--from", day, "--days", "1"])
            #expect(
                Set(found.compactMap { $0["description"] as? String }) == Set(expected), "\(day)")
        }
    }

    @Test func aWeekAndADayBeforeAreBothListed() {
        for day in ["2024-12-02", "2024-12-07"] {
            #expect(
                Self.alarms("alarm_1_week_before_event", ["--from", day, "--days", "1"]).count == 1,
                "\(day)")
        }
    }

    @Test func alarmsWithoutATriggerThatReadsAreSaidAndLeftOut() {
        let result = CLI.run(
            [
                "alarms", Self.path("issue_186_invalid_trigger"), "--tz", "UTC", "--from",
                "1990-01-01",
                "--to", "2031-01-01", "-f", "ndjson",
            ],
            standardInput: Data?.none)
        let descriptions = result.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?[
                "description"] as? String
        }
        // Python leaves out the RELATED=ENDE alarm too; ics reads it from the start, as
        // RELATED's default, and says so.
        #expect(descriptions == ["correct trigger", "absolute trigger", "Invalid related"])
        for said in [
            "issue_186_invalid_trigger.ics:613: warning: VALARM has no TRIGGER",
            "issue_186_invalid_trigger.ics:619: warning: VALARM's TRIGGER does not read",
            "issue_186_invalid_trigger.ics:634: warning: TRIGGER's RELATED=ENDE is neither START nor END",
        ] {
            #expect(result.standardError.contains(said), "\(said)")
        }
    }

    @Test(arguments: ["issue_97_simple_todo", "issue_97_simple_journal", "issue_97_todo_nodtstart"])
    func yearlyTasksAndJournalsRecur(_ name: String) {
        func count(_ from: String, _ to: String) -> Int {
            CLI.run(
                [
                    "events", Self.path(name), "--component", "all", "--tz", "UTC", "--from", from,
                    "--to", to, "-f", "ndjson", "-q",
                ],
                standardInput: Data?.none
            ).standardOutput.split(separator: "\n").count
        }
        #expect(count("1989-01-01", "1991-01-01") == 0)
        #expect(count("1998-01-01", "1998-04-14") == 0)
        #expect(count("1995-01-01", "2002-01-01") == 7)
    }

    /// Seconds since the epoch of `2024-12-20T12:00:00Z`.
    static func seconds(_ text: String) -> Int? {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text).map { Int($0.timeIntervalSince1970) }
    }
}
