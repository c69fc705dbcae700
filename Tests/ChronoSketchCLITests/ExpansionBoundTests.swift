import ChronoSketchCore
import Foundation
import Testing

/// The expansion bounds through the built binary: every command that expands series says
/// where a bound stopped one (the rule's file and line, what was listed and up to when, the
/// option that raises it) and exits as a warning does; `validate` lists it as a finding.
@Suite struct ExpansionBoundTests {
    /// A SECONDLY series from 5 January 2026 00:00 without an end; its RRULE is line 8.
    private static let calendar = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//Tests//EN", "BEGIN:VEVENT",
        "UID:s", "DTSTAMP:20260101T000000Z", "DTSTART:20260105T000000", "RRULE:FREQ=SECONDLY",
        "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    /// A WEEKLY series from Monday 5 January 2026 with BYMONTHDAY, which RFC 5545 leaves out
    /// of WEEKLY rules; its RRULE is line 8.
    private static let forbidden = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//Tests//EN", "BEGIN:VEVENT",
        "UID:w", "DTSTAMP:20260101T000000Z", "DTSTART:20260105T090000",
        "RRULE:FREQ=WEEKLY;BYMONTHDAY=5;COUNT=3", "DURATION:PT1H", "END:VEVENT", "END:VCALENDAR",
        "",
    ].joined(separator: "\r\n")

    /// Runs `ics` with `arguments` on `calendar`, in UTC.
    private static func run(_ arguments: [String], on calendar: String = calendar) throws -> (
        RunResult, path: String
    ) {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("seconds.ics").path
        try Data(calendar.utf8).write(to: URL(fileURLWithPath: path))
        // The file after the command's words, before its options.
        let words = arguments.prefix(while: { !$0.hasPrefix("-") })
        let result = try CLI.runBinary(
            words + [path, "--tz", "UTC"] + arguments.dropFirst(words.count), limit: 120)
        return (result, path)
    }

    /// Every command that expands, with a window that holds 5 January 2026.
    static let commands: [[String]] = [
        ["events"], ["agenda", "--today", "2026-01-05"], ["info"], ["validate"],
        ["convert", "--format", "json"],
        ["convert", "--format", "ics", "--from", "2026-01-05", "--to", "2026-01-06"],
        ["conflicts"], ["freebusy", "--from", "2026-01-05", "--to", "2026-01-06"],
        ["check", "--start", "2026-01-05T10:00", "--end", "2026-01-05T11:00"],
        ["slots", "--date", "2026-01-05"],
        ["layout", "day", "--date", "2026-01-05"], ["layout", "week", "--date", "2026-01-05"],
        ["layout", "month", "--date", "2026-01-05"],
        ["layout", "timeline", "--start", "2026-01-05"], ["layout", "ranges"],
        ["layout", "heatmap", "--today", "2026-01-05"],
        ["render", "week", "--date", "2026-01-05"],
    ]

    /// 100 steps of a SECONDLY rule: the day, the hour and the first minute, its 60 seconds,
    /// the next minute and 36 of its seconds, so 96 instances, the last 95 seconds after
    /// DTSTART. `info` counts the finding by its code; `validate` lists it and exits 1.
    @Test(arguments: commands)
    func everyCommandThatExpandsSaysWhereTheStepsRanOut(_ arguments: [String]) throws {
        let (result, path) = try Self.run(arguments + ["--max-iterations", "100"])
        let listed = 100 - 4
        let last = try LocalDateTime(parsing: "2026-01-05T00:00").adding(seconds: listed - 1)
        let warning =
            "\(path):8: warning: RRULE took 100 iteration steps without ending; it stops at \(last), with \(listed) of its instances listed up to there (raise --max-iterations)"
        switch arguments[0] {
        case "validate":
            #expect(result.status == 1)
            #expect(result.standardOutput.contains(warning + "\n"))
        case "info":
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("warning expansion-limit"))
        default:
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains(warning + "\n"), "\(result.standardError)")
        }
    }

    /// A part RFC 5545 leaves out of the rule's frequency is said by every command that
    /// expands, at the rule's line, and read as a limit of the days (the 5th of January,
    /// February and March).
    @Test(arguments: commands)
    func everyCommandThatExpandsSaysAPartOutsideItsFrequency(_ arguments: [String]) throws {
        let (result, path) = try Self.run(arguments, on: Self.forbidden)
        let warning =
            "\(path):8: warning: BYMONTHDAY with FREQ=WEEKLY, which RFC 5545 §3.3.10 does not allow; read as a limit of the days"
        switch arguments[0] {
        case "validate":
            #expect(result.standardOutput.contains(warning + "\n"))
        case "info":
            #expect(result.standardOutput.contains("warning rule-misuse"))
        default:
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains(warning + "\n"), "\(result.standardError)")
        }
    }

    /// Such a part is read one way, in sorted and in file order alike.
    @Test func aPartOutsideItsFrequencyIsReadAlikeInEveryOrder() throws {
        for order in [[], ["--order", "file"]] {
            let listed = try Self.run(
                ["events", "--format", "csv", "--columns", "start"] + order, on: Self.forbidden)
            #expect(
                listed.0.standardOutput
                    == "start\n2026-01-05T09:00\n2026-02-05T09:00\n2026-03-05T09:00\n")
        }
    }

    /// The instance bounds name their own options, at the rule's line, with the last
    /// instance listed.
    @Test func instanceBoundsNameTheirOptions() throws {
        for (option, reason) in [
            ("--max-instances", "raise --max-instances"),
            (
                "--max-total-instances",
                "the total of 5 instances is reached; raise --max-total-instances"
            ),
        ] {
            let (result, path) = try Self.run(["events", "--format", "ndjson", option, "5"])
            #expect(result.status == 0)
            #expect(result.standardOutput.split(separator: "\n").count == 5)
            #expect(
                result.standardError.contains(
                    "\(path):8: warning: Series 's' has more than 5 instances in range; only the first 5 are listed, up to 2026-01-05T00:00:04 (\(reason))\n"
                ), "\(result.standardError)")
        }
    }

    /// A day of seconds takes 87,865 steps (the day, 24 hours, 1,440 minutes, 86,400
    /// seconds): within the default budget nothing is said; under a lower one the option
    /// is named.
    @Test func theStepOptionRaisesTheBound() throws {
        let day = ["events", "--format", "ndjson", "--from", "2026-01-05", "--to", "2026-01-06"]
        let whole = try Self.run(day).0
        #expect(whole.status == 0)
        #expect(whole.standardOutput.split(separator: "\n").count == 86_400)
        #expect(!whole.standardError.contains("iteration steps"))
        let cut = try Self.run(day + ["--max-iterations", "87864"]).0
        #expect(cut.standardOutput.split(separator: "\n").count < 86_400)
        #expect(cut.standardError.contains("RRULE took 87864 iteration steps without ending"))
    }
}
