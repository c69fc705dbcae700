import Foundation
import TestCorpus
import TestSupport
import Testing

@testable import ChronoSketchCLI

/// What every command writes for every calendar at hand (`Fixtures/` and, when it sits beside
/// this checkout, the shared corpus), kept per command in `Fixtures/output-goldens/COMMAND.txt`:
/// for each calendar its exit status, standard output and standard error, each with its line
/// count and a hash of every byte. A calendar of `Fixtures/` is kept whole, every line as
/// written, so that a re-record (`ICS_RECORD_GOLDENS=1`) shows in `git diff` what changed; one
/// of the corpus, which lives outside this repository and is far larger, by its first lines.
/// Paths are written relative to the package (`Fixtures/…`) or the corpus (`corpus/…`).
@Suite struct OutputGoldenTests {
    /// The commands, with series cut at 2,000 instances so that a rule every minute stays quick.
    static let commands: [(name: String, arguments: [String])] = [
        ("events", ["events", "--tz", "Europe/Berlin", "--format", "ndjson"] + limit),
        ("events-text", ["events", "--tz", "America/New_York"] + limit),
        (
            "events-file-order",
            ["events", "--tz", "UTC", "--format", "csv", "--order", "file"] + limit
        ),
        ("convert-ics", ["convert", "--format", "ics"]),
        ("convert-jcal", ["convert", "--format", "jcal"]),
        ("validate", ["validate", "--tz", "UTC"] + limit),
        ("conflicts", ["conflicts", "--tz", "Europe/Berlin", "--format", "json"] + limit),
    ]

    private static let limit = ["--max-instances", "2000"]

    private static let folder = CLI.root.appendingPathComponent("Fixtures/output-goldens")
    /// Every calendar, by the name the manifest uses, with its path.
    static let files: [(name: String, path: String)] =
        Fixture.ordinaryCalendars.map { ($0, Fixture.path($0)) }
        + Corpus.calendars.map { ("corpus/" + $0, Corpus.path($0)) }

    /// FNV-1a, 64 bits: enough to tell one output from another.
    private static func hash(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return String(value, radix: 16)
    }

    /// Of a corpus calendar, lines shown of standard output (all findings for `validate`, whose
    /// output they are) and of the diagnostics, and characters of each line.
    private static let stdoutLines = 3
    private static let findingLines = 20
    private static let lineWidth = 160

    /// One calendar's block: its name, exit status, standard output and diagnostics, each
    /// with its count and hash; every line of a fixture's, the first lines of a corpus
    /// calendar's. Each line shown begins with `| ` (output) or `! ` (diagnostics), so none
    /// begins a block.
    private static func summary(
        name: String, stdout: String, stderr: String, status: Int32, findings: Bool
    ) -> String {
        let whole = name.hasPrefix("Fixtures/")
        // Control characters shown by their code (the hash keeps the bytes), so that a golden
        // stays text and a diff of it shows them.
        func visible(_ line: Substring) -> String {
            var text = ""
            for scalar in line.unicodeScalars {
                if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
                    text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            return text
        }
        func shown(_ line: Substring) -> String {
            !whole && line.count > lineWidth
                ? visible(line.prefix(lineWidth)) + "…" : visible(line)
        }
        // Lines as the output ends them: CRLF (`.ics`) shown as a trailing ␍.
        func lines(_ text: String) -> [Substring] {
            Array(
                text.replacingOccurrences(of: "\r\n", with: "␍\n").split(
                    separator: "\n", omittingEmptySubsequences: false
                ).dropLast())
        }
        let out = lines(stdout)
        let err = lines(stderr)
        let outShown = whole ? out.count : findings ? findingLines : stdoutLines
        var text = "=== \(name)\nexit \(status)\n"
        text += "stdout \(out.count) lines \(hash(Array(stdout.utf8)))\n"
        text += out.prefix(outShown).map { "| " + shown($0) + "\n" }.joined()
        text += "stderr \(err.count) lines \(hash(Array(stderr.utf8)))\n"
        text += err.prefix(whole ? err.count : findingLines).map { "! " + shown($0) + "\n" }
            .joined()
        return text
    }

    /// Runs one command in process, with absolute paths made relative.
    private static func run(_ arguments: [String], file: String, name: String) -> String {
        let output = MemoryOutput()
        let error = MemoryOutput()
        let io = CommandIO(
            standardOutput: output, standardError: error,
            environment: ["SOURCE_DATE_EPOCH": "1788220800"])
        let status = ICSCommandLine.run(arguments + [file], io: io)
        func relative(_ bytes: [UInt8]) -> String {
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: file, with: name)
        }
        return summary(
            name: name, stdout: relative(output.bytes), stderr: relative(error.bytes),
            status: status, findings: arguments.first == "validate")
    }

    /// The blocks of a golden file, by calendar name: each from a line that begins `=== `.
    private static func blocks(_ text: String) -> [String: String] {
        var blocks: [String: String] = [:]
        for block in ("\n" + text).components(separatedBy: "\n=== ").dropFirst() {
            guard let end = block.firstIndex(of: "\n") else { continue }
            blocks[String(block[..<end])] = "=== " + block + (block.hasSuffix("\n") ? "" : "\n")
        }
        return blocks
    }

    @Test(arguments: commands.map(\.name))
    func everyCommandWritesWhatItWroteBefore(command: String) async throws {
        let arguments = try #require(Self.commands.first { $0.name == command }).arguments
        let url = Self.folder.appendingPathComponent("\(command).txt")
        let recorded = Self.blocks((try? String(contentsOf: url, encoding: .utf8)) ?? "")
        let record = Golden.isRecording
        // Two runs side by side, on the two halves of the files.
        let halves = await withTaskGroup(of: [(String, String)].self) { group in
            for half in 0..<2 {
                group.addTask {
                    var summaries: [(String, String)] = []
                    for (index, (name, path)) in Self.files.enumerated() where index % 2 == half {
                        summaries.append(
                            (name, Self.run(arguments, file: path, name: name)))
                    }
                    return summaries
                }
            }
            var all: [(String, String)] = []
            for await summaries in group { all += summaries }
            return all
        }
        if record {
            // Corpus blocks are kept when the corpus is not here to record them again.
            var all = Dictionary(halves, uniquingKeysWith: { first, _ in first })
            for (name, block) in recorded where name.hasPrefix("corpus/") && all[name] == nil {
                all[name] = block
            }
            try FileManager.default.createDirectory(
                at: Self.folder, withIntermediateDirectories: true)
            try all.keys.sorted().map { all[$0]! }.joined().write(
                to: url, atomically: false, encoding: .utf8)
            return
        }
        let changed = halves.filter { recorded[$0.0] != $0.1 }.map(\.0).sorted()
        #expect(
            changed.isEmpty,
            "\(changed.count) outputs of \(command) changed: \(changed.prefix(20)); first: \(changed.first.flatMap { name in halves.first { $0.0 == name }?.1 } ?? "")"
        )
        // Every fixture, and the corpus when one is named.
        #expect(Self.files.count >= (Corpus.isPresent ? 500 : 60))
    }
}
