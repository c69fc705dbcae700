import Foundation
import Testing

/// Series records (`--records series`): one record per VEVENT, with its rule, RDATE and EXDATE
/// lists, recurrence id, zone and times, which convert back to the same events.
@Suite struct SeriesRecordTests {
    static let corpus = MergeInstantTests.corpus

    /// Every corpus calendar with a VEVENT.
    static let files: [String] = {
        guard let enumerator = FileManager.default.enumerator(atPath: corpus.path) else {
            return []
        }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") }.sorted()
            .filter { file in
                let data = (try? Data(contentsOf: corpus.appendingPathComponent(file))) ?? Data()
                return data.range(of: Data("BEGIN:VEVENT".utf8)) != nil
            }
    }()

    /// What is compared of an occurrence, in UTC, for events with a UID: one without gets a
    /// UID made of its title and times when it is read back, so two alike become one event
    /// in two versions. A recurrence id is written as its series' DTSTART is, so a trailing
    /// `Z` is not compared.
    private static func occurrences(_ file: String, in directory: URL) throws -> [String] {
        let result = try CLI.runBinary(
            [
                "events", file, "--from", "1990-01-01", "--to", "2035-01-01", "--tz", "UTC",
                "--order", "file", "--format", "ndjson", "--max-total-instances", "10000000",
            ], in: directory)
        return try CLI.records(result.standardOutput).compactMap { record in
            guard let uid = record["uid"] as? String, !uid.hasSuffix("@chronosketch.imported")
            else { return nil }
            var recurrence = record["recurrenceId"] as? String ?? "-"
            if recurrence.hasSuffix("Z") { recurrence.removeLast() }
            return
                ([uid, recurrence]
                + ["title", "allDay", "start", "end"].map {
                    "\(record[$0] ?? "-")"
                }).joined(separator: " | ")
        }.sorted()
    }

    @Test(
        .enabled(if: !files.isEmpty, "the shared corpus is not beside this checkout"),
        arguments: files)
    func seriesRecordsReadBackAsTheSameEvents(file: String) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = directory.appendingPathComponent("series.ndjson")
        let back = directory.appendingPathComponent("back.ics")
        let written = try CLI.runBinary(
            ["convert", file, "-f", "ndjson", "--records", "series", "-o", records.path],
            in: Self.corpus)
        // An input that cannot be used at all is refused as every command refuses it, and
        // nothing is written.
        guard written.status == 0 else {
            #expect(written.standardError.contains(": error: "), "\(written.standardError)")
            #expect(!FileManager.default.fileExists(atPath: records.path))
            return
        }
        // What a record cannot carry is said, and then not compared: a zone only a VTIMEZONE
        // defines (written in UTC, so a series repeats on UTC's clock), a second RRULE, EXRULE.
        // The rest is written all the same.
        let said = ["a record cannot carry", "has no place in a series record"]
        guard !said.contains(where: written.standardError.contains) else {
            #expect(written.standardError.contains(": warning: "))
            #expect(FileManager.default.fileExists(atPath: records.path))
            return
        }
        let read = try CLI.runBinary(["convert", records.path, "-o", back.path])
        let alone = try CLI.runBinary(["events", file, "--tz", "UTC"], in: Self.corpus)
        // A series whose DTSTART is floating and DTEND zoned is expanded floating while its
        // reading says the floating one is read in the other's zone; the record follows
        // what is said.
        // An event cut short by the end of its file is left out when it is read, and written
        // whole as a record.
        guard
            !["mix floating and zoned times", "the file may be truncated"].contains(
                where: alone.standardError.contains)
        else {
            #expect(alone.standardError.contains(": warning: "))
            return
        }
        let original = try Self.occurrences(file, in: Self.corpus)
        // Records of which none becomes an event (VEVENTs without DTSTART) are refused.
        let roundTrip = read.status == 0 ? try Self.occurrences(back.path, in: directory) : []
        let changes = roundTrip.difference(from: original).map { change -> String in
            switch change {
            case .insert(_, let element, _): "read back only: \(element)"
            case .remove(_, let element, _): "original only: \(element)"
            }
        }
        #expect(changes.isEmpty, "\(changes.prefix(6))")
    }

    @Test func aSeriesIsOneRecordWithItsRuleListsAndZone() throws {
        let result = try CLI.runBinary(
            ["convert", "convert/series.ics", "-f", "ndjson", "--records", "series"],
            in: CLI.root.appendingPathComponent("Fixtures"))
        #expect(result.status == 0)
        let records = try CLI.records(result.standardOutput)
        #expect(records.count == 4)
        let standup = try #require(records.first)
        #expect(standup["zone"] as? String == "Europe/Berlin")
        #expect(standup["start"] as? String == "2026-03-02T09:00")
        #expect(standup["rrule"] as? String == "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10")
        #expect(standup["exdate"] as? [String] == ["2026-03-04T09:00"])
        #expect(standup["rdate"] as? [String] == ["2026-03-21T09:00Z/PT2H"])
        let moved = records[1]
        #expect(moved["recurrenceId"] as? String == "2026-03-30T09:00")
        #expect(moved["duration"] as? String == "PT30M")
        // An all-day series' zoned EXDATE is its date.
        #expect(records[2]["exdate"] as? [String] == ["2026-03-13"])
        #expect(records[3]["zone"] as? String == "UTC")
        #expect(records[3]["start"] as? String == "2026-03-05T13:00")
        #expect(
            result.standardError.contains(
                "TZID 'Customized Time Zone' is defined by a VTIMEZONE that keeps the clock of no IANA zone it names"
            ))
        #expect(
            result.standardError.contains(
                "1 VTODO component has no series record; left out; .ics and jCal keep every component"
            ))
    }

    @Test(arguments: ["ndjson", "json", "csv"])
    func seriesRecordsInEachFormatConvertBackToTheSameOccurrences(format: String) throws {
        let fixtures = CLI.root.appendingPathComponent("Fixtures")
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = directory.appendingPathComponent("series.\(format)")
        let back = directory.appendingPathComponent("back.ics")
        _ = try CLI.runBinary(
            ["convert", "convert/series.ics", "--records", "series", "-o", records.path],
            in: fixtures)
        let read = try CLI.runBinary(["convert", records.path, "-o", back.path])
        #expect(read.status == 0, "\(read.standardError)")
        let text = try String(contentsOf: back, encoding: .utf8)
        #expect(text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10\r\n"))
        #expect(text.contains("EXDATE;TZID=Europe/Berlin:20260304T090000\r\n"))
        #expect(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20260330T090000\r\n"))
        #expect(text.contains("DURATION:PT30M\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
        let original = try Self.occurrences("convert/series.ics", in: fixtures)
        #expect(original.count == 14)
        #expect(try Self.occurrences(back.path, in: directory) == original)
    }

    @Test func aSeriesEditedAsJSONIsTheEditedSeries() throws {
        let fixtures = CLI.root.appendingPathComponent("Fixtures")
        let result = try CLI.runBinary(
            ["convert", "convert/series.ics", "-f", "ndjson", "--records", "series"],
            in: fixtures)
        // What `jq -c 'select(.uid == "standup@example.org" and .recurrenceId == null)
        // | .rrule = "FREQ=WEEKLY;BYDAY=FR;COUNT=2"'` does to the first record.
        var lines = result.standardOutput.split(separator: "\n").map(String.init)
        lines[0] = lines[0].replacingOccurrences(
            of: "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10", with: "FREQ=WEEKLY;BYDAY=FR;COUNT=2")
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let back = directory.appendingPathComponent("back.ics")
        let read = try CLI.runBinary(
            ["convert", "-", "--from-format", "ndjson", "-o", back.path],
            standardInput: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(read.status == 0, "\(read.standardError)")
        let starts = try CLI.records(
            CLI.runBinary([
                "events", back.path, "--tz", "UTC", "-f", "ndjson", "--match", "Stand-up, across",
            ]).standardOutput
        ).compactMap { $0["start"] as? String }
        // Mondays 2 and Fridays 6 March, then the RDATE period.
        #expect(starts == ["2026-03-02T08:00", "2026-03-06T08:00", "2026-03-21T09:00"])
    }

    @Test func eventsTakesSeriesRecordsAndKeepsTheSeriesInItsWindow() throws {
        let fixtures = CLI.root.appendingPathComponent("Fixtures")
        let result = try CLI.runBinary(
            [
                "events", "convert/series.ics", "-f", "json", "--records", "series",
                "--from", "2026-03-30", "--days", "1",
            ], in: fixtures)
        #expect(result.status == 0)
        let records = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
        #expect(
            records.map { $0["uid"] as? String } == ["standup@example.org", "standup@example.org"])
    }

    @Test func seriesRecordsAreRefusedWhereTheyHaveNoForm() throws {
        let text = try CLI.runBinary(["events", "x.ics", "--records", "series"])
        #expect(text.status == 64)
        #expect(text.standardError.contains("series records are json, ndjson or csv"))
        let columns = try CLI.runBinary(
            ["convert", "x.ics", "-f", "csv", "--records", "series", "--columns", "title"])
        #expect(columns.status == 64)
        #expect(columns.standardError.contains("--records series"))
        let ics = try CLI.runBinary(["convert", "x.ics", "-f", "ics", "--records", "series"])
        #expect(ics.status == 64)
    }

    @Test func occurrenceRecordsReadBackSayWhatTheyBecame() throws {
        let fixtures = CLI.root.appendingPathComponent("Fixtures")
        let occurrences = try CLI.runBinary(
            ["convert", "convert/series.ics", "-f", "ndjson"], in: fixtures)
        let read = try CLI.runBinary(
            ["convert", "-", "--from-format", "ndjson"],
            standardInput: Data(occurrences.standardOutput.utf8))
        #expect(read.status == 0)
        #expect(
            read.standardError.contains(
                "warning: 13 occurrence records of 2 series became 13 VEVENTs with a RECURRENCE-ID, without their series' rule; records written with --records series carry a series whole"
            ))
    }

    @Test func aRecurrenceIdWithoutZoneTakesItsSeriesZone() throws {
        // A master in Berlin and an instance whose record names no zone for its id, as a
        // spreadsheet edit or another tool leaves it.
        let records = """
            {"uid":"w","title":"Weekly","start":"2026-03-02T09:00","end":"2026-03-02T10:00","zone":"Europe/Berlin","rrule":"FREQ=WEEKLY;COUNT=3"}
            {"uid":"w","recurrenceId":"2026-03-09T09:00","title":"Moved","start":"2026-03-09T11:00","end":"2026-03-09T12:00","zone":"Europe/Berlin"}
            {"uid":"d","title":"Days","start":"2026-03-02","allDay":true,"rrule":"FREQ=DAILY;COUNT=3"}
            {"uid":"d","recurrenceId":"2026-03-03T00:00","title":"Day moved","start":"2026-03-05","allDay":true}

            """
        let result = try CLI.runBinary(
            ["convert", "-", "--from-format", "ndjson"], standardInput: Data(records.utf8))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("RECURRENCE-ID;TZID=Europe/Berlin:20260309T090000\r\n"))
        #expect(result.standardOutput.contains("RECURRENCE-ID;VALUE=DATE:20260303\r\n"))
    }
}
