import Foundation
import Testing

/// Where `-o` writes: regular files atomically (keeping their mode), symlinks through to their
/// target, FIFOs and devices directly, `-` to standard output.
@Suite struct OutputTargetTests {
    private static let calendar = CLI.fixture("valid/zones.ics")

    private func type(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    @Test func dashIsStandardOutput() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.runBinary(
            ["convert", Self.calendar, "--to", "jcal", "-o", "-"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix(#"["vcalendar""#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func anExistingFileKeepsItsModeAndASymlinkStaysALink() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.ndjson").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        let link = directory.appendingPathComponent("link.ndjson").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "out.ndjson")
        let result = try CLI.runBinary([
            "events", Self.calendar, "--format", "ndjson", "--tz", "UTC", "-o", link,
        ])
        #expect(result.status == 0)
        #expect(type(link) == .typeSymbolicLink)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written.hasPrefix("{\"id\""))
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions]
        #expect((mode as? Int) == 0o640)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "link.ndjson", "out.ndjson",
            ])
    }

    @Test func aFIFOIsWrittenThroughNotReplaced() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader on the other end, as a shell's `cat pipe` would be.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        let copy = directory.appendingPathComponent("copy.ics").path
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, copy]
        try reader.run()
        let result = try CLI.runBinary(["convert", Self.calendar, "--to", "ics", "-o", fifo])
        reader.waitUntilExit()
        #expect(result.status == 0)
        var status = stat()
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try String(contentsOfFile: copy, encoding: .utf8).hasPrefix("BEGIN:VCALENDAR"))
    }
}
