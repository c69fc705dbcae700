import Foundation
import Testing

/// Details of the README's prose that no example shows, each run through the binary: merges
/// and their zones, Outlook's languages, escaping, conflicts per person and around blocked
/// windows, what the pictures draw.
@Suite struct ReadmeDetailTests {
    /// A calendar of `body` (lines joined by CRLF).
    private static func calendar(_ body: [String], header: [String] = []) -> Data {
        let lines =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//Tests//EN"]
            + header + body + ["END:VCALENDAR"]
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    private static func event(
        _ uid: String, _ start: String, _ end: String?, _ lines: [String] = []
    ) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART:\(start)"]
            + (end.map { ["DTEND:\($0)"] } ?? []) + ["SUMMARY:\(uid)"] + lines + ["END:VEVENT"]
    }

    /// Writes `files` (name and bytes) to a new folder; returns its URL.
    private static func folder(_ files: [(String, Data)]) throws -> URL {
        let folder = try CLI.temporaryDirectory()
        for (name, data) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return folder
    }

    // MARK: - Merging calendars

    /// "each input's own is applied to that input's floating DTSTART, DTEND, DUE,
    /// RECURRENCE-ID, RDATE and EXDATE, written with its TZID …, or with `Z` for a UTC zone".
    @Test(arguments: [
        ("UTC", "", "Z"), ("Europe/Berlin", ";TZID=Europe/Berlin", ""),
    ])
    func aMergeWritesEachInputsZoneIntoItsFloatingTimes(
        zone: String, parameter: String, suffix: String
    ) throws {
        let zoned = Self.calendar(
            [
                "BEGIN:VTODO", "UID:t", "DTSTAMP:20260101T000000Z", "DUE:20260305T170000",
                "END:VTODO",
            ]
                + Self.event(
                    "s", "20260301T090000", "20260301T100000",
                    ["RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20260302T090000", "RDATE:20260310T090000"]
                )
                + Self.event(
                    "s", "20260303T110000", "20260303T120000", ["RECURRENCE-ID:20260303T090000"]),
            header: ["X-WR-TIMEZONE:\(zone)"])
        let plain = Self.calendar(Self.event("other", "20260301T090000", nil))
        let folder = try Self.folder([("zoned.ics", zoned), ("plain.ics", plain)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.runBinary([
            "convert", folder.appendingPathComponent("zoned.ics").path,
            folder.appendingPathComponent("plain.ics").path, "--format", "ics",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        for line in [
            "DUE\(parameter):20260305T170000\(suffix)",
            "DTSTART\(parameter):20260301T090000\(suffix)",
            "DTEND\(parameter):20260301T100000\(suffix)",
            "EXDATE\(parameter):20260302T090000\(suffix)",
            "RDATE\(parameter):20260310T090000\(suffix)",
            "RECURRENCE-ID\(parameter):20260303T090000\(suffix)",
        ] {
            #expect(output.contains(line + "\r\n"), "\(line)")
        }
        // The other input keeps its floating time, and no X-WR-TIMEZONE is written.
        #expect(output.contains("DTSTART:20260301T090000\r\n"))
        #expect(!output.contains("X-WR-TIMEZONE"))
        #expect(
            result.standardError.contains(
                "X-WR-TIMEZONE:\(zone) is not carried into the merged calendar"))
    }

    // MARK: - Outlook's CSV

    /// "Spanish (…; description and location under their English names)", Dutch's
    /// `Evenement, duurt hele dag`, and the all-day words `Ein`, `Vrai`, `Verdadero`.
    @Test(arguments: [
        (
            "Asunto,Fecha de comienzo,Comienzo,Fecha de finalización,Finalización,Todo el día,Description,Location\n"
                + "Feria,7/12/2026,00:00:00,8/12/2026,00:00:00,Verdadero,Stand 4,Madrid\n", true
        ),
        (
            "Onderwerp,Begindatum,Begintijd,Einddatum,Eindtijd,\"Evenement, duurt hele dag\",Beschrijving,Locatie\n"
                + "Feria,7-12-2026,00:00:00,8-12-2026,00:00:00,Waar,Stand 4,Madrid\n", true
        ),
        (
            "Betreff;Beginnt am;Beginnt um;Endet am;Endet um;Ganztaegiges Ereignis;Beschreibung;Ort\n"
                + "Feria;07.12.2026;00:00:00;08.12.2026;00:00:00;Ein;Stand 4;Madrid\n", true
        ),
        (
            "Objet,Début,Début,Fin,Fin,Journée entière,Description,Emplacement\n"
                + "Feria,07/12/2026,00:00:00,08/12/2026,00:00:00,Vrai,Stand 4,Madrid\n", false
        ),
    ])
    func outlookExportsInOtherLanguagesReadTheirColumns(text: String, hasDescription: Bool)
        throws
    {
        let folder = try Self.folder([("export.csv", Data(text.utf8))])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.runBinary([
            "convert", folder.appendingPathComponent("export.csv").path, "--tz", "Europe/Madrid",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        // 7 December (day first), all day.
        #expect(result.standardOutput.contains("DTSTART;VALUE=DATE:20261207\r\n"))
        #expect(result.standardOutput.contains("DTEND;VALUE=DATE:20261208\r\n"))
        #expect(result.standardOutput.contains("LOCATION:Madrid\r\n"))
        if hasDescription {
            #expect(result.standardOutput.contains("DESCRIPTION:Stand 4\r\n"))
        }
    }

    // MARK: - Escaping

    /// "the value is written by its type (TEXT escaped; an X- property, which has no type,
    /// with only its backslashes escaped …)".
    @Test func setEscapesTextAndOnlyTheBackslashesOfAnXValue() throws {
        let folder = try Self.folder([
            ("plain.ics", Self.calendar(Self.event("a", "20260301T090000Z", nil)))
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.runBinary([
            "convert", folder.appendingPathComponent("plain.ics").path, "--format", "ics",
            "--set", "NAME=Team, Berlin; East", "--set", #"X-NOTE=a\b;c,d"#,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#"NAME:Team\, Berlin\; East"# + "\r\n"))
        #expect(result.standardOutput.contains(#"X-NOTE:a\\b;c,d"# + "\r\n"))
    }

    /// "`ATTENDEE;CN=X\:mailto:x@example.org` is the name `X\` …; where that reading leaves …
    /// an address that is no URI (`ORGANIZER;CN=Joe Bob\: Magician:mailto:…`), the line is
    /// read with the backslash as an escape instead, with a warning."
    @Test func aBackslashInAParameterIsACharacterUnlessThatLeavesNoAddress() throws {
        let folder = try Self.folder([
            (
                "people.ics",
                Self.calendar(
                    Self.event(
                        "a", "20260301T090000Z", "20260301T100000Z",
                        [
                            #"ATTENDEE;CN=X\:mailto:x@example.org"#,
                            #"ORGANIZER;CN=Joe Bob\: Magician:mailto:joe@example.org"#,
                        ]))
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.runBinary([
            "events", folder.appendingPathComponent("people.ics").path, "-f", "ndjson",
        ])
        let record = try #require(try CLI.records(result.standardOutput).first)
        let attendee = try #require((record["attendees"] as? [[String: Any]])?.first)
        #expect(attendee["name"] as? String == #"X\"#)
        #expect(attendee["address"] as? String == "x@example.org")
        let organizer = try #require(record["organizer"] as? [String: Any])
        #expect(organizer["name"] as? String == "Joe Bob: Magician")
        #expect(organizer["address"] as? String == "joe@example.org")
        let warnings = result.standardError.split(separator: "\n")
        #expect(warnings.count == 1, "\(warnings)")
        #expect(
            warnings.first?.contains(
                "people.ics:11: warning: A backslash in a parameter value of ORGANIZER") == true)
    }

    // MARK: - Conflicts

    private static let meetings = calendar(
        event(
            "m1", "20260301T090000Z", "20260301T100000Z",
            [
                "ORGANIZER:mailto:ann@example.org",
                "ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.org",
            ])
            + event(
                "m2", "20260301T093000Z", "20260301T103000Z",
                [
                    "ATTENDEE;PARTSTAT=ACCEPTED:mailto:Ann@example.org",
                    "ATTENDEE;PARTSTAT=DECLINED:mailto:bob@example.org",
                    "ATTENDEE;PARTSTAT=ACCEPTED:mailto:cy@example.org",
                ])
            + event(
                "m3", "20260301T094500Z", "20260301T101500Z",
                [
                    "ATTENDEE;PARTSTAT=ACCEPTED:mailto:cy@example.org",
                    "ATTENDEE;PARTSTAT=DELEGATED:mailto:bob@example.org",
                ]))

    /// "`--by person` … the same people as `attendee`": those who organize or attend, not who
    /// declined or delegated, addresses without case.
    @Test func byPersonIsByAttendee() throws {
        let folder = try Self.folder([("team.ics", Self.meetings)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("team.ics").path
        let person = try CLI.runBinary(["conflicts", path, "--by", "person", "-f", "ndjson"])
        let attendee = try CLI.runBinary(["conflicts", path, "--by", "attendee", "-f", "ndjson"])
        #expect(person.status == 1)
        #expect(person.standardOutput == attendee.standardOutput)
        let pairs = try CLI.records(person.standardOutput).map { record in
            let a = (record["a"] as? [String: Any])?["id"] as? String ?? ""
            let b = (record["b"] as? [String: Any])?["id"] as? String ?? ""
            return "\(a)-\(b) \(record["resource"] as? String ?? "")"
        }
        // Ann organizes m1 and attends m2; Bob declined m2 and delegated m3.
        #expect(pairs == ["m1-m2 ann@example.org", "m2-m3 cy@example.org"])
    }

    /// "`--as ann@example.org=ann.ics` reads only that input (a file, a directory or `-` given
    /// on the command line) as Ann's".
    @Test func asBindsAnAddressToADirectoryOrStandardInput() throws {
        let ann = Self.calendar(
            Self.event(
                "x1", "20260301T090000Z", "20260301T100000Z",
                ["ATTENDEE;PARTSTAT=ACCEPTED:mailto:ann@example.org"])
                + Self.event(
                    "x2", "20260301T093000Z", "20260301T103000Z",
                    ["ATTENDEE;PARTSTAT=DECLINED:mailto:ann@example.org"]))
        let folder = try Self.folder([("ann/work.ics", ann), ("other.ics", ann)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("ann").path
        let other = folder.appendingPathComponent("other.ics").path
        // Read as anyone's, the two meetings clash.
        let plain = try CLI.runBinary(["conflicts", directory, "-f", "ndjson"])
        #expect(try CLI.records(plain.standardOutput).count == 1)
        // The directory bound to Ann: she declined one.
        let bound = try CLI.runBinary([
            "conflicts", directory, "--as", "ann@example.org=\(directory)", "-f", "ndjson",
        ])
        #expect(bound.status == 0, "\(bound.standardError)")
        #expect(bound.standardOutput.isEmpty)
        // Bound to the directory, the address leaves another input as it is.
        let beside = try CLI.runBinary([
            "conflicts", directory, other, "--as", "ann@example.org=\(directory)",
            "--within-files", "-f", "ndjson",
        ])
        let clashes = try CLI.records(beside.standardOutput)
        #expect(clashes.count == 1)
        #expect((clashes.first?["a"] as? [String: Any])?["file"] as? String == other)
        // Standard input bound with `=-`.
        let piped = try CLI.runBinary(
            ["conflicts", "-", "--as", "ann@example.org=-", "-f", "ndjson"], standardInput: ann)
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput.isEmpty)
    }

    /// "an all-day event … sits on the wall clock of `--tz`": on the day clocks fall back it
    /// lasts 25 hours.
    @Test func anAllDayEventOnTheFallBackDayLastsTwentyFiveHours() throws {
        let folder = try Self.folder([
            (
                "day.ics",
                Self.calendar(
                    [
                        "BEGIN:VEVENT", "UID:day", "DTSTAMP:20260101T000000Z",
                        "DTSTART;VALUE=DATE:20261025", "DTEND;VALUE=DATE:20261026",
                        "SUMMARY:Fall back", "END:VEVENT",
                    ])
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("day.ics").path
        let result = try CLI.runBinary([
            "freebusy", path, "--from", "2026-10-24", "--to", "2026-10-27", "--tz", "Europe/Berlin",
            "-f", "json",
        ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        #expect(object["busyMinutes"] as? Int == 1500)
        // The reason `check` gives names the event it overlaps.
        let check = try CLI.runBinary([
            "check", path, "--start", "2026-10-25T10:00", "--duration", "1h", "--tz",
            "Europe/Berlin",
        ])
        #expect(check.status == 1)
        #expect(
            check.standardOutput.hasPrefix(
                "Not allowed: 10:00–11:00 on Sunday 25 October 2026 · overlaps 'Fall back' (all day)"
            ), "\(check.standardOutput)")
    }

    /// "`--blocked`: … VEVENTs" block unless cancelled; "`--blocked-at START/END[@uid]`": the
    /// event named is the window's owner and is not blocked by it.
    @Test func cancelledWindowsDoNotBlockAndAWindowSparesItsOwner() throws {
        let blocked = Self.calendar(
            Self.event("w1", "20260301T090000Z", "20260301T120000Z", ["STATUS:CANCELLED"])
                + Self.event("w2", "20260301T095000Z", "20260301T100000Z"))
        let folder = try Self.folder([("team.ics", Self.meetings), ("blocked.ics", blocked)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("team.ics").path
        func blockedIDs(_ arguments: [String]) throws -> [String] {
            let result = try CLI.runBinary(["conflicts", path, "-f", "ndjson"] + arguments)
            #expect(result.status == 1, "\(arguments): \(result.standardError)")
            return try CLI.records(result.standardOutput)
                .filter { $0["kind"] as? String == "blocked" }
                .map {
                    ($0["a"] as? [String: Any])?["id"] as? String ?? ""
                }.sorted()
        }
        // Only w2 (09:50–10:00) blocks: m1, m2 and m3 each touch it.
        #expect(
            try blockedIDs(["--blocked", folder.appendingPathComponent("blocked.ics").path])
                == ["m1", "m2", "m3"])
        #expect(
            try blockedIDs(["--blocked-at", "2026-03-01T11:00/2026-03-01T12:00", "--tz", "UTC"])
                .isEmpty)
        #expect(
            try blockedIDs(["--blocked-at", "2026-03-01T09:00/2026-03-01T11:00", "--tz", "UTC"])
                == ["m1", "m2", "m3"])
        #expect(
            try blockedIDs([
                "--blocked-at", "2026-03-01T09:00/2026-03-01T11:00@m2", "--tz", "UTC",
            ]) == ["m1", "m3"])
    }

    // MARK: - Windows and pipes

    /// "Date window keeps VEVENTs (whole series, overrides) with an occurrence" for jCal too,
    /// and a window over standard input gives what it gives over the file.
    @Test(arguments: ["jcal", "ics"])
    func aWindowKeepsWholeSeriesAndReadsAPipeAsAFile(format: String) throws {
        let path = CLI.fixture("convert/series.ics")
        let window = ["-f", format, "--from", "2026-03-31", "--to", "2026-04-02", "--tz", "UTC"]
        let file = try CLI.runBinary(["convert", path] + window)
        #expect(file.status == 0, "\(file.standardError)")
        let piped = try CLI.runBinary(
            ["convert", "-"] + window,
            standardInput: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(piped.standardOutput == file.standardOutput)
        let text = file.standardOutput
        // The series with an instance on 1 April, its master and its override of 30 March;
        // nothing else.
        let uid =
            format == "ics" ? "UID:standup@example.org" : #""uid",{},"text","standup@example.org""#
        #expect(text.components(separatedBy: uid).count - 1 == 2)
        #expect(text.contains("RRULE") || text.contains(#""rrule""#))
        #expect(text.contains("20260330T090000") || text.contains("2026-03-30T09:00:00"))
        #expect(!text.contains("leave@example.org"))
        #expect(!text.contains("custom@example.org"))
    }

    /// "Lines that are not properties, and text outside every component, … jCal has no form
    /// for them": left out, with one warning counting them.
    @Test func jCalLeavesOutWhatIsNoPropertyAndSaysHowMuch() throws {
        var bytes = Self.calendar(
            Self.event("a", "20260301T090000Z", "20260301T100000Z", ["this is not a property"]))
        bytes.append(Data("trailing text\r\n".utf8))
        let folder = try Self.folder([("lines.ics", bytes)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("lines.ics").path
        let result = try CLI.runBinary(["convert", path, "-f", "jcal"])
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("not a property"))
        #expect(!result.standardOutput.contains("trailing"))
        #expect(
            result.standardError.contains(
                "lines.ics: warning: 2 lines are not properties or outside every component; jCal has no form for them; they are left out"
            ), "\(result.standardError)")
    }

    /// "`ics events big.ics | head` ends quietly by SIGPIPE; where SIGPIPE is ignored …
    /// `Broken pipe` for a closed pipe … and exits with status 2 at once": with a reader that
    /// really closes the pipe.
    @Test func aReaderThatClosesThePipeEndsTheListing() throws {
        let folder = try Self.folder([
            (
                "big.ics",
                Self.calendar(
                    Self.event(
                        "m", "20260301T000000Z", "20260301T000030Z",
                        ["RRULE:FREQ=MINUTELY;COUNT=50000"]))
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let listing =
            "'\(CLI.binary.path)' events '\(folder.appendingPathComponent("big.ics").path)' -f ndjson --tz UTC"
        let quiet = try CLI.runBinary(
            ["-c", "\(listing) | head -1 >/dev/null; echo \"status ${PIPESTATUS[0]}\""], shell: true
        )
        #expect(quiet.standardOutput == "status 141\n")
        #expect(quiet.standardError.isEmpty, "\(quiet.standardError)")
        let ignored = try CLI.runBinary(
            [
                "-c",
                "trap '' PIPE; \(listing) | head -1 >/dev/null; echo \"status ${PIPESTATUS[0]}\"",
            ],
            shell: true)
        #expect(ignored.standardOutput == "status 2\n")
        #expect(
            ignored.standardError.contains(
                "ics: error: Cannot write to standard output: Broken pipe"),
            "\(ignored.standardError)")
    }

    // MARK: - Diagnostics and CSV

    /// "a skipped VEVENT gets only its reason": `events` says why it skipped it and nothing
    /// else of it, while `validate` lists every finding.
    @Test func aSkippedEventGetsOnlyItsReason() throws {
        let folder = try Self.folder([
            (
                "skip.ics",
                Self.calendar(
                    [
                        "BEGIN:VEVENT", "UID:bad", "DTSTAMP:20260101T000000Z", "DTSTART:notadate",
                        "SEQUENCE:abc", "GEO:1", "SUMMARY:Bad", "END:VEVENT",
                    ] + Self.event("ok", "20260301T090000Z", nil, ["SEQUENCE:abc"]))
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("skip.ics").path
        let events = try CLI.runBinary(["events", path, "-f", "ndjson"])
        let lines = events.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("\(path):7: error: Invalid date-time 'notadate'") == true)
        #expect(lines.first?.hasSuffix("event skipped") == true)
        #expect(
            lines.last?.hasPrefix("\(path):17: warning: Invalid integer 'abc' in SEQUENCE") == true)
        let validate = try CLI.runBinary(["validate", path])
        for line in [7, 8, 9] {
            #expect(validate.standardOutput.contains("\(path):\(line): error:"), "\(line)")
        }
    }

    /// "a cell a spreadsheet would run as a formula gets a leading `'`" in `events` CSV too:
    /// cells beginning with `=`, `+`, `-`, `@` or a tab (a carriage return in a text becomes a
    /// line feed before it is written; `CSVWriter` marks one too: `JSONTests`).
    @Test func eventsCSVGuardsEveryFormulaStart() throws {
        let starts = ["=SUM(A1)", "+1", "-1", "@x", "\tx"]
        let records = starts.enumerated().map { index, title in
            let escaped = title.replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\r", with: "\\r")
            return
                #"{"uid":"r\#(index)","title":"\#(escaped)","start":"2026-03-0\#(index + 1)T09:00","end":"2026-03-0\#(index + 1)T10:00"}"#
        }.joined(separator: "\n")
        let folder = try Self.folder([("records.ndjson", Data((records + "\n").utf8))])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("records.ndjson").path
        let guarded = try CLI.runBinary(["events", path, "--columns", "title", "--tz", "UTC"])
        #expect(guarded.status == 0, "\(guarded.standardError)")
        for title in starts {
            #expect(guarded.standardOutput.contains("'" + title), "\(title.debugDescription)")
        }
        let raw = try CLI.runBinary([
            "events", path, "--columns", "title", "--tz", "UTC", "--raw-csv",
        ])
        #expect(!raw.standardOutput.contains("'"))
        #expect(raw.standardOutput.contains("\n=SUM(A1)\n"))
    }

    // MARK: - Layouts and pictures

    /// "Layout reads events as `ics events` does": the ids and times of a week's layout are
    /// those `events` lists for the week.
    @Test func aLayoutPlacesTheEventsTheListingLists() throws {
        let path = CLI.fixture("layout/team.ics")
        let zone = ["--tz", "America/New_York"]
        let layout = try CLI.runBinary(
            ["layout", "week", path, "--date", "2026-09-08", "-f", "json"] + zone)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(layout.standardOutput.utf8))
                as? [String: Any])
        let days = object["days"] as? [[String: Any]] ?? []
        let placed =
            (object["bars"] as? [[String: Any]] ?? [])
            + days.flatMap {
                ($0["allDay"] as? [[String: Any]] ?? [])
                    + ($0["segments"] as? [[String: Any]] ?? [])
            }
        func key(_ item: [String: Any]) -> String {
            "\(item["id"] as? String ?? "") \(item["start"] as? String ?? "") \(item["end"] as? String ?? "")"
        }
        let listing = try CLI.runBinary(
            ["events", path, "--from", "2026-09-06", "--to", "2026-09-13", "-f", "ndjson"] + zone)
        let listed = Set(try CLI.records(listing.standardOutput).map(key))
        #expect(listed.count >= 10)
        #expect(Set(placed.map(key)) == listed)
        #expect(listed.contains { $0.hasPrefix("standup@layout#") })
    }

    /// "transparent … events free" in the heatmap, and instants take no time.
    @Test func theHeatmapCountsOnlyBusyTime() throws {
        let folder = try Self.folder([
            (
                "days.ics",
                Self.calendar(
                    Self.event("busy", "20260302T090000Z", "20260302T100000Z")
                        + Self.event(
                            "free", "20260303T090000Z", "20260303T100000Z", ["TRANSP:TRANSPARENT"])
                        + Self.event("instant", "20260304T090000Z", nil))
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.runBinary([
            "layout", "heatmap", folder.appendingPathComponent("days.ics").path, "--date",
            "2026-03-01", "--tz", "UTC", "-f", "json",
        ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        let days = (object["weeks"] as? [[[String: Any]]] ?? []).flatMap { $0 }
        func minutes(_ date: String) -> Int? {
            days.first { $0["date"] as? String == date }?["busyMinutes"] as? Int
        }
        #expect(minutes("2026-03-02") == 60)
        #expect(minutes("2026-03-03") == 0)
        #expect(minutes("2026-03-04") == 0)
    }

    /// "`--format svg` (or `html`) draws any layout view as `ics render` does": HTML too.
    @Test func layoutWritesTheHTMLRenderWrites() throws {
        let arguments = [CLI.fixture("layout/team.ics"), "--date", "2026-09-08", "--tz", "UTC"]
        let layout = try CLI.runBinary(["layout", "week"] + arguments + ["-f", "html"])
        let render = try CLI.runBinary(["render", "week"] + arguments + ["--format", "html"])
        #expect(layout.status == 0)
        #expect(layout.standardOutput.hasPrefix("<!DOCTYPE html>"))
        #expect(layout.standardOutput == render.standardOutput)
    }

    /// "timeline: resource rows with their labels, a period row … and a column row above the
    /// chart, bars in their lanes, pointed where the window cuts them."
    @Test func theTimelinePictureHasItsRowsAndPointsCutBars() throws {
        let folder = try Self.folder([
            (
                "trip.ics",
                Self.calendar(
                    [
                        "BEGIN:VEVENT", "UID:long", "DTSTAMP:20260101T000000Z",
                        "DTSTART;VALUE=DATE:20260227", "DTEND;VALUE=DATE:20260305",
                        "SUMMARY:Long trip", "ATTENDEE:mailto:ann@example.org", "END:VEVENT",
                    ]
                        + Self.event(
                            "inside", "20260303T090000Z", "20260303T110000Z",
                            ["ATTENDEE:mailto:bob@example.org"]))
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = try CLI.runBinary([
            "render", "timeline", folder.appendingPathComponent("trip.ics").path, "--start",
            "2026-03-02", "--days", "7", "--tz", "UTC", "--rows", "attendee",
        ]).standardOutput
        func y(of text: String) -> Double? {
            guard let regex = try? Regex(#"<text x="[0-9.]+" y="([0-9.]+)"[^>]*>"# + text + "<"),
                let match = svg.firstMatch(of: regex)
            else { return nil }
            return Double(String(match.output[1].substring ?? ""))
        }
        // The period row (the ISO week) above the column row (the days), both above the rows.
        let period = try #require(y(of: "2026-W10"))
        let columns = (2...8).compactMap { y(of: "Mar \($0)") }
        #expect(columns.count == 7)
        let ann = try #require(y(of: "ann@example.org"))
        let bob = try #require(y(of: "bob@example.org"))
        #expect(period < (columns.min() ?? 0))
        #expect((columns.max() ?? .infinity) < min(ann, bob))
        // The trip began before the window: its bar is pointed at its start; the meeting is a
        // plain block.
        let trip = try #require(
            svg.firstMatch(
                of: #/data-id="long">[^<]*<title>[^<]*</title>\n<polygon points="([0-9., ]+)"/#))
        let xs = String(trip.output.1).split(separator: " ").compactMap {
            Double($0.split(separator: ",")[0])
        }
        #expect(xs.count == 5)
        #expect(xs[1] < xs[0], "\(xs)")
        #expect(svg.contains(#"data-id="inside">"#))
        #expect(svg.firstMatch(of: #/data-id="inside">[^<]*<title>[^<]*</title>\n<rect /#) != nil)
    }

    /// "each day coloured by its busy hours … a heavy line where one month meets the next
    /// inside a week."
    @Test func theHeatmapPictureShadesBusyDaysAndMarksTheMonths() throws {
        // 1, 3 and 6 busy hours on three days of March; 1 April 2026 is a Wednesday.
        let folder = try Self.folder([
            (
                "hours.ics",
                Self.calendar(
                    Self.event("one", "20260302T090000Z", "20260302T100000Z")
                        + Self.event("three", "20260303T090000Z", "20260303T120000Z")
                        + Self.event("six", "20260304T090000Z", "20260304T150000Z"))
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = try CLI.runBinary([
            "render", "heatmap", folder.appendingPathComponent("hours.ics").path, "--date",
            "2026-03-01", "--months", "2", "--tz", "UTC",
        ]).standardOutput
        func cell(_ date: String) -> (x: Double, width: Double, fill: String)? {
            let pattern =
                #"data-id=""# + date
                + ##""><title>[^<]*</title>\n<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"[^>]* fill="#([0-9a-f]{6})""##
            guard let regex = try? Regex(pattern), let match = svg.firstMatch(of: regex) else {
                return nil
            }
            let parts = (1...3).map { String(match.output[$0].substring ?? "") }
            return (Double(parts[0]) ?? 0, Double(parts[1]) ?? 0, parts[2])
        }
        func luminance(_ hex: String) -> Double {
            let value = Int(hex, radix: 16) ?? 0
            return Double(value >> 16 & 0xFF) * 0.2126 + Double(value >> 8 & 0xFF) * 0.7152
                + Double(value & 0xFF) * 0.0722
        }
        let shades = try ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"].map {
            luminance(try #require(cell($0)).fill)
        }
        // Free, then darker with each busier day.
        #expect(shades == shades.sorted(by: >), "\(shades)")
        #expect(Set(shades).count == 4)
        // The month line runs between 31 March and 1 April.
        let last = try #require(cell("2026-03-31"))
        let first = try #require(cell("2026-04-01"))
        let line = try #require(svg.firstMatch(of: #/<path d="([^"]+)" class="month-break"/#))
        let verticals = String(line.output.1).matches(of: #/M([0-9.]+) [0-9.]+V/#).compactMap {
            Double(String($0.output.1))
        }
        #expect(verticals.contains { $0 >= last.x + last.width && $0 <= first.x }, "\(verticals)")
    }

    /// "picks one of ten mid-tone colours (by a stable hash, so a category keeps its colour)".
    @Test func sixtyCategoriesShareTenColoursEachKeepingItsOwn() throws {
        func calendar(_ order: [Int]) -> Data {
            Self.calendar(
                order.flatMap { index in
                    Self.event(
                        "e\(index)",
                        String(format: "202603%02dT%02d0000Z", 2 + index % 5, 8 + index / 5 % 10),
                        String(format: "202603%02dT%02d3000Z", 2 + index % 5, 8 + index / 5 % 10),
                        ["CATEGORIES:cat\(index)"])
                })
        }
        let folder = try Self.folder([
            ("forward.ics", calendar(Array(0..<60))),
            ("backward.ics", calendar((0..<60).reversed())),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        func colours(_ name: String) throws -> [String: String] {
            let svg = try CLI.runBinary([
                "render", "week", folder.appendingPathComponent(name).path, "--date", "2026-03-02",
                "--tz", "UTC", "--color-by", "category",
            ]).standardOutput
            var colours: [String: String] = [:]
            for match in svg.matches(
                of: #/data-id="(e[0-9]+)"><title>[^<]*</title>\n<rect [^>]*fill="(#[0-9a-f]{6})"/#)
            {
                colours[String(match.output.1)] = String(match.output.2)
            }
            return colours
        }
        let forward = try colours("forward.ics")
        #expect(forward.count == 60)
        #expect(Set(forward.values).count == 10)
        #expect(try colours("backward.ics") == forward)
    }

    // MARK: - Dates, filters and options

    /// "Relative dates count from today in `--tz`": without `--today`, today is the date on
    /// the zone's clock (Kiritimati, 14 hours ahead of UTC, is often a day ahead); as a day,
    /// `now` is today.
    @Test func todayIsTheDateOnTheZonesClock() throws {
        let path = CLI.fixture("layout/team.ics")
        for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            let parts = calendar.dateComponents([.year, .month, .day], from: Date())
            let today = String(
                format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            let implicit = try CLI.runBinary([
                "layout", "day", path, "--date", "today", "--tz", zone, "-f", "json",
            ])
            let pinned = try CLI.runBinary([
                "layout", "day", path, "--date", "today", "--today", today, "--tz", zone, "-f",
                "json",
            ])
            #expect(implicit.standardOutput.contains(#""date":"\#(today)""#), "\(zone)")
            #expect(implicit.standardOutput == pinned.standardOutput, "\(zone)")
            let now = try CLI.runBinary([
                "layout", "day", path, "--date", "now", "--today", "2026-09-08", "--tz", zone, "-f",
                "json",
            ])
            #expect(now.standardOutput.contains(#""date":"2026-09-08""#))
        }
    }

    /// "a filter given twice keeps either value" for `--calendar` too, its names in any case.
    @Test func calendarRepeatedKeepsEitherCalendar() throws {
        let inputs = ["home", "work"].map { CLI.fixture("vdir/\($0)") }
        func calendars(_ filters: [String]) throws -> Set<String> {
            let result = try CLI.runBinary(["events"] + inputs + filters + ["-f", "ndjson", "-q"])
            return Set(
                try CLI.records(result.standardOutput).compactMap { $0["calendar"] as? String })
        }
        #expect(try calendars(["--calendar", "home"]) == ["home"])
        #expect(try calendars(["--calendar", "WORK"]) == ["Work"])
        #expect(try calendars(["--calendar", "home", "--calendar", "work"]) == ["home", "Work"])
    }

    /// `--template`: a field with no value is empty; a field that does not exist is a usage
    /// error that lists the fields.
    @Test func templatesLeaveNullFieldsEmptyAndNameTheFields() throws {
        let folder = try Self.folder([
            (
                "two.ics",
                Self.calendar(
                    Self.event("here", "20260301T090000Z", "20260301T100000Z", ["LOCATION:Hall"])
                        + Self.event("nowhere", "20260301T110000Z", "20260301T120000Z"))
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("two.ics").path
        let result = try CLI.runBinary([
            "events", path, "--template", "{uid}:{location}|", "--tz", "UTC",
        ])
        #expect(result.standardOutput == "here:Hall|\nnowhere:|\n")
        let bad = try CLI.runBinary(["events", path, "--template", "{nosuch}"])
        #expect(bad.status == 64)
        #expect(
            bad.standardError.contains(
                "'{nosuch}' is no field; fields: id, uid, recurrenceId, title, allDay, start, end,")
        )
    }

    /// Filters in `check`, `slots` and `render`: the events they leave out take no time and
    /// are not drawn.
    @Test func checkSlotsAndRenderFilter() throws {
        let path = CLI.fixture("demo/team-week.ics")
        let zone = ["--tz", "Europe/Berlin"]
        let check = ["check", path, "--start", "2026-12-07T10:00", "--duration", "1h"] + zone
        #expect(try CLI.runBinary(check).status == 1)
        let filtered = try CLI.runBinary(check + ["--match", "offsite"])
        #expect(filtered.status == 0)
        #expect(filtered.standardOutput.hasPrefix("Allowed: 10:00–11:00"))
        func slots(_ filters: [String]) throws -> [String] {
            let result = try CLI.runBinary(
                ["slots", path, "--from", "2026-12-07", "--days", "1", "-f", "json"] + zone
                    + filters)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                    as? [String: Any])
            return (object["slots"] as? [[String: Any]] ?? []).compactMap { $0["start"] as? String }
        }
        #expect(!(try slots([])).contains("2026-12-07T10:00"))
        #expect(try slots(["--match", "offsite"]).contains("2026-12-07T10:00"))
        func drawn(_ filters: [String]) throws -> Int {
            try CLI.runBinary(["render", "week", path, "--date", "2026-12-08"] + zone + filters)
                .standardOutput.components(separatedBy: #"<g class="event""#).count - 1
        }
        #expect(try drawn([]) > 1)
        #expect(try drawn(["--match", "offsite"]) == 1)
    }

    /// "convert keeps matching UIDs' VEVENTs and non-VEVENTs" in jCal as in `.ics`.
    @Test func aFilteredJCalKeepsTheMatchingSeriesAndTheZones() throws {
        let result = try CLI.runBinary([
            "convert", CLI.fixture("convert/series.ics"), "-f", "jcal", "--match", "stand",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let calendar = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [Any])
        let components = calendar.count > 2 ? calendar[2] as? [[Any]] ?? [] : []
        let events = components.filter { $0.first as? String == "vevent" }
        // The master and its override, and the zones.
        #expect(events.count == 2)
        #expect(result.standardOutput.contains(#""standup@example.org""#))
        #expect(!result.standardOutput.contains("leave@example.org"))
        #expect(components.contains { $0.first as? String == "vtimezone" })
    }

    /// "filters and `--blocked` repeat and add up".
    @Test func blockedFilesAddUp() throws {
        let first = Self.calendar(Self.event("w1", "20260301T091000Z", "20260301T092000Z"))
        let second = Self.calendar(Self.event("w2", "20260301T101000Z", "20260301T102000Z"))
        let folder = try Self.folder([
            ("team.ics", Self.meetings), ("one.ics", first), ("two.ics", second),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        func windows(_ files: [String]) throws -> Set<String> {
            let arguments = files.flatMap { ["--blocked", folder.appendingPathComponent($0).path] }
            let result = try CLI.runBinary(
                ["conflicts", folder.appendingPathComponent("team.ics").path, "-f", "ndjson"]
                    + arguments)
            return Set(
                try CLI.records(result.standardOutput).filter { $0["kind"] as? String == "blocked" }
                    .compactMap { ($0["b"] as? [String: Any])?["id"] as? String })
        }
        #expect(try windows(["one.ics"]) == ["w1"])
        #expect(try windows(["one.ics", "two.ics"]) == ["w1", "w2"])
    }

    /// `info --format json`: `methods` lists the calendars' METHODs.
    @Test func infoListsTheMethods() throws {
        let folder = try Self.folder([
            (
                "published.ics",
                Self.calendar(Self.event("a", "20260301T090000Z", nil), header: ["METHOD:PUBLISH"])
            ),
            ("plain.ics", Self.calendar(Self.event("b", "20260301T090000Z", nil))),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, methods) in [("published.ics", ["PUBLISH"]), ("plain.ics", [])] {
            let result = try CLI.runBinary([
                "info", folder.appendingPathComponent(name).path, "-f", "json",
            ])
            let files = try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                    as? [[String: Any]])
            #expect(files.first?["methods"] as? [String] == methods, "\(name)")
        }
    }

    /// `diff`: LAST-MODIFIED and CREATED are bookkeeping, not changes; a floating time has no
    /// `startUTC`.
    @Test func diffLeavesBookkeepingOutAndFloatingTimesWithoutUTC() throws {
        func version(_ stamp: String, _ title: String) -> Data {
            Self.calendar([
                "BEGIN:VEVENT", "UID:a", "DTSTAMP:\(stamp)", "LAST-MODIFIED:\(stamp)",
                "CREATED:\(stamp)", "DTSTART:20260301T090000", "DTEND:20260301T100000",
                "SUMMARY:\(title)", "END:VEVENT",
            ])
        }
        let folder = try Self.folder([
            ("one.ics", version("20260101T000000Z", "A")),
            ("two.ics", version("20260102T000000Z", "A")),
            ("three.ics", version("20260102T000000Z", "B")),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let same = try CLI.runBinary(["diff", path("one.ics"), path("two.ics"), "-f", "json"])
        #expect(same.status == 0)
        #expect(same.standardOutput == "[]\n")
        let changed = try CLI.runBinary(["diff", path("one.ics"), path("three.ics"), "-f", "json"])
        #expect(changed.status == 1)
        let change = try #require(
            (try JSONSerialization.jsonObject(with: Data(changed.standardOutput.utf8))
                as? [[String: Any]])?.first)
        #expect(
            (change["fields"] as? [[String: Any]])?.map { $0["field"] as? String } == ["summary"])
        let old = try #require(change["old"] as? [String: Any])
        #expect(old["start"] as? String == "2026-03-01T09:00")
        #expect(old["startUTC"] is NSNull)
        #expect(old["endUTC"] is NSNull)
    }

    /// "`BEGIN:` without a component name is an error …; an `END:` without a name closes the
    /// innermost open component, with a warning."
    @Test func namelessBeginIsAnErrorAndNamelessEndClosesWhatIsOpen() throws {
        let folder = try Self.folder([
            (
                "end.ics",
                Self.calendar([
                    "BEGIN:VEVENT", "UID:a", "DTSTAMP:20260101T000000Z",
                    "DTSTART:20260301T090000Z", "SUMMARY:Closed", "END:",
                ])
            ),
            (
                "begin.ics",
                Self.calendar(
                    Self.event("b", "20260301T090000Z", nil) + ["BEGIN:", "X-A:1", "END:"])
            ),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let end = try CLI.runBinary([
            "validate", folder.appendingPathComponent("end.ics").path,
        ])
        #expect(
            end.standardOutput.contains(
                "end.ics:9: warning: END: matches no open component; read as the END of VEVENT, opened at line 4"
            ))
        #expect(end.standardOutput.contains("0 errors, 1 warning"))
        let listed = try CLI.runBinary([
            "events", folder.appendingPathComponent("end.ics").path, "-f", "ndjson",
        ])
        #expect(try CLI.records(listed.standardOutput).map { $0["title"] as? String } == ["Closed"])
        let begin = try CLI.runBinary([
            "validate", folder.appendingPathComponent("begin.ics").path,
        ])
        #expect(begin.status == 1)
        #expect(begin.standardOutput.contains("begin.ics:10: error:"), "\(begin.standardOutput)")
    }

    // MARK: - Series, records, install

    /// A calendar-wide X-WR-TIMEZONE with floating times: every record of the series is read
    /// in that zone (its `startUTC` and `sourceZone` say so); an instance that falls in a
    /// fold is read as the first of the two times, with a warning naming it.
    @Test func floatingSeriesReadInTheCalendarsZoneAndFoldsSaid() throws {
        func calendar(_ zone: String, _ start: String) -> Data {
            Self.calendar(
                [
                    "BEGIN:VEVENT", "UID:a", "DTSTAMP:20260101T000000Z", "DTSTART:\(start)T023000",
                    "DTEND:\(start)T033000", "RRULE:FREQ=WEEKLY;COUNT=3", "CATEGORIES:a,b",
                    "SUMMARY:A", "END:VEVENT",
                ], header: ["X-WR-TIMEZONE:\(zone)"])
        }
        let folder = try Self.folder([
            ("york.ics", calendar("America/New_York", "20261025")),
            ("berlin.ics", calendar("Europe/Berlin", "20261018")),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let york = try CLI.runBinary([
            "events", folder.appendingPathComponent("york.ics").path, "-f", "ndjson", "--tz", "UTC",
        ])
        let records = try CLI.records(york.standardOutput)
        #expect(
            records.map { $0["startUTC"] as? String } == [
                "2026-10-25T06:30:00Z", "2026-11-01T07:30:00Z", "2026-11-08T07:30:00Z",
            ])
        #expect(Set(records.compactMap { $0["sourceZone"] as? String }) == ["America/New_York"])
        // Lists in a template are joined with `; `.
        let template = try CLI.runBinary([
            "events", folder.appendingPathComponent("york.ics").path, "--template", "{categories}",
            "--tz", "UTC",
        ])
        #expect(template.standardOutput == "a; b\na; b\na; b\n")
        let berlin = try CLI.runBinary([
            "events", folder.appendingPathComponent("berlin.ics").path, "-f", "ndjson", "--tz",
            "UTC",
        ])
        #expect(
            try CLI.records(berlin.standardOutput).map { $0["startUTC"] as? String } == [
                "2026-10-18T00:30:00Z", "2026-10-25T00:30:00Z", "2026-11-01T01:30:00Z",
            ])
        #expect(
            berlin.standardError.contains(
                "berlin.ics:8: warning: 2026-10-25T02:30 occurs twice in Europe/Berlin (clocks move back); read as the first occurrence"
            ), "\(berlin.standardError)")
    }

    /// "`DESTDIR` stages": `make install DESTDIR=… PREFIX=/usr/local` puts everything under
    /// the staging folder, and nothing elsewhere.
    @Test func makeInstallStagesUnderDESTDIR() throws {
        let stage = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: stage) }
        let result = try CLI.runBinary(
            [
                "-c",
                "make -s install DESTDIR='\(stage.path)' PREFIX=/opt/ics-staged BINARY='\(CLI.binary.path)'",
            ], in: CLI.root, shell: true)
        #expect(result.status == 0, "\(result.standardError)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: stage.path)
            .filter { !$0.hasSuffix("/") }.sorted()
        for file in [
            "opt/ics-staged/bin/ics", "opt/ics-staged/share/man/man1/ics.1",
            "opt/ics-staged/share/bash-completion/completions/ics",
            "opt/ics-staged/share/zsh/site-functions/_ics",
            "opt/ics-staged/share/fish/vendor_completions.d/ics.fish",
        ] {
            #expect(files.contains(file), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/opt/ics-staged"))
    }

    /// `make man` writes the manual page to `.build/ics.1`: `ics help --man`, which `man -l`
    /// reads (the build it depends on is taken as done: the tests run on one).
    @Test func makeManWritesThePage() throws {
        let page = CLI.root.appendingPathComponent(".build/ics.1")
        let result = try CLI.runBinary(
            ["-c", "make -s -o build man ICS='\(CLI.binary.path)'"], in: CLI.root, shell: true)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Wrote .build/ics.1; read it with: man -l .build/ics.1\n")
        let written = try String(contentsOf: page, encoding: .utf8)
        #expect(written == (try CLI.runBinary(["help", "--man"])).standardOutput)
        #expect(written.hasPrefix(".TH"))
    }

    /// "On a terminal, a hint is written to stderr unless `--quiet`."
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func quietSilencesTheTerminalHint() throws {
        let hint = "reading a calendar from standard input (the terminal)"
        func run(_ options: String) throws -> String {
            try CLI.runBinary(
                [
                    "-c",
                    "(sleep 1; printf '\\004') | script -qc \"$0 events --tz UTC \(options)\" /dev/null",
                    CLI.binary.path,
                ], limit: 60, shell: true
            ).standardOutput
        }
        #expect(try run("").contains(hint))
        #expect(!(try run("--quiet")).contains(hint))
    }

    /// "`--columns outlook` writes Outlook's and Google's import shape": the columns Google
    /// Calendar's CSV import names (Subject, Start Date, Start Time, End Date, End Time, All Day
    /// Event, Description, Location), US dates and 12-hour times.
    @Test func outlookColumnsAreGooglesImportShape() throws {
        let result = try CLI.runBinary([
            "events", CLI.fixture("demo/team-week.ics"), "--columns", "outlook", "--tz", "UTC",
        ])
        let lines = result.standardOutput.components(separatedBy: "\r\n")
        #expect(
            lines.first
                == "Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location"
        )
        #expect(
            lines.dropFirst().first
                == "Daily stand-up,12/07/2026,8:30 AM,12/07/2026,8:45 AM,False,,Room Ada")
        // All day: midnight to the midnight after the last day, as Outlook writes it.
        #expect(
            lines.contains("Team offsite,12/10/2026,12:00 AM,12/12/2026,12:00 AM,True,,Potsdam"))
    }

    /// "`check` and `slots` count a proposal's clash with a meeting everyone has once" with
    /// `--inputs separate`.
    @Test func slotsCountAMeetingEveryoneHasOnce() throws {
        let meeting = Self.calendar(Self.event("shared", "20260302T100000Z", "20260302T110000Z"))
        let folder = try Self.folder([("ann.ics", meeting), ("bob.ics", meeting)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.runBinary(
            ["slots"] + ["ann.ics", "bob.ics"].map { folder.appendingPathComponent($0).path } + [
                "--inputs", "separate", "--date", "2026-03-02", "--between", "09:00-12:00",
                "--every", "1h", "--tz", "UTC",
            ])
        #expect(result.standardOutput.contains("  10:00–11:00   busy   shared (overlap)\n"))
        #expect(result.standardOutput.components(separatedBy: "shared").count == 2)
        #expect(result.standardOutput.contains("2 of 3 slots free"))
    }

    /// "`this-week` … every command that takes a date has" `--week-start`: `check` too.
    @Test func checkTakesThisWeekFromTheWeekStart() throws {
        for (start, day) in [
            ("monday", "Monday 7 December 2026"), ("sunday", "Sunday 6 December 2026"),
        ] {
            let result = try CLI.runBinary([
                "check", CLI.fixture("demo/team-week.ics"), "--start", "this-week", "--duration",
                "1h", "--today", "2026-12-09", "--tz", "Europe/Berlin", "--week-start", start,
            ])
            #expect(result.standardOutput.hasPrefix("Allowed: 00:00–01:00 on \(day)"), "\(start)")
        }
    }

    /// "`--profile feed` … each a warning with a code of its own: … run past 75 octets
    /// unfolded (`unfolded-line`, …, said once per file with the count)".
    @Test func unfoldedLinesAreOneWarningWithTheirCount() throws {
        let long = String(repeating: "x", count: 100)
        let folder = try Self.folder([
            (
                "feed.ics",
                Self.calendar(
                    Self.event(
                        "a", "20260301T090000Z", "20260301T100000Z",
                        ["DESCRIPTION:\(long)", "LOCATION:\(long)x", "X-NOTE:\(long)xx"]))
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.runBinary([
            "validate", folder.appendingPathComponent("feed.ics").path, "--profile", "feed", "-f",
            "json",
        ])
        let findings = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
        let unfolded = findings.filter { $0["code"] as? String == "unfolded-line" }
        #expect(unfolded.count == 1, "\(result.standardOutput)")
        #expect(unfolded.first?["severity"] as? String == "warning")
        #expect(unfolded.first?["line"] as? Int == 10)
        #expect(
            (unfolded.first?["message"] as? String)?.hasPrefix(
                "3 lines are longer than 75 octets (the longest 112)") == true,
            "\(unfolded)")
    }

    /// Without `--today`, `now` is this instant on the clock of `--tz`: a floating event
    /// around the present minute of Kiritimati's wall clock (14 hours ahead of UTC) is now
    /// there, not in UTC.
    @Test func nowIsThePresentOnTheZonesClock() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
        func wallClock(_ date: Date) -> String {
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute], from: date)
            return String(
                format: "%04d%02d%02dT%02d%02d00", parts.year ?? 0, parts.month ?? 0,
                parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
        }
        let now = Date()
        let folder = try Self.folder([
            (
                "floating.ics",
                Self.calendar(
                    Self.event(
                        "here", wallClock(now.addingTimeInterval(-1_800)),
                        wallClock(now.addingTimeInterval(1_800))))
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        func listed(_ zone: String) throws -> Int {
            let result = try CLI.runBinary([
                "events", folder.appendingPathComponent("floating.ics").path, "--from", "now",
                "--for", "1m", "--tz", zone, "-f", "ndjson",
            ])
            return try CLI.records(result.standardOutput).count
        }
        #expect(try listed("Pacific/Kiritimati") == 1)
        #expect(try listed("UTC") == 0)
    }
}
