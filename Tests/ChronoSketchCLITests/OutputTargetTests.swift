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
            ["convert", Self.calendar, "--format", "jcal", "-o", "-"], in: directory)
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
        let result = try CLI.runBinary(["convert", Self.calendar, "--format", "ics", "-o", fifo])
        reader.waitUntilExit()
        #expect(result.status == 0)
        var status = stat()
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try String(contentsOfFile: copy, encoding: .utf8).hasPrefix("BEGIN:VCALENDAR"))
    }

    /// Major 1, minor 3 in glibc's encoding of device numbers (`makedev`, which Swift does not
    /// import): the null device.
    private static let nullDevice: dev_t = (1 << 8) | 3

    /// A character device such as `/dev/null`, made here with `mknod` (root only): written
    /// through, still a device afterwards, and nothing beside it.
    /// Whether this machine lets the tests make a device: root, and a file system and
    /// container that allow `mknod`.
    static let canMakeDevices: Bool = {
        guard geteuid() == 0, let directory = try? CLI.temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(at: directory) }
        return mknod(directory.appendingPathComponent("probe").path, S_IFCHR | 0o600, nullDevice)
            == 0
    }()

    @Test(.enabled(if: canMakeDevices, "making a device needs root and mknod; skipped"))
    func aCharacterDeviceStaysADevice() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = directory.appendingPathComponent("null").path
        #expect(mknod(device, S_IFCHR | 0o666, Self.nullDevice) == 0)
        for arguments in [
            ["convert", Self.calendar, "--format", "jcal"],
            ["events", Self.calendar, "--tz", "UTC"],
        ] {
            let result = try CLI.runBinary(arguments + ["-o", device])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(type(device) == .typeCharacterSpecial)
        }
        var status = stat()
        #expect(stat(device, &status) == 0 && status.st_rdev == Self.nullDevice)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["null"])
    }

    /// `/dev/stdout` is the descriptor the shell gave: a pipe is written, a file opened with
    /// `>>` is appended to, not replaced.
    @Test func devStdoutIsTheOpenStandardOutput() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let piped = try CLI.runBinary(
            [
                "-c", "\"$0\" convert \"$1\" --format jcal -o /dev/stdout | head -c 12",
                CLI.binary.path, Self.calendar,
            ], shell: true)
        #expect(piped.standardOutput == #"["vcalendar""#)
        #expect(piped.standardError.isEmpty)
        let file = directory.appendingPathComponent("log.txt")
        try Data("first line\n".utf8).write(to: file)
        let appended = try CLI.runBinary(
            [
                "-c", "\"$0\" convert \"$1\" --format jcal -o /dev/stdout >> \"$2\"",
                CLI.binary.path, Self.calendar, file.path,
            ], shell: true)
        #expect(appended.status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("first line\n[\"vcalendar\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["log.txt"])
    }
}
