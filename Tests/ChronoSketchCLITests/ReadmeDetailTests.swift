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
            folder.appendingPathComponent("plain.ics").path, "--to", "ics",
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
            "convert", folder.appendingPathComponent("plain.ics").path, "--to", "ics",
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
}
