import Foundation
import Testing

@testable import ChronoSketchCLI
@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// `ics info`: the counts, zones and findings of `Fixtures/info/mixed.ics`, whose contents
/// the expectations below are read from (two calendars; eleven VEVENTs: eight single, a
/// weekly series of four with one EXDATE and one override, a daily series without end).
@Suite struct InfoCommandTests {
    private static let mixed = CLI.fixture("info/mixed.ics")

    private func json(_ arguments: [String], standardInput: [UInt8]? = nil) throws -> [[String:
        Any]]
    {
        let result = CLI.run(
            ["info", "--format", "json", "--tz", "Europe/Berlin"] + arguments,
            standardInput: standardInput)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try #require(parsed as? [[String: Any]])
    }

    @Test func countsEventsByKind() throws {
        let info = try #require(try json([Self.mixed]).first)
        #expect(info["calendars"] as? Int == 2)
        #expect(info["names"] as? [String] == ["Mixed"])
        #expect(
            info["producers"] as? [String] == [
                "-//ChronoSketch//info fixture//EN", "-//ChronoSketch//second calendar//EN",
            ])
        let events = try #require(info["events"] as? [String: Int])
        #expect(
            events == [
                "total": 11, "single": 8, "series": 2, "seriesWithoutEnd": 1, "overrides": 1,
            ])
        let starts = try #require(info["starts"] as? [String: Int])
        #expect(starts == ["allDay": 1, "zoned": 8, "utc": 1, "floating": 1])
        let components = try #require(info["components"] as? [String: Int])
        #expect(components["VTODO"] == 1)
        #expect(components["VTIMEZONE"] == 1)
        #expect(components["VEVENT"] == 11)
    }

    @Test func tellsHowEachZoneWasResolved() throws {
        let info = try #require(try json([Self.mixed]).first)
        let zones = try #require(info["zones"] as? [[String: Any]])
        func zone(_ tzid: String) -> (String?, String?, Int?) {
            let found = zones.first { $0["tzid"] as? String == tzid }
            return (
                found?["resolution"] as? String, found?["readAs"] as? String,
                found?["uses"] as? Int
            )
        }
        #expect(zone("W. Europe Standard Time") == ("windows", "Europe/Berlin", 2))
        #expect(zone("Customized Time Zone") == ("embedded", nil, 1))
        // DTSTART, DTEND and EXDATE of the series; RECURRENCE-ID, DTSTART and DTEND of the
        // override.
        #expect(
            zone("/mozilla.org/20050126_1/America/New_York") == ("prefixed", "America/New_York", 6)
        )
        #expect(zone("America-Chicago") == ("dashed", "America/Chicago", 2))
        #expect(zone("Europe/Berlin") == ("database", nil, 2))
        #expect(zone("Mars/Olympus_Mons") == ("unknown", nil, 2))
        #expect(zone("Venus/Maxwell") == ("unknown", nil, 1))
        #expect(zones.count == 7)
        let calendarZones = try #require(info["calendarZones"] as? [[String: Any]])
        #expect(calendarZones.map { $0["tzid"] as? String } == ["Europe/Berlin"])
    }

    @Test func spanAndOccurrencesFollowTheEvents() throws {
        // Until 2 years after the latest start (2026-12-24): the daily series gives
        // 2026-12-07 … 2028-12-23, 748 days; the weekly one 3 of 4 (one excluded, one moved).
        let info = try #require(try json([Self.mixed]).first)
        #expect(info["firstStart"] as? String == "2026-12-07T09:00")
        #expect(info["lastEnd"] as? String == "2028-12-23T15:15")
        #expect(info["occurrences"] as? Int == 748 + 3 + 8)
    }

    @Test func countsFindingsByKind() throws {
        let info = try #require(try json([Self.mixed]).first)
        let findings = try #require(info["findings"] as? [[String: Any]])
        let unknown = findings.first { $0["code"] as? String == "unknown-time-zone" }
        #expect(unknown?["count"] as? Int == 2)
        #expect(unknown?["severity"] as? String == "warning")
        #expect(unknown?["summary"] as? String == "TZIDs that name no zone")
        // A series without an end is said in the occurrences line, not counted as a finding:
        // `validate` calls such a calendar clean.
        #expect(!findings.contains { $0["code"] as? String == "endless-series" })
        #expect(info["seriesWithoutEnd"] == nil)
        #expect((info["events"] as? [String: Int])?["seriesWithoutEnd"] == 1)
    }

    @Test func textNamesEverySubject() {
        let result = CLI.run(["info", Self.mixed, "--tz", "Europe/Berlin"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == Self.mixed)
        let labels = lines.dropFirst().compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        for label in ["calendars", "producer", "events", "starts", "occurrences", "findings"] {
            #expect(labels.contains(label), "no \(label) line")
        }
        #expect(
            lines.contains {
                $0.contains("W. Europe Standard Time") && $0.contains("Europe/Berlin")
            }
        )
        #expect(lines.contains { $0.contains("8 single, 2 series (1 without end), 1 override") })
    }

    @Test func findingsAreCountedByCode() throws {
        let lines = try #require(
            CLI.run(["info", CLI.fixture("invalid/bad-events.ics")]).standardOutput.split(
                separator: "\n"
            ).first { $0.contains("invalid-value") })
        #expect(lines.contains("values that do not read by their type"))
    }

    @Test func readsOtherFormatsAndStandardInput() throws {
        let jcal = CLI.run(["convert", Self.mixed, "--format", "jcal"])
        #expect(jcal.status == 0)
        let info = try #require(
            try json(["-"], standardInput: Array(jcal.standardOutput.utf8)).first)
        #expect(info["file"] as? String == "<stdin>")
        #expect((info["events"] as? [String: Int])?["total"] == 11)
    }

    @Test func anUnreadableFileIsNamedAndTheOthersSummarized() throws {
        let result = CLI.run(["info", "--format", "json", "/nonexistent/cal.ics", Self.mixed])
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/cal.ics: error:"))
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let files = try #require(parsed as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files[0]["error"] is String)
        #expect((files[1]["events"] as? [String: Int])?["total"] == 11)
        let alone = CLI.run(["info", "/nonexistent/cal.ics"])
        #expect(alone.status == 2)
        #expect(alone.standardOutput.isEmpty)
    }

    /// Errors and warnings of each file, as `info` counts them and as `validate` lists them
    /// (a finding in many places counted each time), by file name.
    private static func counts(_ files: [String], _ extra: [String]) throws -> (
        info: [String: [Int]], validate: [String: [Int]]
    ) {
        let info = CLI.run(["info", "-f", "json"] + extra + files)
        let summaries = try #require(
            JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [[String: Any]])
        var counted: [String: [Int]] = [:]
        for summary in summaries {
            guard let file = summary["file"] as? String,
                let findings = summary["findings"] as? [[String: Any]]
            else { continue }
            var pair = [0, 0]
            for finding in findings {
                pair[finding["severity"] as? String == "error" ? 0 : 1] +=
                    finding["count"] as? Int ?? 0
            }
            counted[file] = pair
        }
        let validate = CLI.run(["validate", "-f", "json"] + extra + files)
        let listed = try #require(
            JSONSerialization.jsonObject(with: Data(validate.standardOutput.utf8))
                as? [[String: Any]])
        var found: [String: [Int]] = [:]
        for file in counted.keys { found[file] = [0, 0] }
        for finding in listed {
            guard let file = finding["file"] as? String, found[file] != nil else { continue }
            found[file]![finding["severity"] as? String == "error" ? 0 : 1] +=
                1 + (finding["repeats"] as? Int ?? 0)
        }
        return (counted, found)
    }

    /// `info` and `validate` count the same findings in every calendar of the fixtures, with
    /// and without the feed profile.
    @Test(arguments: [
        [], ["--profile", "feed"], ["--profile", "outlook"],
        ["--profile", "feed", "--ignore", "unfolded-line"],
    ])
    func infoCountsWhatValidateLists(_ extra: [String]) throws {
        let enumerator = FileManager.default.enumerator(
            at: CLI.root.appendingPathComponent("Fixtures"), includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? []).map(\.path).filter {
            $0.hasSuffix(".ics") && !$0.contains("/hostile/")
        }.sorted()
        #expect(files.count > 100)
        let (info, validate) = try Self.counts(files, extra)
        #expect(info.count > 100)
        let differing = info.keys.filter { info[$0] != validate[$0] }.sorted()
        #expect(
            differing.isEmpty,
            "\(differing.prefix(5).map { "\($0): info \(info[$0]!), validate \(validate[$0]!)" })")
        // Not vacuous: the fixtures have findings of both kinds.
        #expect(info.values.contains { $0[0] > 0 })
        #expect(info.values.contains { $0[1] > 0 })
    }
}
