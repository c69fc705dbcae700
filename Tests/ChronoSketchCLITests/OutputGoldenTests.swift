import Foundation
import Testing

@testable import ChronoSketchCLI

/// What every command writes for every calendar at hand (`Fixtures/` and, when it sits beside
/// this checkout, the shared corpus), kept as one hash per file and command in
/// `Fixtures/output-goldens.tsv`: a change of the code that should change no output is checked
/// against every byte of stdout, stderr and the exit status. Paths are written relative to the
/// package (`Fixtures/…`) or the corpus (`corpus/…`). `ICS_RECORD_GOLDENS=1` re-records the
/// file; review which outputs changed and why.
@Suite struct OutputGoldenTests {
    /// The commands, with series cut at 2,000 instances so that a rule every minute stays quick.
    static let commands: [(name: String, arguments: [String])] = [
        ("events", ["events", "--tz", "Europe/Berlin", "--format", "ndjson"] + limit),
        ("events-text", ["events", "--tz", "America/New_York"] + limit),
        (
            "events-file-order",
            ["events", "--tz", "UTC", "--format", "csv", "--order", "file"] + limit
        ),
        ("convert-ics", ["convert", "--to", "ics"]),
        ("convert-jcal", ["convert", "--to", "jcal"]),
        ("validate", ["validate", "--format", "json", "--tz", "UTC"] + limit),
        ("conflicts", ["conflicts", "--tz", "Europe/Berlin", "--format", "json"] + limit),
    ]

    private static let limit = ["--max-instances", "2000"]

    private static let manifest = CLI.root.appendingPathComponent("Fixtures/output-goldens.tsv")
    private static let corpus = CLI.root.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    /// Every calendar, by the name the manifest uses, with its path.
    static let files: [(name: String, path: String)] = {
        var files: [(String, String)] = []
        for (root, prefix) in [
            (CLI.root.appendingPathComponent("Fixtures"), "Fixtures/"), (corpus, "corpus/"),
        ] {
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
            // The hostile inputs have tests of their own (HostileInputTests).
            files += walk.compactMap { $0 as? String }
                .filter {
                    $0.hasSuffix(".ics") && !$0.hasPrefix("invalid/hostile/")
                        && !$0.contains("/goldens/")
                }.sorted()
                .map { (prefix + $0, root.appendingPathComponent($0).path) }
        }
        return files
    }()

    /// FNV-1a, 64 bits: enough to tell one output from another.
    private static func hash(_ parts: [[UInt8]]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part {
                value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            value = (value ^ 0xFF) &* 0x0000_0100_0000_01B3
        }
        return String(value, radix: 16)
    }

    /// Runs one command in process, with absolute paths made relative.
    private static func run(_ arguments: [String], file: String, name: String) -> String {
        let output = MemoryOutput()
        let error = MemoryOutput()
        let io = CommandIO(
            standardOutput: output, standardError: error,
            environment: ["SOURCE_DATE_EPOCH": "1788220800"])
        let status = ICSCommandLine.run(arguments + [file], io: io)
        func relative(_ bytes: [UInt8]) -> [UInt8] {
            Array(
                String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: file, with: name)
                    .utf8)
        }
        return hash([relative(output.bytes), relative(error.bytes), Array("\(status)".utf8)])
    }

    @Test func everyCommandWritesWhatItWroteBefore() async throws {
        var recorded: [String: String] = [:]
        if let text = try? String(contentsOf: Self.manifest, encoding: .utf8) {
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: "\t")
                guard fields.count == 3 else { continue }
                recorded["\(fields[0])\t\(fields[1])"] = String(fields[2])
            }
        }
        let record = CLI.recordsGoldens
        // Two runs side by side, on the two halves of the files.
        let halves = await withTaskGroup(of: [(String, String)].self) { group in
            for half in 0..<2 {
                group.addTask {
                    var hashes: [(String, String)] = []
                    for (index, (name, path)) in Self.files.enumerated() where index % 2 == half {
                        for command in Self.commands {
                            hashes.append(
                                (
                                    "\(name)\t\(command.name)",
                                    Self.run(command.arguments, file: path, name: name)
                                ))
                        }
                    }
                    return hashes
                }
            }
            var all: [(String, String)] = []
            for await hashes in group { all += hashes }
            return all
        }
        let lines = halves.map { "\($0.0)\t\($0.1)" }
        let changed = halves.filter { recorded[$0.0] != $0.1 }.map(\.0).sorted()
        if record {
            // Corpus entries are kept when the corpus is not here to record them again.
            let kept = recorded.filter { key, _ in
                key.hasPrefix("corpus/") && !Self.files.contains { key.hasPrefix($0.name + "\t") }
            }.map { "\($0.key)\t\($0.value)" }
            try ((lines + kept).sorted().joined(separator: "\n") + "\n").write(
                to: Self.manifest, atomically: false, encoding: .utf8)
            return
        }
        #expect(changed.isEmpty, "\(changed.count) outputs changed: \(changed.prefix(20))")
        // Every fixture, and the corpus when it is beside the checkout.
        let corpusHere = FileManager.default.fileExists(atPath: Self.corpus.path)
        #expect(Self.files.count >= (corpusHere ? 500 : 60))
    }
}
