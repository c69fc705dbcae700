import Foundation
import Testing

@testable import ChronoSketchCLI

/// Series records of tasks, journals and events with their VALARMs, and their way back to
/// the same components.
@Suite struct SeriesAlarmRecordTests {
    static let reminders = CLI.fixture("alarms/reminders.ics")
    static let chores = CLI.fixture("tasks/chores.ics")

    /// `input` written as series records in `format`, then read back as `.ics`.
    static func roundTrip(_ input: String, _ format: String) throws -> Data {
        let records = CLI.run(
            ["convert", input, "--records", "series", "--component", "all", "-f", format, "-q"],
            standardInput: Data?.none)
        #expect(records.status == 0, "\(records.standardError)")
        let back = CLI.run(
            ["convert", "-", "--from-format", format, "-f", "ics"],
            standardInput: Data(records.standardOutput.utf8))
        #expect(back.status == 0, "\(back.standardError)")
        return Data(back.standardOutput.utf8)
    }

    /// A listing of `arguments` on the calendar given as standard input or as a file.
    static func listing(_ arguments: [String], of calendar: Data? = nil, file: String? = nil)
        -> String
    {
        CLI.run(
            arguments + (file.map { [$0] } ?? []) + ["-q"],
            standardInput: calendar
        ).standardOutput
    }

    @Test(arguments: ["json", "ndjson", "csv"])
    func alarmsComeBackAndGoOffAtTheSameTimes(_ format: String) throws {
        let back = try Self.roundTrip(Self.reminders, format)
        let alarms = [
            "alarms", "--tz", "Europe/Berlin", "--from", "2026-12-01", "--to", "2026-12-15",
            "--status", "all", "-f", "csv",
        ]
        // Every field of every alarm record but the calendar (X-WR-CALNAME, which a record
        // does not carry), the file and the lines, which are the copy's.
        func kept(_ text: String) -> [String] {
            text.split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).prefix(12).joined(
                    separator: ",")
            }
        }
        let original = kept(Self.listing(alarms, file: Self.reminders))
        #expect(original.count > 10)
        #expect(kept(Self.listing(alarms, of: back)) == original)
    }

    @Test(arguments: ["json", "csv"])
    func tasksAndJournalsComeBackWithTheirFields(_ format: String) throws {
        let back = try Self.roundTrip(Self.chores, format)
        let todos = [
            "todos", "--tz", "Europe/Berlin", "--today", "2026-12-05", "--status", "all",
            "-f", "csv",
        ]
        func kept(_ text: String) -> [String] {
            text.split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).prefix(16).joined(
                    separator: ",")
            }
        }
        let original = kept(Self.listing(todos, file: Self.chores))
        // The task with no time comes back with none.
        #expect(original.contains { $0.hasPrefix("attic@fixtures,") })
        #expect(kept(Self.listing(todos, of: back)) == original)
        let journals = [
            "events", "--component", "VJOURNAL", "--tz", "UTC", "-f", "csv",
            "--columns", "uid,start,end,status",
        ]
        #expect(
            Self.listing(journals, of: back) == Self.listing(journals, file: Self.chores))
        #expect(String(decoding: back, as: UTF8.self).contains("TRIGGER;RELATED=END:-PT1H"))
    }

    @Test func aRecordKeepsAnAbsurdRepeatAndSaysWhatItCannotCarry() throws {
        let records = CLI.run(
            ["convert", Self.reminders, "--records", "series", "-f", "ndjson"],
            standardInput: Data?.none)
        #expect(records.status == 0)
        #expect(records.standardOutput.contains("\"repeat\":99999999"))
        #expect(
            records.standardError.contains(
                "reminders.ics:99: warning: VALARM has no TRIGGER; left out of the record"))
        // The task is not asked for: it is said, its alarm with it.
        #expect(
            records.standardError.contains(
                "1 VTODO component has no series record; left out"))
        #expect(!records.standardError.contains("VALARM component"))
    }

    @Test func anAlarmWhoseTriggerDoesNotReadIsARecordProblem() {
        let record = """
            {"uid":"x","title":"t","start":"2026-12-07T10:00:00Z","alarms":[{"action":"DISPLAY","trigger":"soon"}]}

            """
        let result = CLI.run(
            ["convert", "-", "--from-format", "ndjson", "-f", "ics"],
            standardInput: Data(record.utf8))
        #expect(result.standardError.contains("its alarm 1 has no trigger that reads"))
    }
}
