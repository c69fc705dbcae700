import Foundation
import Testing

/// `--component` on the command line: the names it takes (any case, comma-separated, `all`),
/// the commands that take it, and a name it does not know as a usage error (what the
/// components become is tested with the events and the formats).
@Suite struct ComponentOptionTests {
    static let chores = CLI.fixture("tasks/chores.ics")
    static let window = ["--tz", "Europe/Berlin", "--from", "2026-12-07", "--days", "2"]

    static func components(_ arguments: [String]) throws -> [String] {
        let result = CLI.run(["events", Self.chores, "-f", "ndjson"] + Self.window + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return try CLI.records(result.standardOutput).compactMap { $0["component"] as? String }
    }

    @Test func namesAreTakenInAnyCaseAndTogether() throws {
        #expect(try Self.components([]) == ["VEVENT"])
        #expect(try Self.components(["--component", "vtodo"]) == ["VTODO", "VTODO"])
        #expect(
            try Self.components(["--component", "VJournal,VEVENT"]).sorted()
                == ["VEVENT", "VJOURNAL"])
        #expect(
            try Self.components(["--component", "all"]).sorted()
                == ["VEVENT", "VJOURNAL", "VTODO", "VTODO"])
    }

    @Test(arguments: ["VALARM", "", "VTODO,,VEVENT", "todos"])
    func aNameItDoesNotKnowIsAUsageError(_ names: String) {
        let result = CLI.run(["events", Self.chores, "--component", names])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--component"))
        #expect(result.standardError.contains("'VEVENT', 'VTODO', 'VJOURNAL' or 'all'"))
    }

    @Test func convertAndInfoTakeItAndTheRestRefuseIt() throws {
        let converted = CLI.run(
            ["convert", Self.chores, "-f", "ndjson", "--component", "VJOURNAL"] + Self.window)
        #expect(converted.status == 0)
        #expect(
            try CLI.records(converted.standardOutput).compactMap { $0["uid"] as? String } == [
                "minutes@fixtures"
            ])
        // info counts the occurrences of what is asked, and every component whatever is asked.
        func info(_ arguments: [String]) throws -> (occurrences: Int?, components: [String: Int]) {
            let result = CLI.run(["info", Self.chores, "-f", "json"] + arguments)
            #expect(result.status == 0, "\(result.standardError)")
            let files = try #require(
                JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                    as? [[String: Any]])
            return (
                files.first?["occurrences"] as? Int,
                files.first?["components"] as? [String: Int] ?? [:]
            )
        }
        let events = try info([])
        let every = try info(["--component", "all"])
        #expect(events.occurrences == 1)
        #expect((every.occurrences ?? 0) > 100)
        #expect(every.components == events.components)
        #expect(every.components["VTODO"] == 5)
        let refused = CLI.run(["conflicts", Self.chores, "--component", "VTODO"])
        #expect(refused.status == 64)
        // Series records are of every component asked for.
        let series = CLI.run(
            ["events", Self.chores, "-f", "ndjson", "--records", "series", "--component", "all"])
        #expect(series.status == 0)
        let components = series.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?[
                "component"] as? String
        }
        #expect(Set(components) == ["VEVENT", "VTODO", "VJOURNAL"])
    }
}
