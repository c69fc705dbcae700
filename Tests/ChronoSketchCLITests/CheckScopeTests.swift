import Foundation
import Testing

/// The checks every reading command shares (`Checks/`): one finding per line and code in every
/// command, only the assumption telling what the command did; repairs said as repairs;
/// `convert` as strict as the rest; `info` and `validate` counting alike.
@Suite struct CheckScopeTests {
    static let folder = CLI.root.appendingPathComponent("Fixtures/invalid/checks")

    /// A diagnostic line split into where, what and the rest: `file:line: severity: message`.
    struct Finding: Hashable {
        var line: String
        var severity: String
        var message: String
        var assumption: String
    }

    /// The findings of text diagnostics, message and assumption split at the last `; `.
    static func findings(_ text: String) -> [Finding] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ": ", maxSplits: 2).map(String.init)
            guard parts.count == 3, parts[0].hasPrefix("problems.ics:") else { return nil }
            let split = parts[2].range(of: "; ", options: .backwards)
            return Finding(
                line: parts[0], severity: parts[1],
                message: split.map { String(parts[2][..<$0.lowerBound]) } ?? parts[2],
                assumption: split.map { String(parts[2][$0.upperBound...]) } ?? "")
        }
    }

    @Test func convertReportsWhatEventsReportsWithTheSameSeverity() throws {
        let events = try CLI.runBinary(["events", "problems.ics", "--tz", "UTC"], in: Self.folder)
        #expect(events.status == 0)
        let read = Self.findings(events.standardError)
        #expect(read.count >= 9)
        for format in ["ics", "jcal"] {
            let convert = try CLI.runBinary(
                ["convert", "problems.ics", "--format", format], in: Self.folder)
            #expect(convert.status == 0)
            #expect(!convert.standardOutput.isEmpty)
            let copied = Self.findings(convert.standardError)
            // The same lines, severities and messages; a copy keeps what reading ignores.
            #expect(copied.map(\.line) == read.map(\.line))
            #expect(copied.map(\.severity) == read.map(\.severity))
            #expect(copied.map(\.message) == read.map(\.message))
            for (reading, copying) in zip(read, copied)
            where reading.assumption != copying.assumption {
                #expect(copying.assumption == "kept as written", "\(copying)")
            }
        }
    }

    @Test func strictConvertFailsOnTheErrorsEventsFailsOn() throws {
        for arguments in [
            ["events"], ["convert", "--format", "ics"], ["convert", "--format", "jcal"],
        ] {
            let result = try CLI.runBinary(
                arguments + ["problems.ics", "--strict"], in: Self.folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
            #expect(
                result.standardError.contains("problems.ics:8: error: Invalid date-time 'notadate'")
            )
        }
        // An -o file is not made.
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.ics")
        let result = try CLI.runBinary(
            ["convert", "problems.ics", "--strict", "-o", output.path], in: Self.folder)
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func repairsAreSaidAsRepairsByEveryCommand() throws {
        for arguments in [
            ["events", "--tz", "UTC"], ["convert", "--format", "ics"],
            ["convert", "--format", "jcal"],
            ["conflicts", "--tz", "UTC"], ["validate", "--tz", "UTC"],
        ] {
            let result = try CLI.runBinary(arguments + ["problems.ics"], in: Self.folder)
            let report = arguments[0] == "validate" ? result.standardOutput : result.standardError
            let repairs = Self.findings(report).filter {
                $0.message.contains("enclose the value too") || $0.message.contains("text escapes")
            }
            // The calendar's own line (4), DTSTART (30), ATTENDEE (32), RRULE (33).
            #expect(
                repairs.map(\.line)
                    == ["problems.ics:4", "problems.ics:30", "problems.ics:32", "problems.ics:33"],
                "\(arguments)")
            #expect(repairs.allSatisfy { $0.assumption.hasPrefix("repaired: ") }, "\(arguments)")
        }
    }

    @Test func aRepairedAddressKeepsItsURI() throws {
        let result = try CLI.runBinary(
            ["convert", "problems.ics", "--format", "ics"], in: Self.folder)
        #expect(result.standardOutput.contains("ATTENDEE;CN=Ann:mailto:ann@example.org\r\n"))
    }

    @Test func infoAndValidateCountTheSameFindings() throws {
        for file in ["problems.ics", "../silent/nested-vevent.ics", "../../valid/timed-ends.ics"] {
            let validate = try CLI.runBinary(
                ["validate", file, "--format", "json", "--tz", "UTC"], in: Self.folder)
            let info = try CLI.runBinary(
                ["info", file, "--format", "json", "--tz", "UTC"], in: Self.folder)
            let listed = try #require(
                try JSONSerialization.jsonObject(with: Data(validate.standardOutput.utf8))
                    as? [[String: Any]])
            var counted: [String: Int] = [:]
            for finding in listed {
                let key = "\(finding["severity"] ?? "") \(finding["code"] ?? "")"
                counted[key, default: 0] += 1 + ((finding["repeats"] as? Int) ?? 0)
            }
            let summary = try #require(
                (try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8))
                    as? [[String: Any]])?.first?["findings"] as? [[String: Any]])
            var summarized: [String: Int] = [:]
            for kind in summary {
                summarized["\(kind["severity"] ?? "") \(kind["code"] ?? "")"] =
                    kind["count"] as? Int
            }
            #expect(!counted.isEmpty, "\(file)")
            #expect(counted == summarized, "\(file)")
        }
    }
}
