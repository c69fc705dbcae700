import ChronoSketchCore
import Foundation
import Testing

/// Every example in the README runs as written and prints what the README shows: each
/// ```` ```console ```` block is a session of `$ ` commands (a line ending in `\` goes on on the
/// next), each followed by its output (stdout and stderr), run by bash in a folder of its own that sees `Fixtures/` (so files a command writes land there),
/// with the built `ics` first on PATH, no locale, `TZ=UTC` and no terminal.
@Suite struct ReadmeTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var line: Int
        var command: String
        var output: String
        var testDescription: String { "README line \(line): \(command)" }
    }

    /// The README's console sessions, each a list of commands with their output.
    static let sessions: [[Example]] = {
        let url = CLI.root.appendingPathComponent("README.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var sessions: [[Example]] = []
        var current: [Example]?
        // A block inside a list item is indented as its fence is; its lines lose that indent.
        var indent = 0
        for (index, indented) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            if indented.drop(while: { $0 == " " }) == "```console" {
                indent = indented.prefix { $0 == " " }.count
                current = []
                continue
            }
            let line =
                current != nil && indented.prefix(indent).allSatisfy({ $0 == " " })
                ? indented.dropFirst(indent) : indented
            if line.hasPrefix("```"), let session = current {
                sessions.append(session)
                current = nil
            } else if current != nil {
                if let last = current?.last, last.command.hasSuffix("\\"), last.output.isEmpty {
                    // A command continued on the next line.
                    current![current!.count - 1].command += "\n" + line
                } else if line.hasPrefix("$ ") {
                    current?.append(
                        Example(line: index + 1, command: String(line.dropFirst(2)), output: ""))
                } else if !(current?.isEmpty ?? true) {
                    current![current!.count - 1].output += line + "\n"
                }
            }
        }
        return sessions
    }()

    /// The table of diagnostic codes is the registry's (``DiagnosticRule``): every code there
    /// is and no other, in its order, each with its severities, rule and scope.
    @Test func theReadmeListsEveryDiagnosticCode() throws {
        let text = try String(
            contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = text.components(separatedBy: "#### Diagnostic codes").dropFirst().first ?? ""
        let listed = table.split(separator: "\n").prefix { !$0.hasPrefix("#") }.compactMap {
            line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return cells.prefix(4).joined(separator: " | ")
        }
        #expect(
            listed
                == DiagnosticRule.all.map {
                    "`\($0.code.rawValue)` | \($0.severities.map(\.rawValue).joined(separator: "/")) | `\($0.rule)` | \($0.scope.rawValue)"
                })
    }

    @Test func theReadmeHasExamples() {
        #expect(Self.sessions.count >= 10)
        #expect(Self.sessions.allSatisfy { !$0.isEmpty })
    }

    @Test(arguments: Self.sessions.indices)
    func eachSessionPrintsWhatTheReadmeShows(session: Int) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("Fixtures"),
            withDestinationURL: CLI.root.appendingPathComponent("Fixtures"))
        let bin = CLI.binary.deletingLastPathComponent().path
        for example in Self.sessions[session] {
            let result = try CLI.runBinary(
                ["-c", "export PATH=\"$0:$PATH\"; { \(example.command)\n} 2>&1", bin],
                in: directory, limit: 120, shell: true)
            #expect(
                result.standardOutput == example.output,
                "README line \(example.line): \(example.command)")
        }
    }
}
