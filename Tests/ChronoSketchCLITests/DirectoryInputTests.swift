import Foundation
import Testing

/// A directory given as an input is every calendar file in it: each is an input that no
/// output may replace, and what is no regular file there (a FIFO, which would block every
/// command) is left unread with a warning. Each test builds its folder and runs the binary.
@Suite struct DirectoryInputTests {
    /// A vdir of three one-event calendars, `1.ics` to `3.ics`, in a folder of its own.
    private func vdir() throws -> (folder: URL, vdir: URL) {
        let folder = try CLI.temporaryDirectory()
        let vdir = folder.appendingPathComponent("vd")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        for number in 1...3 {
            let text = """
                BEGIN:VCALENDAR\r
                VERSION:2.0\r
                PRODID:-//ChronoSketch//Tests//EN\r
                BEGIN:VEVENT\r
                UID:event-\(number)\r
                DTSTAMP:20260101T000000Z\r
                DTSTART:2026120\(number)T100000Z\r
                DTEND:2026120\(number)T110000Z\r
                SUMMARY:Event \(number)\r
                END:VEVENT\r
                END:VCALENDAR\r

                """
            try Data(text.utf8).write(to: vdir.appendingPathComponent("\(number).ics"))
        }
        return (folder, vdir)
    }

    private func contents(_ vdir: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: vdir.path) {
            let url = vdir.appendingPathComponent(name)
            var status = stat()
            guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                files[name] = Data()
                continue
            }
            files[name] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func anOutputNamingAFileInsideAnInputDirectoryIsRefused() throws {
        let (folder, vdir) = try vdir()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try contents(vdir)
        let target = vdir.appendingPathComponent("1.ics").path
        let result = CLI.run(["convert", vdir.path, "-o", target])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "Error: -o '\(target)' is the same file as '\(target)', read from the input '\(vdir.path)'"
            ))
        #expect(result.standardOutput.isEmpty)
        #expect(try contents(vdir) == before)
    }

    @Test func standardOutputAppendingToAFileInsideAnInputDirectoryIsRefused() throws {
        let (folder, vdir) = try vdir()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try contents(vdir)
        let result = try CLI.runBinary(
            ["-c", "\"$0\" convert \"$1\" >> \"$1/2.ics\"", CLI.binary.path, vdir.path],
            shell: true)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: Standard output is the same file as '"))
        #expect(try contents(vdir) == before)
        // A new file made by the shell inside the folder is read by the run: refused as well,
        // rather than read while it is written.
        let created = try CLI.runBinary(
            ["-c", "\"$0\" convert \"$1\" > \"$1/new.ics\"", CLI.binary.path, vdir.path],
            shell: true)
        #expect(created.status == 64)
        #expect(
            try Data(contentsOf: vdir.appendingPathComponent("new.ics")).isEmpty,
            "the shell made it; nothing was written to it")
    }

    @Test func aLinkToAFileInsideAnInputDirectoryIsTheFile() throws {
        let (folder, vdir) = try vdir()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("out.ics")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: vdir.appendingPathComponent("3.ics").path)
        let before = try contents(vdir)
        let result = CLI.run(["convert", vdir.path, "-o", link.path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("is the same file as '\(vdir.path)/3.ics'"))
        #expect(try contents(vdir) == before)
    }

    @Test func aBlockedDirectoryIsReadAndItsFilesAreInputs() throws {
        let (folder, vdir) = try vdir()
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = folder.appendingPathComponent("mine.ics")
        try FileManager.default.copyItem(
            at: vdir.appendingPathComponent("1.ics"), to: calendar)
        // Every event of the blocked folder blocks the event of `mine.ics` at its time.
        let blocked = CLI.run(
            ["conflicts", calendar.path, "--blocked", vdir.path, "--format", "json"])
        #expect(blocked.status == 1)
        #expect(blocked.standardOutput.contains("\"kind\":\"blocked\""))
        let before = try contents(vdir)
        let overwrite = try CLI.runBinary(
            [
                "-c", "\"$0\" conflicts \"$1\" --blocked \"$2\" >> \"$2/2.ics\"", CLI.binary.path,
                calendar.path, vdir.path,
            ], shell: true)
        #expect(overwrite.status == 64)
        #expect(overwrite.standardError.contains("read from the --blocked file '\(vdir.path)'"))
        #expect(try contents(vdir) == before)
    }

    @Test func aFIFOInADirectoryIsLeftUnreadWithAWarning() throws {
        let (folder, vdir) = try vdir()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = vdir.appendingPathComponent("x.ics")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let listed = try CLI.runBinary(
            [
                "events", vdir.path, "--from", "2026-12-01", "--to", "2026-12-05", "--format",
                "ndjson",
            ], limit: 60)
        #expect(listed.status == 0)
        #expect(try CLI.records(listed.standardOutput).count == 3)
        #expect(
            listed.standardError
                == "\(fifo.path): warning: Not read: it is a FIFO, not a calendar file; the directory's other calendars are read\n"
        )
        // Like every warning, it has a code to leave it out by, and --quiet leaves it out.
        for quieting in [["--quiet"], ["--ignore", "skipped-file"]] {
            let quiet = try CLI.runBinary(
                ["events", vdir.path, "--from", "2026-12-01", "--to", "2026-12-05"] + quieting,
                limit: 60)
            #expect(quiet.status == 0)
            #expect(quiet.standardError.isEmpty, "\(quieting)")
        }
        // A link to the FIFO is a FIFO too.
        try FileManager.default.createSymbolicLink(
            atPath: vdir.appendingPathComponent("y.ics").path, withDestinationPath: fifo.path)
        let linked = try CLI.runBinary(["validate", vdir.path], limit: 60)
        #expect(linked.status == 0)
        #expect(linked.standardError.contains("y.ics: warning: Not read: it is a FIFO"))
        // A directory given twice says so once.
        let twice = try CLI.runBinary(["diff", vdir.path, vdir.path], limit: 60)
        #expect(twice.status == 0)
        #expect(twice.standardError.components(separatedBy: "warning: Not read").count == 3)
    }

    /// A folder of calendar folders, as khal's `~/.calendars` holds them: each folder is a
    /// calendar, named by its `displayname`, else its own name.
    @Test func aFolderOfCalendarFoldersIsReadAsCalendars() throws {
        let (folder, vdir) = try vdir()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: vdir.appendingPathComponent("3.ics"), to: home.appendingPathComponent("3.ics"))
        try Data("Work\n".utf8).write(to: vdir.appendingPathComponent("displayname"))
        let listed = CLI.run(
            [
                "events", folder.path, "--from", "2026-12-01", "--to", "2026-12-05", "--format",
                "ndjson",
            ])
        #expect(listed.status == 0)
        #expect(listed.standardError.isEmpty)
        let records = try CLI.records(listed.standardOutput)
        #expect(records.map { $0["calendar"] as? String } == ["Work", "Work", "home"])
        let apart = CLI.run(
            [
                "events", folder.path, "--inputs", "separate", "--from", "2026-12-01", "--to",
                "2026-12-05", "--format", "ndjson",
            ])
        #expect(
            try CLI.records(apart.standardOutput).map { $0["id"] as? String } == [
                "\(vdir.path)/event-1", "\(vdir.path)/event-2", "\(home.path)/event-3",
            ])
        // Its files are inputs too.
        let overwrite = CLI.run(
            ["convert", folder.path, "-o", home.appendingPathComponent("3.ics").path])
        #expect(overwrite.status == 64)
    }
}
